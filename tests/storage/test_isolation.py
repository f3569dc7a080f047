"""User isolation: for every store operation, user B cannot see or change user A's rows.

B gets exactly what a missing id gives (``EventNotFound``), and A's rows are unchanged afterwards.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from storage import Database, EventDraft, EventNotFound, EventPatch, EventStore, NothingToUndo
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
START = datetime(2025, 3, 4, 10, tzinfo=NY)
WEEK = (datetime(2025, 3, 3, tzinfo=NY), datetime(2025, 3, 10, tzinfo=NY))


@pytest.fixture
async def two(database: Database, make_user: object) -> tuple[EventStore, EventStore, uuid.UUID]:
    alice = await make_user(name="Alice")  # type: ignore[operator]
    bob = await make_user(name="Bob")  # type: ignore[operator]
    a, b = database.events(alice.id), database.events(bob.id)
    created = await a.create(
        EventDraft("Alice's secret meeting", START, START + timedelta(hours=1), rrule="FREQ=DAILY;COUNT=5"),
        now=NOW, idempotency_key="shared-key",
    )  # fmt: skip
    return a, b, created.event.id


async def _unchanged(a: EventStore, event_id: uuid.UUID) -> None:
    event = await a.get(event_id)
    assert event.version == 1 and event.title == "Alice's secret meeting" and event.exdates == ()


async def test_get(two: tuple[EventStore, EventStore, uuid.UUID]) -> None:
    a, b, event_id = two
    missing = uuid.uuid4()
    with pytest.raises(EventNotFound) as theirs:
        await b.get(event_id)
    with pytest.raises(EventNotFound) as nothing:
        await b.get(missing)
    assert type(theirs.value) is type(nothing.value)
    assert str(theirs.value).replace(str(event_id), "ID") == str(nothing.value).replace(str(missing), "ID")
    await _unchanged(a, event_id)


async def test_update(two: tuple[EventStore, EventStore, uuid.UUID]) -> None:
    a, b, event_id = two
    with pytest.raises(EventNotFound):
        await b.update(event_id, EventPatch(title="pwned"), expected_version=1, now=NOW, idempotency_key="x")
    await _unchanged(a, event_id)


async def test_delete_whole_and_occurrence(two: tuple[EventStore, EventStore, uuid.UUID]) -> None:
    a, b, event_id = two
    with pytest.raises(EventNotFound):
        await b.delete(event_id, now=NOW, idempotency_key="x")
    with pytest.raises(EventNotFound):
        await b.delete(event_id, occurrence_start=START, now=NOW, idempotency_key="y")
    await _unchanged(a, event_id)


async def test_list_conflicts_free_slots_search(two: tuple[EventStore, EventStore, uuid.UUID]) -> None:
    a, b, _ = two
    assert len(await a.list_range(*WEEK)) == 5
    assert await b.list_range(*WEEK) == []
    assert await b.conflicts(START, START + timedelta(hours=1)) == []
    assert await b.conflicts(START, START + timedelta(hours=1), exclude=uuid.uuid4()) == []
    slots = await b.free_slots(START.replace(hour=0), START.replace(hour=23), timedelta(hours=1))
    assert [(s.start.hour, s.end.hour) for s in slots] == [(9, 18)]
    assert await b.search("secret meeting") == []
    assert (await a.search("secret meeting"))[0].event.title == "Alice's secret meeting"


async def test_undo_only_reverts_own_writes(two: tuple[EventStore, EventStore, uuid.UUID]) -> None:
    a, b, event_id = two
    with pytest.raises(NothingToUndo):
        await b.undo(now=NOW, idempotency_key="u")
    await _unchanged(a, event_id)


async def test_idempotency_keys_are_per_user(two: tuple[EventStore, EventStore, uuid.UUID]) -> None:
    a, b, event_id = two
    mine = await b.create(
        EventDraft("Bob's", START, START + timedelta(hours=1)), now=NOW, idempotency_key="shared-key"
    )
    assert not mine.replayed and mine.event.id != event_id and mine.event.title == "Bob's"
    await _unchanged(a, event_id)


async def test_conversations_and_turn_log(
    database: Database, two: tuple[EventStore, EventStore, uuid.UUID]
) -> None:
    a, b, _ = two
    ca, cb = database.conversations(a.user_id), database.conversations(b.user_id)
    await ca.add_message("c1", "user", "my secret", now=NOW)
    await ca.save_pending(
        "c1", "needs_confirmation", {"x": 1}, now=NOW, expires_at=NOW + timedelta(minutes=5)
    )
    assert await cb.recent_messages("c1") == []
    assert await cb.search_messages("secret") == []
    assert await cb.pending("c1", now=NOW) is None
    assert await cb.take_pending("c1", now=NOW) is None
    assert await cb.clear_pending("c1") is False
    assert await ca.pending("c1", now=NOW) is not None
    la, lb = database.turn_log(a.user_id), database.turn_log(b.user_id)
    await la.record("t1", "unverified_write_claim", {"tool": "create"}, now=NOW)
    assert await lb.records() == [] and await lb.records(turn_id="t1") == []
    assert len(await la.records(turn_id="t1")) == 1
