""""Tomorrow" after midnight (README "Tomorrow after midnight"): from 00:00 until ``NIGHT_OWL_HOUR`` (04:00)
local time a text naming tomorrow is ambiguous: the day after the night now ending (the calendar's today)
first, then the calendar's tomorrow; "today" and "tonight" keep the calendar day.

Nows (``table.NOWS``): tue_2359 = Tue 1 Dec 2026 23:59, wed_0001 / wed_0359 / wed_0400 = Wed 2 Dec 00:01 /
03:59 / 04:00 (Shanghai); ny_sat_0130 = Sat 28 Nov 2026 01:30 New York."""

from __future__ import annotations

from .table import Row

R = Row

EN: list[Row] = [
    R("tomorrow", "tue_2359", "2026-12-02", "23:59 is before midnight: tomorrow is the calendar's"),
    R("tomorrow", "wed_0001", "ambiguous 2026-12-02T00:00 2026-12-03T00:00",
      "00:01: the calendar's tomorrow (Thu) or the day after the night now ending (Wed): ask"),
    R("tomorrow morning", "wed_0359", "ambiguous 2026-12-02T00:00 2026-12-03T00:00", "03:59 is still in the window"),
    R("tomorrow", "wed_0400", "2026-12-03", "04:00 ends the window: the calendar's tomorrow"),
    R("tomorrow at 3pm", "wed_0001", "ambiguous 2026-12-02T15:00 2026-12-03T15:00", "a clock time on either day"),
    R("tomorrow at 7", "wed_0001",
      "ambiguous 2026-12-02T07:00 2026-12-02T19:00 2026-12-03T07:00 2026-12-03T19:00",
      "a bare 7 is ambiguous too: both days' morning and evening, today's first"),
    R("tomorrow (wednesday)", "wed_0001", "2026-12-02", "the weekday decides: only the night owl's tomorrow is a Wednesday"),
    R("tomorrow thursday", "wed_0359", "2026-12-03", "the weekday decides: the calendar's tomorrow"),
    R("tmrw 9am", "ny_sat_0130", "ambiguous 2026-11-28T09:00 2026-11-29T09:00", "informal spelling, New York 01:30"),
    R("tomorrow night", "wed_0001", "ambiguous 2026-12-02T18:00 2026-12-03T18:00", "tomorrow's night, either day"),
    R("today", "wed_0001", "2026-12-02", "today after midnight is the calendar day (not asked)"),
    R("tonight", "wed_0359", "2026-12-02T18:00/2026-12-03T00:00 hour",
      "tonight after midnight is the coming evening of the calendar day (not the night now ending)"),
    R("the day after tomorrow", "wed_0001", "2026-12-04", "only tomorrow is asked about"),
    R("this time tomorrow", "wed_0001", "2026-12-03T00:01", "a point 24 hours from now, not a day name"),
    R("tomorrow", "wed_0400", "2026-12-03", "prefer past or future alike from 04:00", prefer="past"),
]

ZH: list[Row] = [
    R("明天", "tue_2359", "2026-12-02", "23:59: 明天 is the calendar's tomorrow"),
    R("明天", "wed_0001", "ambiguous 2026-12-02T00:00 2026-12-03T00:00", "00:01: 明天 is asked about"),
    R("明天", "wed_0359", "ambiguous 2026-12-02T00:00 2026-12-03T00:00", "03:59: still asked about"),
    R("明天", "wed_0400", "2026-12-03", "04:00: the calendar's tomorrow"),
    R("明早", "wed_0359", "ambiguous 2026-12-02T04:00 2026-12-03T04:00", "明早 carries its day: either morning"),
    R("明天上午", "wed_0001", "ambiguous 2026-12-02T00:00 2026-12-03T00:00", "tomorrow morning, either day"),
    R("明天下午三点", "wed_0359", "ambiguous 2026-12-02T15:00 2026-12-03T15:00", "a time on either day"),
    R("明晚八点", "wed_0001", "ambiguous 2026-12-02T20:00 2026-12-03T20:00", "明晚 carries its day too"),
    R("明儿", "wed_0001", "ambiguous 2026-12-02T00:00 2026-12-03T00:00", "colloquial 明儿 as 明天"),
    R("明天周三", "wed_0001", "2026-12-02", "the weekday decides: Wednesday is the night owl's tomorrow"),
    R("明天周四", "wed_0359", "2026-12-03", "the weekday decides: Thursday is the calendar's tomorrow"),
    R("明天早上九点", "wed_0400", "2026-12-03T09:00", "04:00 ends the window"),
    R("今天", "wed_0001", "2026-12-02", "今天 after midnight is the calendar day"),
    R("今晚", "wed_0001", "2026-12-02T18:00/2026-12-03T00:00 hour", "今晚 after midnight is the coming evening"),
    R("后天", "wed_0001", "2026-12-04", "only 明天 is asked about"),
]

ROWS: list[Row] = EN + ZH
