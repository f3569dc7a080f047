"""A planned import (``storage.ics_plan``) written in ONE transaction: every item, or nothing.

``storage.ics_import`` writes item by item (a bad item is skipped, the rest imported). A plan that was
shown to the user and confirmed is written whole instead: each item is validated again, created (or its
occurrence replaced, on a series the same batch may just have created) and audited like any write, and the
one COMMIT at the end makes all of it visible at once; any failure — an item that no longer fits, a series
changed meanwhile, the database gone — rolls all of it back.

Each item claims two idempotency keys in the same transaction, both holding its result:

- ``<prefix>:<n>`` (the caller's prefix, a turn id and a word): running the same batch again (a retried
  request) replays the committed results instead of writing twice, and a crashed turn's writes are found
  under its turn id (``storage.api_requests``);
- the item's own import key (``ics:…`` from its UID): a later import of the same file, in a chat or by
  ``import_ics``, sees the item as already imported.

An import key claimed meanwhile (the same file imported another way since the plan was made) fails the
batch with ``IdempotencyKeyReused``; nothing is written.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.detached import replace_occurrence
from storage.drafts import validate
from storage.errors import IdempotencyKeyReused, InvalidInput, StorageError, StorageUnavailable
from storage.models import Event, IdempotencyRecord
from storage.results import WriteResult, committed_result
from storage.snapshots import EventSnapshot
from storage.writes import INSERT_EVENT, Change, add_audit_record

if TYPE_CHECKING:
    from storage.ics_plan import PlannedItem

__all__ = ["MAX_BATCH_ITEMS", "write_planned"]

#: The most items one batch writes (a term's timetable is a few dozen).
MAX_BATCH_ITEMS = 500

RowOf = Callable[[AsyncSession, uuid.UUID], Awaitable[Event]]
UpdateRow = Callable[[AsyncSession, Event, int, datetime, dict[str, Any]], Awaitable[EventSnapshot]]


async def write_planned(
    sessions: async_sessionmaker[AsyncSession],
    owner_id: uuid.UUID,
    items: Sequence[PlannedItem],
    *,
    now: datetime,
    key_prefix: str,
    turn_id: str | None,
    default_zone: str,
    row_of: RowOf,
    update_row: UpdateRow,
) -> tuple[WriteResult, ...]:
    """Write ``items`` in one transaction and return their committed results, in order (the results of
    the first run when this batch was committed before). Raises ``InvalidInput`` (an item that breaks a
    rule now, or a plan that does not hold together), ``NotFound`` (a series gone), ``IdempotencyKeyReused``,
    ``StorageUnavailable``; whatever it raises, nothing was written."""
    if not items or len(items) > MAX_BATCH_ITEMS:
        raise InvalidInput(f"a batch writes 1 to {MAX_BATCH_ITEMS} items", field="items")
    _check_plan(items)
    keys = [f"{key_prefix}:{n}" for n in range(len(items))]
    write = _Batch(owner_id, now, turn_id, default_zone, row_of, update_row)
    try:
        async with sessions() as session:
            try:
                for key, item in zip(keys, items, strict=True):
                    await write.item(session, key, item)
                await session.commit()
            except IntegrityError:
                await session.rollback()
                return await _replay(session, owner_id, keys)
    except StorageError:
        raise
    except DBAPIError as exc:
        raise StorageUnavailable("the database could not complete the import; nothing was saved") from exc
    results = write.results
    return tuple(committed_result(r, replayed=False) for r in results)


class _Batch:
    """One batch's writes so far, in its transaction."""

    def __init__(
        self, owner_id: uuid.UUID, now: datetime, turn_id: str | None, default_zone: str, row_of: RowOf,
        update_row: UpdateRow,
    ) -> None:  # fmt: skip
        self.owner_id, self.now, self.turn_id, self.default_zone = owner_id, now, turn_id, default_zone
        self.row_of, self.update_row = row_of, update_row
        self.results: list[dict[str, Any]] = []

    async def item(self, session: AsyncSession, key: str, item: PlannedItem) -> None:
        """Claim ``key`` and the item's import key, write the item, audit it, store its result."""
        series_id = _series_of(item, self.results)
        fingerprint = _fingerprint(_request(item, series_id))
        claims = [await _claim(session, self.owner_id, k, fingerprint, self.now) for k in (key, item.key)]
        done = await self._change(session, item, series_id)
        audit_id = await add_audit_record(
            session,
            {"owner_id": self.owner_id, "event_id": done.event_id, "action": done.action,
             "operation": done.operation, "before": done.before.to_json() if done.before else None,
             "after": done.after.to_json() if done.after else None, "turn_id": self.turn_id,
             "undoes_id": done.undoes_id, "at": self.now},
        )  # fmt: skip
        event = done.after or done.before
        assert event is not None
        result = WriteResult(done.action, event, audit_id, occurrence_start=done.occurrence_start).to_json()
        self.results.append(result)
        for claim_id in claims:
            await session.execute(_SET_RESULT, {"claim_id": claim_id, "claim_result": result})

    async def _change(self, session: AsyncSession, item: PlannedItem, series_id: uuid.UUID | None) -> Change:
        if item.kind == "event":
            assert item.draft is not None
            fields = validate(item.draft, item.draft.timezone or self.default_zone)
            values = {"id": uuid.uuid4(), "owner_id": self.owner_id, "created_at": self.now,
                      "updated_at": self.now, "version": 1, **fields.as_row_values()}  # fmt: skip
            await session.execute(INSERT_EVENT, values)
            snapshot = EventSnapshot.from_row(SimpleNamespace(**values))  # type: ignore[arg-type]
            return Change("created", "create", values["id"], None, snapshot)
        assert series_id is not None and item.occurrence_start is not None
        return await replace_occurrence(
            session, await self.row_of(session, series_id), occurrence_start=item.occurrence_start,
            replacement=item.draft, now=self.now, default_zone=self.default_zone, update_row=self.update_row,
        )  # fmt: skip


