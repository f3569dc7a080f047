"""Whether the user asked for this write at all — facts, not a reading of intent: the model's own reading of
the message (``TurnState.request``), whether anything of the write is in the user's words, whether the
event it changes is one the user pointed at, and whether it is the request the turn asked the model about.
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.grounding import bare_words, is_grounded, is_pronoun, names_event
from agent.guards.bare_hour import hour_of_a_correction
from agent.outcomes import Command, Rejected
from agent.render import phrases
from agent.tools.other_calendar import names_other_calendar
from agent.turn.focus import is_anaphor
from agent.turn.unsaid import uses_unsaid
from schedule_time import analyse
from storage import StorageError

__all__ = [
    "answered_question",
    "cannot_do",
    "event_pointed_at",
    "nothing_asked",
    "only_the_unsaid",
    "own_calendar",
]


def own_calendar(ctx: ToolContext, command: Command) -> Rejected | None:
    """The user asked for someone else's calendar, not this one."""
    if names_other_calendar(ctx.user_text):
        return Rejected("other_calendar", phrases.say("other_calendar", ctx.lang))
    return None


def nothing_asked(ctx: ToolContext, command: Command) -> Rejected | None:
    if _anything_said(ctx, command.args.get("title"), command.args.get("event")):
        return None
    if command.tool == "update_event" and _new_details_said(ctx, command):
        return None
    if any(hour_of_a_correction(ctx, command, command.args.get(n)) for n in ("when", "end")):
        return None
    problem = {"field": "(call)", "problem": "not_asked",
               "hint": "the user's messages name no event, title or time for this change: write nothing"}  # fmt: skip
    return Rejected(
        "nothing_asked", phrases.say("nothing_asked", ctx.lang), fixable=True, problems=(problem,)
    )


async def event_pointed_at(ctx: ToolContext, command: Command) -> Rejected | None:
    """After a read, a change to an event the user never pointed at: the model is following what it read
    (a title that says "delete all events"), not the user."""
    reference = command.args.get("event")
    if reference is None or not ctx.state.shown or await _user_points_at(ctx, str(reference)):
        return None
    problem = {"field": "event", "problem": "not_named_by_user", "hint": "change only events the user names"}
    return Rejected("event_not_named", "", fixable=True, problems=(problem,))


def answered_question(ctx: ToolContext, command: Command) -> Rejected | None:
    """The model first read the message as a question (or chit-chat) and answered it with a read this turn,
    then called a change of the event in focus: it is following what it read, not the user (live: "what
    about the day after?" read, then the event moved there). Sent back; a retry that insists ends on the
    read (``turn.endings``)."""
    if command.tool not in ("update_event", "delete_event") or ctx.state.unsaid is not None:
        return None  # (a new event beside a question is a clause of its own: ``turn.clause_call``)
    if ctx.state.first_request not in ("calendar_question", "chat") or not ctx.state.shown:
        return None
    if ctx.state.request in ("calendar_question", "chat"):
        return None  # this answer still reads a question: its write asks first (``writes.store.unasked``)
    reference = str(command.args.get("event") or "")
    titles = {bare_words(str(f.get("title") or "")) for f in ctx.focus}
    if not (is_anaphor(reference) or bare_words(reference) in titles):
        return None  # not the event the question was about (an event the message names: its own request)
    problem = {"field": "(call)", "problem": "question_answered",
               "hint": "the user asked a question and the read answered it: write nothing, answer from the read"}  # fmt: skip
    return Rejected("question_answered", "", fixable=True, problems=(problem,))


def cannot_do(ctx: ToolContext, command: Command) -> Rejected | None:
    """The model read the message as an alarm, a booking, a purchase or a message to send."""
    if ctx.state.request == "cannot_do":
        return Rejected("cannot_do", phrases.say("cannot_do", ctx.lang))
    return None


def only_the_unsaid(ctx: ToolContext, command: Command) -> Rejected | None:
    """After the turn asked about a time the first calls left out: only a write for that time."""
    if ctx.state.unsaid is not None and not uses_unsaid(ctx, dict(command.args)):
        return Rejected("not_the_unsaid_request", "", fixable=False, silent=True)
    return None


async def _user_points_at(ctx: ToolContext, reference: str) -> bool:
    if names_event(reference, ctx.time_sources):
        return True
    try:  # an id from a listing: the user must have named that event
        event = await ctx.events.get(reference)
    except StorageError:
        return False
    return names_event(event.title, ctx.time_sources)


_DETAILS = ("location", "notes")


def _new_details_said(ctx: ToolContext, command: Command) -> bool:
    """A change whose new place, people or notes are this message's own words ("不是星巴克，是瑞幸",
    "correction: the Birch room"): the user said what the event should now have, with no pointer and no
    title word needed (which event it is stays ``find_target``'s to settle)."""
    values = [str(command.args[n]) for n in _DETAILS if command.args.get(n)]
    values += [str(p) for p in command.args.get("attendees") or () if p]
    return any(is_grounded(v, ctx.user_text) and not is_pronoun(v) for v in values)


def _anything_said(ctx: ToolContext, title: str | None, reference: str | None) -> bool:
    """A fact, not a reading of intent: does anything of this write come from the user's messages — the
    event it names (or a pointer at the focus: "it", 这个), its title's words, or a time phrase? A write
    built of nothing the user said ("hello" answered with a made-up meeting) is refused, never asked about
    as if the user wanted it."""
    named = [text for text in (reference, title) if text]
    if any(names_event(text, ctx.time_sources) for text in named):
        return True
    return bool(analyse(ctx.user_text, now=ctx.now, tz=ctx.tz))  # the time service knows a time phrase
