"""EventStore: create/get/update/delete, versions, idempotency, validation, search, undo."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import update

from storage import (
    Database,
    EventDraft,
    EventNotFound,
    EventPatch,
    EventSnapshot,
    EventStore,
    IdempotencyKeyReused,
    InvalidEvent,
    InvalidInput,
    NothingToUndo,
    OccurrenceNotFound,
    UndoConflict,
    VersionConflict,
    WriteResult,
)
from storage.limits import MAX_ATTENDEES, MAX_NOTES_LENGTH, MAX_TITLE_LENGTH
from storage.models import Event
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")


def at(day: int, hour: int, minute: int = 0, tz: ZoneInfo = NY, month: int = 3) -> datetime:
    return datetime(2025, month, day, hour, minute, tzinfo=tz)


def key() -> str:
    return uuid.uuid4().hex


async def create(
    store: EventStore, title: str = "Dentist", start: datetime | None = None, hours: float = 1, **kw: object
) -> WriteResult:
    start = start or at(4, 10)
    return await store.create(
        EventDraft(title, start, start + timedelta(hours=hours), **kw),  # type: ignore[arg-type]
        now=NOW,
        idempotency_key=key(),
    )


async def test_create_returns_persisted_snapshot_and_get_reads_it(store: EventStore) -> None:
    result = await create(
        store, "和张三开会", at(4, 15, tz=SH), location="Room 1", attendees=["张三"], timezone="Asia/Shanghai"
    )
    assert result.persisted and result.action == "created" and not result.replayed
    assert result.audit_id > 0
    event = result.event
    assert event.title == "和张三开会" and event.version == 1 and event.timezone == "Asia/Shanghai"
    assert event.start == at(4, 15, tz=SH) and event.start.tzinfo == SH
    assert event.attendees == ("张三",) and event.location == "Room 1"
    assert event.created_at == NOW.astimezone(UTC)
    assert await store.get(event.id) == event
    assert await store.get(str(event.id)) == event


async def test_default_timezone_is_the_owners(store: EventStore) -> None:
    result = await create(store, start=datetime(2025, 3, 4, 15, tzinfo=UTC))
    assert result.event.timezone == "America/New_York"
    assert result.event.start == at(4, 10)


async def test_all_day_event_takes_dates(store: EventStore) -> None:
    result = await store.create(
        EventDraft("Trip", date(2025, 3, 8), date(2025, 3, 11)), now=NOW, idempotency_key=key()
    )
    event = result.event
    assert event.all_day and event.start_date == date(2025, 3, 8) and event.end_date == date(2025, 3, 11)
    assert event.start == datetime(2025, 3, 8, tzinfo=NY)
    # across the DST change on 2025-03-09 the local midnights stay midnights
    assert event.end == datetime(2025, 3, 11, tzinfo=NY)


async def test_unknown_and_malformed_ids_are_not_found(store: EventStore) -> None:
    for bad in (uuid.uuid4(), "not-a-uuid", "'; DROP TABLE events; --"):
        with pytest.raises(EventNotFound):
            await store.get(bad)  # type: ignore[arg-type]


BAD_DRAFTS = [
    (EventDraft("x", datetime(2025, 3, 4, 10), datetime(2025, 3, 4, 11)), "start", "naive start"),
    (EventDraft("x", at(4, 10), datetime(2025, 3, 4, 11)), "end", "naive end"),
    (EventDraft("x", at(4, 10), at(4, 10)), "end", "zero length"),
    (EventDraft("x", at(4, 10), at(4, 9)), "end", "end before start"),
    (EventDraft("   ", at(4, 10), at(4, 11)), "title", "blank title"),
    (EventDraft("x" * (MAX_TITLE_LENGTH + 1), at(4, 10), at(4, 11)), "title", "title too long"),
    (EventDraft("x", at(4, 10), at(4, 11), notes="n" * (MAX_NOTES_LENGTH + 1)), "notes", "notes too long"),
    (
        EventDraft("x", at(4, 10), at(4, 11), attendees=["a"] * (MAX_ATTENDEES + 1)),
        "attendees",
        "too many attendees",
    ),
    (EventDraft("x", at(4, 10), at(4, 11), timezone="Mars/Olympus"), "timezone", "unknown zone"),
    (EventDraft("x", at(4, 10), at(4, 11), timezone="../../etc/passwd"), "timezone", "path as zone"),
    (EventDraft("x", at(4, 10), at(4, 11), rrule="FREQ=SOMETIMES"), "rrule", "bad freq"),
    (EventDraft("x", at(4, 10), at(4, 11), rrule="FREQ=HOURLY"), "rrule", "too frequent"),
    (EventDraft("x", at(4, 10), at(4, 11), rrule="FREQ=DAILY;COUNT=100000"), "rrule", "count too big"),
    (EventDraft("x", at(4, 10), at(4, 11), rrule="FREQ=DAILY;BYDAY=XX"), "rrule", "bad byday"),
    (EventDraft("x", at(4, 10), at(4, 11), rrule="FREQ=DAILY\nDTSTART:20250101"), "rrule", "two lines"),
    (EventDraft("x", at(4, 10), at(4, 11), exdates=[at(5, 10)]), "exdates", "exdate without rule"),
    (EventDraft("x", date(2025, 3, 4), at(4, 11)), "end", "date and datetime mixed"),
    (EventDraft("x", at(4, 10), at(4, 10) + timedelta(days=400)), "end", "too long"),
]


@pytest.mark.parametrize(("draft", "field", "reason"), BAD_DRAFTS, ids=[r[2] for r in BAD_DRAFTS])
async def test_invalid_drafts_are_refused_with_the_field_named(
    store: EventStore, draft: EventDraft, field: str, reason: str
) -> None:
    with pytest.raises(InvalidEvent) as caught:
        await store.create(draft, now=NOW, idempotency_key=key())
    assert caught.value.field == field, reason
    assert "SELECT" not in str(caught.value) and "INSERT" not in str(caught.value)
    assert await store.list_range(at(1, 0), at(30, 0)) == []


def test_bad_draft_table_has_no_duplicate_reasons() -> None:
    reasons = [r[2] for r in BAD_DRAFTS]
    assert len(reasons) == len(set(reasons))


async def test_naive_now_is_refused(store: EventStore) -> None:
    with pytest.raises(InvalidInput):
        await store.create(
            EventDraft("x", at(4, 10), at(4, 11)), now=datetime(2025, 3, 3), idempotency_key=key()
        )


async def test_update_bumps_version_and_keeps_duration_when_moving(store: EventStore) -> None:
    created = await create(store, hours=1.5)
    moved = await store.update(
        created.event.id, EventPatch(start=at(4, 16), location="Clinic"),
        expected_version=1, now=NOW + timedelta(minutes=5), idempotency_key=key(), turn_id="turn-1",
    )  # fmt: skip
    assert moved.persisted and moved.action == "updated"
    assert moved.event.version == 2 and moved.event.start == at(4, 16) and moved.event.end == at(4, 17, 30)
    assert moved.event.location == "Clinic" and moved.event.title == "Dentist"
    assert moved.event.updated_at == (NOW + timedelta(minutes=5)).astimezone(UTC)
    cleared = await store.update(
        created.event.id, EventPatch(location=None), expected_version=2, now=NOW, idempotency_key=key()
    )
    assert cleared.event.location is None


async def test_update_with_stale_version_conflicts(store: EventStore) -> None:
    created = await create(store)
    await store.update(
        created.event.id, EventPatch(title="A"), expected_version=1, now=NOW, idempotency_key=key()
    )
    with pytest.raises(VersionConflict) as caught:
        await store.update(
            created.event.id, EventPatch(title="B"), expected_version=1, now=NOW, idempotency_key=key()
        )
    assert caught.value.current == 2
    assert (await store.get(created.event.id)).title == "A"


async def test_update_validates_the_merged_event(store: EventStore) -> None:
    created = await create(store)
    with pytest.raises(InvalidEvent):
        await store.update(
            created.event.id, EventPatch(end=at(4, 9)), expected_version=1, now=NOW, idempotency_key=key()
        )
    assert (await store.get(created.event.id)).version == 1


async def test_delete_whole_event(store: EventStore) -> None:
    created = await create(store)
    deleted = await store.delete(created.event.id, now=NOW, idempotency_key=key())
    assert deleted.persisted and deleted.action == "deleted" and deleted.event == created.event
    with pytest.raises(EventNotFound):
        await store.get(created.event.id)
    with pytest.raises(EventNotFound):
        await store.delete(created.event.id, now=NOW, idempotency_key=key())


async def test_delete_with_expected_version(store: EventStore) -> None:
    created = await create(store)
    with pytest.raises(VersionConflict):
        await store.delete(created.event.id, expected_version=7, now=NOW, idempotency_key=key())
    await store.delete(created.event.id, expected_version=1, now=NOW, idempotency_key=key())


async def test_delete_one_occurrence_of_a_series(store: EventStore) -> None:
    series = await create(store, "Standup", at(3, 9), hours=0.25, rrule="FREQ=DAILY;COUNT=5")
    result = await store.delete(series.event.id, occurrence_start=at(5, 9), now=NOW, idempotency_key=key())
    assert result.action == "deleted" and result.occurrence_start == at(5, 9)
    assert result.event.exdates == (at(5, 9),) and result.event.version == 2
    starts = [o.start for o in await store.list_range(at(1, 0), at(30, 0))]
    assert starts == [at(3, 9), at(4, 9), at(6, 9), at(7, 9)]
    with pytest.raises(OccurrenceNotFound):
        await store.delete(series.event.id, occurrence_start=at(5, 9), now=NOW, idempotency_key=key())
    with pytest.raises(OccurrenceNotFound):
        await store.delete(series.event.id, occurrence_start=at(5, 10), now=NOW, idempotency_key=key())
    single = await create(store)
    with pytest.raises(OccurrenceNotFound):
        await store.delete(
            single.event.id, occurrence_start=single.event.start, now=NOW, idempotency_key=key()
        )


async def test_same_idempotency_key_returns_the_first_result(store: EventStore) -> None:
    draft = EventDraft("Gym", at(4, 18), at(4, 19))
    first = await store.create(draft, now=NOW, idempotency_key="k-1")
    again = await store.create(draft, now=NOW + timedelta(seconds=3), idempotency_key="k-1")
    assert again.replayed and again.persisted and not first.replayed
    assert again.event == first.event and again.audit_id == first.audit_id
    assert len(await store.list_range(at(4, 0), at(5, 0))) == 1


async def test_reusing_a_key_for_another_request_is_refused(store: EventStore) -> None:
    await store.create(EventDraft("Gym", at(4, 18), at(4, 19)), now=NOW, idempotency_key="k-2")
    with pytest.raises(IdempotencyKeyReused):
        await store.create(EventDraft("Pool", at(4, 18), at(4, 19)), now=NOW, idempotency_key="k-2")


async def test_failed_write_does_not_consume_its_key(store: EventStore) -> None:
    with pytest.raises(InvalidEvent):
        await store.create(EventDraft("", at(4, 18), at(4, 19)), now=NOW, idempotency_key="k-3")
    created = await store.create(EventDraft("ok", at(4, 18), at(4, 19)), now=NOW, idempotency_key="k-3")
    assert created.persisted and not created.replayed


def test_persisted_cannot_be_forged() -> None:
    now = NOW
    snapshot = EventSnapshot(
        uuid.uuid4(), "x", now, now + timedelta(hours=1), False, "UTC", None, None, (), None, (), now, now, 1
    )
    with pytest.raises(TypeError):
        WriteResult(action="created", event=snapshot, audit_id=1, persisted=True)
    fake = WriteResult(action="created", event=snapshot, audit_id=1)
    assert fake.persisted is False
    with pytest.raises(AttributeError):
        fake.persisted = True  # type: ignore[misc]


SEARCH_CASES = [
    ("dentist", "Dentist appointment", "case-insensitive prefix"),
    ("dentst", "Dentist appointment", "typo"),
    ("张三", "和张三开会", "Chinese substring"),
    ("张三开会", "和张三开会", "Chinese near match"),
    ("weekly sync", "Sync (weekly)", "word order"),
]


@pytest.mark.parametrize(("query", "expected", "reason"), SEARCH_CASES, ids=[c[2] for c in SEARCH_CASES])
async def test_search_ranks_the_matching_title_first(
    store: EventStore, query: str, expected: str, reason: str
) -> None:
    for title in ("Dentist appointment", "和张三开会", "Sync (weekly)", "Lunch with Li Si", "项目评审"):
        await create(store, title)
    found = await store.search(query)
    assert found and found[0].event.title == expected, reason
    assert all(a.score >= b.score for a, b in itertools.pairwise(found))


async def test_search_without_match_is_empty(store: EventStore) -> None:
    await create(store, "Dentist")
    assert await store.search("zzzz qqq") == []


async def test_undo_walks_back_create_update_delete(store: EventStore) -> None:
    with pytest.raises(NothingToUndo):
        await store.undo(now=NOW, idempotency_key=key())
    created = await create(store)
    updated = await store.update(
        created.event.id, EventPatch(title="Moved"), expected_version=1, now=NOW, idempotency_key=key()
    )
    await store.delete(created.event.id, now=NOW, idempotency_key=key())

    restored = await store.undo(now=NOW, idempotency_key=key(), turn_id="t-undo")
    assert restored.persisted and restored.action == "restored" and restored.event.title == "Moved"
    assert restored.undo_of is not None
    back = await store.undo(now=NOW, idempotency_key=key())
    assert back.action == "updated" and back.event.title == "Dentist" and back.undo_of == updated.audit_id
    gone = await store.undo(now=NOW, idempotency_key=key())
    assert gone.action == "deleted" and gone.undo_of == created.audit_id
    with pytest.raises(EventNotFound):
        await store.get(created.event.id)
    with pytest.raises(NothingToUndo):
        await store.undo(now=NOW, idempotency_key=key())


async def test_undo_of_an_occurrence_delete_restores_it(store: EventStore) -> None:
    series = await create(store, "Standup", at(3, 9), rrule="FREQ=DAILY;COUNT=3")
    await store.delete(series.event.id, occurrence_start=at(4, 9), now=NOW, idempotency_key=key())
    undone = await store.undo(now=NOW, idempotency_key=key())
    assert undone.action == "restored" and undone.event.exdates == ()
    assert len(await store.list_range(at(1, 0), at(30, 0))) == 3


async def test_undo_refuses_when_the_event_changed_outside_the_audit_trail(
    store: EventStore, database: Database
) -> None:
    created = await create(store)
    async with database.sessions() as session:  # an out-of-band change (a manual fix, a future migration)
        await session.execute(
            update(Event).where(Event.id == created.event.id).values(title="Edited by hand")
        )
        await session.commit()
    with pytest.raises(UndoConflict):
        await store.undo(now=NOW, idempotency_key=key())
    assert (await store.get(created.event.id)).title == "Edited by hand"


async def test_undo_is_idempotent_per_key(store: EventStore) -> None:
    await create(store, "One")
    await create(store, "Two")
    first = await store.undo(now=NOW, idempotency_key="undo-1")
    again = await store.undo(now=NOW, idempotency_key="undo-1")
    assert again.replayed and again.audit_id == first.audit_id
    assert [o.title for o in await store.list_range(at(1, 0), at(30, 0))] == ["One"]


async def test_api_key_prefix_is_reserved(store: EventStore) -> None:
    with pytest.raises(InvalidInput):
        await store.create(EventDraft("x", at(4, 10), at(4, 11)), now=NOW, idempotency_key="api.chat:123")
