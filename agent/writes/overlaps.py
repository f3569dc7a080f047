"""What a write would overlap: the events at its time, and for a repeating one, at each of its coming
occurrences — "piano every Thursday at 7pm" clashes with next Thursday's dinner as surely as with this
week's book club, and a demanding user wants to hear of it before the series is written, not after.

The horizon is bounded (``HORIZON`` and ``MAX_OCCURRENCES``): the clashes worth a question are the near ones,
and one read of the calendar covers them all.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from agent.context import ToolContext
from agent.timing import rule_days
from storage import Occurrence
from storage.recurrence import expand

__all__ = ["HORIZON", "MAX_OCCURRENCES", "overlaps"]

HORIZON = timedelta(days=90)
"""How far ahead a repeating write's occurrences are checked."""
MAX_OCCURRENCES = 30
"""At most this many of its occurrences (a daily series: a month)."""


async def overlaps(
    ctx: ToolContext,
    start: datetime,
    end: datetime,
    *,
    rrule: str | None = None,
    exclude: str | None = None,
    occurrence: datetime | None = None,
) -> list[Occurrence]:
    """The timed occurrences of other events (``exclude``: the one being changed) that overlap ``[start,
    end)``, or with ``rrule`` any occurrence of that rule from ``start`` within the horizon; in start order,
    one per clashing occurrence. ``occurrence``: only the occurrence of ``exclude`` that starts then is the one
    being changed — its siblings clash like any event (live: "skip it on friday" moved Monday's standup onto
    Friday's, unasked)."""
    if not rrule and occurrence is not None and exclude is not None:
        found = await ctx.events.conflicts(start, end)
        return [o for o in found if not (str(o.event_id) == str(exclude) and o.start == occurrence)]
    if not rrule:
        return await ctx.events.conflicts(start, end, exclude=exclude)
    rule = rule_days(rrule)  # (the times are the new start's: a moved series keeps none)
    if not isinstance(start.tzinfo, ZoneInfo):  # walls repeat in a zone, not at a fixed offset (DST)
        start, end = start.astimezone(ctx.tz), end.astimezone(ctx.tz)
    ours = expand(
        start=start, end=end, all_day=False, rule=rule, exdates=(), range_start=start,
        range_end=start + HORIZON, limit=MAX_OCCURRENCES,
    )  # fmt: skip
    if not ours:
        return []
    theirs = await ctx.events.conflicts(ours[0][0], ours[-1][1], exclude=exclude)
    return [o for o in theirs if any(o.start < e and s < o.end for s, e in ours)]
