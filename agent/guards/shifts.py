"""An update's new start from the shift the user said ("push book club back 2 days", "下午的会提前二十分钟",
"讀書會從週二延後三天"), when the model's own new start is missing or made up: ``guards.times`` applies it.
Which phrase is a shift, and whether it stands beside the event, is ``guards.users_times``'s."""

from __future__ import annotations

from agent.context import ToolContext
from agent.guards.users_times import phrases_left_for, shift_after_the_events_day, the_users_shift
from agent.outcomes import Command

__all__ = ["the_shift_said"]

Problems = list[dict[str, str]]


def the_shift_said(
    ctx: ToolContext, command: Command, args: dict[str, object], asked_args: dict[str, object],
    problems: Problems, grounded: list[str],
) -> Problems:  # fmt: skip
    """The problems left once the user's one shift is the update's new start (``args`` changed in place):

    * no new start, or only a problem with which event it is (``event_when``): the shift left unused in the
      clause naming the event; the model's made-up time of the event is dropped when the message says none
      (its name alone says which);
    * a made-up new start its only problem: the shift said right after the event's day in one run."""
    if command.tool != "update_event":
        return problems
    unmoved = not args.get("when") and all(p["field"] == "event_when" for p in problems)
    if unmoved and (shift := the_users_shift(ctx, command, grounded)) is not None:
        args["when"] = asked_args["when"] = shift
        grounded.append(shift)
        _note(ctx, command, {"filled": "when", "from": "users_shift"})
        if problems and not phrases_left_for(ctx, command, grounded):
            args["event_when"] = asked_args["event_when"] = None
            _note(ctx, command, {"dropped": "event_when", "reason": "ungrounded_time"})
            return []
        return problems
    made_up = [(p["field"], p["problem"]) for p in problems] == [("when", "not_the_users_words")]
    if made_up and (shift := shift_after_the_events_day(ctx, command)) is not None:
        args["when"] = asked_args["when"] = shift
        _note(ctx, command, {"replaced": "when", "reason": "the_users_shift"})
        return []
    return problems


def _note(ctx: ToolContext, command: Command, note: dict[str, str]) -> None:
    ctx.notes.append({**note, "tool": command.tool, "call_index": command.call_index})
