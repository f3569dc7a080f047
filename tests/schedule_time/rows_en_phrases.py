"""English table rows for phrasings added with the scorer work: offsets and decimals, n-th week/day/weekend
of a period, seasons, closest weekday, zones on ranges, "after next", end/rest of the day. Each row
carries the convention it tests (README "Conventions"); expected values are worked out by hand."""

from __future__ import annotations

from .table import Row

R = Row
PHRASE_ROWS: list[Row] = []

# offsets from now, signed offsets, decimals, dotted dates with times (dateparser forms)
PHRASE_ROWS += [
    R("2.5 hours", "tue", "duration 2:30:00", "a decimal before a unit is an amount, not the date 2/5"),
    R("1.5 days later", "tue", "2026-12-02T22:00", "a day and a half: one calendar day, then 12 hours"),
    R("now - 2 hours", "tue", "2026-12-01T08:00", "now minus an offset"),
    R("now + 1 day", "tue", "2026-12-02T10:00", "now plus an offset"),
    R("tomorrow +1h", "tue", "2026-12-02T11:00", "a relative day then a signed hour offset: now + 1 day + 1 hour"),
    R("yesterday -30m", "tue", "2026-11-30T09:30", "a relative day then a negative minute offset"),
    R("today in one hour", "tue", "2026-12-01T11:00", "today + an offset in hours is that offset from now"),
    R("last decade", "tue", "2016-12-01T10:00", "a decade is ten years back from now, not a calendar period"),
    R("-1 decade +2 years", "tue", "2018-12-01T10:00", "signed offsets add up"),
    R("till date", "tue", "2026-12-01", "'till date' (Indian English) is today"),
    R("yesterday by 13:20", "tue", "2026-11-30T13:20", "'by' a time already past is that time, not [now, past)"),
    R("after 5 days", "tue", "open-after 2026-12-06T10:00", "after an offset: open from that point on"),
    R("29.02.2028 13.12", "tue", "2028-02-29T13:12", "a dotted pair after a full dotted date is the time"),
    R("1/1/27 9:02", "tue", "2027-01-01T09:02 assumed", "a numeric date with a year, then a clock time"),
    R("15h30-18h", "tue", "2026-12-01T15:30/2026-12-01T18:00 minute",
      "'-18h' glued to a time is a range end, not an offset of -18 hours"),
]

