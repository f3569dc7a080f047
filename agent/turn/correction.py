"""A change of the event just written that the model read as a change and still did not make.

Right after a write, a short correction ("no — a week later, same slot", 不对，往后挪一天, "make that
5:30") often gets prose from the embedded model even after it heard that its own reading (``request`` =
"change") called for a tool (``agent.turn.unacted``): the user's correction is lost. So is a repetition
asked for right after the write ("每周都这样", read "mixed", answered twice "好的，我会记住你的要求"). The facts code has:
the model's reading is a change (or a change with a question), the conversation's focus is the one event the last turn wrote
(``focus.just_written``), and the message has exactly one time phrase. Code then proposes that move of
that event — read by the time service against the event — as a zero-model yes/no ("Change “Haircut” to
Tuesday, May 27, 4:00–5:00 PM?"), never as a write: the model did not call it, so a wrong guess costs the
user a "no". Any other shape (no focus, several times, a reading that is not a change) is left as it was.

The same yes/no answers a correction whose calls took the old time twice ("时间说错了，是四点" sent as 14:00
again after the send-back that named 四点, ``turn.loop``): the user's time is in the message, so it is
proposed rather than asked for.
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.time_accounting import phrases_or_moves_left
from agent.time_grounding import reads_or_moves, resolved
from agent.tools.registry import BoundTools, ToolRun
from agent.turn.focus import just_written

__all__ = ["correction_offered"]


async def correction_offered(tools: BoundTools, call_index: int) -> ToolRun | None:
    """The yes/no for moving the event just written to the message's one time — or for making it repeat as
    the message's one repetition says ("每周都这样", "make it weekly") — or None."""
    ctx = tools.ctx
    entry = just_written(ctx.focus)
    if entry is None or ctx.state.request not in ("change", "mixed") or not entry.get("event_id"):
        return None
    said = phrases_or_moves_left(ctx, ())  # every time phrase of the message, moves ("推迟一天") included
    if len(said) != 1:
        return None
    if repeats(said[0], ctx):
        ctx.state.code_call = call_index
        return await tools.run("update_event", {"event": str(entry["event_id"]), "recurrence": said[0]}, call_index)
    if not reads_or_moves(said[0], now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    ctx.state.code_call = call_index
    return await tools.run("update_event", {"event": str(entry["event_id"]), "when": said[0]}, call_index)


def repeats(phrase: str, ctx: ToolContext) -> bool:
    """The phrase is a repetition alone ("every week", 每周), no time of its own."""
    r = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return r.recurrence is not None
