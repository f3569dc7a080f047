"""A question about the event a pending confirmation is about keeps that confirmation.

"add team standup every weekday at 9:15" was asked "… overlaps “开周会” … Add it anyway?"; the user then
asked "when's the next standup?" (live: three failed reads, then "I couldn't finish that request"). Any
answer that is no yes or no ends a pending question, so the standup was neither added nor said to be
missing. When a turn wrote nothing and asked nothing, and the message names the create the pending
confirmation is about by a word of its title (``title_match.shares_a_word``: a fact about the user's words,
as a reference is found), the reply says the event is not on the calendar and asks the stored question
again, with a fresh time limit: a yes then adds it, as it would have before. Nothing is written here.

The same holds while a create waits for a value ("What time on Friday, December 18?") and the user asks
about it without naming it ("what time did you set?", 定在几点了？): a message the model read as a calendar
question that names no time and no event of the calendar is about the event being added — the answer is that
it is not added yet, and the question for its value, not today's listing (live).
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.render import phrases
from agent.turn.result import TurnResult
from agent.writes.pending import asked_again
from agent.writes.references import events_sharing_a_word
from agent.writes.title_match import shares_a_word
from schedule_time import analyse
from storage import PendingRecord

__all__ = ["ask_it_again"]


async def ask_it_again(ctx: ToolContext, pending: PendingRecord | None, result: TurnResult) -> bool:
    """Ask ``pending`` again after ``result``'s reply (in place) when the message asked about its event;
    whether it was asked."""
    create = ctx.pending_create
    if pending is None or create is None or pending.kind not in ("needs_confirmation", "needs_value"):
        return False
    if result.persisted or result.asking or any(run.kind == "write" for run in result.runs):
        return False
    title = str(create.args["title"])
    named = shares_a_word(ctx.user_text, title)
    if pending.kind == "needs_value" and ctx.state.request != "calendar_question":
        return False  # (a value still asked is dropped by any other message: "never mind, I'll call the vet first")
    if not named and not (pending.kind == "needs_value" and await _asks_of_nothing_else(ctx)):
        return False
    why = "not_added_yet" if pending.kind == "needs_confirmation" else "not_added_needs"
    again = asked_again(pending, phrases.say(why, ctx.lang, title=title))
    if again is None:
        return False
    result.asking.append(again)
    # (a question that names the event keeps its read's answer; one that names nothing got a read code chose)
    result.text = "\n".join(t for t in (result.text.strip() if named else "", again.question) if t)
    return True


async def _asks_of_nothing_else(ctx: ToolContext) -> bool:
    """The message (read by the model as a calendar question) names no time and no event of the calendar."""
    if analyse(ctx.user_text, now=ctx.now, tz=ctx.tz):
        return False
    return not await events_sharing_a_word(ctx, ctx.user_text, ctx.user_text, limit=20)
