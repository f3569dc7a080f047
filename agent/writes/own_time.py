"""An update's new start that is the event's own time, which this message never gave: its end, read off our
receipt's range ("12:30–1:30 PM" → "1:30 PM") or the user's earlier words, while the user asked for something
else ("make it an hour and a half", "add Sam to it"); its ``event_when`` again (这周二不打了 sent as an update
of Tuesday's to Tuesday's time); or its whole current time, copied from our receipt beside the change asked
("every week" sent with "Friday, March 7, 4:00–5:00 PM (repeating)"). Moving an event to where it ends is never what an unsaid start means, and
the reference twice moves nothing: the ``when`` is dropped, so the update keeps its other values (a new
length grows from the event's start), and one left with none asks what to change. (With one time of the
message left beside it, the copied end is a new end: ``guards.ends.copied_end_is_the_end``.)"""

from __future__ import annotations

from datetime import datetime

from agent.context import ToolContext
from agent.outcomes import Command
from agent.render.receipts import without_repeat_mark
from agent.time_accounting import phrases_or_moves_left
from agent.time_grounding import is_time_grounded, resolved
from agent.timing import timing_from_json
from agent.writes.new_event import said_now
from agent.writes.timing import anchor_of, settle_time

__all__ = ["REFERENCE_AGAIN", "without_its_own_time"]

REFERENCE_AGAIN = "the_reference_again"
"""The note's reason for a ``when`` dropped as the ``event_when`` again: the event's current time, no value
the user never gave (``no_change`` counts it as it counts a dropped ``event_when``)."""


def without_its_own_time(ctx: ToolContext, command: Command) -> Command:
    """``command`` without a ``when`` that lands on its target's current end or is its ``event_when`` again,
    when neither this message nor the question it answers gives it and the message has no other time for it
    to be; any other command unchanged."""
    when, anchor = command.args.get("when"), anchor_of(command)
    if command.tool != "update_event" or not when or anchor is None or command.resolved is not None:
        return command
    others = [str(v) for n in ("end", "duration", "event_when", "recurrence") if (v := command.args.get(n))]
    left = phrases_or_moves_left(ctx, others, name=str(command.args.get("event") or ""))
    reference = str(command.args.get("event_when") or "")
    if (
        reference
        and _reads_as(ctx, str(when), reference)
        and _reads_as(ctx, reference, str(when))
        and _at_the_event(ctx, reference, anchor[0])  # (a correction's new day sent as both: a move)
        and all(_on_its_day(ctx, p, anchor[0]) for p in left)
    ):
        reason = REFERENCE_AGAIN  # 这周二不打了 sent with the occurrence's time as both: no move
    elif left:
        return command  # a time of the message no other value uses ("push it back an hour"): maybe this one
    elif said_now(ctx, str(when)) or _reads_as(ctx, str(when), *ctx.pending_texts):
        return command
    elif _starts_at(ctx, without_repeat_mark(str(when)), anchor[0]):
        reason = "the_events_own_time"  # our receipt's time copied back beside the change asked ("every week")
    else:
        alone = command.with_(args={**command.args, "end": None, "duration": None})
        timed = settle_time(ctx, alone, str(when), anchor=anchor)
        if (
            not isinstance(timed, Command)
            or timed.resolved is None
            or timing_from_json(timed.resolved)[0] != anchor[1]
        ):
            return command
        reason = "the_events_own_end"
    ctx.notes.append({"dropped": "when", "reason": reason, "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return command.with_(args={**command.args, "when": None})


def _reads_as(ctx: ToolContext, value: str, *sources: str) -> bool:
    return bool(sources) and is_time_grounded(value, sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo)


def _starts_at(ctx: ToolContext, value: str, start: datetime) -> bool:
    """``value`` reads as a time that starts where the event starts (our receipt's "Friday, March 7, 4:00–5:00 PM")."""
    r = resolved(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return r.status == "resolved" and r.start == start and r.grain != "day"


def _on_its_day(ctx: ToolContext, phrase: str, start: datetime) -> bool:
    """``phrase`` names the day the event is on (这周二 of 这周二不打了): the reference, not a new time."""
    r = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return (
        r.status == "resolved"
        and r.grain == "day"
        and r.start is not None
        and r.start.date() == start.astimezone(ctx.tz).date()
    )


def _at_the_event(ctx: ToolContext, text: str, start: datetime) -> bool:
    """``text`` reads as the event's own start, or the day it is on."""
    r = resolved(text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return (
        r.status == "resolved" and r.start is not None and (r.start == start or _on_its_day(ctx, text, start))
    )
