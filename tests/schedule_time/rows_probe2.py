"""Rows for the forms a probe of invented calendar-chat phrasings found unread (README "Probe forms"): each
fixed construction with at least two other phrasings. Nows: ``ny_wed`` = Wed 2026-03-04 10:15 New York,
``tue`` = Tue 2026-12-01 10:00 Shanghai, ``sun`` = Sun 2026-11-29 10:00 Shanghai."""

from __future__ import annotations

from .table import Row

R = Row
W = "ny_wed"

EN: list[Row] = [
    # "3ish", "noonish": an hour with -ish is that clock time (the working-day reading of a bare hour)
    R("3ish", W, "2026-03-04T15:00 assumed", "N-ish alone: the hour, read as a bare hour"),
    R("eleven-ish", W, "2026-03-04T11:00", "a spelled hour with -ish"),
    R("Friday 4ish", W, "2026-03-06T16:00", "a day and an -ish hour"),
    R("noonish", W, "2026-03-04T12:00", "noon with -ish"),
    # "around 3", "about 11": an approximate hour, as "at 3" (a unit after it is a duration: "about 3 weeks ago")
    R("around 3", W, "2026-03-04T15:00 assumed", "around + a bare hour"),
    R("about 11", W, "2026-03-04T11:00", "about + a bare hour"),
    R("roughly 4", W, "2026-03-04T16:00", "roughly + a bare hour"),
    R("about 3 weeks ago", W, "2026-02-11T10:15", "about + an amount of a unit stays a shift"),
    R("about 3 people", W, "unresolved", "about + a count of something else: no hour"),
    R("around 10:30", W, "2026-03-04T10:30", "around + a clock time stays that time"),
    # open bounds with a bare hour: "until 5" is until 17:00 ("to 4" alone still names a destination)
    R("until 5", W, "open-before 2026-03-04T17:00", "until + a bare hour"),
    R("till 5", W, "open-before 2026-03-04T17:00", "till + a bare hour"),
    R("after 3", W, "open-after 2026-03-04T15:00", "after + a bare hour"),
    R("before 12", W, "open-before 2026-03-04T12:00", "before + a bare 12: noon"),
    R("by 4", W, "2026-03-04T10:15/2026-03-04T16:00", "by + a bare hour: from now until then"),
    R("to 4", W, "unresolved", "'to' alone may be a move's destination: not an open end"),
    # every + an ordinal: the ordinal is no count; every fortnight / quarter
    R("every 2nd Tuesday of the month", W, "rrule FREQ=MONTHLY;BYDAY=2TU 2026-03-10T00:00", "every + 2nd weekday of the month"),
    R("every 3rd Friday of the month", W, "rrule FREQ=MONTHLY;BYDAY=3FR 2026-03-20T00:00", "every + 3rd weekday"),
    R("every 15th", W, "rrule FREQ=MONTHLY;BYMONTHDAY=15 2026-03-15T00:00", "every + an ordinal day: monthly"),
    R("every fortnight", W, "rrule FREQ=WEEKLY;INTERVAL=2 2026-03-04T00:00", "a fortnight is two weeks"),
    R("every quarter", W, "rrule FREQ=MONTHLY;INTERVAL=3 2026-03-04T00:00", "a quarter is three months"),
    R("every 2 quarters", W, "rrule FREQ=MONTHLY;INTERVAL=6 2026-03-04T00:00", "every N quarters"),
    # "the day before / after X": one day from the day named
    R("the day before Christmas", W, "2026-12-24", "the day before a holiday"),
    R("the day after Thanksgiving", W, "2026-11-27", "the day after a holiday"),
    R("the day after Boxing Day", W, "2026-12-27", "the day after a holiday"),
    R("the day after Friday", W, "2026-03-07", "the day after a weekday"),
    R("the day before March 5", W, "2026-03-04", "the day before a date"),
    # after "from" / "between", "10 till noon" is a range (not ten minutes before noon)
    R("tomorrow from 10 till noon", W, "2026-03-05T10:00/2026-03-05T12:00", "from N till noon: a range"),
    R("from ten till noon", W, "2026-03-05T10:00/2026-03-05T12:00", "spelled start; 10:00 today is past"),
    R("from 10 to 12", W, "2026-03-05T10:00/2026-03-05T12:00", "from N to M: a range, not 11:50"),
    # mid- / early- with a hyphen; midweek
    R("mid-March", W, "2026-03-11T00:00/2026-03-21T00:00", "mid- + a month"),
    R("mid-April", W, "2026-04-11T00:00/2026-04-21T00:00", "mid- + a month"),
    R("early-May", W, "2026-05-01T00:00/2026-05-11T00:00", "early- + a month"),
    R("midweek", W, "2026-03-04T00:00/2026-03-07T00:00", "the middle of this week (Wed-Fri)"),
    R("mid-week", W, "2026-03-04T00:00/2026-03-07T00:00", "hyphenated midweek"),
    # British "Friday week", "a week on Monday": that day a week (fortnight) later
    R("Friday week", W, "2026-03-13", "a weekday + week"),
    R("tomorrow week", W, "2026-03-12", "tomorrow + week"),
    R("Monday fortnight", W, "2026-03-23", "a weekday + fortnight"),
    R("a week today", W, "2026-03-11", "a week today"),
    R("a week on Monday", W, "2026-03-16", "a week on + a weekday"),
    R("a fortnight tomorrow", W, "2026-03-19", "a fortnight + tomorrow"),
    R("a week on Friday at 3pm", W, "2026-03-13T15:00", "with a clock time"),
    # holiday abbreviations
    R("NYE", W, "2026-12-31", "New Year's Eve"),
    R("NYE at 9pm", W, "2026-12-31T21:00", "New Year's Eve with a time"),
    R("valentine's", W, "2027-02-14", "Valentine's without 'day'"),
    # "no later than" is inclusive of a day; a clock time is an instant
    R("no later than Thursday", W, "open-before 2026-03-06T00:00", "no later than a day: through its end"),
    R("no later than 5pm", W, "open-before 2026-03-04T17:00", "no later than a clock time: until then"),
    R("5pm at the latest", W, "open-before 2026-03-04T17:00", "at the latest after a clock time"),
    # "within the hour", "within the next 3 days"
    R("within the hour", W, "2026-03-04T10:15/2026-03-04T11:15", "within the hour: an hour from now"),
    R("within the next 3 days", W, "2026-03-04T10:15/2026-03-07T00:00", "within the next N days (as within N days)"),
    R("within the next two hours", W, "2026-03-04T10:15/2026-03-04T12:15", "within the next N hours"),
    # Australian "arvo" (afternoon)
    R("this arvo", W, "2026-03-04T12:00/2026-03-04T19:00", "this afternoon"),
    R("tomorrow arvo", W, "2026-03-05T12:00/2026-03-05T19:00", "tomorrow afternoon"),
    R("Friday arvo", W, "2026-03-06T12:00/2026-03-06T19:00", "Friday afternoon"),
    # hours after a weekday: "Mon-Fri 9-5", "Fri 3-4" (not 5 September / 4 March)
    R("Mon-Fri 9-5", W, "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0 2026-03-05T09:00/2026-03-05T17:00",
      "working hours on weekdays: a weekly series"),
    R("Fri 3-4", W, "2026-03-06T15:00/2026-03-06T16:00", "a weekday + an hour range"),
    R("Tue 9-11", W, "2026-03-10T09:00/2026-03-10T11:00", "a weekday + a morning range"),
    # hours beside a day that is no date: "tomorrow 12-1" (no 1 December tomorrow), "daily 12-1"
    R("tomorrow 12-1", W, "2026-03-05T12:00/2026-03-05T13:00", "a relative day + an hour range"),
    R("3-4 today", W, "2026-03-04T15:00/2026-03-04T16:00", "the range before the day"),
    R("tonight 7-9", W, "2026-03-04T19:00/2026-03-04T21:00", "tonight: the evening hours"),
    R("every weekday 9-5", W, "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0 2026-03-05T09:00/2026-03-05T17:00",
      "weekdays + working hours (not 5 September every weekday)"),
    R("12-1 on weekdays", W, "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=12;BYMINUTE=0 2026-03-04T12:00/2026-03-04T13:00",
      "the hours before the days"),
    R("daily 12-1", W, "rrule FREQ=DAILY;BYHOUR=12;BYMINUTE=0 2026-03-04T12:00/2026-03-04T13:00", "daily, then the hours"),
    R("9-5 every day", W, "rrule FREQ=DAILY;BYHOUR=9;BYMINUTE=0 2026-03-05T09:00/2026-03-05T17:00", "the hours, then every day"),
    R("12-1", W, "2026-12-01", "alone: still a numeric date"),
    # the day between a part's modifier and the part: "early tomorrow morning" as "tomorrow early morning"
    R("early tomorrow morning", W, "2026-03-05T00:00/2026-03-05T09:00", "early morning, tomorrow"),
    R("late Friday afternoon", W, "2026-03-06T15:00/2026-03-06T19:00", "late afternoon, Friday"),
    R("early on Monday evening", W, "2026-03-09T18:00/2026-03-09T21:00", "'on' before the day (early evening: 18-21)"),
    R("late this evening", W, "2026-03-04T21:00/2026-03-05T00:00", "this: today's part"),
    R("mid tomorrow morning", W, "2026-03-05T09:00/2026-03-05T11:00", "mid morning, tomorrow"),
    R("late tomorrow afternoon at 4", W, "2026-03-05T16:00", "with a clock"),
    # an n-th weekday of a month names the day: the clock after it is no day of the month
    R("second Monday in April at 10", W, "2026-04-13T10:00", "not 'April 10' (a Friday, with no second Monday)"),
    R("the 2nd monday in april 10am", W, "2026-04-13T10:00", "'april 10am' is April at 10am, not April 10 am"),
    R("the first Tuesday of May at 9", W, "2026-05-05T09:00", "the first Tuesday, at 9"),
    R("last friday of june at 4", W, "2026-06-26T16:00", "the last Friday, at 4"),
    R("April 10 at 3pm", W, "2026-04-10T15:00", "a month and a number alone: still the date"),
    R("at 0800 tomorrow", W, "2026-03-05T08:00", "a leading zero after 'at': 24-hour, no am/pm question"),
    R("tomorrow at 0930", W, "2026-03-05T09:30", "no assumption needed"),
    # several days of the month: one series on all of them (not a span from the first to the last)
    R("the 1st and 15th of every month at 9am", W,
      "rrule FREQ=MONTHLY;BYMONTHDAY=1,15;BYHOUR=9;BYMINUTE=0 2026-03-15T09:00", "the earliest not past"),
    R("monthly on the 5th and 20th", W, "rrule FREQ=MONTHLY;BYMONTHDAY=5,20 2026-03-05T00:00", "monthly + a list"),
    R("every month on the 3rd, 10th and 25th at 6pm", W,
      "rrule FREQ=MONTHLY;BYMONTHDAY=3,10,25;BYHOUR=18;BYMINUTE=0 2026-03-10T18:00", "three days"),
    # digits before "noon" / "midnight" are hours, as "9 to 12" (was "nine minutes to noon", 11:51)
    R("thursday 9 to noon", W, "2026-03-05T09:00/2026-03-05T12:00", "a morning range"),
    R("friday 8 to midnight", W, "ambiguous 2026-03-06T08:00 2026-03-06T20:00", "8am or 8pm to midnight: asked, as 'from 8 to midnight'"),
    R("ten to midnight", W, "2026-03-04T23:50", "in words: still minutes before"),
    R("every last day of the month at 5pm", W, "rrule FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=17;BYMINUTE=0 2026-03-31T17:00",
      "'every' before 'the last day of the month' (was 'every what?')"),
    R("every first day of the month at 9", W, "rrule FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=9;BYMINUTE=0 2026-04-01T09:00",
      "the first day"),
    # alternatives: the user left the choice open (asked, never guessed)
    R("wednesday or thursday at 7pm", W, "ambiguous 2026-03-11T19:00 2026-03-05T19:00", "the clock lent to both days"),
    R("at 7 or 8 tomorrow evening", W, "ambiguous 2026-03-05T19:00 2026-03-05T20:00", "the day and its part lent"),
    R("next wednesday or thursday at 3", W, "ambiguous 2026-03-11T15:00 2026-03-12T15:00", "'next' lent to both"),
    R("at 3 or so", W, "2026-03-04T15:00", "'or so' is no alternative"),
    # hours of length after a clock or "~" ("~1h" was a range to 1 o'clock: a ten-hour event)
    R("tomorrow 3pm ~1h", W, "2026-03-05T15:00/2026-03-05T16:00", "about an hour"),
    R("tomorrow 15:00, 2h", W, "2026-03-05T15:00/2026-03-05T17:00", "after a 24-hour clock"),
    R("thursday 8h", W, "2026-03-05T08:00", "after a day: still a clock"),
    # several n-th weekdays of a month: one series (was monthly on the 1st, a span to the third Monday)
    R("every first and third monday at 7pm", W, "rrule FREQ=MONTHLY;BYDAY=1MO,3MO;BYHOUR=19;BYMINUTE=0 2026-03-16T19:00",
      "March 2 has passed: the third Monday"),
    R("the 2nd and 4th tuesday of every month", W, "rrule FREQ=MONTHLY;BYDAY=2TU,4TU 2026-03-10T00:00", "2nd and 4th"),
    # a bound on the series: its UNTIL, each occurrence its own length (was one event spanning the bound)
    R("weekly on thursdays at 3pm for 6 weeks", W,
      "rrule FREQ=WEEKLY;BYDAY=TH;BYHOUR=15;BYMINUTE=0;UNTIL=20260416T185959Z 2026-03-05T15:00", "six Thursdays"),
    R("every tuesday at 9am until the end of march", W,
      "rrule FREQ=WEEKLY;BYDAY=TU;BYHOUR=9;BYMINUTE=0;UNTIL=20260401T035959Z 2026-03-10T09:00", "until a date"),
    R("for the next 4 weeks every monday at 6pm", W,
      "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=18;BYMINUTE=0;UNTIL=20260406T215959Z 2026-03-09T18:00", "the next N weeks"),
    # a series said within a span: its days, each occurrence its own length (was one occurrence as long as the span)
    R("every day next week at 9am", W, "rrule FREQ=DAILY;BYHOUR=9;BYMINUTE=0;UNTIL=20260316T035959Z 2026-03-09T09:00",
      "the week's days"),
    R("every day from next monday to next friday at 9am", W,
      "rrule FREQ=DAILY;BYHOUR=9;BYMINUTE=0;UNTIL=20260314T035959Z 2026-03-09T09:00", "from one day to another"),
    R("every day from tomorrow to friday at 10pm", W,
      "rrule FREQ=DAILY;BYHOUR=22;BYMINUTE=0;UNTIL=20260307T045959Z 2026-03-05T22:00", "tomorrow to Friday"),
    R("every monday next month at 10", W,
      "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=10;BYMINUTE=0;UNTIL=20260501T035959Z 2026-04-06T10:00", "Mondays in a month"),
    R("every weekday at 8am for 30 min", W,
      "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8;BYMINUTE=0 2026-03-05T08:00/2026-03-05T08:30",
      "a length under a day stays each one's"),
    R("every month on the 1st to the 15th", W, "rrule FREQ=MONTHLY;BYMONTHDAY=1 2026-04-01T00:00/2026-04-16T00:00",
      "a span stays a span"),
    # working days (Monday-Friday; public holidays are not skipped)
    R("next business day", W, "2026-03-05", "the next Mon-Fri day after today"),
    R("the next working day", W, "2026-03-05", "working day"),
    R("previous business day", W, "2026-03-03", "the last Mon-Fri day before today"),
    R("next business day", "sun", "2026-11-30", "said on a Sunday: Monday"),
    R("last business day of the month", W, "2026-03-31", "the last Mon-Fri day of the month"),
    R("the first business day of April", W, "2026-04-01", "the first Mon-Fri day of a month"),
    R("in 3 business days", W, "2026-03-09", "counted over the weekend"),
    R("5 working days ago", W, "2026-02-25", "counted back"),
    R("2 business days after Christmas", W, "2026-12-29", "from a holiday (Fri 25 Dec)"),
    R("next business day at 10am", W, "2026-03-05T10:00", "with a clock time"),
]

