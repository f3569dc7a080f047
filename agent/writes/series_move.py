"""Where a change of a repeating event lands: the occurrence on the day a new time names, the occurrence a
change of one is for, and the series from an occurrence on moved by what that occurrence moved."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from agent.context import ToolContext
from agent.outcomes import Command
from agent.timing import named_day
from agent.writes.series_scope import series_move_allowed
from storage import EventSnapshot

__all__ = ["occurrence_of", "occurrence_on_named_day", "onto_its_own_occurrence", "series_patch"]


async def occurrence_on_named_day(ctx: ToolContext, command: Command) -> Command:
    """A new time on a named day, for a series with one occurrence that day: that occurrence moves."""
    target = command.target or {}
    day = named_day(command.args["when"], now=ctx.now, tz=ctx.tz)
    if day is None:
        return command
    midnight = datetime.combine(day, time(0), tzinfo=ctx.tz)
    found = [
        o
        for o in await ctx.events.list_range(midnight, midnight + timedelta(days=1))
        if str(o.event_id) == target["event_id"] and o.start.astimezone(ctx.tz).date() == day
    ]
    if len(found) != 1:
        return command
    start, end = found[0].start.isoformat(), found[0].end.isoformat()
    moved = {**target, "start": start, "end": end, "occurrence_start": start, "scope": "one"}
    return command.with_(target=moved)


async def onto_its_own_occurrence(ctx: ToolContext, command: Command, start: datetime) -> Command | None:
    """One occurrence moved onto another occurrence of its own series, at the very same time ("no gym next
    tuesday" sent as a move of the next one to next Tuesday): two of one series at one time is never a
    change anyone asks for, so the time names the occurrence, not where one goes. The update again with
    that time as its ``event_when`` (it finds that occurrence, and nothing moves); None for any other move."""
    target = command.target or {}
    at = occurrence_of(target)
    when = command.args.get("when")
    if at is None or start == at or not when or command.args.get("event_when"):
        return None
    found = await ctx.events.list_range(start, start + timedelta(minutes=1))
    if not any(str(o.event_id) == target["event_id"] and o.start == start for o in found):
        return None
    return command.with_(args={**command.args, "event_when": when, "when": None}, target=None, resolved=None)


def occurrence_of(target: dict[str, Any]) -> datetime | None:
    """The occurrence a change to one occurrence of a series is for (None: the event itself)."""
    if not target.get("recurring") or target.get("scope") != "one":
        return None
    return datetime.fromisoformat(target.get("occurrence_start") or target["start"])


def series_patch(
    ctx: ToolContext,
    target: dict[str, Any],
    series: EventSnapshot,
    first: datetime,
    start: datetime,
    end: datetime,
    all_day: bool,
) -> dict[str, Any] | None:
    """The series from ``first`` on (its first start, or where it is split) moved by what its named
    occurrence moved: ``first``'s date kept, its clock time (and day, for a rule that names none) taken
    from the occurrence's new time. A rule's UNTIL moves with the start in the store
    (``EventPatch.apply``)."""
    occurrence = datetime.fromisoformat(target["start"]).astimezone(ctx.tz)
    if not series_move_allowed(series.rrule, occurrence, start, ctx.tz):
        return None
    if all_day:
        day = first.date() + (start.date() - occurrence.date())
        return {"start": day, "end": day + (end.date() - start.date())}
    new = start.astimezone(ctx.tz)
    moved = first.astimezone(ctx.tz).replace(hour=new.hour, minute=new.minute, second=0)
    moved += new.date() - occurrence.date()
    return {"start": moved, "end": moved + (end - start)}
