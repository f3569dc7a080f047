"""A mirror of the calendar tool contract, for checking the tool calls written in scenario scripts.

The agent's own tool argument models are the source of truth for what the model sees; this mirror only
pins the contract the lead fixed (names, argument names, types) so that a scenario script cannot call a
tool that does not exist, pass an argument the tool does not take, or name a user. If the contract
changes, change it here and the scenario loader reports every script that no longer fits.

Every time field is an *expression* exactly as the user said it ("tomorrow 3pm", "周日下午2点"); the
time service resolves it in code.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

__all__ = [
    "AMEND_TOOLS",
    "PICK_TOOLS",
    "READ_TOOLS",
    "TOOLS",
    "WRITE_TOOLS",
    "ContractError",
    "validate_call",
]

_Text = Field(min_length=1)


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ListEvents(_Args):
    range: str = _Text
    whose: str | None = None


class FindFreeTime(_Args):
    range: str = _Text
    duration: str = _Text
    whose: str | None = None


class SearchEvents(_Args):
    query: str = _Text


class SearchConversationArchive(_Args):
    query: str = _Text


class CreateEvent(_Args):
    title: str = _Text
    when: str = _Text
    end: str | None = None
    duration: str | None = None
    location: str | None = None
    attendees: list[str] = Field(default_factory=list)
    notes: str | None = None
    recurrence: str | None = None


class UpdateEvent(_Args):
    event: str = _Text
    event_when: str | None = None
    when: str | None = None
    end: str | None = None
    duration: str | None = None
    title: str | None = None
    location: str | None = None
    notes: str | None = None
    attendees: list[str] | None = None
    recurrence: str | None = None  # a new repetition; "never" stops it
    scope: Literal["one", "series"] | None = None


class DeleteEvent(_Args):
    event: str = _Text
    event_when: str | None = None
    scope: Literal["one", "series"] | None = None


class UndoLastChange(_Args):
    pass


class KeepEvents(_Args):
    """The one tool of a turn with an attached calendar file and words (``agent.attachments.narrowing``):
    which of the file's numbered events the words ask for."""

    all: bool = False
    numbers: list[int] = Field(default_factory=list)


class AmendPending(_Args):
    """The one tool of a reply that answers the pending question and says more (``agent.turn.amend``):
    what the rest of the reply adds to or changes in the pending event."""

    title: str | None = None
    when: str | None = None
    end: str | None = None
    duration: str | None = None
    location: str | None = None
    attendees: list[str] = Field(default_factory=list)
    notes: str | None = None


TOOLS: dict[str, type[_Args]] = {
    "list_events": ListEvents,
    "find_free_time": FindFreeTime,
    "search_events": SearchEvents,
    "search_conversation_archive": SearchConversationArchive,
    "create_event": CreateEvent,
    "update_event": UpdateEvent,
    "delete_event": DeleteEvent,
    "undo_last_change": UndoLastChange,
    "keep_events": KeepEvents,
    "amend_pending": AmendPending,
}
"""Tool name → argument model."""

READ_TOOLS = frozenset({"list_events", "find_free_time", "search_events", "search_conversation_archive"})
WRITE_TOOLS = frozenset({"create_event", "update_event", "delete_event", "undo_last_change"})
PICK_TOOLS = frozenset({"keep_events"})
"""Tools that only pick among what code listed (an attached file's events): a step of them ends the turn
(code writes the preview), and they are offered only with a calendar file."""
AMEND_TOOLS = frozenset({"amend_pending"})
"""The tool of a reply that answers the pending question and says more: a step of it ends the turn (code
settles the answer, merges the fields and writes); it counts as the turn's write."""


class ContractError(ValueError):
    """A scripted tool call that the tool contract does not allow."""


def validate_call(name: str, arguments: dict[str, Any]) -> BaseModel:
    """Check one tool call against the contract and return its typed arguments."""
    model = TOOLS.get(name)
    if model is None:
        raise ContractError(f"unknown tool {name!r} (the contract has: {', '.join(sorted(TOOLS))})")
    try:
        return model.model_validate(arguments)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '(arguments)'}: {err['msg']}" for err in exc.errors()
        )
        raise ContractError(f"{name}: {problems}") from None
