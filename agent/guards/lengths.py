"""A change of length the model sent as a length: the user's change stands for it.

"make the review 30 minutes longer" came as ``duration="30 minutes"`` — grounded, since the user wrote "30
minutes" — and the hour-long review was written as half an hour: the opposite of what was asked. The facts
code has: the message holds one phrase the time service reads as a change of length ("30 minutes longer",
"cut 10 minutes off", 延长半小时, 提前十分钟结束: ``time_grounding.is_a_length_change``; or one that the event's own time splits, "extend tomorrow's review by
30 minutes": ``split_length_change``), and the update's
``end`` or ``duration`` is not that change. That phrase becomes the update's ``end``; the write path reads
it against the event (``writes.timing``: the start stays, the end moves).
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.outcomes import Command
from agent.time_grounding import is_a_length, is_a_length_change
from schedule_time import analyse, split_length_change

__all__ = ["LENGTH_ARGS", "length_change_kept"]

LENGTH_ARGS = ("end", "duration")
"""The arguments that say how long an event is."""


def length_change_kept(ctx: ToolContext, command: Command) -> Command | None:
    """``when`` too, when it is only the change's amount (延长半小时 sent as ``when="半小时"`` made the event
    half an hour long); a ``when`` that is a start ("move it to 4 and make it longer") stays."""
    args = command.args
    when_a_length = bool(args.get("when")) and is_a_length(str(args["when"]))
    given = [n for n in LENGTH_ARGS if args.get(n)] + (["when"] if when_a_length else [])
    if command.tool != "update_event" or not given:
        return None
    if any(is_a_length_change(str(args[n])) for n in (*LENGTH_ARGS, "when") if args.get(n)):
        return None  # the model passed the change itself
    split = split_length_change(ctx.user_text)  # "extend tomorrow's review by 30 minutes"
    if split is None and not is_a_length_change(ctx.user_text):  # (one scan; the phrases only when needed)
        return None
    said = [ph.text for ph in analyse(ctx.user_text, now=ctx.now, tz=ctx.tz) if is_a_length_change(ph.text)]
    said = said or ([split] if split else [])
    if len(said) != 1:
        return None
    ctx.notes.append({"replaced": given[0], "reason": "the_users_length_change", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    kept = {**args, "end": said[0], "duration": None}
    if when_a_length:
        kept["when"] = None
    return command.with_(args=kept)