# n-th week/day/weekend of a period, seasons, closest weekday, zones on ranges (now Tue 1 Dec 2026)
PHRASE_ROWS += [
    R("first week of october 2027", "tue", "week 2027-10-04", "weeks of a month count only when wholly inside it"),
    R("last week of september 2027", "tue", "week 2027-09-20", "the last Monday-Sunday week inside September"),
    R("2nd last week of 2027", "tue", "week 2027-12-13", "n-th last whole week of a year"),
    R("last day of february", "tue", "2027-02-28", "last day of the next February"),
    R("last day of february", "leap", "2028-02-29", "last day of the current February in a leap year"),
    R("fifth last day of may", "tue", "2027-05-27", "n-th last day of a month"),
    R("last weekend of january", "tue", "2027-01-29T18:00/2027-02-01T00:00 hour",
      "last whole Saturday-Sunday inside January, as a weekend span (Fri 18:00 - Mon 00:00)"),
    R("the week of december 6th", "tue", "week 2026-12-07", "a Sunday names the week it begins (US calendars)"),
    R("the week of december 9th", "tue", "week 2026-12-07", "the Monday-Sunday week containing the date"),
    R("the closest monday to dec 5th", "tue", "2026-12-07", "nearest Monday to Sat 5 Dec"),
    R("the second closest monday to dec 5th", "tue", "2026-11-30", "second nearest Monday"),
    R("this summer", "tue", "2027-06-21T00:00/2027-09-23T00:00 day", "a season not yet begun: the coming one"),
    R("this winter", "tue", "2026-12-21T00:00/2027-03-20T00:00 day", "winter from Dec 21 (fixed dates)"),
    R("this season", "tue", "2026-09-23T00:00/2026-12-21T00:00 day", "the current season: autumn"),
    R("next season", "tue", "2026-12-21T00:00/2027-03-20T00:00 day", "the season after the current one"),
    R("last summer", "tue", "2026-06-21T00:00/2026-09-23T00:00 day", "the most recent summer that has ended"),
    R("late last night", "tue", "2026-11-30T21:00/2026-12-01T00:00 hour", "late night of yesterday"),
    R("at 3 15", "tue", "2026-12-01T15:15 assumed", "'at H MM' with a space is a clock time"),
    R("half three", "tue", "2026-12-01T15:30 assumed", "British 'half three' is 3:30"),
    R("in 2 more minutes", "tue", "2026-12-01T10:02", "'more' inside an offset"),
    R("for 30' starting from 4pm", "tue", "2026-12-01T16:00/2026-12-01T16:30 minute",
      "a duration with its start: 'starting from' only marks the start"),
    R("from 13 to 15th of july", "tue", "2027-07-13/2027-07-16 day", "'15th' is a day, not an hour, so 13 is a day"),
    R("9:30 - 11:00 cst", "tue", "2026-12-01T23:30/2026-12-02T01:00 minute",
      "a zone after a range applies to both ends; the next 9:30 on a CST clock, converted"),
    R("last 2 seconds", "tue", "2026-12-01T09:59:58/2026-12-01T10:00:00 second", "seconds are not floored to the minute"),
    R("within 2 weeks", "tue", "2026-12-01T10:00/2026-12-15T00:00 minute",
      "within N days/weeks: from now until the day that far ahead begins"),
    R("in 15", "tue", "2026-12-01T10:15", "'in 15' alone is fifteen minutes"),
    R("the ides of march", "tue", "2027-03-15", "the ides are the 15th of March, May, July, October"),
    R("the ides of june", "tue", "2027-06-13", "and the 13th of other months"),
    R("march in a year", "tue", "month 2027-03", "March of the year one year from now"),
    R("the june after next", "tue", "month 2028-06", "a month after next: the occurrence after the next one"),
    R("december after next", "tue", "month 2027-12", "this December is the next one (current month counts)"),
    R("july 4th after next", "tue", "2028-07-04", "a date after next"),
    R("new year's day after next", "tue", "2028-01-01", "a holiday after next: the one after the coming one"),
    R("2027-03-28 17:00/2027-03-29 21:00", "tue", "2027-03-28T17:00/2027-03-29T21:00 minute", "'/' between two datetimes"),
]

