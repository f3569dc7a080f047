"""English table rows. Explicit rows first; then families generated from the documented conventions
(README "Conventions"), each row still carrying its own reason."""

from __future__ import annotations

from datetime import date, timedelta

from .rows_en_forms import ROWS as FORM_ROWS
from .rows_en_phrases import PHRASE_ROWS
from .table import NOWS, Row

R = Row
ROWS: list[Row] = [
    # relative days
    R("today", "tue", "2026-12-01", "today is the whole current day"),
    R("tomorrow", "tue", "2026-12-02", "tomorrow"),
    R("yesterday", "tue", "2026-11-30", "yesterday"),
    R("the day after tomorrow", "tue", "2026-12-03", "two days ahead"),
    R("day before yesterday", "tue", "2026-11-29", "two days back"),
    R("tomorrow", "dec31", "2027-01-01", "tomorrow crosses the year"),
    R("tomorrow", "month_end", "2026-02-01", "tomorrow crosses the month"),
    R("tomorrow", "leap", "2028-03-01", "the day after Feb 29"),
    R("yesterday", "leap", "2028-02-28", "the day before Feb 29"),
    # clock times (now Tue 10:00)
    R("3 pm", "tue", "2026-12-01T15:00", "a time later today is today"),
    R("9 am", "tue", "2026-12-02T09:00", "a time already past today is tomorrow (prefer future)"),
    R("9am", "tue", "2026-12-01T09:00", "prefer past: earlier today", prefer="past"),
    R("3pm", "tue", "2026-11-30T15:00", "prefer past: a later time is yesterday", prefer="past"),
    R("15:00", "tue", "2026-12-01T15:00", "24-hour clock"),
    R("07:30", "tue", "2026-12-02T07:30", "a leading zero is a 24-hour spelling, no ambiguity"),
    R("3:30pm", "tue", "2026-12-01T15:30", "minutes and pm"),
    R("3:30 p.m.", "tue", "2026-12-01T15:30", "dotted p.m."),
    R("noon", "tue", "2026-12-01T12:00", "noon"),
    R("midnight", "tue", "2026-12-02T00:00", "the next midnight"),
    R("half past three", "tue", "2026-12-01T15:30 assumed", "half past; bare 3 read as pm"),
    R("quarter to four", "tue", "2026-12-01T15:45 assumed", "quarter to; bare 4 read as pm"),
    R("a quarter past 8pm", "tue", "2026-12-01T20:15", "quarter past with pm"),
    R("20 minutes to 2pm tomorrow", "tue", "2026-12-02T13:40", "minutes to an hour, on a day"),
    R("at 3", "tue", "2026-12-01T15:00 assumed", "bare 1-5 is read as afternoon (working-day window)"),
    R("at 5", "tue", "2026-12-01T17:00 assumed", "bare 5 is still afternoon (working-day window)"),
    R("at 6", "tue", "ambiguous 2026-12-02T06:00 2026-12-01T18:00", "bare 6 is ambiguous: 6 am gym/flight, 6 pm dinner"),
    R("Saturday at 6", "tue", "ambiguous 2026-12-05T06:00 2026-12-05T18:00", "a weekday does not decide a bare 6"),
    R("at 6 dinner", "tue", "2026-12-01T18:00", "dinner decides a bare 6"),
    R("6 in the morning", "tue", "2026-12-02T06:00", "a part of day decides a bare 6"),
    R("at 3 please", "tue", "2026-12-01T15:00 assumed", "fillers are ignored"),
    R("at 10", "tue", "2026-12-01T10:00 assumed", "bare 9-11 is read as morning; 10:00 is now, not past"),
    R("at 12", "tue", "2026-12-01T12:00 assumed", "bare 12 is noon"),
    R("at 7:30", "tue", "ambiguous 2026-12-02T07:30 2026-12-01T19:30", "bare 7 is ambiguous: morning/evening"),
    R("at 8", "tue", "ambiguous 2026-12-02T08:00 2026-12-01T20:00", "bare 8 is ambiguous"),
    R("7:30 dinner", "tue", "2026-12-01T19:30", "dinner disambiguates to the evening"),
    R("tomorrow at 8", "tue", "ambiguous 2026-12-02T08:00 2026-12-02T20:00", "a day does not decide am/pm"),
    R("tomorrow morning at 8", "tue", "2026-12-02T08:00", "morning decides am"),
    R("tomorrow evening at 8", "tue", "2026-12-02T20:00", "evening decides pm"),
    R("this afternoon at 3", "tue", "2026-12-01T15:00", "afternoon decides pm"),
    R("tonight at 11", "tue", "2026-12-01T23:00", "tonight decides pm"),
    R("8 tonight", "tue", "2026-12-01T20:00", "number before tonight is the hour"),
    R("tomorrow at 5pm", "tue", "2026-12-02T17:00", "day + clock"),
    R("5pm tomorrow", "tue", "2026-12-02T17:00", "clock + day"),
    R("next friday at 2pm", "tue", "2026-12-11T14:00", "next Friday is in next calendar week"),
    R("friday at 2pm", "tue", "2026-12-04T14:00", "bare weekday is the coming one"),
    R("15h30", "tue", "2026-12-01T15:30", "French-style 15h30"),
    R("25:00", "tue", "unresolved", "there is no hour 25"),
    R("13am", "tue", "unresolved", "13am is not a time"),
    R("15:00pm", "tue", "2026-12-01T15:00", "a redundant pm on a 24-hour time is tolerated"),
    # parts of day
    R("tonight", "tue", "2026-12-01T18:00/2026-12-02T00:00 hour", "tonight is 18:00 to midnight"),
    R("this morning", "tue", "2026-12-01T00:00/2026-12-01T12:00 hour", "morning is 00:00-12:00"),
    R("this afternoon", "tue", "2026-12-01T12:00/2026-12-01T19:00 hour", "afternoon is 12:00-19:00"),
    R("this evening", "tue", "2026-12-01T18:00/2026-12-02T00:00 hour", "evening is 18:00-24:00"),
    R("tomorrow morning", "tue", "2026-12-02T00:00/2026-12-02T12:00 hour", "day + part of day"),
    R("tomorrow afternoon", "tue", "2026-12-02T12:00/2026-12-02T19:00 hour", "day + part of day"),
    R("tomorrow lunch", "tue", "2026-12-02T12:00/2026-12-02T14:00 hour", "lunch is 12:00-14:00"),
    R("last night", "tue", "2026-11-30T18:00/2026-12-01T00:00 hour", "last night is yesterday evening"),
    R("friday evening", "tue", "2026-12-04T18:00/2026-12-05T00:00 hour", "weekday + part of day"),
    R("morning", "tue", "2026-12-01T00:00/2026-12-01T12:00 hour", "a part of day not yet over is today's"),
    R("morning", "dec31", "2027-01-01T00:00/2027-01-01T12:00 hour", "a part of day already over is tomorrow's"),
    # weekends and weeks
    R("this weekend", "tue", "2026-12-04T18:00/2026-12-07T00:00 hour", "weekend is Fri 18:00 to Mon 00:00"),
    R("this weekend", "sun", "2026-11-27T18:00/2026-11-30T00:00 hour", "on Sunday this weekend is the current one"),
    R("next weekend", "sun", "2026-12-04T18:00/2026-12-07T00:00 hour", "next weekend: the following week's"),
    R("last weekend", "tue", "2026-11-27T18:00/2026-11-30T00:00 hour", "last weekend"),
    R("this week", "tue", "week 2026-11-30", "weeks start on Monday"),
    R("this week", "sun", "week 2026-11-23", "Sunday is the last day of its week"),
    R("next week", "sun", "week 2026-11-30", "next week starts tomorrow when today is Sunday"),
    R("last week", "tue", "week 2026-11-23", "last week"),
    R("next week", "dec31", "week 2027-01-04", "next week crosses the year"),
    R("beginning of next week", "tue", "2026-12-07T00:00/2026-12-10T00:00 day", "Mon-Wed"),
    R("end of this week", "tue", "2026-12-04T00:00/2026-12-07T00:00 day", "Fri-Sun"),
    R("rest of the week", "tue", "2026-12-01T00:00/2026-12-07T00:00 day", "today to Sunday"),
    R("all week", "tue", "week 2026-11-30", "all week: the whole current Monday-Sunday week"),
    R("the whole month", "tue", "month 2026-12", "the whole month: the current month"),
    R("all of next week", "tue", "week 2026-12-07", "'all of' before a period adds nothing"),
    R("all day", "tue", "2026-12-01", "all day alone: today, the whole day"),
    R("all day thursday", "tue", "2026-12-03", "all day + a day: that whole day"),
    R("friday all day", "tue", "2026-12-04", "all day after the day"),
    R("next 3 days", "tue", "2026-12-02T00:00/2026-12-05T00:00 day", "the next three whole days"),
    R("last 2 weeks", "tue", "2026-11-16T00:00/2026-11-30T00:00 week", "the two whole weeks before this one"),
    # months, years, quarters
    R("this month", "tue", "month 2026-12", "current month"),
    R("next month", "tue", "month 2027-01", "next month crosses the year"),
    R("last month", "month_end", "month 2025-12", "last month crosses the year"),
    R("next month", "month_end", "month 2026-02", "from Jan 31: February (not Mar 3)"),
    R("this year", "tue", "year 2026", "current year"),
    R("next year", "dec31", "year 2027", "next year"),
    R("last year", "tue", "year 2025", "last year"),
    R("end of the month", "tue", "2026-12-21T00:00/2027-01-01T00:00 day", "end of month: day 21 to the end"),
    R("end of the month", "leap", "2028-02-21T00:00/2028-03-01T00:00 day", "end of a leap February"),
    R("beginning of the month", "tue", "2026-12-01T00:00/2026-12-11T00:00 day", "beginning: days 1-10"),
    R("end of the year", "tue", "2026-09-01T00:00/2027-01-01T00:00 month", "end of year: Sep-Dec"),
    R("early march", "tue", "2027-03-01T00:00/2027-03-11T00:00 day", "early March, next one"),
    R("late march", "tue", "2027-03-21T00:00/2027-04-01T00:00 day", "late March"),
    R("next quarter", "tue", "2027-01-01T00:00/2027-04-01T00:00 month", "next quarter is Q1 2027"),
    R("this quarter", "tue", "2026-10-01T00:00/2027-01-01T00:00 month", "Q4"),
    R("third quarter", "tue", "2026-07-01T00:00/2026-10-01T00:00 month", "Q3 of this year"),
    R("march", "tue", "month 2027-03", "a month name is its next occurrence"),
    R("march", "tue", "month 2026-03", "prefer past: the last March", prefer="past"),
    R("december", "tue", "month 2026-12", "the current month counts"),
    R("october 2014", "tue", "month 2014-10", "month and year"),
    R("2027", "tue", "year 2027", "a four-digit year"),
    R("in 2014", "tue", "year 2014", "in + year"),
    # dates
    R("Dec 5", "tue", "2026-12-05", "month day"),
    R("5 December", "tue", "2026-12-05", "day month"),
    R("december 5th", "tue", "2026-12-05", "ordinal"),
    R("the 5th of december", "tue", "2026-12-05", "the Nth of month"),
    R("2026-12-05", "tue", "2026-12-05", "ISO date"),
    R("12/5", "tue", "2026-12-05", "slash dates are month first (US order)"),
    R("5/12", "tue", "2027-05-12", "month first; May 12 is past, so next year"),
    R("31/12", "tue", "2026-12-31", "day first when the first number cannot be a month"),
    R("31.10.2027", "tue", "2027-10-31", "dotted dates are day first"),
    R("12/5/2027", "tue", "2027-12-05", "month/day/year"),
    R("3/3/94", "tue", "1994-03-03", "two-digit year 50-99 is 19xx"),
    R("3/3/15", "tue", "2015-03-03", "two-digit year 00-49 is 20xx"),
    R("Nov 3", "tue", "2027-11-03", "a date already past this year is next year's"),
    R("Nov 3", "tue", "2026-11-03", "prefer past keeps this year", prefer="past"),
    R("the 15th", "tue", "2026-12-15", "a day of month: this month"),
    R("the 1st", "tue", "2026-12-01", "today counts"),
    R("the 1st", "dec31", "2027-01-01", "a day already past is next month's"),
    R("on the 31st", "month_end", "2026-01-31", "today counts"),
    R("the 31st", "leap", "2028-03-31", "February has no 31st; March does"),
    R("feb 29", "tue", "2028-02-29", "the next leap day"),
    R("feb 29", "leap", "2028-02-29", "today is a leap day"),
    R("feb 30", "tue", "unresolved", "February has no 30th"),
    R("april 31", "tue", "unresolved", "April has no 31st"),
    R("13/13", "tue", "unresolved", "no month 13 either way"),
    R("Tuesday, Dec 8", "tue", "2026-12-08", "weekday consistent with the date"),
    R("20th of next month", "tue", "2027-01-20", "day in next month"),
    R("first monday of january", "tue", "2027-01-04", "nth weekday of a month"),
    R("last friday of october", "tue", "2027-10-29", "last weekday of a month"),
    R("march 3 2015", "tue", "2015-03-03", "explicit year"),
    R("April 14, 2015", "tue", "2015-04-14", "comma before year"),
    # ranges
    R("3-4pm", "tue", "2026-12-01T15:00/2026-12-01T16:00 minute", "the left end borrows pm; calendar end"),
    R("from 2 to 4", "tue", "2026-12-01T14:00/2026-12-01T16:00 minute", "bare hours in the working-day window"),
    R("9:30 - 11:00", "tue", "2026-12-02T09:30/2026-12-02T11:00 minute", "a past morning range is tomorrow's"),
    R("11:30-1:30", "tue", "2026-12-01T11:30/2026-12-01T13:30 minute", "the end after the start"),
    R("11pm to 2am", "tue", "2026-12-01T23:00/2026-12-02T02:00 minute", "a range over midnight"),
    R("2 to 3:30pm", "tue", "2026-12-01T14:00/2026-12-01T15:30 minute", "N to H:MM is a range, not N minutes to H"),
    R("from 2 to 4:30", "tue", "2026-12-01T14:00/2026-12-01T16:30 minute", "bare start, end with minutes"),
    R("tomorrow 9 to 12:30", "tue", "2026-12-02T09:00/2026-12-02T12:30 minute", "a morning range to half past"),
    R("thursday from 10 to 12 in the morning", "tue", "2026-12-03T10:00/2026-12-03T12:00 minute",
      "a morning range ends at noon, not at midnight"),
    R("thursday 10-12am", "tue", "2026-12-03T10:00/2026-12-03T12:00 minute", "10-12am: the morning to noon"),
    R("friday 8am to 12am", "tue", "2026-12-04T08:00/2026-12-04T12:00 minute", "written 12am after a morning start"),
    R("thursday 10pm to 12am", "tue", "2026-12-03T22:00/2026-12-04T00:00 minute", "an evening range to midnight"),
    R("7pm to 9:30", "tue", "2026-12-01T19:00/2026-12-01T21:30 minute", "a bare end is the next 9:30, not 09:30 tomorrow"),
    R("5 to 11", "tue", "2026-12-01T17:00/2026-12-01T23:00 minute", "a bare end within 12 hours of the start"),
    R("22:00 to 9:30", "tue", "2026-12-01T22:00/2026-12-02T09:30 minute", "an overnight range stays overnight"),
    R("8 to 10:30", "tue", "ambiguous 2026-12-02T08:00 2026-12-01T20:00", "a bare start hour is still asked about"),
    R("tomorrow from 2 to 4pm", "tue", "2026-12-02T14:00/2026-12-02T16:00 minute", "day applies to both ends"),
    R("Thursday from 9:30 to 11:00", "tue", "2026-12-03T09:30/2026-12-03T11:00 minute", "weekday shared"),
    R("9:30 till 11:00 on Thursday", "tue", "2026-12-03T09:30/2026-12-03T11:00 minute", "weekday at the end"),
    R("between 3:30pm and 6pm", "tue", "2026-12-01T15:30/2026-12-01T18:00 minute", "between ... and"),
    R("monday to wednesday", "tue", "2026-12-07T00:00/2026-12-10T00:00 day", "weekday range, end inclusive"),
    R("tonight at 2", "tue", "2026-12-02T02:00",
      "night + 1-3 is the small hours after it, the next day (as 晚上2点); 14:00 is never tonight"),
    R("this morning at 3", "tue", "2026-12-01T03:00", "the day is named: an hour already past stays today"),
    R("this afternoon at 12", "tue", "2026-12-01T12:00", "afternoon + 12 is noon, not midnight"),
    R("4p", "tue", "2026-12-01T16:00", "'p' alone is pm (calendar shorthand)"),
    R("4a", "tue", "2026-12-02T04:00", "'a' alone is am; 04:00 is past, so tomorrow"),
    R("three twenty", "tue", "2026-12-01T15:20 assumed", "a spoken time; bare 3 is read as pm"),
    R("a year from christmas", "tue", "2027-12-25", "a year after the coming Christmas"),
    R("tonight at 1", "tue", "2026-12-02T01:00", "tonight at 1 is 01:00 the next day, not 13:00"),
    R("late tonight @ 3:15", "tue", "2026-12-02T03:15", "late tonight + 3:15: the small hours after it"),
    R("saturday night at 1", "tue", "2026-12-06T01:00", "Saturday night at 1 is early Sunday"),
    R("late last night at 2", "tue", "2026-12-01T02:00", "late last night at 2: this morning's small hours"),
    R("tonight at 12:30", "tue", "2026-12-02T00:30", "half past midnight after tonight (was refused as 24:30)"),
    R("tonight between 1 and 3", "tue", "2026-12-02T01:00/2026-12-02T03:00 minute",
      "both ends in the same night's small hours (the right end is not a day later)"),
    R("tonight at 1am", "tue", "2026-12-02T01:00", "an explicit am before the night begins is its small hours"),
    R("tonight at 12am", "tue", "2026-12-02T00:00", "12am tonight is the coming midnight, not this morning's"),
    R("tonight at 4", "tue", "2026-12-01T16:00", "only 1-3 are small hours; tonight at 4 keeps the pm hint"),
    R("this evening at 2", "tue", "2026-12-01T14:00", "evening keeps the pm hint (Duckling's reading)"),
    R("tomorrow (wednesday)", "tue", "2026-12-02", "the weekday confirms tomorrow"),
    R("tomorrow, wednesday at 3pm", "tue", "2026-12-02T15:00", "confirmed day + time"),
    R("tomorrow (thursday)", "tue", "unresolved", "tomorrow is Wednesday: a contradiction is refused"),
    R("yesterday (monday)", "tue", "2026-11-30", "the weekday confirms yesterday"),
    R("from tomorrow to next friday", "sun", "2026-11-30T00:00/2026-12-05T00:00 day",
      "the right end is counted from now: next Friday from Sun 29 Nov is Fri 4 Dec"),
    R("from tomorrow to next friday", "tue", "2026-12-02T00:00/2026-12-12T00:00 day", "next week's Friday is 11 Dec"),
    R("from today to the day after tomorrow", "tue", "2026-12-01T00:00/2026-12-04T00:00 day",
      "both ends from now; end inclusive"),
    R("friday to monday", "tue", "2026-12-04T00:00/2026-12-08T00:00 day",
      "Monday from now ends before Friday: the Monday after Friday"),
    R("from this year to next year", "tue", "2026-01-01T00:00/2028-01-01T00:00 year", "both years from now"),
    R("Dec 5 - Dec 8", "tue", "2026-12-05T00:00/2026-12-09T00:00 day", "date range"),
    R("July 13-15", "tue", "2027-07-13T00:00/2027-07-16T00:00 day", "month day-day"),
    R("from 13 to 15 July", "tue", "2027-07-13T00:00/2027-07-16T00:00 day", "day-day month"),
    R("Dec 28 - Jan 3", "tue", "2026-12-28T00:00/2027-01-04T00:00 day", "a range over the year end"),
    R("4pm for 30 mins", "tue", "2026-12-01T16:00/2026-12-01T16:30 minute", "start + duration"),
    R("after 2pm", "tue", "open-after 2026-12-01T14:00", "open interval after"),
    R("until 2pm", "tue", "open-before 2026-12-01T14:00", "open interval before"),
    R("ends at 2pm", "tue", "open-before 2026-12-01T14:00", "ends at: as until"),
    R("finishing at 4:30pm", "tue", "open-before 2026-12-01T16:30", "finishing at: as until"),
    R("wraps up at 6pm", "tue", "open-before 2026-12-01T18:00", "wraps up at: as until"),
    R("before 11am", "tue", "open-before 2026-12-01T11:00", "11:00 is still ahead today"),
    R("by friday", "tue", "2026-12-01T10:00/2026-12-04T00:00 day", "by X: from now to the start of X"),
    # offsets and durations
    R("in 3 days", "tue", "2026-12-04T10:00", "an offset is a point from now"),
    R("in 2 hours", "tue", "2026-12-01T12:00", "hours from now"),
    R("in an hour", "tue", "2026-12-01T11:00", "an hour"),
    R("in half an hour", "tue", "2026-12-01T10:30", "half an hour"),
    R("in 90 minutes", "tue", "2026-12-01T11:30", "minutes"),
    R("in a week", "tue", "2026-12-08T10:00", "a week"),
    R("in 2 weeks", "tue", "2026-12-15T10:00", "weeks"),
    R("in a month", "month_end", "2026-02-28T09:00", "Jan 31 + 1 month clips to Feb 28"),
    R("in a year", "leap", "2029-02-28T12:00", "Feb 29 + 1 year clips to Feb 28"),
    R("3 days ago", "tue", "2026-11-28T10:00", "ago"),
    R("2 hours ago", "tue", "2026-12-01T08:00", "hours ago"),
    R("a week from now", "tue", "2026-12-08T10:00", "from now"),
    R("2 days later", "tue", "2026-12-03T10:00", "later"),
    R("in 7 days at 5pm", "tue", "2026-12-08T17:00", "offset day + clock"),
    R("three days after christmas", "tue", "2026-12-28", "offset from a holiday"),
    R("for two hours", "tue", "duration 2:00:00", "a pure duration"),
    R("90 min", "tue", "duration 1:30:00", "minutes"),
    R("half an hour", "tue", "duration 0:30:00", "half an hour"),
    R("for 1.5 hours", "tue", "duration 1:30:00", "decimal hours"),
    R("2 hours and 15 minutes", "tue", "duration 2:15:00", "compound duration"),
    R("2026-12-04 7:30pm", "tue", "2026-12-04T19:30", "an ISO date with a 12-hour clock: its pm counts"),
    R("2026-12-04 7:30 p.m.", "tue", "2026-12-04T19:30", "an ISO date with a 12-hour clock: its pm counts"),
    R("2026-12-04 9:15am", "tue", "2026-12-04T09:15", "an ISO date with a 12-hour clock: its am counts"),
    R("2026-12-04 19:30", "tue", "2026-12-04T19:30", "an ISO date with a 24-hour clock"),
    R("ninety minutes", "tue", "duration 1:30:00", "tens above fifty in words"),
    R("for seventy-five minutes", "tue", "duration 1:15:00", "tens above fifty in words"),
    R("sixty minutes", "tue", "duration 1:00:00", "tens above fifty in words"),
    R("eighty five mins", "tue", "duration 1:25:00", "tens above fifty in words"),
    R("for 3 days", "tue", "duration 72:00:00", "days"),
    # recurrence
    R("every other Thursday at 2pm starting Dec 10", "tue",
      "rrule FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;BYHOUR=14;BYMINUTE=0 2026-12-10T14:00",
      "a start date is where the series begins, not a BYMONTHDAY"),
    R("every other Thursday at 2pm from Dec 17", "tue",
      "rrule FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;BYHOUR=14;BYMINUTE=0 2026-12-17T14:00", "from + a date: the start"),
    R("every Thursday at 2pm from Dec 8", "tue", "rrule FREQ=WEEKLY;BYDAY=TH;BYHOUR=14;BYMINUTE=0 2026-12-10T14:00",
      "the first Thursday on or after the start"),
    R("every Monday at 9 starting next week", "tue",
      "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0 2026-12-07T09:00", "a week as the start"),
    R("every day, starting tomorrow", "tue", "rrule FREQ=DAILY 2026-12-02T00:00", "a day as the start"),
    R("every weekday at 8am for 30 min", "tue",
      "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8;BYMINUTE=0 2026-12-02T08:00/2026-12-02T08:30",
      "a length inside a recurrence: each occurrence lasts that long"),
    R("every day for 2 hours", "tue", "unresolved", "a length with no time of day to start from"),
    R("weekdays 9 to 10am from Dec 14", "tue",
      "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0 2026-12-14T09:00/2026-12-14T10:00",
      "a range in the rule and a start after it"),
    R("every monday 9 to 10am", "tue",
      "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0 2026-12-07T09:00/2026-12-07T10:00",
      "a range inside a recurrence: 9 borrows am from 10am"),
    R("every monday from 9 to 10am", "tue",
      "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0 2026-12-07T09:00/2026-12-07T10:00", "from … to inside"),
    R("every monday to friday at 9am", "tue",
      "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0 2026-12-02T09:00", "a weekday span"),
    R("every monday 7 to 8", "tue", "ambiguous 2026-12-07T07:00 2026-12-07T19:00", "bare 7-8 stays ambiguous"),
    R("every monday at 9", "tue", "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0 2026-12-07T09:00",
      "weekly on a weekday, first occurrence is the next Monday"),
    R("every tuesday at 3pm", "tue", "rrule FREQ=WEEKLY;BYDAY=TU;BYHOUR=15;BYMINUTE=0 2026-12-01T15:00",
      "the first occurrence on or after now: said on a Tuesday at 10:00, today's 15:00 (was next week's)"),
    R("every tuesday at 9am", "tue", "rrule FREQ=WEEKLY;BYDAY=TU;BYHOUR=9;BYMINUTE=0 2026-12-08T09:00",
      "today's 09:00 is past: next Tuesday's"),
    R("every other week", "tue", "rrule FREQ=WEEKLY;INTERVAL=2 2026-12-01T00:00", "every other"),
    R("every day", "tue", "rrule FREQ=DAILY 2026-12-01T00:00", "daily"),
    R("daily at 8am", "tue", "rrule FREQ=DAILY;BYHOUR=8;BYMINUTE=0 2026-12-02T08:00", "daily at a time"),
    R("weekdays at 9am", "tue", "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0 2026-12-02T09:00",
      "weekdays"),
    R("every weekday at 9am", "sun", "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0 2026-11-30T09:00",
      "weekdays from a Sunday start Monday"),
    R("every 2 weeks", "tue", "rrule FREQ=WEEKLY;INTERVAL=2 2026-12-01T00:00", "every N weeks"),
    R("every month on the 15th", "tue", "rrule FREQ=MONTHLY;BYMONTHDAY=15 2026-12-15T00:00", "monthly by day"),
    R("the last friday of every month", "tue", "rrule FREQ=MONTHLY;BYDAY=-1FR 2026-12-25T00:00", "n-th weekday monthly"),
    R("every month on the last friday", "tue", "rrule FREQ=MONTHLY;BYDAY=-1FR 2026-12-25T00:00",
      "'last friday' inside a monthly rule is the month's last Friday"),
    R("first monday of every month", "tue", "rrule FREQ=MONTHLY;BYDAY=1MO 2026-12-07T00:00", "first Monday monthly"),
    R("the last friday of every month", "dec31", "rrule FREQ=MONTHLY;BYDAY=-1FR 2027-01-29T00:00",
      "this month's is past: the next month's"),
    R("mondays", "tue", "rrule FREQ=WEEKLY;BYDAY=MO 2026-12-07T00:00", "plural weekday"),
    R("every friday evening", "tue", "rrule FREQ=WEEKLY;BYDAY=FR 2026-12-04T18:00", "weekly part of day"),
    # holidays with modifiers (names from schedule_time.holidays)
    R("christmas", "tue", "2026-12-25", "the coming Christmas"),
    R("christmas", "dec31", "2027-12-25", "Christmas already over: next year's"),
    R("last christmas", "dec31", "2026-12-25", "the most recent one"),
    R("christmas 2014", "tue", "2014-12-25", "explicit year"),
    R("christmas at 6pm", "tue", "2026-12-25T18:00", "holiday + clock"),
    R("thanksgiving", "tue", "2027-11-25", "US Thanksgiving, the next one"),
    R("christmas of next year", "tue", "2027-12-25", "holiday of next year"),
    # DST
    R("2:30am", "ny_spring", "2026-03-08T03:30 dst=gap-shifted-forward", "02:30 does not exist; shifted +1h"),
    R("1:30am", "ny_fall", "2026-11-01T01:30 dst=fold-first-occurrence", "01:30 exists twice; first is used"),
    R("in 3 hours", "ny_spring", "2026-03-08T04:30", "elapsed hours across the gap: 3h later is 04:30 EDT"),
    R("in 2 hours", "ny_fall", "2026-11-01T01:30", "elapsed hours across the fold"),
    R("tomorrow", "ny_spring", "ambiguous 2026-03-08T00:00 2026-03-09T00:00",
      "said at 00:30: the change day itself (the night owl's tomorrow) or the day after it (README 'Tomorrow after midnight')"),
    R("today", "ny_fall", "2026-11-01", "the 25-hour day"),
    R("1:30am", "lon_spring", "2026-03-29T02:30 dst=gap-shifted-forward", "London gap"),
    R("1:30am", "lon_fall", "2026-10-25T01:30 dst=fold-first-occurrence", "London fold"),
    R("tomorrow at 9am", "ny_spring", "ambiguous 2026-03-08T09:00 2026-03-09T09:00",
      "said at 00:30: the change day's 09:00 (after the gap), or the next day's"),
    R("3pm", "tue", "2026-12-01T15:00", "an explicit zone argument", tz="Asia/Shanghai"),
    R("3pm", "tue", "2026-11-30T15:00", "now converted into another zone first: 10:00 CST = 21:00 EST Monday",
      tz="America/New_York", prefer="past"),
    # refusals
    R("", "tue", "unresolved", "empty text"),
    R("   ", "tue", "unresolved", "only spaces"),
    R("7", "tue", "unresolved", "a bare number is not a time"),
    R("25", "tue", "unresolved", "a bare number"),
    R("hello", "tue", "unresolved", "not a time"),
    R("lunch with john tomorrow", "tue", "unresolved", "words that are not time words are refused"),
    R("monday tuesday", "tue", "unresolved", "two weekdays contradict"),
    R("next", "tue", "unresolved", "a modifier alone"),
    R("at", "tue", "unresolved", "a filler alone"),
]

