"""One time per event: a create whose ``when`` or ``recurrence`` holds a list of times ("9am and 5pm",
"tomorrow at 9 and 3", "every day at 8am and 8pm", 早上九点和晚上九点).

A small model answers "pills every day at 9am and 5pm" with one create whose time is the whole list. No one
event has two times, so the write path could only ask "When should … be?" — a question about what the user
already said. The fact code checks is the argument's shape (``time_lists.list_items``: a list the time
service reads as no one time, whose items each read); the call goes back to the model once with the items,
to make one call per time. Its second answer stands (the write path then asks, as before).
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.outcomes import Command, Rejected
from agent.time_lists import list_items

__all__ = ["one_time_per_event"]


def one_time_per_event(ctx: ToolContext, command: Command) -> Rejected | None:
    """Send a create back once when one of its time arguments lists several times."""
    if command.tool != "create_event" or ctx.state.was_sent_back("several_times"):
        return None
    for field in ("when", "recurrence"):
        value = command.args.get(field)
        items = list_items(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo) if isinstance(value, str) else []
        if len(items) < 2:
            continue
        ctx.state.send_back_once("several_times")
        listed = ", ".join(repr(item) for item in items)
        hint = (f"`{field}` lists {len(items)} times ({listed}); one event has one time: make one create_event "
                "call per time, each with one of them")  # fmt: skip
        problem = {"field": field, "problem": "several_times", "hint": hint}
        return Rejected("several_times", "", fixable=True, problems=(problem,), command=command)
    return None
