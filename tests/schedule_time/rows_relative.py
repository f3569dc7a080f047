"""Rows read against an event (``resolve(..., relative_to=...)``, README "Relative to an event").

``EN`` / ``ZH``: text, the expectation with the event, the expectation without it (today's behaviour:
unresolved or counted from now), reason. Now: Tuesday 2026-12-01 10:00 Shanghai (``table.NOWS["tue"]``);
the event: Thursday 2026-12-03 14:00-15:00 (``EVENT``). More rows at other nows (a month end, the leap
day, the DST gaps), each with its own event, are ``Row``s with ``event=`` in ``rows_en_forms.RELATIVE`` and
``rows_zh_forms.RELATIVE``."""

from __future__ import annotations

from datetime import datetime

from .table import NOWS

TZ = NOWS["tue"].tzinfo
EVENT = (datetime(2026, 12, 3, 14, 0, tzinfo=TZ), datetime(2026, 12, 3, 15, 0, tzinfo=TZ))

EN: list[tuple[str, str, str, str]] = [
    ("same time next Monday", "2026-12-07T14:00/2026-12-07T15:00 minute", "unresolved", "the event's 14:00-15:00 on next week's Monday"),
    ("same time next week", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "a week: the event's weekday and clock in it"),
    ("same time the following week", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "a week: the event's weekday and clock in it"),
    ("same slot this week", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "the event's own week means no change: the week after it"),
    ("the week after", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "as 'the day after': a week after the event, its clock kept"),
    ("same slot the week after", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "same slot + the week after"),
    ("move it to the week after", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "a destination"),
    ("same slot Friday", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "same slot = same time of day"),
    ("at the same time on Thursday", "2026-12-03T14:00/2026-12-03T15:00 minute", "unresolved", "the coming Thursday (the event's day): unchanged"),
    ("an hour later", "2026-12-03T15:00/2026-12-03T16:00 minute", "2026-12-01T11:00", "moved an hour; without an event: an hour from now, as before"),
    ("later by 45 minutes", "2026-12-03T14:45/2026-12-03T15:45 minute", "unresolved", "later by: a move, length kept"),
    ("45 minutes earlier", "2026-12-03T13:15/2026-12-03T14:15 minute", "2026-12-01T09:15", "earlier: moved back; without an event from now, as before"),
    ("push it back hour and a half", "2026-12-03T15:30/2026-12-03T16:30 minute", "unresolved", "'hour and a half' without its article"),
    ("hour and a half later", "2026-12-03T15:30/2026-12-03T16:30 minute", "2026-12-01T11:30", "a later shift of an hour and a half"),
    ("a day and a half later", "2026-12-05T02:00/2026-12-05T03:00 minute", "2026-12-02T22:00", "with the article, as before"),
    ("30 mins sooner", "2026-12-03T13:30/2026-12-03T14:30 minute", "2026-12-01T09:30", "sooner = earlier"),
    ("half an hour sooner", "2026-12-03T13:30/2026-12-03T14:30 minute", "2026-12-01T09:30", "sooner = earlier"),
    ("sooner by 20 minutes", "2026-12-03T13:40/2026-12-03T14:40 minute", "unresolved", "sooner by = earlier by"),
    ("forward 15 min sooner", "2026-12-03T13:45/2026-12-03T14:45 minute", "unresolved", "the direction said twice"),
    ("earlier by a day", "2026-12-02T14:00/2026-12-02T15:00 minute", "unresolved", "a day earlier, same clock time"),
    ("push it back two days", "2026-12-05T14:00/2026-12-05T15:00 minute", "unresolved", "push back = later"),
    ("bring it forward 30 minutes", "2026-12-03T13:30/2026-12-03T14:30 minute", "unresolved", "bring forward = earlier"),
    ("delay by an hour", "2026-12-03T15:00/2026-12-03T16:00 minute", "unresolved", "delay = later"),
    ("the next day", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "the event's next day, its clock kept; alone, the next day of nothing"),
    ("move it to the following day", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "the following day = the next day"),
    ("push it to the day after", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "'the day after' with nothing after it"),
    ("move it to the day after tomorrow", "2026-12-03T14:00/2026-12-03T15:00 minute", "2026-12-03", "not 'the day after': a day of its own"),
    ("back 2 hours", "2026-12-03T16:00/2026-12-03T17:00 minute", "unresolved", "the direction alone (the verb before the event's name): later"),
    ("back by two hours", "2026-12-03T16:00/2026-12-03T17:00 minute", "unresolved", "back by = later"),
    ("forward by 15 min", "2026-12-03T13:45/2026-12-03T14:45 minute", "unresolved", "forward = earlier"),
    ("ahead one day", "2026-12-02T14:00/2026-12-02T15:00 minute", "unresolved", "ahead = earlier"),
    ("postpone it 1 week", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "postpone without a direction = later"),
    ("move to 4", "2026-12-03T16:00/2026-12-03T17:00 minute", "unresolved", "a bare clock with an event keeps its day; 4 = 16:00 (working day)"),
    ("move to 7", "ambiguous 2026-12-03T07:00 2026-12-03T19:00", "unresolved", "a bare 7 stays ambiguous, on the event's day"),
    ("move it to Friday", "2026-12-04T14:00/2026-12-04T15:00 minute", "2026-12-04", "a day without a time keeps the event's time of day"),
    ("reschedule to next Tuesday at 10am", "2026-12-08T10:00/2026-12-08T11:00 minute", "2026-12-08T10:00", "a full point: the event's length from there"),
    ("to 4", "2026-12-03T16:00/2026-12-03T17:00 minute", "unresolved", "the move verb left out: 'to' names where it goes, not an end"),
    ("to 4pm", "2026-12-03T16:00/2026-12-03T17:00 minute", "open-before 2026-12-01T16:00", "as 'move to 4pm'; without an event: until 4pm today, as before"),
    ("to friday 4pm", "2026-12-04T16:00/2026-12-04T17:00 minute", "open-before 2026-12-04T16:00", "a destination with its day"),
    ("thursday to 4pm", "2026-12-03T16:00/2026-12-03T17:00 minute", "2026-12-03T00:00/2026-12-03T16:00 day", "the day it is on, then where it goes: one point, not a range from a day to a clock"),
    ("thursday to 4", "2026-12-03T16:00/2026-12-03T17:00 minute", "unresolved", "a bare hour as the destination on the event's day"),
    ("move to 4-6pm", "2026-12-03T16:00/2026-12-03T18:00 minute", "2026-12-01T16:00/2026-12-01T18:00 minute", "the text gives its own end: kept, on the event's day"),
    ("an hour later than that", "2026-12-03T15:00/2026-12-03T16:00 minute", "unresolved", "'than that': the event moved; without one, nothing to count from"),
    ("make it two hours", "2026-12-03T14:00/2026-12-03T16:00 minute", "duration 2:00:00", "a length: from the event's start"),
    ("make it tomorrow", "2026-12-02T14:00/2026-12-02T15:00 minute", "2026-12-02", "a day: the event's time on it"),
    ("same time", "unresolved", "unresolved", "same time needs a day"),
    ("the next day at 3pm", "2026-12-04T15:00/2026-12-04T16:00 minute", "unresolved", "the event's next day, at the clock named; length kept"),
    ("move it to the following day at 9am", "2026-12-04T09:00/2026-12-04T10:00 minute", "unresolved", "the following day + a clock"),
    ("the day after at 4", "2026-12-04T16:00/2026-12-04T17:00 minute", "unresolved", "a bare 4 on the day after the event: 16:00"),
    ("two days later at 10:30am", "2026-12-05T10:30/2026-12-05T11:30 minute", "2026-12-03T10:30", "a move by days, at a clock; without an event, two days from now"),
    ("the next day same time", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "same time with a move by days: the clock kept"),
    ("the next day at 7", "ambiguous 2026-12-04T07:00 2026-12-04T19:00", "unresolved", "a bare 7 stays ambiguous, on the day after the event"),
    ("an hour later at 3pm", "unresolved", "unresolved", "a move by hours and a clock contradict each other"),
    ("the next day in the morning", "unresolved", "unresolved", "a part of day is no start to move to: the assistant asks"),
]

