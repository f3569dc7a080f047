"""Re-importing one's own export (a backup restored, a file imported twice by mistake): events whose
``<id>@kairos`` UID names an event of this user are already in the calendar and are skipped (the same, or
differing: never overwritten); another account gets them all as new events. Both backends."""

from __future__ import annotations

import re
import uuid
from datetime import date, datetime
from zoneinfo import ZoneInfo

from icalendar import Calendar

from storage import Database, EventDraft, EventPatch, EventStore
from storage.ics import export_ics, import_ics
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")
ALREADY = "already in your calendar"


def at(day: int, hour: int, minute: int = 0, tz: ZoneInfo = NY) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=tz)


def key() -> str:
    return uuid.uuid4().hex


async def other_store(database: Database, make_user: object) -> EventStore:
    return database.events((await make_user()).id)  # type: ignore[operator]


async def fill(store: EventStore) -> dict[str, uuid.UUID]:
    """A plain event (with location, notes, attendees), one in another zone, an all-day span, a yearly
    all-day series with an EXDATE, and a daily standup with the 5th moved (and renamed) and the 6th
    cancelled. The ids by title."""
    drafts = [
        EventDraft("Dentist", at(4, 15), at(4, 16), location="Main St 5", notes="Bring the form\nand card",
                   attendees=["张三", "li@example.com"]),
        EventDraft("和张三开会", at(4, 15, tz=SH), at(4, 16, tz=SH), timezone="Asia/Shanghai"),
        EventDraft("Holiday", date(2025, 3, 8), date(2025, 3, 11)),
        EventDraft("Birthday", date(2025, 3, 20), date(2025, 3, 21), rrule="FREQ=YEARLY",
                   exdates=[date(2026, 3, 20)]),
        EventDraft("Standup", at(3, 9), at(3, 9, 30), rrule="FREQ=DAILY;COUNT=5"),
    ]  # fmt: skip
    ids = {}
    for draft in drafts:
        ids[draft.title] = (await store.create(draft, now=NOW, idempotency_key=key())).event.id
    moved = await store.update(
        ids["Standup"], EventPatch(start=at(5, 10), title="Standup (moved)"), expected_version=1, now=NOW,
        idempotency_key=key(), occurrence_start=at(5, 9),
    )  # fmt: skip
    ids["Standup (moved)"] = moved.event.id
    await store.delete(ids["Standup"], occurrence_start=at(6, 9), now=NOW, idempotency_key=key())
    return ids


def only_overrides(data: bytes) -> bytes:
    calendar = Calendar.from_ical(data)
    calendar.subcomponents = [c for c in calendar.subcomponents if c.name != "VEVENT" or "RECURRENCE-ID" in c]
    return calendar.to_ical()


def without_stamps(data: bytes) -> bytes:
    return re.sub(rb"DTSTAMP:[^\r\n]*\r\n", b"", data)


async def occurrences(store: EventStore) -> list[tuple[str, datetime, datetime]]:
    window = (datetime(2025, 3, 1, tzinfo=NY), datetime(2026, 4, 1, tzinfo=NY))
    return [(o.title, o.start, o.end) for o in await store.list_range(*window)]


async def test_importing_ones_own_export_creates_nothing_and_says_it_is_already_there(
    store: EventStore,
) -> None:
    await fill(store)
    data = await export_ics(store)
    before = (await store.list_events(), await occurrences(store))
    summary = await import_ics(store, data, now=NOW)
    assert summary.imported == () and summary.removed == ()
    assert len(summary.skipped) == 6  # 5 events and series, and the moved occurrence's override
    assert {s.reason for s in summary.skipped} == {ALREADY}
    assert {s.title for s in summary.skipped} == {
        "Dentist", "和张三开会", "Holiday", "Birthday", "Standup", "Standup (moved)"
    }  # fmt: skip
    assert (await store.list_events(), await occurrences(store)) == before  # not even a version bump
    again = await import_ics(store, data, now=NOW)
    assert again.imported == again.removed == () and {s.reason for s in again.skipped} == {ALREADY}
    assert without_stamps(await export_ics(store)) == without_stamps(data)


async def test_a_series_with_a_moved_and_a_cancelled_occurrence_is_left_exactly_as_it_was(
    store: EventStore,
) -> None:
    made = await store.create(
        EventDraft("Standup", at(3, 9), at(3, 9, 30), rrule="FREQ=DAILY;COUNT=5"), now=NOW,
        idempotency_key=key(),
    )  # fmt: skip
    await store.update(
        made.event.id, EventPatch(start=at(5, 10), title="Standup (moved)"), expected_version=1, now=NOW,
        idempotency_key=key(), occurrence_start=at(5, 9),
    )  # fmt: skip
    await store.delete(made.event.id, occurrence_start=at(6, 9), now=NOW, idempotency_key=key())
    data = await export_ics(store)
    assert b"RECURRENCE-ID" in data and b"EXDATE" in data
    summary = await import_ics(store, data, now=NOW)
    assert summary.imported == summary.removed == ()
    assert [(s.title, s.reason) for s in summary.skipped] == [
        ("Standup", ALREADY),
        ("Standup (moved)", ALREADY),
    ]
    assert len(await store.list_events()) == 2
    assert without_stamps(await export_ics(store)) == without_stamps(data)


