"""The write guards: what every write call passes, in one declared order, before the write path runs it.

A guard takes the proposed command and the turn's facts (``ToolContext``: the user's words, ``state``) and
answers with one of

* ``None`` — allow, unchanged;
* a ``Command`` — amend (changed arguments; what was dropped is noted in ``ctx.notes``);
* a fixable ``Rejected`` — send back to the model (a fixable problem, with a hint), at most once per kind
  and turn (``TurnState.send_back_once``);
* a ``Rejected`` that is not fixable — refuse, with what the user is told.

The fifth verdict, confirm, is the write path's (``write_path``: a past time, an overlap, a delete, an undo
the model chose, or a write the model itself read as no request — ``write_guards.unasked``): the write
becomes a pending confirmation that names it. ``run_write_guards`` owns the order and records each verdict
in ``TurnState.checks`` (telemetry ``checks``). Anchors for the shape: openai-agents-python's tool
guardrails, pydantic-ai's output validators with ``ModelRetry``.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable

from agent.context import ToolContext
from agent.guards.asked import (
    answered_question,
    cannot_do,
    event_pointed_at,
    nothing_asked,
    only_the_unsaid,
    own_calendar,
)
from agent.guards.clauses import time_of_another_request
from agent.guards.ends import bare_hour_end, copied_end_is_the_end, start_said_as_an_end
from agent.guards.lengths import length_change_kept
from agent.guards.listed_times import listed_day, one_time_per_event
from agent.guards.series_bound import series_bound
from agent.guards.starts import copied_start_is_no_move
from agent.guards.times import ground_times
from agent.guards.wording import repetition_kept, title_language, title_script
from agent.outcomes import Command, Rejected
from agent.writes.left_out import filled_from_users_words
from agent.writes.store import ground_title

__all__ = ["WRITE_GUARDS", "WriteGuard", "run_write_guards"]

GuardAnswer = Command | Rejected | None
WriteGuard = Callable[[ToolContext, Command], GuardAnswer | Awaitable[GuardAnswer]]

WRITE_GUARDS: tuple[tuple[str, WriteGuard], ...] = (
    ("own_calendar", own_calendar),  # someone else's calendar: refused
    ("nothing_asked", nothing_asked),  # nothing of the write is in the user's words: sent back, then refused
    ("event_pointed_at", event_pointed_at),  # after a read, only events the user pointed at
    ("cannot_do", cannot_do),  # the model read the message as something kairos cannot do
    ("only_the_unsaid", only_the_unsaid),  # after the left-out prompt, only that request
    ("answered_question", answered_question),  # a question the turn's read answered: no change after it
    ("length_change", length_change_kept),  # "30 minutes longer" sent as a length of 30 minutes
    ("bare_hour_end", bare_hour_end),  # an end written "7" is 7 o'clock
    ("copied_end", copied_end_is_the_end),  # a move to the event's own end is a new end
    ("an_end_phrase", start_said_as_an_end),  # a move to the user's "until 6" is a new end
    ("copied_start", copied_start_is_no_move),  # a move to the event's own time: the time left is the move
    ("one_time_per_event", one_time_per_event),  # "9am and 5pm" in one argument: one call per time
    ("listed_day", listed_day),  # "3pm" of "tomorrow at 10am and 3pm" is tomorrow's
    ("series_bound", series_bound),  # "for the next 4 weeks" of a series sent as its length
    ("ground_times", ground_times),  # every time argument from the user's words
    ("one_request", time_of_another_request),  # a new time from the clause of another event: never written
    ("left_out", filled_from_users_words),  # what the model left out that the words plainly give
    ("title_language", title_language),  # a title in the user's language
    ("title_script", title_script),  # and in their Chinese script (traditional or simplified)
    ("repetition_kept", repetition_kept),  # a repetition the user gave is not dropped
    ("ground_title", ground_title),  # the title's made-up words dropped
)
"""The order is the runner's: refusals that need no argument first, then the arguments themselves."""


async def run_write_guards(ctx: ToolContext, command: Command) -> Command | Rejected:
    """``command`` through ``WRITE_GUARDS`` in order: the amended command, or the first refusal."""
    for name, guard in WRITE_GUARDS:
        answer = guard(ctx, command)
        if inspect.isawaitable(answer):
            answer = await answer
        if isinstance(answer, Rejected):
            verdict = "send_back" if answer.fixable else "refuse"
            ctx.state.checks.append({"name": name, "verdict": verdict, "code": answer.code})
            return answer
        if isinstance(answer, Command) and answer != command:
            ctx.state.checks.append({"name": name, "verdict": "amend"})
            command = answer
    return command