# ------------------------------------------------------------------ generated families
_WD = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _today(now: str) -> date:
    return NOWS[now].date()


def _weekday_rows() -> list[Row]:
    rows = []
    for now in ("sun", "tue", "dec31", "leap"):
        today = _today(now)
        monday = today - timedelta(days=today.weekday())
        for wd, name in enumerate(_WD):
            ahead = (wd - today.weekday() - 1) % 7 + 1
            rows.append(R(name, now, (today + timedelta(days=ahead)).isoformat(),
                          "bare weekday: the next one strictly after today"))
            rows.append(R(f"this {name}", now, (today + timedelta(days=(wd - today.weekday()) % 7)).isoformat(),
                          "this weekday: the coming one, today included"))
            rows.append(R(f"next {name}", now, (monday + timedelta(days=7 + wd)).isoformat(),
                          "next weekday: that day of next calendar week"))
            back = (today.weekday() - wd - 1) % 7 + 1
            rows.append(R(f"last {name}", now, (today - timedelta(days=back)).isoformat(),
                          "last weekday: the most recent one strictly before today"))
    return rows


def _clock_rows() -> list[Row]:
    rows = []
    for h in range(1, 13):
        h24 = h % 12 + 12
        day = "2026-12-01" if h24 >= 10 else "2026-12-02"
        rows.append(R(f"{h}pm", "tue", f"{day}T{h24:02d}:00", "pm hour later today (or tomorrow if past)"))
        h24 = h % 12
        day = "2026-12-01" if h24 >= 10 else "2026-12-02"
        rows.append(R(f"{h}am", "tue", f"{day}T{h24:02d}:00", "am hour; past ones move to tomorrow"))
        if h in (6, 7, 8):
            expect = f"ambiguous 2026-12-02T{h:02d}:00 2026-12-01T{h + 12}:00"
        elif h == 12:
            expect = "2026-12-01T12:00 assumed"
        elif h >= 9:
            expect = f"2026-12-01T{h:02d}:00 assumed" if h >= 10 else "2026-12-02T09:00 assumed"
        else:
            expect = f"2026-12-01T{h + 12}:00 assumed"
        rows.append(R(f"at {h} o'clock", "tue", expect, "bare hour: working-day window rule"))
    for h in range(0, 24):
        day = "2026-12-01" if h >= 10 else "2026-12-02"
        rows.append(R(f"{h:02d}:15", "tue", f"{day}T{h:02d}:15", "two-digit 24-hour clock"))
    return rows


