"""What the store's operations return: write results (with the ``persisted`` flag), search candidates, slots.

``WriteResult.persisted`` is the fact the agent's exit check trusts. It is ``True`` only on results the
store builds after its transaction committed (or replays from a committed idempotency record): the store
passes a private commit token, and constructing a result with ``persisted=True`` without it raises
``TypeError``. Results are frozen, so nobody can flip the flag later.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from storage.snapshots import EventSnapshot

__all__ = ["Action", "FreeSlot", "SearchCandidate", "WriteResult"]

Action = Literal["created", "updated", "deleted", "restored"]

#: Passed only by ``committed_result`` (called after COMMIT); its presence makes ``persisted=True`` legal.
_COMMITTED = object()


@dataclass(frozen=True, slots=True)
class WriteResult:
    """The outcome of a committed write.

    ``event`` is the row after the write (for ``deleted`` of a whole event: the row as it was). For the
    deletion of one occurrence ``occurrence_start`` names it. ``undo_of`` is the audit id an undo reverted.
    ``replayed`` is true when the idempotency key had been used before and this is the first result again.
    """

    action: Action
    event: EventSnapshot
    audit_id: int
    occurrence_start: datetime | None = None
    undo_of: int | None = None
    replayed: bool = False
    persisted: bool = False
    _commit: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.persisted and self._commit is not _COMMITTED:
            raise TypeError("persisted=True comes only from a committed store transaction")

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "event": self.event.to_json(),
            "audit_id": self.audit_id,
            "occurrence_start": self.occurrence_start.isoformat() if self.occurrence_start else None,
            "undo_of": self.undo_of,
        }


def committed_result(data: dict[str, Any], *, replayed: bool) -> WriteResult:
    """Rebuild a result from its JSON after (or long after) its transaction committed."""
    occurrence = data["occurrence_start"]
    return WriteResult(
        action=data["action"],
        event=EventSnapshot.from_json(data["event"]),
        audit_id=data["audit_id"],
        occurrence_start=datetime.fromisoformat(occurrence) if occurrence else None,
        undo_of=data["undo_of"],
        replayed=replayed,
        persisted=True,
        _commit=_COMMITTED,
    )


@dataclass(frozen=True, slots=True)
class SearchCandidate:
    """An event whose title matches a search, with a similarity score from 0 to 100."""

    event: EventSnapshot
    score: float


@dataclass(frozen=True, slots=True)
class FreeSlot:
    """A free interval inside working hours, aware, in the user's zone, half-open."""

    start: datetime
    end: datetime

    @property
    def duration(self) -> timedelta:
        return self.end - self.start
