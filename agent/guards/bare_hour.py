"""A bare hour right after a write: "oops, meant 5", "no, 5" — the number is the hour of the change's new
time, said in the frame of the event just written (``focus.just_written``). A lone "4" is no time phrase for
the time service, so without this the correction reads as nothing said (``nothing_asked``) and its time as
not the user's words (``ground_times``). The number is a bounded field (1-12); it grounds only a new time of
the event just written whose hour it is.
"""

from __future__ import annotations

import re

from agent.context import ToolContext
from agent.outcomes import Command
from agent.time_grounding import resolved
from agent.turn.focus import just_written

__all__ = ["hour_of_a_correction"]

_BARE_NUMBER = re.compile(r"(?<![\d:.])(?:[1-9]|1[0-2])(?![\d:.])")


def hour_of_a_correction(ctx: ToolContext, command: Command, value: object) -> bool:
    """``value`` (an update's ``when``/``end``) has a bare number of this message as its hour, right after a
    write of one event."""
    if command.tool != "update_event" or not value or just_written(ctx.focus) is None:
        return False
    hours = {int(n) % 12 for n in _BARE_NUMBER.findall(ctx.user_text)}
    if not hours:
        return False
    found = resolved(str(value), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return found.start is not None and found.start.astimezone(ctx.tz).hour % 12 in hours
