"""A planned import (``storage.ics_plan``) and its all-or-nothing write (``storage.ics_batch``): the plan
says what ``import_ics`` would do, the batch writes exactly that in one transaction, replays on a retry,
and leaves nothing behind when any item fails. Both backends."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from sqlalchemy import func, select

from storage import (
    Database,
    EventDraft,
    EventStore,
    IdempotencyKeyReused,
    InvalidEvent,
    InvalidInput,
    StorageUnavailable,
)
from storage import ics_batch as batch_module
from storage.ics import export_ics, import_ics
from storage.ics_plan import PlannedItem, draft_from_json, plan_ics
from storage.models import AuditRecord, Event, IdempotencyRecord
from tests.fixtures import ics_file
from tests.storage.test_ics_hostile import ics_files

NY = ZoneInfo("America/New_York")
NOW = datetime(2025, 3, 5, 9, 0, tzinfo=NY)
FILES = ("university_timetable.ics", "outlook_invitation.ics", "google_export.ics", "one_broken_event.ics")


async def user_store(database: Database, make_user: Any, timezone: str = "America/New_York") -> EventStore:
    return database.events((await make_user(timezone=timezone)).id)


def content(event: Any) -> tuple[Any, ...]:
    return (
        event.title, event.start.astimezone(UTC), event.end.astimezone(UTC), event.all_day, event.rrule,
        tuple(sorted(x.astimezone(UTC) for x in event.exdates)), event.location, tuple(event.attendees),
        event.recurrence_id.astimezone(UTC) if event.recurrence_id else None,
    )  # fmt: skip


async def stored(store: EventStore) -> list[tuple[Any, ...]]:
    return sorted((content(e) for e in await store.list_events()), key=repr)


async def rows(database: Database, table: Any, owner: uuid.UUID) -> int:
    async with database.sessions() as session:
        return int(
            await session.scalar(select(func.count()).select_from(table).where(table.owner_id == owner))
        )


@pytest.mark.parametrize("name", FILES)
async def test_the_batch_writes_what_import_would(database: Database, make_user: Any, name: str) -> None:
    planned, imported = await user_store(database, make_user), await user_store(database, make_user)
    plan = await plan_ics(planned, ics_file(name), now=NOW)
    assert await planned.list_events() == []  # planning reads only
    summary = await import_ics(imported, ics_file(name), now=NOW)
    results = await planned.import_items(plan.items, now=NOW, key_prefix="t1:import", turn_id="t1")
    assert all(r.persisted and not r.replayed for r in results)
    assert await stored(planned) == await stored(imported)
    assert [(s.title, s.reason) for s in plan.skipped] == [(s.title, s.reason) for s in summary.skipped]
    assert len(results) == len(summary.imported) + len(summary.removed)


async def test_the_plan_of_each_file(database: Database, make_user: Any) -> None:
    store = await user_store(database, make_user)
    timetable = await plan_ics(store, ics_file("university_timetable.ics"), now=NOW)
    assert [i.kind for i in timetable.items] == ["event"] * 5 and timetable.method == "PUBLISH"
    invitation = await plan_ics(store, ics_file("outlook_invitation.ics"), now=NOW)
    assert invitation.method == "REQUEST"
    assert invitation.organizer == "Priya Raman <priya.raman@contoso.com>"
    (item,) = invitation.items
    assert item.draft is not None and item.draft.start == datetime(2025, 3, 11, 13, 0, tzinfo=NY)  # 10:00 PDT
    google = await plan_ics(store, ics_file("google_export.ics"), now=NOW)
    kinds = [(i.kind, i.series, i.draft is None) for i in google.items]
    assert kinds == [("event", None, False), ("event", None, False), ("event", None, False),
                     ("override", 0, False), ("override", 0, True)]  # fmt: skip
    assert google.items[3].occurrence_start == datetime(2025, 3, 20, 19, 0, tzinfo=NY)
    broken = await plan_ics(store, ics_file("one_broken_event.ics"), now=NOW)
    assert [i.title for i in broken.items] == ["Physio", "Parent-teacher meeting", "Team lunch"]
    assert [(s.title, s.reason) for s in broken.skipped] == [
        ("Car service", "its DTSTART value is not valid iCalendar")
    ]


async def test_items_round_trip_through_json(database: Database, make_user: Any) -> None:
    store = await user_store(database, make_user)
    for name in FILES:
        plan = await plan_ics(store, ics_file(name), now=NOW)
        for item in plan.items:
            again = PlannedItem.from_json(item.to_json())
            assert again.to_json() == item.to_json()
            if item.draft is not None:
                assert draft_from_json(item.draft.to_json()) == dataclasses.replace(
                    item.draft, attendees=tuple(item.draft.attendees), exdates=tuple(item.draft.exdates)
                )


async def test_a_file_imported_once_is_planned_as_already_imported(
    database: Database, make_user: Any
) -> None:
    store = await user_store(database, make_user)
    plan = await plan_ics(store, ics_file("google_export.ics"), now=NOW)
    await store.import_items(plan.items, now=NOW, key_prefix="t2:import", turn_id="t2")
    again = await plan_ics(store, ics_file("google_export.ics"), now=NOW)
    assert again.items == () and {s.reason for s in again.skipped} == {"already imported"}
    summary = await import_ics(store, ics_file("google_export.ics"), now=NOW)  # the other way: the same
    assert summary.imported == () and {s.reason for s in summary.skipped} == {"already imported"}


async def test_the_same_batch_again_replays(database: Database, make_user: Any) -> None:
    store = await user_store(database, make_user)
    plan = await plan_ics(store, ics_file("university_timetable.ics"), now=NOW)
    first = await store.import_items(plan.items, now=NOW, key_prefix="t3:import", turn_id="t3")
    again = await store.import_items(plan.items, now=NOW, key_prefix="t3:import", turn_id="t3")
    assert [r.event.id for r in again] == [r.event.id for r in first] and all(r.replayed for r in again)
    assert len(await store.list_events()) == 5


async def test_an_item_imported_meanwhile_fails_the_whole_batch(database: Database, make_user: Any) -> None:
    store = await user_store(database, make_user)
    plan = await plan_ics(store, ics_file("one_broken_event.ics"), now=NOW)
    await import_ics(store, ics_file("one_broken_event.ics"), now=NOW)  # the same file, the other way
    before = await stored(store)
    with pytest.raises(IdempotencyKeyReused):
        await store.import_items(plan.items, now=NOW, key_prefix="t4:import", turn_id="t4")
    assert await stored(store) == before


async def test_an_item_that_no_longer_fits_writes_nothing(database: Database, make_user: Any) -> None:
    store = await user_store(database, make_user)
    plan = await plan_ics(store, ics_file("university_timetable.ics"), now=NOW)
    last = plan.items[-1]
    assert last.draft is not None
    broken = dataclasses.replace(last, draft=dataclasses.replace(last.draft, end=last.draft.start))
    with pytest.raises(InvalidEvent):
        await store.import_items([*plan.items[:-1], broken], now=NOW, key_prefix="t5:import", turn_id="t5")
    assert await store.list_events() == []
    assert await rows(database, IdempotencyRecord, store.user_id) == 0
    assert await rows(database, AuditRecord, store.user_id) == 0


async def test_a_failure_midway_rolls_everything_back(
    database: Database, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await user_store(database, make_user)
    plan = await plan_ics(store, ics_file("google_export.ics"), now=NOW)
    real = batch_module.add_audit_record
    calls = 0

    async def failing(session: Any, values: dict[str, Any]) -> int:
        nonlocal calls
        calls += 1
        if calls == 4:  # after three events, at the moved occurrence
            raise StorageUnavailable("the database went away")
        return await real(session, values)

    monkeypatch.setattr(batch_module, "add_audit_record", failing)
    with pytest.raises(StorageUnavailable):
        await store.import_items(plan.items, now=NOW, key_prefix="t6:import", turn_id="t6")
    assert calls == 4
    assert await rows(database, Event, store.user_id) == 0
    assert await rows(database, IdempotencyRecord, store.user_id) == 0


async def test_a_stored_series_is_changed_by_an_override_of_its_own_export(
    database: Database, make_user: Any
) -> None:
    store = await user_store(database, make_user)
    made = await store.create(
        EventDraft("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 9, 30, tzinfo=NY),
                   rrule="FREQ=DAILY;COUNT=5"),
        now=NOW, idempotency_key="seed",
    )  # fmt: skip
    exported = (await export_ics(store)).decode()
    uid = f"{made.event.id}@kairos"
    override = (
        "BEGIN:VEVENT\r\nUID:" + uid + "\r\nRECURRENCE-ID;TZID=America/New_York:20250305T090000\r\n"
        "DTSTART;TZID=America/New_York:20250305T100000\r\nDTEND;TZID=America/New_York:20250305T103000\r\n"
        "SUMMARY:Standup (late)\r\nEND:VEVENT\r\nEND:VCALENDAR"
    )
    data = exported.replace("END:VCALENDAR", override, 1)
    plan = await plan_ics(store, data, now=NOW)
    assert [s.reason for s in plan.skipped] == ["already in your calendar"]
    (item,) = plan.items
    assert (item.kind, item.series_id, item.series) == ("override", made.event.id, None)
    (result,) = await store.import_items(plan.items, now=NOW, key_prefix="t7:import", turn_id="t7")
    assert result.action == "updated" and result.event.title == "Standup (late)"


async def test_a_bad_plan_is_refused_before_anything(database: Database, make_user: Any) -> None:
    store = await user_store(database, make_user)
    orphan = PlannedItem("override", None, "x", "ics:x", None, series=3, occurrence_start=NOW)
    with pytest.raises(InvalidInput):
        await store.import_items([orphan], now=NOW, key_prefix="t8:import")
    with pytest.raises(InvalidInput):
        await store.import_items([], now=NOW, key_prefix="t8:import")
    assert await store.list_events() == []


async def test_the_same_uid_twice_in_a_file_is_planned_once(database: Database, make_user: Any) -> None:
    event = "BEGIN:VEVENT\r\nUID:dup\r\nSUMMARY:{}\r\nDTSTART:20250310T140000Z\r\nDTEND:20250310T150000Z\r\nEND:VEVENT\r\n"
    data = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n{event.format('A')}{event.format('A')}{event.format('B')}END:VCALENDAR"
    planned, imported = await user_store(database, make_user), await user_store(database, make_user)
    plan = await plan_ics(planned, data, now=NOW)
    summary = await import_ics(imported, data, now=NOW)
    assert [i.title for i in plan.items] == ["A"]
    assert (
        [s.reason for s in plan.skipped]
        == [s.reason for s in summary.skipped]
        == [
            "already imported",
            "an event with this UID was already imported with other content",
        ]
    )
    await planned.import_items(plan.items, now=NOW, key_prefix="t9:import")
    assert await stored(planned) == await stored(imported)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=ics_files())
async def test_a_hostile_file_is_planned_and_written_as_import_would(
    database: Database, make_user: Any, text: str
) -> None:
    planned, imported = await user_store(database, make_user), await user_store(database, make_user)
    try:
        plan = await plan_ics(planned, text, now=NOW)
    except InvalidInput:
        with pytest.raises(InvalidInput):
            await import_ics(imported, text, now=NOW)
        return
    summary = await import_ics(imported, text, now=NOW)
    if plan.items:
        await planned.import_items(plan.items, now=NOW, key_prefix="h:import")
    assert await stored(planned) == await stored(imported)
    assert len(plan.items) == len(summary.imported) + len(summary.removed)
    assert all(s.reason for s in plan.skipped)