# holidays moved by whole years, glued words, word minutes after "at" (now Tue 1 Dec 2026)
PHRASE_ROWS += [
    R("thanksgiving in a year", "tue", "2027-11-25", "a holiday + whole years: that year's occurrence"),
    R("thanksgiving 1 year ago", "tue", "2025-11-27", "a holiday + years ago"),
    R("christmas last year", "tue", "2025-12-25", "'last year' with a holiday picks the year"),
    R("christmas in 3 weeks", "tue", "2026-12-25", "a holiday + days/weeks/months: the occurrence nearest that day"),
    R("independence day in 7 months", "tue", "2027-07-04", "seven months on is 1 Jul 2027: that July 4th"),
    R("halloween 1 month ago", "tue", "2026-10-31", "a holiday + 'ago': the occurrence nearest that day"),
    R("the closest christmas to today", "tue", "2026-12-25", "the nearest occurrence to a day"),
    R("the second closest christmas to today", "tue", "2025-12-25", "second nearest: last year's (341 days back)"),
    R("the closest super tuesday to 2026", "tue", "2028-03-07", "nearest to a year: Mar 2028 beats Mar 2024"),
    R("the closest easter to christmas", "tue", "2027-03-28", "closest to another holiday (Christmas 2026)"),
    R("the second closest super tuesday to thanksgiving", "tue", "2024-03-05",
      "to Thanksgiving 2027: Mar 2028 is nearest, Mar 2024 second"),
    R("the closest christmas to today at 9am", "tue", "2026-12-25T09:00", "a time after the reference day is the answer's"),
    R("the closest new year's day", "tue", "2027-01-01", "closest with nothing after it: to today"),
    R("the closest tomorrow", "tue", "unresolved", "'closest' needs a weekday or a holiday"),
    R("the third tuesday after christmas", "tue", "2027-01-12", "n-th weekday after a day: Christmas itself not counted"),
    R("the friday after thanksgiving", "tue", "2027-11-26", "Thanksgiving 2026 is over: the next one's Friday"),
    R("the monday before christmas", "tue", "2026-12-21", "a weekday before a day"),
    R("first friday after march 15", "tue", "2027-03-19", "after a date (Mon 15 Mar 2027)"),
    R("the monday after next week", "tue", "2026-12-14", "after a period: counted from its end"),
    R("the wednesday after tomorrow at 3pm", "tue", "2026-12-09T15:00", "tomorrow is a Wednesday: the one after it"),
    R("mini tuesday", "tue", "2004-02-03", "a day named for one year only: its one occurrence, even if past"),
    R("next mini tuesday", "tue", "unresolved", "'next' asks for one ahead and there is none"),
    R("night of power 2027", "tue", "2027-03-06", "a holiday starting with 'night' is the holiday, not the part of day"),
    R("friday night", "tue", "2026-12-04T18:00/2026-12-05T00:00 hour", "'night' alone stays the part of day"),
    R("next super tuesday", "tue", "2028-03-07", "an election-year holiday four years ahead is still found"),
    R("super tuesday", "tue", "2028-03-07", "the next occurrence may be years away (election years only)"),
    R("the last super tuesday", "tue", "2024-03-05", "the most recent election year's"),
    R("anytime after 2027", "tue", "open-after 2027-01-01T00:00", "'anytime' written as one word"),
    R("at three twenty", "tue", "2026-12-01T15:20 assumed", "'at' + word hour + word minutes is one clock time"),
]

# "after next" periods and "this time <when>" (now Tue 1 Dec 2026 10:00)
PHRASE_ROWS += [
    R("the week after next", "tue", "week 2026-12-14", "two calendar weeks on from this one"),
    R("the month after next", "tue", "month 2027-02", "two months on from this one"),
    R("the weekend after next", "tue", "2026-12-18T18:00/2026-12-21T00:00 hour", "two weekends on from this one"),
    R("this time next week", "tue", "2026-12-08T10:00", "now, one week later"),
    R("this time tomorrow", "tue", "2026-12-02T10:00", "now, one day later"),
]

