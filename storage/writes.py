"""The unit of work behind every event write: idempotency claim, change, audit record, commit.

One transaction, in this order:

1. claim the idempotency key (INSERT into ``idempotency_records``; the unique ``(owner_id, key)``
   constraint makes a concurrent duplicate fail or wait). Being the first statement, it also takes SQLite's
   write lock before anything is read, so parallel writers queue on the busy timeout instead of failing.
2. run the change (read, version check, INSERT/UPDATE/DELETE of the event),
3. write the audit record (before/after snapshots, turn id),
4. store the result on the claim, COMMIT, and only then build the ``WriteResult`` with ``persisted=True``.

Any failure rolls the whole transaction back: no event, no audit record, no claim. A key that is already
claimed returns the first committed result (``replayed=True``), or ``IdempotencyKeyReused`` if the request
differs.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import limits
from storage.errors import (
    IdempotencyKeyReused,
    InvalidInput,
    StorageError,
    StorageUnavailable,
    UserNotFound,
)
from storage.models import AuditRecord, Event, IdempotencyRecord, User
from storage.results import Action, WriteResult, committed_result
from storage.snapshots import EventSnapshot

__all__ = ["INSERT_EVENT", "Change", "add_audit_record", "run_write"]


@dataclass(frozen=True, slots=True)
class Change:
    """What a write did, as the change function reports it to the unit of work."""

    action: Action
    operation: str
    event_id: uuid.UUID
    before: EventSnapshot | None
    after: EventSnapshot | None
    occurrence_start: datetime | None = None
    undoes_id: int | None = None


async def run_write(
    sessions: async_sessionmaker[AsyncSession],
    *,
    owner_id: uuid.UUID,
    idempotency_key: str,
    request: dict[str, Any],
    now: datetime,
    turn_id: str | None,
    change: Callable[[AsyncSession], Awaitable[Change]],
) -> WriteResult:
    """Run ``change`` in one transaction with its audit record and idempotency claim; see the module doc."""
    _check_key(idempotency_key)
    _check_turn_id(turn_id)
    fingerprint = hashlib.sha256(json.dumps(request, sort_keys=True, default=str).encode()).hexdigest()
    try:
        async with sessions() as session:
            # Core statements inside the ORM session (the change function still gets the session): no
            # unit-of-work flush per row, and the claim's id comes back from the INSERT itself.
            claim_row = {"owner_id": owner_id, "key": idempotency_key, "fingerprint": fingerprint,
                         "created_at": now}  # fmt: skip
            try:
                claimed = await session.execute(_CLAIM, claim_row)
            except IntegrityError:
                await session.rollback()
                return await _replay(session, owner_id, idempotency_key, fingerprint)
            claim_id = claimed.inserted_primary_key[0]  # type: ignore[attr-defined]
            done = await change(session)
            audit_id = await add_audit_record(
                session,
                {
                    "owner_id": owner_id,
                    "event_id": done.event_id,
                    "action": done.action,
                    "operation": done.operation,
                    "before": done.before.to_json() if done.before else None,
                    "after": done.after.to_json() if done.after else None,
                    "turn_id": turn_id,
                    "undoes_id": done.undoes_id,
                    "at": now,
                },
            )
            event = done.after or done.before
            assert event is not None and audit_id is not None
            draft = WriteResult(
                action=done.action,
                event=event,
                audit_id=audit_id,
                occurrence_start=done.occurrence_start,
                undo_of=done.undoes_id,
            )
            result = draft.to_json()
            await session.execute(_SET_RESULT, {"claim_id": claim_id, "claim_result": result})
            await session.commit()
    except StorageError:
        raise
    except DBAPIError as exc:
        raise StorageUnavailable("the database could not complete the write; nothing was saved") from exc
    return committed_result(result, replayed=False)


async def add_audit_record(session: AsyncSession, values: dict[str, Any]) -> int:
    """Insert one audit record (column values) in the write's transaction and return its id (tests
    inject failures here)."""
    inserted = await session.execute(_AUDIT_INSERT, values)
    return int(inserted.inserted_primary_key[0])  # type: ignore[attr-defined]


_CLAIMS = IdempotencyRecord.__table__  # type: ignore[attr-defined]
#: Built once: the parameters travel with each execution, so the compiled form comes from the cache.
_CLAIM = insert(_CLAIMS)
_AUDIT_INSERT = insert(AuditRecord.__table__)  # type: ignore[attr-defined]
INSERT_EVENT = insert(Event.__table__)  # type: ignore[attr-defined]
"""An event row's INSERT, built once for every change that adds one (create, detach, restore)."""
_SET_RESULT = (
    update(_CLAIMS)
    .where(_CLAIMS.c.id == bindparam("claim_id"))
    .values(result=bindparam("claim_result", type_=_CLAIMS.c.result.type))
)


async def _replay(session: AsyncSession, owner_id: uuid.UUID, key: str, fingerprint: str) -> WriteResult:
    async with session.begin():
        found = (
            await session.execute(
                select(IdempotencyRecord).where(
                    IdempotencyRecord.owner_id == owner_id, IdempotencyRecord.key == key
                )
            )
        ).scalar_one_or_none()
    if found is None and await session.get(User, owner_id) is None:  # the claim's foreign key failed
        raise UserNotFound(f"no user with id {owner_id}")
    if found is None or found.result is None:  # the claim was rolled back meanwhile
        raise StorageUnavailable("a concurrent write with the same idempotency key did not finish; retry")
    if found.fingerprint != fingerprint:
        raise IdempotencyKeyReused(key)
    return committed_result(found.result, replayed=True)


#: Key prefix reserved for the HTTP API's request records (``storage.api_requests``), same table.
RESERVED_KEY_PREFIX = "api."


def _check_key(key: object) -> None:
    if not isinstance(key, str) or not key.strip():
        raise InvalidInput("idempotency_key must be a non-empty string", field="idempotency_key")
    if key.startswith(RESERVED_KEY_PREFIX):
        raise InvalidInput(
            f"idempotency keys starting with {RESERVED_KEY_PREFIX!r} are reserved", field="idempotency_key"
        )
    if len(key) > limits.MAX_IDEMPOTENCY_KEY_LENGTH:
        raise InvalidInput(
            f"idempotency_key is longer than {limits.MAX_IDEMPOTENCY_KEY_LENGTH} characters",
            field="idempotency_key",
        )


def _check_turn_id(turn_id: object) -> None:
    if turn_id is not None and (not isinstance(turn_id, str) or len(turn_id) > limits.MAX_TURN_ID_LENGTH):
        raise InvalidInput(
            f"turn_id must be a string of at most {limits.MAX_TURN_ID_LENGTH} characters", field="turn_id"
        )
