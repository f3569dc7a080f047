"""A create of an event that is already there: the same title at the same time.

A small model sends the event just written again — the receipt's time copied back for "and another one next
Friday, same time" (live), or one call twice — and the create asked "“Team Lunch” overlaps “Team Lunch”. Add it
anyway?". The fact is plain: an event of that title has that very start and end. The model hears it once,
with the hint that a time relative to that event is computed from it; a create that still copies it is
answered "already on your calendar", never written twice — unless it carries a place, people or notes the
stored event lacks: then it is the change of those details ("加个地点：少年宫", live), made on the stored event.
"""

from __future__ import annotations

from datetime import datetime

from agent.context import ToolContext
from agent.grounding import bare_words
from agent.outcomes import Command, Rejected
from agent.render import phrases
from agent.render.timefmt import range_text
from storage import Occurrence

__all__ = ["already_there", "details_for_the_same"]

_HINT = (
    "{title!r} is already on the calendar at exactly this time; if the user asked for another one at a time "
    "relative to it (another day, the same time), pass the user's own words for that time in `when`"
)


async def details_for_the_same(
    ctx: ToolContext, command: Command, start: datetime, end: datetime, rrule: str | None
) -> Command | None:
    """A create of the event that is already there — the same title at the same time — carrying a place,
    people or notes the stored one lacks ("加个地点：少年宫" sent as the whole event again, live): the change of
    those details on the stored event — values grounding kept as the user's words, so the update runs as any
    update would. None when no such event is there or the create adds nothing to it."""
    same = await _the_same(ctx, command, start, end, rrule)
    if not same:
        return None
    event, args = same[0].event, command.args
    added: dict[str, object] = {
        name: args[name] for name in ("location", "notes") if args.get(name) and args[name] != getattr(event, name)
    }
    if joining := [p for p in args.get("attendees") or () if p not in event.attendees]:
        added["attendees"] = [*event.attendees, *joining]  # the stored people stay: the create names who joins
    if not added:
        return None
    ctx.notes.append({"replaced": "tool", "reason": "details_sent_as_the_same_create", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    ctx.state.checks.append({"name": "details_as_create", "verdict": "amend"})
    return Command("update_event", {"event": str(event.id), **added}, call_index=command.call_index, doubted=True)


async def _the_same(
    ctx: ToolContext, command: Command, start: datetime, end: datetime, rrule: str | None
) -> list[Occurrence]:
    title = bare_words(str(command.args.get("title") or ""))
    if not title or rrule:
        return []
    return [
        o for o in await ctx.events.conflicts(start, end)
        if o.start == start and o.end == end and not o.recurring and bare_words(o.title) == title
    ]  # fmt: skip


async def already_there(
    ctx: ToolContext, command: Command, start: datetime, end: datetime, rrule: str | None
) -> Rejected | None:
    """The answer to a create of an event that exists as it would be written; None when none does."""
    same = await _the_same(ctx, command, start, end, rrule)  # (a series: its overlap question names each clash)
    if not same:
        return None
    when = range_text(
        start.astimezone(ctx.tz), end.astimezone(ctx.tz), ctx.lang, ref=ctx.now.astimezone(ctx.tz).date()
    )
    there = phrases.say("already_there", ctx.lang, title=same[0].title, when=when)
    if ctx.state.send_back_once("duplicate"):
        # (what the user is told if the model answers the hint in words, not with another call)
        problem = {"field": "when", "problem": "already_there", "hint": _HINT.format(title=same[0].title)}
        return Rejected("already_there", there, fixable=True, problems=(problem,), command=command)
    return Rejected("already_there", there, command=command)