# calendar phrasings: halves after the unit, end/rest of the day, quarters, fillers (now Tue 1 Dec 2026 10:00)
PHRASE_ROWS += [
    R("in an hour and a half", "tue", "2026-12-01T11:30", "'and a half' after the unit adds half of it"),
    R("in hour and a half", "tue", "2026-12-01T11:30", "'hour and a half' typed without its article"),
    R("for hour and a half", "tue", "duration 1:30:00", "a length without the article"),
    R("day and a half from now", "tue", "2026-12-02T22:00", "'day and a half': 36 hours"),
    R("in week and a half", "tue", "2026-12-11T22:00", "ten and a half days"),
    R("for two hours and a half", "tue", "duration 2:30:00", "a duration with 'and a half'"),
    R("end of day", "tue", "2026-12-01T17:00/2026-12-02T00:00 hour", "end of a day is 17:00-24:00 (as 'eod')"),
    R("for the rest of the day", "tue", "2026-12-01T10:00/2026-12-02T00:00 minute", "rest of the day starts now"),
    R("later today", "tue", "2026-12-01T10:00/2026-12-02T00:00 minute", "later today: from now to midnight"),
    R("later today at 5pm", "tue", "2026-12-01T17:00", "a clock later today: that clock today"),
    R("later today at 9", "tue", "2026-12-01T21:00", "a bare clock later today: the reading still to come"),
    R("later today at 11", "tue", "2026-12-01T11:00", "a bare clock later today still to come in the morning"),
    R("5pm later today", "tue", "2026-12-01T17:00", "the clock first"),
    R("later on today at 4", "tue", "2026-12-01T16:00", "'later on today'"),
    R("later tonight at 9", "tue", "2026-12-01T21:00", "later tonight with a clock"),
    R("later this afternoon at 3", "tue", "2026-12-01T15:00", "later this afternoon with a clock"),
    R("earlier today at 9", "tue", "2026-12-01T09:00", "earlier today: the day named"),
    R("nxt week", "tue", "week 2026-12-07", "'nxt' typed for 'next'"),
    R("nxt wed 2pm", "tue", "2026-12-09T14:00", "'nxt' before a weekday, as 'next'"),
    R("after work monday", "tue", "open-after 2026-12-07T17:00", "after work: from the working day's end"),
    R("monday after work", "tue", "open-after 2026-12-07T17:00", "the day first"),
    R("before work on friday", "tue", "open-before 2026-12-04T09:00", "before work: until the working day begins"),
    R("friday at dinnertime", "tue", "2026-12-04T18:00/2026-12-04T21:00 hour", "dinnertime in one word, as dinner time"),
    R("after workshop", "tue", "unresolved", "a word that begins with 'work' is no working day"),
    R("3pm-ish thursday", "tue", "2026-12-03T15:00", "'-ish' after am/pm is no range to midnight"),
    R("3pmish thursday", "tue", "2026-12-03T15:00", "'ish' run onto pm"),
    R("10am-ish tomorrow", "tue", "2026-12-02T10:00", "'-ish' after am"),
    R("3pm-4pm thursday", "tue", "2026-12-03T15:00/2026-12-03T16:00 minute", "a range of two clocks stays a range"),
    R("couple hours from now", "tue", "2026-12-01T12:00", "'couple' without 'a' or 'of'"),
    R("in couple days", "tue", "2026-12-03T10:00", "'couple' days"),
    R("a 45-minute", "tue", "duration 0:45:00", "a hyphenated length: '45-minute'"),
    R("2-hour", "tue", "duration 2:00:00", "'2-hour' before a noun"),
    R("two-hour", "tue", "duration 2:00:00", "a number word, hyphenated"),
    R("90-min", "tue", "duration 1:30:00", "'-min' abbreviated"),
    R("1-hr", "tue", "duration 1:00:00", "'-hr' abbreviated"),
    R("a half-hour", "tue", "duration 0:30:00", "'half-hour'"),
    R("a half-day", "tue", "duration 12:00:00", "'half-day', as 'half a day'"),
    R("an hour-long", "tue", "duration 1:00:00", "'hour-long'"),
    R("30-minute-long", "tue", "duration 0:30:00", "'-long' after a number's unit"),
    R("1-2pm", "tue", "2026-12-01T13:00/2026-12-01T14:00 minute", "a hyphen between clocks stays a range"),
    R("from the 3rd to the 10th of next month", "tue", "2027-01-03T00:00/2027-01-11T00:00 day",
      "both days in the month named at the end (was from this month's 3rd)"),
    R("3rd-10th next month", "tue", "2027-01-03T00:00/2027-01-11T00:00 day", "terse, the same"),
    R("next weekend saturday", "tue", "2026-12-12", "a weekday inside a weekend"),
    R("saturday of next weekend", "tue", "2026-12-12", "a weekday of a weekend"),
    R("this weekend sunday at 10", "tue", "2026-12-06T10:00", "a weekday of this weekend, with a clock"),
    R("monday of next weekend", "tue", "unresolved", "no Monday in a weekend"),
    R("this pm", "tue", "2026-12-01T12:00/2026-12-02T00:00 hour", "'this pm': this afternoon and evening"),
    R("this am at 11", "tue", "2026-12-01T11:00", "'this am' with a clock"),
    R("fri eve", "tue", "2026-12-04T18:00/2026-12-05T00:00 hour", "'eve' right after a day is its evening"),
    R("tomorrow eve at 7", "tue", "2026-12-02T19:00", "'eve' after tomorrow, with a clock"),
    R("from the 28th to the 2nd of next month", "tue", "2026-12-28T00:00/2027-01-03T00:00 day",
      "a first day after the last: this month's to next month's"),
    R("q1 2027", "tue", "2027-01-01T00:00/2027-04-01T00:00 month", "q1 + a year"),
    R("over the next 3 days", "tue", "2026-12-02T00:00/2026-12-05T00:00 day", "'over' is a filler"),
    R("any time next week", "tue", "week 2026-12-07", "'any time' is a filler"),
]