ZH: list[Row] = [
    # 周初 / 周中 after a week: the beginning / middle of it (Mon-Wed / Wed-Fri)
    R("下周初", "tue", "2026-12-07T00:00/2026-12-10T00:00", "next week's beginning"),
    R("下周中", "tue", "2026-12-09T00:00/2026-12-12T00:00", "next week's middle"),
    R("本周中", "tue", "2026-12-02T00:00/2026-12-05T00:00", "this week's middle"),
    R("周初", "tue", "2026-11-30T00:00/2026-12-03T00:00", "周初 alone: this week's"),
    # 整个 + a part of day / weekend / week / month: that whole one
    R("整个下午", "tue", "2026-12-01T12:00/2026-12-01T19:00", "the whole afternoon"),
    R("整個上午", "tue", "2026-12-01T00:00/2026-12-01T12:00", "traditional: the whole morning"),
    R("一整个周末", "tue", "2026-12-04T18:00/2026-12-07T00:00", "the whole weekend"),
    R("整个星期", "tue", "week 2026-11-30", "the whole week"),
    R("整个月", "tue", "month 2026-12", "the whole month"),
    # X后第N天 / X前第N天: N days from the day named (as X后N天)
    R("国庆节后第一天", "tue", "2027-10-02", "the first day after National Day"),
    R("圣诞节后第二天", "tue", "2026-12-27", "the second day after Christmas"),
    R("周五后第二天", "tue", "2026-12-06", "the second day after Friday"),
    R("元旦前第一天", "tue", "2026-12-31", "the first day before New Year's Day"),
]

ROWS: list[Row] = EN + ZH