async def test_an_event_edited_in_the_calendar_since_is_skipped_as_differing_and_not_overwritten(
    store: EventStore,
) -> None:
    ids = await fill(store)
    data = await export_ics(store)
    edited = await store.update(
        ids["Dentist"], EventPatch(start=at(4, 17), title="Dentist (later)"), expected_version=1, now=NOW,
        idempotency_key=key(),
    )  # fmt: skip
    summary = await import_ics(store, data, now=NOW)
    assert summary.imported == summary.removed == ()
    reasons = {s.title: s.reason for s in summary.skipped}
    assert len(summary.skipped) == 6
    differing = reasons.pop("Dentist")
    assert "differs" in differing and '"Dentist (later)"' in differing and "not changed" in differing
    assert set(reasons.values()) == {ALREADY}
    assert await store.get(ids["Dentist"]) == edited.event
    assert len(await store.list_events()) == 6


async def test_an_event_edited_in_the_file_is_skipped_as_differing(store: EventStore) -> None:
    ids = await fill(store)
    data = await export_ics(store)
    edited = data.replace(b"SUMMARY:Holiday", b"SUMMARY:Long weekend").replace(
        b"RRULE:FREQ=DAILY;COUNT=5", b"RRULE:FREQ=DAILY;COUNT=6"
    )
    summary = await import_ics(store, edited, now=NOW)
    assert summary.imported == summary.removed == ()
    reasons = {s.title: s.reason for s in summary.skipped}
    assert '"Holiday"' in reasons["Long weekend"] and "differs" in reasons["Long weekend"]
    assert '"Standup"' in reasons["Standup"] and "differs" in reasons["Standup"]
    # the override of a series whose file version differs is not applied either
    assert '"Standup"' in reasons["Standup (moved)"]
    assert (await store.get(ids["Holiday"])).title == "Holiday"
    assert without_stamps(await export_ics(store)) == without_stamps(data)


async def test_an_occurrence_changed_in_the_calendar_since_is_skipped_as_differing(store: EventStore) -> None:
    ids = await fill(store)
    data = await export_ics(store)
    moved = await store.get(ids["Standup (moved)"])
    await store.update(
        moved.id, EventPatch(title="Standup (moved again)"), expected_version=moved.version, now=NOW,
        idempotency_key=key(),
    )  # fmt: skip
    before = await export_ics(store)
    summary = await import_ics(store, data, now=NOW)
    assert summary.imported == summary.removed == ()
    reasons = {s.title: s.reason for s in summary.skipped}
    assert reasons["Standup"] == ALREADY
    assert "differs" in reasons["Standup (moved)"] and '"Standup (moved again)"' in reasons["Standup (moved)"]
    assert without_stamps(await export_ics(store)) == without_stamps(before)


async def test_an_override_the_calendar_does_not_have_yet_is_applied(store: EventStore) -> None:
    made = await store.create(
        EventDraft("Standup", at(3, 9), at(3, 9, 30), rrule="FREQ=DAILY;COUNT=5"), now=NOW,
        idempotency_key=key(),
    )  # fmt: skip
    await store.update(
        made.event.id, EventPatch(start=at(5, 10), title="Standup (moved)"), expected_version=1, now=NOW,
        idempotency_key=key(), occurrence_start=at(5, 9),
    )  # fmt: skip
    data = await export_ics(store)
    await store.undo(now=NOW, idempotency_key=key())  # the 5th back in the series since the export
    assert [o[1] for o in await occurrences(store)] == [at(d, 9) for d in range(3, 8)]
    summary = await import_ics(store, data, now=NOW)  # the series as the file has it: its override is new
    assert [(s.title, s.reason) for s in summary.skipped] == [("Standup", ALREADY)]
    assert [r.event.title for r in summary.imported] == ["Standup (moved)"]
    assert summary.imported[0].event.series_id == made.event.id
    assert [o[1] for o in await occurrences(store)] == [at(3, 9), at(4, 9), at(5, 10), at(6, 9), at(7, 9)]
    replay = await import_ics(store, data, now=NOW)
    assert replay.imported == () and {s.reason for s in replay.skipped} == {ALREADY}
    assert len(await store.list_events()) == 2