ZH: list[tuple[str, str, str, str]] = [
    ("周五同一个时间段", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "同一个时间段: the event's time of day on Friday"),
    ("下周同一时间", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "下周: the event's weekday and clock next week"),
    ("同一个时间段下个星期", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "the week after the time words"),
    ("下週同一時間", "2026-12-10T14:00/2026-12-10T15:00 minute", "unresolved", "traditional"),
    ("下周一同一时间", "2026-12-07T14:00/2026-12-07T15:00 minute", "unresolved", "next week's Monday, same time"),
    ("提前二十分钟", "2026-12-03T13:40/2026-12-03T14:40 minute", "unresolved", "提前: earlier; the length kept"),
    ("推迟一天", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "推迟: later by a day"),
    ("改到第二天", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "第二天: the event's next day, its clock kept"),
    ("挪到次日", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "次日 = 第二天"),
    ("隔天", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "隔天 = the next day"),
    ("往后挪半小时", "2026-12-03T14:30/2026-12-03T15:30 minute", "unresolved", "往后挪: later"),
    ("往前挪一个小时", "2026-12-03T13:00/2026-12-03T14:00 minute", "unresolved", "往前挪: earlier"),
    ("晚一个小时", "2026-12-03T15:00/2026-12-03T16:00 minute", "unresolved", "晚 + amount: later"),
    ("早半小时", "2026-12-03T13:30/2026-12-03T14:30 minute", "unresolved", "早 + amount: earlier"),
    ("延后两天", "2026-12-05T14:00/2026-12-05T15:00 minute", "unresolved", "延后: later"),
    ("顺延一天", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "顺延: postponed"),
    ("提前一周", "2026-11-26T14:00/2026-11-26T15:00 minute", "unresolved", "a week earlier (in the past: a move is not a next occurrence)"),
    ("比原来晚一个小时", "2026-12-03T15:00/2026-12-03T16:00 minute", "unresolved", "比原来 (than it was): a move of the event"),
    ("改到四点", "2026-12-03T16:00/2026-12-03T17:00 minute", "2026-12-01T16:00", "改到 + clock: the event's day"),
    ("推迟到周五", "2026-12-04T14:00/2026-12-04T15:00 minute", "2026-12-04", "推迟到 + day: the event's time that day"),
    ("改到明天上午十点", "2026-12-02T10:00/2026-12-02T11:00 minute", "2026-12-02T10:00", "a full point: the event's length"),
    ("挪到下午三点到五点", "2026-12-03T15:00/2026-12-03T17:00 minute", "2026-12-01T15:00/2026-12-01T17:00 minute", "its own end, on the event's day"),
    ("改到明天", "2026-12-02T14:00/2026-12-02T15:00 minute", "2026-12-02", "a day: the event's time on it"),
    ("同一时间", "unresolved", "unresolved", "同一时间 alone names no day"),
    ("第二天下午三点", "2026-12-04T15:00/2026-12-04T16:00 minute", "unresolved", "第二天 + a clock: the day after the event"),
    ("改到次日上午十点", "2026-12-04T10:00/2026-12-04T11:00 minute", "unresolved", "次日 + a clock"),
    ("隔天晚上八点", "2026-12-04T20:00/2026-12-04T21:00 minute", "unresolved", "隔天 + a clock"),
    ("推迟一天到上午九点", "2026-12-04T09:00/2026-12-04T10:00 minute", "unresolved", "a day later, at nine"),
    ("往后延两天", "2026-12-05T14:00/2026-12-05T15:00 minute", "unresolved", "往后 + 延: later"),
    ("往後延兩天", "2026-12-05T14:00/2026-12-05T15:00 minute", "unresolved", "traditional 往後延"),
    ("向后推迟一个小时", "2026-12-03T15:00/2026-12-03T16:00 minute", "unresolved", "向后推迟: later"),
    ("向後推遲一個小時", "2026-12-03T15:00/2026-12-03T16:00 minute", "unresolved", "traditional 向後推遲"),
    ("往后拖半小时", "2026-12-03T14:30/2026-12-03T15:30 minute", "unresolved", "往后拖: later"),
    ("往後移一天", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "往後移: later"),
    ("往前调半小时", "2026-12-03T13:30/2026-12-03T14:30 minute", "unresolved", "往前调: earlier"),
    ("向前推一个小时", "2026-12-03T13:00/2026-12-03T14:00 minute", "unresolved", "向前推: earlier"),
    ("往前調二十分鐘", "2026-12-03T13:40/2026-12-03T14:40 minute", "unresolved", "traditional 往前調"),
    ("翌日下午兩點", "2026-12-04T14:00/2026-12-04T15:00 minute", "unresolved", "traditional: 翌日 + a clock"),
]
