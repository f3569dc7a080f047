"""A repeating event's bound sent as its length: "review PRs every friday at 4pm for the next 4 weeks" came as
``when="friday 4pm", duration="4 weeks"`` (接下来三周每周三晚上七点 as ``duration="三周"``), and the user was
asked "How long should “Review PRs” be?" — a length of weeks is no event's. The fact code checks: one time
phrase of the message is a series with an end (the time service reads it with an ``UNTIL`` or ``COUNT``), it
holds the ``duration`` or ``end`` the model sent, and the ``when`` too. That phrase is the create's ``when``:
the series and its bound, in the user's words; the length and a separate ``recurrence`` are dropped."""

from __future__ import annotations

from agent.context import ToolContext
from agent.outcomes import Command
from agent.time_grounding import is_time_grounded, phrases_in, resolved

__all__ = ["series_bound"]


def series_bound(ctx: ToolContext, command: Command) -> Command | None:
    """The create with the user's bounded series as its ``when``, when its ``duration``/``end`` is that
    series' bound; None otherwise."""
    args = command.args
    if command.tool != "create_event":
        return None
    for name in ("duration", "end"):
        value = args.get(name)
        if not isinstance(value, str) or not value:
            continue
        for phrase in phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
            rule = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo).recurrence or ""
            if "UNTIL=" not in rule and "COUNT=" not in rule:
                continue
            inside = [
                v for v in (value, args.get("when"), args.get("recurrence")) if isinstance(v, str) and v
            ]
            if all(is_time_grounded(v, (phrase,), now=ctx.now, tz=ctx.tz, memo=ctx.memo) for v in inside):
                ctx.notes.append({"replaced": "when", "reason": "series_bound", "tool": command.tool,
                                  "call_index": command.call_index})  # fmt: skip
                return command.with_(args={**args, "when": phrase, name: None, "recurrence": None})
    return None