# years in words
PHRASE_ROWS += [
    R("easter two thousand twenty-seven", "tue", "2027-03-28", "a year spelled out picks the holiday's year"),
    R("in two thousand and thirty", "tue", "year 2030", "'two thousand and thirty' is the year 2030"),
]

PHRASE_ROWS += [
    R("3 days before christmas", "tue", "2026-12-22", "counted back from the day named (not 'christmas, 3 days ago')"),
    R("a week before christmas", "dec31", "2027-12-18", "the coming Christmas is 2027's: a week before it"),
    R("3 days before", "tue", "2026-11-28T10:00", "'before' with nothing after it: before now (as 'ago')"),
]


# short replies that pick by time (README "Short replies: 'the Friday one', 'the 7:30', 'pm'")
# "one" / "ones" right after a day, date, part of day or clock is a pronoun, not 1 o'clock
PHRASE_ROWS += [
    R("the Friday one", "tue", "2026-12-04", "'one' after a weekday is a pronoun: that Friday, not Friday at 1"),
    R("the Friday one", "month_end", "2026-02-06", "the same pronoun said on a Saturday: the coming Friday"),
    R("that Monday one", "tue", "2026-12-07", "'that' + a weekday + 'one': the day itself"),
    R("that Monday one", "dec31", "2027-01-04", "the pronoun across the year end"),
    R("the evening one", "tue", "2026-12-01T18:00/2026-12-02T00:00 hour", "'one' after a part of day: that part of day"),
    R("the evening one", "dec31", "2026-12-31T18:00/2027-01-01T00:00 hour", "the evening still running at 18:00"),
    R("the morning ones", "tue", "2026-12-01T00:00/2026-12-01T12:00 hour", "plural 'ones' is the pronoun too"),
    R("the morning ones", "dec31", "2027-01-01T00:00/2027-01-01T12:00 hour", "a morning already over: the next one"),
    R("the 8pm one", "tue", "2026-12-01T20:00", "'one' after a clock time: that clock time, not the 8th"),
    R("the 8pm one", "dec31", "2026-12-31T20:00", "the same at 18:00 on the last day of the year"),
    R("the 3rd one", "tue", "2026-12-03", "'one' after a day of the month: that day"),
    R("the 3rd one", "leap", "2028-03-03", "said on the leap day: the next 3rd"),
    R("the first slot", "tue", "unresolved", "an ordinal before what it counts picks from a list, no day"),
    R("book the second option", "tue", "unresolved", "'option' after the ordinal: a pick"),
    R("the 3rd slot works", "leap", "unresolved", "a digit ordinal before 'slot' is no 3rd either"),
    R("take the fifth opening", "dec31", "unresolved", "'opening' after the ordinal: a pick"),
    R("the 2nd choice", "tue", "unresolved", "'choice' after the ordinal: a pick"),
    R("the first at 3pm", "tue", "2026-12-01T15:00", "a clock after the ordinal: still the 1st (today)"),
    R("the first of the month", "tue", "2026-12-01", "'of the month' after the ordinal: still a day"),
    R("the 21st", "leap", "2028-03-21", "an ordinal alone stays a day"),
    R("2026-12-04 3:00–7:00 PM", "tue", "2026-12-04T15:00/2026-12-04T19:00", "a date's clock range ending in PM: both PM"),
    R("2026-12-04 3:00 to 7pm", "tue", "2026-12-04T15:00/2026-12-04T19:00", "'to' and a PM end after a date"),
    R("2026-12-04 11:00–1:00 PM", "tue", "2026-12-04T11:00/2026-12-04T13:00", "a range across noon after a date"),
    R("2026-12-04 3:00", "tue", "2026-12-04T03:00", "a date's 24-hour clock alone stays 03:00"),
    R("the weekend one", "sun", "2026-11-27T18:00/2026-11-30T00:00 hour", "'one' after a period: that period"),
    R("tomorrow one", "tue", "2026-12-02", "'one' right after a relative day"),
    R("Friday at one", "tue", "2026-12-04T13:00 assumed", "'at one' stays 1 o'clock (the pronoun never follows 'at')"),
    R("Friday around one", "month_end", "2026-02-06T13:00 assumed", "'around one' stays 1 o'clock"),
    R("Friday one pm", "tue", "2026-12-04T13:00", "'one' before am/pm is the hour"),
    R("the Friday one o'clock", "tue", "2026-12-04T13:00 assumed", "'one' before o'clock is the hour"),
    R("Friday one until 3", "tue", "2026-12-04T13:00/2026-12-04T15:00 minute",
      "'one' before a range to an hour is that range's start (1 o'clock), not the pronoun"),
    R("the ones", "tue", "unresolved", "'ones' after nothing that names a time names no time"),
    R("the first", "tue", "2026-12-01", "an ordinal alone stays a day of the month (today counts)"),
    R("the one at 3", "tue", "2026-12-01T15:00 assumed", "'one' right before the time that names it is the pronoun"),
    R("the one at 10am", "dec31", "2027-01-01T10:00", "the pronoun before a clock, across the year end"),
    R("the ones on Friday", "tue", "2026-12-04", "plural, before a day"),
    R("the one on the 3rd", "leap", "2028-03-03", "before a day of the month, said on the leap day"),
    R("the one tomorrow evening", "month_end", "2026-02-01T18:00/2026-02-02T00:00 hour", "before a day and a part of it"),
]

