"""One request per call: an update whose new time comes from a clause that names another event.

"客户电话不要了，团队午餐挪到下午一点半" came back as one update: the call (the first clause's event) moved to
1:30pm (the second clause's time), and it was written. Each argument was grounded on its own — 电话 said, 下午一点半
said — but together they are no request the user made. The facts: the clauses of the message (bounded
punctuation and connectors), the clauses that hold the update's new time, the clauses that name its event,
and the calendar's other events. When the time sits only in clauses apart from the event's, and such a
clause names another event on the calendar, the call goes back to the model once with that fact. It is
never written: a second such call (the live model sent the same one again, and the call was moved to the
lunch's time) ends the model's round, and each request's clause is then asked of the model alone
(``agent.turn.clause_call``).
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.outcomes import Command, Rejected
from agent.writes.references import clauses_apart, events_sharing_a_word
from agent.writes.title_match import shares_a_word, without_times

__all__ = ["another_requests_clause", "others_times", "time_of_another_request"]


async def time_of_another_request(ctx: ToolContext, command: Command) -> Command | Rejected | None:
    """Send an update back once when its new time is only in clauses that name another event, not its own;
    drop an ``event_when`` that is only such a clause's time (see ``_reference_time_of_another``)."""
    command = await _reference_time_of_another(ctx, command)
    reference, when = command.args.get("event"), command.args.get("when")
    if command.tool != "update_event" or not isinstance(reference, str) or not isinstance(when, str):
        return command
    other = await another_requests_clause(ctx, reference, when)
    if other is None:
        return command
    ctx.state.send_back_once("another_request")  # (once: the second time the turn's clauses go alone)
    hint = (f"`when` is the time of another request of the message ({other!r}), not of {reference!r}; "
            "make one call per request")  # fmt: skip
    problem = {"field": "when", "problem": "another_request", "hint": hint}
    return Rejected("another_request", "", fixable=True, problems=(problem,), command=command)


async def _reference_time_of_another(ctx: ToolContext, command: Command) -> Command:
    """``command`` without its ``event_when`` when that time is only in clauses that name another event
    ("the 4pm call" of "lunch to 1pm, cancel the 4pm call" sent as the call at 1pm): it says nothing of
    which event this one is, and the event is looked up by its name (and its own clause's time, if the
    model gave one elsewhere) instead of "not found at that time"."""
    reference, event_when = command.args.get("event"), command.args.get("event_when")
    if command.tool not in ("update_event", "delete_event") or not isinstance(reference, str):
        return command
    if not isinstance(event_when, str) or not event_when.strip():
        return command
    if await another_requests_clause(ctx, reference, event_when) is None:
        return command
    ctx.notes.append({"dropped": "event_when", "reason": "another_requests_time", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return command.with_(args={**command.args, "event_when": None})


async def another_requests_clause(ctx: ToolContext, reference: str, when: str) -> str | None:
    """The clause of the message that gives ``when`` and names another event than ``reference``, when no
    clause naming ``reference`` gives it ("move lunch to 1pm" of "move lunch to 1pm and cancel the call", for
    the call); None otherwise."""
    timed = clauses_apart(ctx, reference, when)
    if not timed:
        return None
    if not await _names_an_event(ctx, reference, reference):  # (a rename's new title, sent as the reference)
        return None
    for clause in timed:
        if await _names_another_event(ctx, clause, reference):
            return clause
    return None


async def _names_another_event(ctx: ToolContext, clause: str, reference: str) -> bool:
    """The clause shares a word with an event's title that the reference does not share one with."""
    return await _names_an_event(ctx, clause, reference, other=True)


async def _names_an_event(ctx: ToolContext, text: str, reference: str, *, other: bool = False) -> bool:
    """``text`` shares a word with a calendar event's title (``other``: one the reference shares none with)."""
    core = without_times(text)
    if not core.strip():
        return False
    found = await events_sharing_a_word(ctx, text, core, limit=50)
    return any(not (other and shares_a_word(reference, e.title)) for e in found)


def others_times(ctx: ToolContext, command: Command) -> list[str]:
    """The time arguments of the other calls of the model's answer."""
    return [
        str(value)
        for i, (_, args) in enumerate(ctx.state.answer_calls)
        if ctx.state.answer_first_call + i != command.call_index
        for name in ("when", "end", "event_when", "range", "event", "title")
        if isinstance(value := args.get(name), str) and value
    ]
