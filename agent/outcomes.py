"""What a write tool call ends in, as a union, and the JSON-able command it carries.

    WriteOutcome = Persisted | NeedsValue | NeedsChoice | NeedsConfirmation | Rejected

``Command`` is the validated (possibly partial) write: the tool name, its validated arguments (free-text
fields already grounded), and whatever code has settled so far (resolved times, the target event, the
confirmations given). It round-trips through JSON, so a pending command saved by a turn can be re-validated
and executed later by code alone (``pending.resume``), with no model.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal

from storage import WriteResult

__all__ = [
    "EVENT_WRITES",
    "Command",
    "NeedsChoice",
    "NeedsConfirmation",
    "NeedsValue",
    "Option",
    "Persisted",
    "Rejected",
    "WriteOutcome",
]

PAYLOAD_VERSION = 1
EVENT_WRITES = frozenset({"create_event", "update_event", "delete_event"})
"""The tools that write one event (the undo and the import write too, but not an event the model names)."""
ConfirmReason = Literal["past", "conflict", "destructive", "unasked", "another"]
"""``unasked``: the model read the message as a question or chit-chat, yet called a write (``TurnState.request``).
``another``: a new event whose time the user gave as where an event of that name goes (``writes.another``)."""


@dataclass(frozen=True, slots=True)
class Command:
    """A write command. ``resolved``/``target`` hold what code settled; ``confirmed`` the reasons the user
    already accepted. All values are JSON-native (datetimes as ISO strings)."""

    tool: str
    args: dict[str, Any]
    call_index: int
    resolved: dict[str, Any] | None = None
    """create/update: {"start", "end" (ISO, aware) | dates for all-day, "all_day", "rrule"}."""
    target: dict[str, Any] | None = None
    """update/delete: {"event_id", "version", "occurrence_start" (ISO or None), "title"}."""
    confirmed: tuple[str, ...] = ()
    grounded: bool = False
    doubted: bool = False
    """The model's own answer did not back this write (``writes.store.model_doubts``): it asks yes/no before
    it writes, also when it is finished later from a pending question."""

    def with_(self, **changes: Any) -> Command:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": PAYLOAD_VERSION,
            "tool": self.tool,
            "args": self.args,
            "call_index": self.call_index,
            "resolved": self.resolved,
            "target": self.target,
            "confirmed": list(self.confirmed),
            "grounded": self.grounded,
            "doubted": self.doubted,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Command:
        if data.get("v") != PAYLOAD_VERSION:
            raise ValueError("unknown pending command version")
        return cls(
            tool=str(data["tool"]),
            args=dict(data["args"]),
            call_index=int(data["call_index"]),
            resolved=data.get("resolved"),
            target=data.get("target"),
            confirmed=tuple(data.get("confirmed") or ()),
            grounded=bool(data.get("grounded")),
            doubted=bool(data.get("doubted")),
        )


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a clarification. ``time`` (a candidate time for ``when``) or ``target`` (an event)."""

    label: str
    start: datetime
    end: datetime
    time: dict[str, Any] | None = None
    target: dict[str, Any] | None = None
    title: str | None = None
    tag: str | None = None
    """A short word that picks this option ("morning", "evening"), where there is one."""

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "time": self.time,
            "target": self.target,
            "title": self.title,
            "tag": self.tag,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Option:
        """The option as a pending command stores it (``to_json``)."""
        return cls(
            label=str(data.get("label") or ""),
            start=datetime.fromisoformat(str(data["start"])),
            end=datetime.fromisoformat(str(data["end"])),
            time=data.get("time"),
            target=data.get("target"),
            title=data.get("title"),
            tag=data.get("tag"),
        )


@dataclass(frozen=True, slots=True)
class Persisted:
    """The store committed the write (``result.persisted`` is true)."""

    command: Command
    result: WriteResult
    kind: Literal["persisted"] = "persisted"


@dataclass(frozen=True, slots=True)
class NeedsValue:
    """A value is missing (``field``: "when", "end", "duration", "recurrence", "event_when")."""

    command: Command
    field: str
    question: str
    kind: Literal["needs_value"] = "needs_value"


@dataclass(frozen=True, slots=True)
class NeedsChoice:
    """Several readings (of a time, or of an event reference): ≤ 3 options, in time order."""

    command: Command
    field: str
    question: str
    options: tuple[Option, ...]
    kind: Literal["needs_choice"] = "needs_choice"


@dataclass(frozen=True, slots=True)
class NeedsConfirmation:
    """Code wants a yes first: the time is in the past, it overlaps ``conflicts``, or it is destructive."""

    command: Command
    reasons: tuple[ConfirmReason, ...]
    question: str
    conflicts: tuple[dict[str, Any], ...] = ()
    kind: Literal["needs_confirmation"] = "needs_confirmation"


@dataclass(frozen=True, slots=True)
class Rejected:
    """Nothing written. ``fixable``: the model may retry with other arguments (``problems`` says why);
    otherwise ``message`` is the user's answer. ``code`` is for telemetry. ``ask``: the question for the
    user if the model's retry fails too (e.g. a time argument not in the user's words: "What time?").
    ``silent``: nothing to tell the user (a write after the turn asked about a left-out request that is
    not that request: the turn's receipts stand alone). ``prose_ok``: the model may answer the user in words
    instead of retrying; ``ask`` is then only for an answer with no words of its own."""

    code: str
    message: str
    fixable: bool = False
    problems: tuple[dict[str, str], ...] = field(default=())
    command: Command | None = None
    ask: NeedsValue | NeedsChoice | NeedsConfirmation | None = None
    silent: bool = False
    prose_ok: bool = False
    kind: Literal["rejected"] = "rejected"


WriteOutcome = Persisted | NeedsValue | NeedsChoice | NeedsConfirmation | Rejected