# "the N" is a day of the month only when no clock continuation (":MM", ".MM", am/pm, o'clock, h) follows
PHRASE_ROWS += [
    R("the 7:30 in the evening", "tue", "2026-12-01T19:30", "'the 7' before ':30' is not the 7th: 7:30 in the evening"),
    R("the 7:30 in the evening", "month_end", "2026-01-31T19:30", "the same on the last day of a month"),
    R("the 7:30pm one", "tue", "2026-12-01T19:30", "a clock with am/pm after 'the', then the pronoun"),
    R("the 7:30pm one", "leap", "2028-02-29T19:30", "the same on the leap day"),
    R("the 15:00", "tue", "2026-12-01T15:00", "'the 15:00' is a 24-hour time, not the 15th at midnight"),
    R("the 15:00", "leap", "2028-02-29T15:00", "the same on the leap day, before 15:00"),
    R("the 3 o'clock", "tue", "2026-12-01T15:00 assumed", "'the 3 o'clock' reads as '3 o'clock' alone, not the 3rd"),
    R("the 3 o'clock", "dec31", "2027-01-01T15:00 assumed", "as '3 o'clock' alone: the next 15:00 after 18:00"),
    R("the 9.15 in the morning", "tue", "2026-12-02T09:15", "a dotted clock after 'the': tomorrow's 9:15 (today's passed)"),
    R("the 9.15 in the morning", "month_end", "2026-01-31T09:15", "today's 9:15 not yet past at 09:00"),
    R("the 11h", "sun", "2026-11-29T11:00", "an hour suffix after 'the' is a clock"),
    R("the 10 am", "dec31", "2027-01-01T10:00", "'the 10 am' is 10:00, not the 10th"),
    R("the 7", "tue", "2026-12-07", "'the 7' alone stays the 7th"),
    R("the 7 in the evening", "tue", "2026-12-07T18:00/2026-12-08T00:00 hour",
      "'in the evening' is no clock continuation: the evening of the 7th"),
]

