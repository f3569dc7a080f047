"""One occurrence of a series changed on its own: an EXDATE on the series plus an event of its own, in one
transaction; undo puts both back. SQLite and PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import update

from storage import (
    Database,
    EventDraft,
    EventPatch,
    EventStore,
    OccurrenceNotFound,
    UndoConflict,
    WriteResult,
)
from storage import writes as writes_module
from storage.models import Event
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=NY)


def key() -> str:
    return uuid.uuid4().hex


async def series(store: EventStore, rule: str = "FREQ=DAILY;COUNT=5") -> WriteResult:
    draft = EventDraft("Standup", at(3, 9), at(3, 9, 30), location="Room 1", rrule=rule)
    return await store.create(draft, now=NOW, idempotency_key=key())


async def move_the_fifth(store: EventStore, made: WriteResult) -> WriteResult:
    """The 5th's 09:00 occurrence to 10:00, on its own."""
    return await store.update(
        made.event.id, EventPatch(start=at(5, 10)), expected_version=1, now=NOW, idempotency_key=key(),
        occurrence_start=at(5, 9),
    )  # fmt: skip


async def starts(store: EventStore) -> list[tuple[str, datetime]]:
    return [(o.event.title, o.start) for o in await store.list_range(at(1, 0), at(30, 0))]


async def test_moving_one_occurrence_leaves_the_rest_of_the_series(store: EventStore) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    assert moved.persisted and moved.action == "updated" and moved.occurrence_start == at(5, 9)
    assert (moved.event.start, moved.event.end, moved.event.rrule) == (at(5, 10), at(5, 10, 30), None)
    assert moved.event.location == "Room 1" and moved.event.id != made.event.id
    assert await starts(store) == [
        ("Standup", at(3, 9)), ("Standup", at(4, 9)), ("Standup", at(5, 10)), ("Standup", at(6, 9)),
        ("Standup", at(7, 9)),
    ]  # fmt: skip
    assert (await store.get(made.event.id)).exdates == (at(5, 9),)


async def test_renaming_one_occurrence_keeps_its_time(store: EventStore) -> None:
    made = await series(store)
    renamed = await store.update(
        made.event.id, EventPatch(title="Demo day"), expected_version=1, now=NOW, idempotency_key=key(),
        occurrence_start=at(4, 9),
    )  # fmt: skip
    assert (renamed.event.title, renamed.event.start, renamed.event.end) == (
        "Demo day",
        at(4, 9),
        at(4, 9, 30),
    )
    assert ("Demo day", at(4, 9)) in await starts(store) and ("Standup", at(4, 9)) not in await starts(store)


async def test_undo_gives_the_occurrence_back_to_the_series(store: EventStore) -> None:
    made = await series(store)
    before = await starts(store)
    await move_the_fifth(store, made)
    undone = await store.undo(now=NOW, idempotency_key=key())
    assert undone.action == "updated" and undone.undo_of is not None and undone.occurrence_start == at(5, 9)
    assert undone.event.id == made.event.id and undone.event.exdates == ()
    assert await starts(store) == before and len(await store.list_events()) == 1


async def test_undo_walks_back_later_writes_first(store: EventStore) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    await store.update(
        moved.event.id, EventPatch(title="Moved standup"), expected_version=1, now=NOW, idempotency_key=key()
    )
    await store.delete(made.event.id, occurrence_start=at(6, 9), now=NOW, idempotency_key=key())
    await store.undo(now=NOW, idempotency_key=key())  # the occurrence delete
    await store.undo(now=NOW, idempotency_key=key())  # the rename
    undone = await store.undo(now=NOW, idempotency_key=key())  # then the move: both rows
    assert undone.event.exdates == () and len(await store.list_events()) == 1


@pytest.mark.parametrize("edited", ["detached", "series"])
async def test_undo_refuses_when_either_row_changed_outside_the_trail(
    store: EventStore, database: Database, edited: str
) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    row_id = moved.event.id if edited == "detached" else made.event.id
    async with database.sessions() as session:  # a change the audit trail does not know
        await session.execute(update(Event).where(Event.id == row_id).values(title="Edited by hand"))
        await session.commit()
    with pytest.raises(UndoConflict):
        await store.undo(now=NOW, idempotency_key=key())
    assert len(await store.list_events()) == 2 and (await store.get(made.event.id)).exdates == (at(5, 9),)


@pytest.mark.parametrize("at_", [at(5, 9, 30), at(9, 9)], ids=["not an occurrence", "after the series"])
async def test_an_occurrence_the_series_does_not_have_is_refused(store: EventStore, at_: datetime) -> None:
    made = await series(store)
    with pytest.raises(OccurrenceNotFound):
        await store.update(
            made.event.id, EventPatch(start=at(5, 10)), expected_version=1, now=NOW, idempotency_key=key(),
            occurrence_start=at_,
        )  # fmt: skip
    assert len(await store.list_events()) == 1 and (await store.get(made.event.id)).version == 1


async def test_a_single_event_has_no_occurrence_to_detach(store: EventStore) -> None:
    single = await store.create(EventDraft("Dentist", at(4, 10), at(4, 11)), now=NOW, idempotency_key=key())
    with pytest.raises(OccurrenceNotFound):
        await store.update(
            single.event.id, EventPatch(title="x"), expected_version=1, now=NOW, idempotency_key=key(),
            occurrence_start=at(4, 10),
        )  # fmt: skip