async def test_a_differing_series_takes_its_overrides_with_it(store: EventStore) -> None:
    ids = await fill(store)
    data = await export_ics(store)
    await store.undo(now=NOW, idempotency_key=key())  # the cancelled 6th comes back
    await store.undo(now=NOW, idempotency_key=key())  # the move of the 5th
    before = await export_ics(store)
    summary = await import_ics(store, data, now=NOW)  # the file's series excludes the 6th, the calendar's not
    assert summary.imported == summary.removed == ()
    reasons = {s.title: s.reason for s in summary.skipped}
    assert "differs" in reasons["Standup"] and '"Standup"' in reasons["Standup (moved)"]
    assert without_stamps(await export_ics(store)) == without_stamps(before)
    # the override alone (no series in the file): the calendar does not have it, so it is applied
    applied = await import_ics(store, only_overrides(data), now=NOW)
    assert [r.event.title for r in applied.imported] == ["Standup (moved)"] and applied.skipped == ()
    assert (await store.get(ids["Standup"])).exdates == (at(5, 9),)


async def test_another_account_gets_new_events_and_no_link_to_the_exporters(
    store: EventStore, database: Database, make_user: object
) -> None:
    ids = await fill(store)
    data = await export_ics(store)
    mine = await store.list_events()
    other = await other_store(database, make_user)
    summary = await import_ics(other, data, now=NOW)
    assert summary.skipped == () and len(summary.imported) == 6 and len(summary.removed) == 0
    theirs = await other.list_events()
    assert len(theirs) == 6 and not {e.id for e in theirs} & set(ids.values())
    assert all(e.series_id is None or e.series_id in {t.id for t in theirs} for e in theirs)
    assert await occurrences(other) == await occurrences(store)
    assert await store.list_events() == mine  # the exporter's rows untouched
    again = await import_ics(other, data, now=NOW)
    assert again.imported == () and {s.reason for s in again.skipped} == {"already imported"}
    # their own export, imported back into their account, is already there
    back = await import_ics(other, await export_ics(other), now=NOW)
    assert back.imported == () and {s.reason for s in back.skipped} == {ALREADY}


async def test_a_deleted_events_uid_is_imported_as_a_new_event_once(store: EventStore) -> None:
    ids = await fill(store)
    data = await export_ics(store)
    await store.delete(ids["Dentist"], now=NOW, idempotency_key=key())
    summary = await import_ics(store, data, now=NOW)
    assert [r.event.title for r in summary.imported] == ["Dentist"]
    assert summary.imported[0].event.id != ids["Dentist"]
    assert {s.reason for s in summary.skipped} == {ALREADY}
    again = await import_ics(store, data, now=NOW)
    assert again.imported == () and [s.reason for s in again.skipped if s.title == "Dentist"] == [
        "already imported"
    ]
    assert [e.title for e in await store.list_events()].count("Dentist") == 1


def cancelled(series_id: uuid.UUID, day: int) -> bytes:
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\n"
        f"UID:{series_id}@kairos\r\nDTSTAMP:20250301T000000Z\r\nSUMMARY:Standup\r\n"
        f"RECURRENCE-ID;TZID=America/New_York:202503{day:02}T090000\r\nSTATUS:CANCELLED\r\n"
        f"DTSTART;TZID=America/New_York:202503{day:02}T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    ).encode()


async def test_overrides_alone_of_ones_own_series_compare_with_the_calendars_occurrence(
    store: EventStore,
) -> None:
    ids = await fill(store)
    data = await export_ics(store)
    before = await export_ics(store)
    # cancelled in the file: the 6th is cancelled in the calendar too; the 5th was moved there instead
    same = await import_ics(store, cancelled(ids["Standup"], 6), now=NOW)
    assert same.removed == () and [s.reason for s in same.skipped] == [ALREADY]
    moved = await import_ics(store, cancelled(ids["Standup"], 5), now=NOW)
    assert moved.removed == () and len(moved.skipped) == 1
    assert "differs" in moved.skipped[0].reason and '"Standup (moved)"' in moved.skipped[0].reason
    new = await import_ics(store, cancelled(ids["Standup"], 7), now=NOW)  # not changed in the calendar yet
    assert [r.occurrence_start for r in new.removed] == [at(7, 9)] and new.skipped == ()
    assert ("Standup", at(7, 9), at(7, 9, 30)) not in await occurrences(store)
    await store.undo(now=NOW, idempotency_key=key())
    assert without_stamps(await export_ics(store)) == without_stamps(before)
    # moved in the file, but removed in the calendar since
    await store.delete(ids["Standup (moved)"], now=NOW, idempotency_key=key())
    assert ("Standup (moved)", at(5, 10), at(5, 10, 30)) not in await occurrences(store)
    gone = await import_ics(store, only_overrides(data), now=NOW)
    assert gone.imported == () and len(gone.skipped) == 1
    assert "removed in your calendar" in gone.skipped[0].reason and '"Standup"' in gone.skipped[0].reason
    whole = await import_ics(
        store, data, now=NOW
    )  # the series' EXDATE differs now: its override goes with it
    assert whole.imported == ()
    assert {s.title for s in whole.skipped if "differs" in s.reason} == {"Standup", "Standup (moved)"}