def _date_rows() -> list[Row]:
    rows = []
    months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    for i, mon in enumerate(months, start=1):
        year = 2026 if i == 12 else 2027
        rows.append(R(f"{mon} 10", "tue", f"{year}-{i:02d}-10", "abbreviated month: next occurrence"))
        rows.append(R(f"10 {mon} 2030", "tue", f"2030-{i:02d}-10", "day month year"))
        rows.append(R(f"{i}/10", "month_end", f"{2026 if i >= 2 else 2027}-{i:02d}-10",
                      "numeric month/day from Jan 31"))
    return rows


def _offset_rows() -> list[Row]:
    rows = []
    now = NOWS["tue"].replace(tzinfo=None)
    for n in (1, 2, 5, 10, 30):
        rows.append(R(f"in {n} days", "tue", (now + timedelta(days=n)).isoformat(timespec="minutes"),
                      "days from now"))
        rows.append(R(f"{n} days ago", "tue", (now - timedelta(days=n)).isoformat(timespec="minutes"),
                      "days before now"))
        rows.append(R(f"in {n} minutes", "tue", (now + timedelta(minutes=n)).isoformat(timespec="minutes"),
                      "minutes from now"))
        rows.append(R(f"for {n} hours", "tue", f"duration {n}:00:00", "a duration in hours"))
    return rows


# forms added with the scorer work (seasons, n-th week of, zones on ranges, offsets ...)
ROWS += PHRASE_ROWS
ROWS += FORM_ROWS

ROWS += _weekday_rows() + _clock_rows() + _date_rows() + _offset_rows()
