"""A bare hour the user gave as a time: right after a write ("oops, meant 5", "no, 5" — the hour of the
change's new time, said in the frame of the event just written, ``focus.just_written``), or right after the
words that name an event's end ("the end time should be 11", 结束时间改成11: ``schedule_time.said_as_an_end``).
A lone "4" is no time phrase for the time service, so without this the request reads as nothing said
(``nothing_asked``) and its time as not the user's words (``ground_times``). The number is a bounded field
(1-12; 13-24 on a 24-hour face); it grounds only a time whose hour it is.
"""

from __future__ import annotations

import re
from datetime import timedelta

from agent.context import ToolContext
from agent.outcomes import Command
from agent.time_grounding import is_time_grounded, names_a_day, phrases_of, resolved, the_time_itself
from agent.turn.focus import just_written
from schedule_time import said_as_an_end

__all__ = ["hour_of_a_correction", "hour_said_as_an_end", "the_hour_said_instead"]

_A_MINUTE = timedelta(minutes=1)
_BARE_HOUR = re.compile(r"(?<![\d:.])(?:[1-9]|1\d|2[0-4])(?![\d:.])")


def _has_an_hour(ctx: ToolContext, value: object, hours: set[int]) -> bool:
    """``value`` reads as a time whose hour is one of ``hours``: the very hour (13-24 on a 24-hour face), or
    the same hour on a 12-hour face for a number of 1-12."""
    if not hours:
        return False
    found = resolved(str(value), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if found.start is None:
        return False
    local = found.start.astimezone(ctx.tz)
    if local.minute:  # "7" is seven o'clock: never 7:30 (live: "make it 7" moved a 6:30 dinner to 7:30)
        return False
    return local.hour in hours or local.hour % 12 in {h % 12 for h in hours if h <= 12}


def hour_of_a_correction(ctx: ToolContext, command: Command, value: object) -> bool:
    """``value`` (an update's ``when``/``end``) has a bare number (1-12) of this message as its hour, right after
    a write of one event."""
    if command.tool != "update_event" or not value or just_written(ctx.focus) is None:
        return False
    return _has_an_hour(ctx, value, {h for n in _BARE_HOUR.findall(ctx.user_text) if (h := int(n)) <= 12})


def hour_said_as_an_end(ctx: ToolContext, command: Command, value: object) -> bool:
    """``value`` (an update's ``end``) has as its hour a bare number the message says is the end ("the end
    time should be 11", 培训的结束时间改成11)."""
    if command.tool != "update_event" or not value:
        return False
    said = {int(n) for n in _BARE_HOUR.findall(ctx.user_text) if said_as_an_end(ctx.user_text, n)}
    return _has_an_hour(ctx, value, said)


def the_hour_said_instead(ctx: ToolContext, command: Command, value: object) -> str | None:
    """Right after a write, an update's ``when`` that the user's words do not ground, in the hour of the message's
    one clock but at other minutes ("7:30 PM", the receipt's end beside "6:30", for "make it 7" / 改成七点):
    the user's clock, on the value's half of the day and day (live: "make it 7" moved a 6:30 dinner to 7:30).
    The clock is the message's one bare hour (1-12) or its one clock phrase. None otherwise."""
    if command.tool != "update_event" or not value or just_written(ctx.focus) is None:
        return None
    if is_time_grounded(str(value), ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    found = resolved(str(value), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    said = _clocks_said(ctx)
    if len(said) != 1 or found.start is None:
        return None
    (hour, minute), start = said.pop(), found.start.astimezone(ctx.tz)
    if start.hour % 12 != hour or start.minute == minute:
        return None
    clock = f"{start.hour:02d}:{minute:02d}"  # (a value with no day stays one: read on the event's day)
    return f"{start.date().isoformat()} {clock}" if names_a_day(str(value)) else clock


def _clocks_said(ctx: ToolContext) -> set[tuple[int, int]]:
    """The message's clocks as (hour on a 12-hour face, minute): its bare hours (1-12), and its time phrases
    that read as one clock ("七点", "7:15 pm"); "7" and "7 pm" of one message are one clock."""
    said = {(h % 12, 0) for n in _BARE_HOUR.findall(ctx.user_text) if (h := int(n)) <= 12}
    for phrase in phrases_of(ctx.user_text, ctx.memo):  # (改到晚上七点: the time itself, not "until 7pm")
        r = resolved(the_time_itself(phrase), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        starts = [(c.start, c.end) for c in r.candidates] or [(r.start, r.end)]  # 七点: 7:00 or 19:00
        for start, end in starts:
            if start is not None and end is not None and r.grain == "minute" and end - start <= _A_MINUTE:
                local = start.astimezone(ctx.tz)
                said.add((local.hour % 12, local.minute))
    return said