# "am" / "pm" alone: the morning (00-12) / the afternoon and evening (12-24), the coming one as any part of day
PHRASE_ROWS += [
    R("pm", "tue", "2026-12-01T12:00/2026-12-02T00:00 hour", "'pm' alone is today's 12:00-24:00"),
    R("pm", "dec31", "2026-12-31T12:00/2027-01-01T00:00 hour", "the pm half still running at 18:00"),
    R("PM please", "month_end", "2026-01-31T12:00/2026-02-01T00:00 hour", "'PM' with a polite word after it"),
    R("pm!", "leap", "2028-02-29T12:00/2028-03-01T00:00 hour", "punctuation after it"),
    R("am", "tue", "2026-12-01T00:00/2026-12-01T12:00 hour", "'am' alone is the morning half: today's, not over at 10:00"),
    R("am", "dec31", "2027-01-01T00:00/2027-01-01T12:00 hour", "a morning over: the next one (as 'morning')"),
    R("a.m.", "month_end", "2026-01-31T00:00/2026-01-31T12:00 hour", "dotted a.m. alone"),
    R("AM works", "leap", "2028-03-01T00:00/2028-03-01T12:00 hour", "at noon the am half is over: tomorrow's"),
    R("the pm", "sun", "2026-11-29T12:00/2026-11-30T00:00 hour", "'the pm' as 'in the pm'"),
    R("at 3 15 pm", "tue", "2026-12-01T15:15", "'pm' right after a number gives that clock time its half"),
    R("I am free", "tue", "unresolved", "'am' after a word is the verb, not a time"),
    R("am I busy", "tue", "unresolved", "'am' before a word that is no polite filler is the verb"),
]

# am/pm right after a day: that day's half ("Friday pm" as "Friday afternoon and evening")
PHRASE_ROWS += [
    R("friday pm", "tue", "2026-12-04T12:00/2026-12-05T00:00 hour", "'pm' after a weekday is that day's pm half"),
    R("Friday PM", "tue", "2026-12-04T12:00/2026-12-05T00:00 hour", "upper case"),
    R("tomorrow am", "dec31", "2027-01-01T00:00/2027-01-01T12:00 hour", "'am' after tomorrow, across the year end"),
    R("Mon a.m.", "month_end", "2026-02-02T00:00/2026-02-02T12:00 hour", "dotted a.m. after an abbreviated weekday"),
    R("today pm", "tue", "2026-12-01T12:00/2026-12-02T00:00 hour", "'pm' after today"),
    R("I am busy", "tue", "unresolved", "'am' after a word that is no day stays the verb"),
]

# "one to three": an hour range; minutes before an hour are said in fives ("ten to four" is 3:50)
PHRASE_ROWS += [
    R("one to three", "tue", "2026-12-01T13:00/2026-12-01T15:00 minute assumed", "word hours 1-3: a range, not 2:59"),
    R("from two to four pm", "sun", "2026-11-29T14:00/2026-11-29T16:00 minute", "a range with pm on its end"),
    R("friday from one to three", "tue", "2026-12-04T13:00/2026-12-04T15:00 minute assumed", "a day, then a word range"),
    R("eleven to twelve", "tue", "2026-12-01T11:00/2026-12-01T12:00 minute assumed", "not 11:49"),
    R("ten to four", "tue", "2026-12-01T15:50 assumed", "ten minutes to four: a clock time"),
    R("twenty-five to six", "tue", "2026-12-01T17:35 assumed", "twenty-five minutes to six"),
    R("five to six", "tue", "2026-12-01T17:55 assumed", "five minutes to six (said in fives: a clock time)"),
    # a weekday beside a shift of whole weeks: that weekday of the week so many weeks on (as 两周后的周五)
    R("in two weeks on Friday", "tue", "2026-12-18", "the Friday of the week two weeks on"),
    R("Friday in two weeks", "tue", "2026-12-18", "the weekday first, the shift after"),
    R("Tuesday two weeks from now", "tue", "2026-12-15", "'from now' as 'in'"),
    R("in 3 weeks on monday at 9am", "tue", "2026-12-21T09:00", "with a clock"),
    R("in a week on thursday", "tue", "2026-12-10", "one week: next week's Thursday"),
    R("in a fortnight on wednesday", "tue", "2026-12-16", "a fortnight is two weeks"),
]
