"""A question about the event a pending confirmation is about keeps that confirmation.

"add team standup every weekday at 9:15" was asked "… overlaps “开周会” … Add it anyway?"; the user then
asked "when's the next standup?" (live: three failed reads, then "I couldn't finish that request"). Any
answer that is no yes or no ends a pending question, so the standup was neither added nor said to be
missing. When a turn wrote nothing and asked nothing, and the message names the create the pending
confirmation is about by a word of its title (``title_match.shares_a_word``: a fact about the user's words,
as a reference is found), the reply says the event is not on the calendar and asks the stored question
again, with a fresh time limit: a yes then adds it, as it would have before. Nothing is written here.
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.render import phrases
from agent.turn.result import TurnResult
from agent.writes.pending import asked_again
from agent.writes.title_match import shares_a_word
from storage import PendingRecord

__all__ = ["ask_it_again"]


def ask_it_again(ctx: ToolContext, pending: PendingRecord | None, result: TurnResult) -> bool:
    """Ask ``pending`` again after ``result``'s reply (in place) when the message asked about its event;
    whether it was asked."""
    create = ctx.pending_create
    if pending is None or create is None or pending.kind != "needs_confirmation":
        return False
    if result.persisted or result.asking or any(run.kind == "write" for run in result.runs):
        return False
    title = str(create.args["title"])
    if not shares_a_word(ctx.user_text, title):
        return False
    again = asked_again(pending, phrases.say("not_added_yet", ctx.lang, title=title))  # type: ignore[arg-type]
    if again is None:
        return False
    result.asking.append(again)
    result.text = "\n".join(t for t in (result.text.strip(), again.question) if t)
    return True
