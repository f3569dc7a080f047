"""The calendar tools: descriptions, examples and the write handlers (argument models: ``agent.tools.args``;
the read handlers: ``agent.tools.reads``).

The contract (names, arguments) is fixed by the lead and mirrored in ``evals/contract.py``. Every time
field is an expression exactly as the user said it, resolved by ``schedule_time`` in code. Handlers get the
request's ``ToolContext`` (user, stores, now, zone, turn id) from ``Registry.bind``; no argument names a user.

Every write call passes the write guards (``agent.guards``, in their declared order: is this the user's
own calendar, is anything of it in the user's words, is the event one the user pointed at, is it something
kairos can do, are its times the user's words, …) and then the write path (``agent.writes.path``), which asks
to confirm a past time, an overlap, a delete, an undo the model chose, or a write the model itself read as
no request.
"""

from __future__ import annotations

from pydantic import BaseModel

from agent.context import ToolContext
from agent.guards import run_write_guards
from agent.outcomes import Command, NeedsConfirmation, Rejected, WriteOutcome
from agent.tools.args import (
    CreateEventArgs,
    DeleteEventArgs,
    FindFreeTimeArgs,
    ListEventsArgs,
    SearchConversationArchiveArgs,
    SearchEventsArgs,
    UndoLastChangeArgs,
    UpdateEventArgs,
)
from agent.tools.reads import find_free_time, list_events, search_conversation_archive, search_events
from agent.tools.registry import Registry, Tool
from agent.writes.path import execute
from agent.writes.store import model_doubts

__all__ = ["CALENDAR_TOOLS", "build_registry"]

# ----------------------------------------------------------------------------------------- write tools


def _command(ctx: ToolContext, tool: str, args: BaseModel, call_index: int) -> Command:
    """The model's call as a command; ``doubted`` when the model's answer did not back it, so that a
    question asked on the way (a missing time) leads to yes/no before the write."""
    return Command(tool, args.model_dump(mode="json"), call_index, doubted=model_doubts(ctx, tool))


async def _write(ctx: ToolContext, tool: str, args: BaseModel, call_index: int) -> WriteOutcome:
    """The guards (``agent.guards``, in their declared order), then the write path."""
    guarded = await run_write_guards(ctx, _command(ctx, tool, args, call_index))
    if isinstance(guarded, Rejected):
        return guarded
    outcome = await execute(ctx, guarded)
    if isinstance(outcome, NeedsConfirmation):
        verdict = {"name": "write_path", "verdict": "confirm", "reasons": list(outcome.reasons)}
        ctx.state.checks.append(verdict)
    return outcome


async def create_event(ctx: ToolContext, args: CreateEventArgs, call_index: int) -> WriteOutcome:
    return await _write(ctx, "create_event", args, call_index)


async def update_event(ctx: ToolContext, args: UpdateEventArgs, call_index: int) -> WriteOutcome:
    return await _write(ctx, "update_event", args, call_index)


async def delete_event(ctx: ToolContext, args: DeleteEventArgs, call_index: int) -> WriteOutcome:
    return await _write(ctx, "delete_event", args, call_index)


async def undo_last_change(ctx: ToolContext, args: UndoLastChangeArgs, call_index: int) -> WriteOutcome:
    # An undo the model chose asks first, naming what it would revert (``writes.removal.undo``); the exact
    # command "undo" is a gate of its own and runs at once.
    return await execute(ctx, _command(ctx, "undo_last_change", args, call_index))


# The descriptions are prompt text: short, only what the model needs. The examples name people (the shape of
# `attendees` and of a title "with" someone is what a small model learns from them), and a small model copies
# those names into requests that named nobody ("Meeting with Tomás"). Renaming them would only move the
# leak, and models invent names of their own ("Meeting with John"); what stops it is the fact check on every
# write: a title word or an attendee the user never said is dropped (``write_guards.ground_title``, ``ground``).
CALENDAR_TOOLS: tuple[Tool, ...] = (
    Tool(
        "list_events",
        "What is on the calendar in a range (what's on, what do I have, 有什么安排).",
        ListEventsArgs,
        list_events,
        "read",
        examples=(
            ("what do I have next Tuesday?", {"range": "next Tuesday"}),
            ("周四晚上有什么安排", {"range": "周四晚上"}),
        ),
    ),
    Tool(
        "find_free_time",
        "Free slots, only when the user asks when they are free (when am I free, 什么时候有空). Not for what is on.",
        FindFreeTimeArgs,
        find_free_time,
        "read",
    ),
    Tool("search_events", "Find the user's events by title words.", SearchEventsArgs, search_events, "read"),
    Tool(
        "search_conversation_archive",
        "Search earlier conversations with the user (older sessions).",
        SearchConversationArchiveArgs,
        search_conversation_archive,
        "read",
    ),
    Tool(
        "create_event",
        "Add an event the user asked for. Leave out every field the user did not give.",
        CreateEventArgs,
        create_event,
        "write",
        request="add",
        examples=(
            (
                "guitar lesson with Tomás Thursday at 4pm",
                {"title": "Guitar lesson with Tomás", "when": "Thursday at 4pm", "attendees": ["Tomás"]},
            ),
            (
                "下周三上午十点到十一点和刘洋面谈",
                {"title": "和刘洋面谈", "when": "下周三上午十点到十一点", "attendees": ["刘洋"]},
            ),
        ),
    ),
    Tool(
        "update_event",
        "Change an existing event: give only new values; a move relative to it goes in `when` as said (an hour later, 推迟一天).",
        UpdateEventArgs,
        update_event,
        "write",
        examples=(
            ("move my call with Tomás to Friday 2pm", {"event": "call with Tomás", "when": "Friday 2pm"}),
        ),
    ),
    Tool(
        "delete_event",
        "Delete an event (scope one or series).",
        DeleteEventArgs,
        delete_event,
        "write",
        examples=(("取消周五的吉他课", {"event": "吉他课", "event_when": "周五"}),),
    ),
    Tool(
        "undo_last_change",
        "Undo the user's last calendar change.",
        UndoLastChangeArgs,
        undo_last_change,
        "write",
    ),
)


def build_registry(tools: tuple[Tool, ...] = CALENDAR_TOOLS) -> Registry:
    """The checked registry (start-up checks run here)."""
    return Registry(tools)
