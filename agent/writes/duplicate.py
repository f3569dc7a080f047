"""A create of an event that is already there: the same title at the same time.

A small model sends the event just written again — the receipt's time copied back for "and another one next
Friday, same time" (live), or one call twice — and the create asked "“Team Lunch” overlaps “Team Lunch”. Add it
anyway?". The fact is plain: an event of that title has that very start and end. The model hears it once,
with the hint that a time relative to that event is computed from it; a create that still copies it is
answered "already on your calendar", never written twice.
"""

from __future__ import annotations

from datetime import datetime

from agent.context import ToolContext
from agent.grounding import bare_words
from agent.outcomes import Command, Rejected
from agent.render import phrases
from agent.render.timefmt import range_text

__all__ = ["already_there"]

_HINT = (
    "{title!r} is already on the calendar at exactly this time; if the user asked for another one at a time "
    "relative to it (another day, the same time), pass the user's own words for that time in `when`"
)


async def already_there(
    ctx: ToolContext, command: Command, start: datetime, end: datetime, rrule: str | None
) -> Rejected | None:
    """The answer to a create of an event that exists as it would be written; None when none does."""
    title = bare_words(str(command.args.get("title") or ""))
    if not title or rrule:  # (a series: its overlap question names each clash)
        return None
    same = [
        o for o in await ctx.events.conflicts(start, end)
        if o.start == start and o.end == end and not o.recurring and bare_words(o.title) == title
    ]  # fmt: skip
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
