"""An update's new start that is the event's own end, which this message never gave: the model read the
range of our receipt ("12:30–1:30 PM" → "1:30 PM") or the user's earlier words as a time to move to, while
the user asked for something else ("make it an hour and a half", "add Sam to it"). The event moving to
where it ends is never what an unsaid start means; dropped, so the update keeps its other values (a new
length grows from the event's start), and an update left with none asks what to change."""

from __future__ import annotations

from agent.context import ToolContext
from agent.outcomes import Command
from agent.time_accounting import phrases_or_moves_left
from agent.time_grounding import is_time_grounded
from agent.timing import timing_from_json
from agent.writes.new_event import said_now
from agent.writes.timing import anchor_of, settle_time

__all__ = ["without_its_own_end"]


def without_its_own_end(ctx: ToolContext, command: Command) -> Command:
    """``command`` without a ``when`` that lands on its target's current end, when neither this message
    nor the question it answers gives it and the message has no other time for it to be; any other command
    unchanged."""
    when, anchor = command.args.get("when"), anchor_of(command)
    if command.tool != "update_event" or not when or anchor is None or command.resolved is not None:
        return command
    if said_now(ctx, str(when)) or is_time_grounded(
        str(when), ctx.pending_texts, now=ctx.now, tz=ctx.tz, memo=ctx.memo
    ):
        return command
    others = [str(v) for n in ("end", "duration", "event_when") if (v := command.args.get(n))]
    if phrases_or_moves_left(ctx, others, name=str(command.args.get("event") or "")):
        return command  # a time of the message no other value uses ("push it back an hour"): maybe this one
    alone = command.with_(args={**command.args, "end": None, "duration": None})
    timed = settle_time(ctx, alone, str(when), anchor=anchor)
    if (
        not isinstance(timed, Command)
        or timed.resolved is None
        or timing_from_json(timed.resolved)[0] != anchor[1]
    ):
        return command
    ctx.notes.append({"dropped": "when", "reason": "the_events_own_end", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return command.with_(args={**command.args, "when": None})
