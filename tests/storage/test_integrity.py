"""Concurrency, idempotency races, and "nothing half-written remains" under injected failures."""

from __future__ import annotations

import asyncio
import uuid
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

import storage.writes
from storage import (
    Database,
    EventDraft,
    EventPatch,
    EventStore,
    NothingToUndo,
    StorageUnavailable,
    VersionConflict,
)
from storage.models import AuditRecord, Event, IdempotencyRecord
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
START = datetime(2025, 3, 4, 10, tzinfo=NY)
PARALLEL = 8


async def count(database: Database, model: type, owner: uuid.UUID) -> int:
    async with database.sessions() as session:
        return (
            await session.execute(select(func.count()).select_from(model).where(model.owner_id == owner))
        ).scalar_one()


async def test_parallel_updates_with_one_expected_version_exactly_one_wins(store: EventStore) -> None:
    created = await store.create(
        EventDraft("Start", START, START + timedelta(hours=1)), now=NOW, idempotency_key="c"
    )

    async def attempt(i: int) -> str:
        try:
            await store.update(
                created.event.id,
                EventPatch(title=f"T{i}"),
                expected_version=1,
                now=NOW,
                idempotency_key=f"u{i}",
            )
            return f"T{i}"
        except VersionConflict:
            return "conflict"

    outcomes = await asyncio.gather(*(attempt(i) for i in range(PARALLEL)))
    winners = [o for o in outcomes if o != "conflict"]
    assert len(winners) == 1
    final = await store.get(created.event.id)
    assert final.version == 2 and final.title == winners[0]


async def test_parallel_read_modify_write_with_retries_loses_nothing(store: EventStore) -> None:
    created = await store.create(
        EventDraft("Party", START, START + timedelta(hours=1)), now=NOW, idempotency_key="c"
    )

    async def add_attendee(name: str) -> None:
        for attempt in range(100):
            event = await store.get(created.event.id)
            try:
                await store.update(
                    event.id, EventPatch(attendees=[*event.attendees, name]), expected_version=event.version,
                    now=NOW, idempotency_key=f"{name}-{attempt}",
                )  # fmt: skip
                return
            except VersionConflict:
                await asyncio.sleep(0)
        raise AssertionError("never won")

    names = [f"guest{i}" for i in range(PARALLEL)]
    await asyncio.gather(*(add_attendee(n) for n in names))
    final = await store.get(created.event.id)
    assert sorted(final.attendees) == names and final.version == 1 + PARALLEL


async def test_parallel_creates_with_one_key_make_one_row(store: EventStore, database: Database) -> None:
    draft = EventDraft("Once", START, START + timedelta(hours=1))
    results = await asyncio.gather(
        *(store.create(draft, now=NOW, idempotency_key="same") for _ in range(PARALLEL))
    )
    assert len({r.event.id for r in results}) == 1
    assert sum(not r.replayed for r in results) == 1
    assert all(r.persisted for r in results)
    assert await count(database, Event, store.user_id) == 1
    assert await count(database, AuditRecord, store.user_id) == 1


async def _fail_audit(*_: object) -> None:
    raise RuntimeError("injected failure while writing the audit record")


async def _fail_audit_db(*_: object) -> None:
    raise OperationalError("INSERT INTO audit_records ...", {}, Exception("disk I/O error"))


async def test_failure_mid_create_leaves_nothing(
    store: EventStore, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.writes, "add_audit_record", _fail_audit)
    with pytest.raises(RuntimeError, match="injected"):
        await store.create(
            EventDraft("Ghost", START, START + timedelta(hours=1)), now=NOW, idempotency_key="k"
        )
    for model in (Event, AuditRecord, IdempotencyRecord):
        assert await count(database, model, store.user_id) == 0, model.__name__
    monkeypatch.undo()
    retried = await store.create(
        EventDraft("Ghost", START, START + timedelta(hours=1)), now=NOW, idempotency_key="k"
    )
    assert retried.persisted and not retried.replayed


async def test_failure_mid_update_and_delete_changes_nothing(
    store: EventStore, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = await store.create(
        EventDraft("Keep", START, START + timedelta(hours=1), rrule="FREQ=DAILY;COUNT=3"),
        now=NOW,
        idempotency_key="c",
    )
    monkeypatch.setattr(storage.writes, "add_audit_record", _fail_audit_db)
    with pytest.raises(StorageUnavailable) as caught:
        await store.update(
            created.event.id, EventPatch(title="Changed"), expected_version=1, now=NOW, idempotency_key="u"
        )
    assert "INSERT" not in str(caught.value) and "disk" not in str(caught.value)
    with pytest.raises(StorageUnavailable):
        await store.delete(created.event.id, now=NOW, idempotency_key="d")
    with pytest.raises(StorageUnavailable):
        await store.delete(
            created.event.id, occurrence_start=START + timedelta(days=1), now=NOW, idempotency_key="o"
        )
    with pytest.raises(StorageUnavailable):
        await store.undo(now=NOW, idempotency_key="z")
    assert await store.get(created.event.id) == created.event
    assert await count(database, AuditRecord, store.user_id) == 1
    assert await count(database, IdempotencyRecord, store.user_id) == 1


async def test_every_write_is_audited_with_before_after_and_turn(
    store: EventStore, database: Database
) -> None:
    created = await store.create(
        EventDraft("A", START, START + timedelta(hours=1)), now=NOW, idempotency_key="1", turn_id="t1"
    )
    await store.update(
        created.event.id,
        EventPatch(title="B"),
        expected_version=1,
        now=NOW,
        idempotency_key="2",
        turn_id="t2",
    )
    await store.delete(created.event.id, now=NOW, idempotency_key="3")
    undone = await store.undo(now=NOW, idempotency_key="4", turn_id="t4")
    async with database.sessions() as session:
        rows = (
            (
                await session.execute(
                    select(AuditRecord).where(AuditRecord.owner_id == store.user_id).order_by(AuditRecord.id)
                )
            )
            .scalars()
            .all()
        )
    assert [(r.action, r.operation, r.turn_id) for r in rows] == [
        ("created", "create", "t1"),
        ("updated", "update", "t2"),
        ("deleted", "delete", None),
        ("restored", "undo", "t4"),
    ]
    assert rows[0].before is None and rows[0].after["title"] == "A"
    assert rows[1].before["title"] == "A" and rows[1].after["title"] == "B"
    assert rows[2].after is None and rows[3].undoes_id == rows[2].id == undone.undo_of
    assert all(r.at == NOW and r.event_id == created.event.id for r in rows)


async def test_parallel_undos_revert_successive_writes(store: EventStore) -> None:
    for i in range(3):
        await store.create(
            EventDraft(f"E{i}", START, START + timedelta(hours=1)), now=NOW, idempotency_key=f"c{i}"
        )

    async def undo(i: int) -> str:
        try:
            return (await store.undo(now=NOW, idempotency_key=f"undo-{i}")).action
        except NothingToUndo:
            return "nothing"

    outcomes = await asyncio.gather(*(undo(i) for i in range(5)))
    assert sorted(outcomes) == ["deleted", "deleted", "deleted", "nothing", "nothing"]
    assert await store.list_events() == []