def _check_plan(items: Sequence[PlannedItem]) -> None:
    for n, item in enumerate(items):
        if item.kind == "event" and item.draft is None:
            raise InvalidInput(f"item {n} creates an event without one", field="items")
        if item.kind == "override":
            earlier = item.series is not None and 0 <= item.series < n and items[item.series].kind == "event"
            if item.occurrence_start is None or not (earlier or item.series_id is not None):
                raise InvalidInput(f"item {n} changes an occurrence of no series", field="items")


def _series_of(item: PlannedItem, results: list[dict[str, Any]]) -> uuid.UUID | None:
    if item.kind != "override":
        return None
    if item.series is not None:
        return uuid.UUID(results[item.series]["event"]["id"])
    return item.series_id


def _request(item: PlannedItem, series_id: uuid.UUID | None) -> dict[str, Any]:
    """What the item asks, as ``EventStore.create`` / ``replace_occurrence`` describe it (the same
    fingerprint, so an import of the same file later replays instead of failing)."""
    if item.kind == "event":
        assert item.draft is not None
        return {"op": "create", "draft": item.draft.to_json()}
    assert item.occurrence_start is not None
    return {
        "op": "replace_occurrence",
        "id": str(series_id),
        "occurrence": item.occurrence_start.isoformat(),
        "replacement": item.draft.to_json() if item.draft is not None else None,
    }


async def _claim(
    session: AsyncSession, owner_id: uuid.UUID, key: str, fingerprint: str, now: datetime
) -> int:
    claimed = await session.execute(
        _CLAIM, {"owner_id": owner_id, "key": key, "fingerprint": fingerprint, "created_at": now}
    )
    return int(claimed.inserted_primary_key[0])  # type: ignore[attr-defined]


async def _replay(session: AsyncSession, owner_id: uuid.UUID, keys: list[str]) -> tuple[WriteResult, ...]:
    """After a claim failed: the batch's committed results if this batch ran before, else the conflict."""
    async with session.begin():
        rows = (
            await session.execute(
                select(IdempotencyRecord.key, IdempotencyRecord.result).where(
                    IdempotencyRecord.owner_id == owner_id,
                    IdempotencyRecord.key.in_(keys),  # type: ignore[attr-defined]
                )
            )
        ).all()
    found = {key: result for key, result in rows}
    if len(found) == len(keys) and all(found[k] is not None for k in keys):
        return tuple(committed_result(found[k], replayed=True) for k in keys)
    if found:
        raise StorageUnavailable("an earlier run of this import did not finish; retry")
    raise IdempotencyKeyReused("some of these events were imported meanwhile")


def _fingerprint(request: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(request, sort_keys=True, default=str).encode()).hexdigest()


_CLAIMS = IdempotencyRecord.__table__  # type: ignore[attr-defined]
_CLAIM = insert(_CLAIMS)
_SET_RESULT = (
    update(_CLAIMS)
    .where(_CLAIMS.c.id == bindparam("claim_id"))
    .values(result=bindparam("claim_result", type_=_CLAIMS.c.result.type))
)
