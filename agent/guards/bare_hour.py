"""A bare hour the user gave as a time: right after a write ("oops, meant 5", "no, 5" — the hour of the
change's new time, said in the frame of the event just written, ``focus.just_written``), or right after the
words that name an event's end ("the end time should be 11", 结束时间改成11: ``schedule_time.said_as_an_end``).
A lone "4" is no time phrase for the time service, so without this the request reads as nothing said
(``nothing_asked``) and its time as not the user's words (``ground_times``). The number is a bounded field
(1-12; 13-24 on a 24-hour face); it grounds only a time whose hour it is.
"""

from __future__ import annotations

import re

from agent.context import ToolContext
from agent.outcomes import Command
from agent.time_grounding import resolved
from agent.turn.focus import just_written
from schedule_time import said_as_an_end

__all__ = ["hour_of_a_correction", "hour_said_as_an_end"]

_BARE_HOUR = re.compile(r"(?<![\d:.])(?:[1-9]|1\d|2[0-4])(?![\d:.])")


def _has_an_hour(ctx: ToolContext, value: object, hours: set[int]) -> bool:
    """``value`` reads as a time whose hour is one of ``hours``: the very hour (13-24 on a 24-hour face), or
    the same hour on a 12-hour face for a number of 1-12."""
    if not hours:
        return False
    found = resolved(str(value), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if found.start is None:
        return False
    hour = found.start.astimezone(ctx.tz).hour
    return hour in hours or hour % 12 in {h % 12 for h in hours if h <= 12}


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