async def test_a_failure_after_the_detach_leaves_neither_row_changed(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = await series(store)

    async def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("disk full")

    monkeypatch.setattr(writes_module, "add_audit_record", broken)
    with pytest.raises(RuntimeError):
        await move_the_fifth(store, made)
    events = await store.list_events()
    assert len(events) == 1 and events[0].exdates == () and events[0].version == 1


async def test_a_series_move_carries_its_excluded_occurrences_along(store: EventStore) -> None:
    made = await series(store)
    await store.delete(made.event.id, occurrence_start=at(5, 9), now=NOW, idempotency_key=key())
    moved = await store.update(
        made.event.id, EventPatch(start=at(3, 10), end=at(3, 11)), expected_version=2, now=NOW,
        idempotency_key=key(),
    )  # fmt: skip
    assert moved.event.exdates == (at(5, 10),)
    assert [s for _, s in await starts(store)] == [at(3, 10), at(4, 10), at(6, 10), at(7, 10)]
    assert moved.event.end - moved.event.start == timedelta(hours=1)


async def test_the_detached_occurrence_keeps_its_series(store: EventStore) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    assert (moved.event.series_id, moved.event.recurrence_id) == (made.event.id, at(5, 9))
    stored = await store.get(moved.event.id)
    assert (stored.series_id, stored.recurrence_id) == (made.event.id, at(5, 9))
    assert stored.to_json()["series_id"] == str(made.event.id)
    assert "series_id" not in (await store.get(made.event.id)).to_json()  # unlinked events: same shape


async def test_deleting_the_series_takes_its_detached_occurrences_and_undo_brings_them_back(
    store: EventStore,
) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    renamed = await store.update(
        made.event.id, EventPatch(title="Demo"), expected_version=2, now=NOW, idempotency_key=key(),
        occurrence_start=at(6, 9),
    )  # fmt: skip
    other = await store.create(EventDraft("Lunch", at(5, 12), at(5, 13)), now=NOW, idempotency_key=key())
    before = await store.list_events()
    deleted = await store.delete(made.event.id, now=NOW, idempotency_key=key())
    assert deleted.action == "deleted" and deleted.event.id == made.event.id
    assert [e.id for e in await store.list_events()] == [other.event.id]
    undone = await store.undo(now=NOW, idempotency_key=key())
    assert undone.action == "restored" and undone.event.id == made.event.id
    after = await store.list_events()
    assert [(e.id, e.content(), e.series_id, e.recurrence_id) for e in after] == [
        (e.id, e.content(), e.series_id, e.recurrence_id) for e in before
    ]
    assert {moved.event.id, renamed.event.id} <= {e.id for e in after}


async def test_undo_of_a_series_delete_refuses_if_a_detached_occurrence_is_back(
    store: EventStore, database: Database
) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    deleted = await store.delete(made.event.id, now=NOW, idempotency_key=key())
    async with database.sessions() as session:  # the detached row back behind the trail's back
        row = moved.event
        session.add(
            Event(
                id=row.id, owner_id=store.user_id, title=row.title, start_utc=row.start, end_utc=row.end,
                timezone=row.timezone, series_end_utc=row.end, created_at=NOW, updated_at=NOW,
            )
        )  # fmt: skip
        await session.commit()
    with pytest.raises(UndoConflict):
        await store.undo(now=NOW, idempotency_key=key())
    assert [e.id for e in await store.list_events()] == [moved.event.id] and deleted.persisted


async def test_deleting_a_detached_occurrence_leaves_the_series_and_undo_relinks_it(
    store: EventStore,
) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    await store.delete(moved.event.id, now=NOW, idempotency_key=key())
    assert (await store.get(made.event.id)).exdates == (at(5, 9),)
    assert [s for _, s in await starts(store)] == [at(3, 9), at(4, 9), at(6, 9), at(7, 9)]
    await store.undo(now=NOW, idempotency_key=key())
    back = await store.get(moved.event.id)
    assert (back.start, back.series_id, back.recurrence_id) == (at(5, 10), made.event.id, at(5, 9))


async def test_moving_the_series_leaves_its_detached_occurrence_where_it_was_put(store: EventStore) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    await store.update(
        made.event.id, EventPatch(start=at(3, 11)), expected_version=2, now=NOW, idempotency_key=key()
    )
    kept = await store.get(moved.event.id)
    assert (kept.start, kept.series_id) == (at(5, 10), made.event.id)
    assert [s for _, s in await starts(store)] == [at(3, 11), at(4, 11), at(5, 10), at(6, 11), at(7, 11)]


async def test_undo_walks_back_a_series_delete_then_the_detach(store: EventStore) -> None:
    made = await series(store)
    moved = await move_the_fifth(store, made)
    await store.delete(made.event.id, now=NOW, idempotency_key=key())
    await store.undo(now=NOW, idempotency_key=key())  # the delete: series and detached occurrence
    await store.undo(now=NOW, idempotency_key=key())  # the detach
    assert [e.id for e in await store.list_events()] == [made.event.id]
    assert moved.event.id not in {e.id for e in await store.list_events()}
