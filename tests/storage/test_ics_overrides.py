"""iCalendar overrides (RECURRENCE-ID): a detached occurrence exported with its series' UID, and imported
overrides as EXDATE + linked event on their series, whatever their place in the file. Both backends."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from icalendar import Calendar

from storage import Database, EventDraft, EventPatch, EventStore
from storage.ics import export_ics, import_ics
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
LA = ZoneInfo("America/Los_Angeles")


def at(day: int, hour: int, minute: int = 0, tz: ZoneInfo = NY) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=tz)


def key() -> str:
    return uuid.uuid4().hex


async def other_store(database: Database, make_user: object) -> EventStore:
    return database.events((await make_user()).id)  # type: ignore[operator]


async def occurrences(store: EventStore) -> list[tuple[str, datetime, datetime]]:
    return [(o.title, o.start, o.end) for o in await store.list_range(at(1, 0), at(31, 0))]


async def standup_with_one_moved_and_one_deleted(store: EventStore) -> tuple[uuid.UUID, uuid.UUID]:
    """Daily 09:00 standup, 3rd to 7th March; the 5th moved to 10:00 (renamed), the 6th deleted."""
    made = await store.create(
        EventDraft("Standup", at(3, 9), at(3, 9, 30), rrule="FREQ=DAILY;COUNT=5"),
        now=NOW,
        idempotency_key=key(),
    )
    moved = await store.update(
        made.event.id, EventPatch(start=at(5, 10), title="Standup (moved)"), expected_version=1, now=NOW,
        idempotency_key=key(), occurrence_start=at(5, 9),
    )  # fmt: skip
    await store.delete(made.event.id, occurrence_start=at(6, 9), now=NOW, idempotency_key=key())
    return made.event.id, moved.event.id


def vevents(data: bytes) -> list[Any]:
    return list(Calendar.from_ical(data).walk("VEVENT"))


async def test_a_detached_occurrence_is_exported_as_an_override_of_its_series(store: EventStore) -> None:
    series_id, _ = await standup_with_one_moved_and_one_deleted(store)
    data = await export_ics(store)
    master, override = sorted(vevents(data), key=lambda c: c.get("RECURRENCE-ID") is not None)
    assert str(master["UID"]) == str(override["UID"]) == f"{series_id}@kairos"
    assert [x.dt for x in master["EXDATE"].dts] == [
        at(6, 9)
    ]  # the deletion only: the override replaces the 5th
    assert (
        override["RECURRENCE-ID"].dt == at(5, 9)
        and override["RECURRENCE-ID"].params["TZID"] == "America/New_York"
    )
    assert override.decoded("DTSTART") == at(5, 10) and str(override["SUMMARY"]) == "Standup (moved)"
    assert "RRULE" not in override and "EXDATE" not in override
    assert b"RECURRENCE-ID;TZID=America/New_York:20250305T090000" in data


async def test_round_trip_keeps_the_moved_occurrence_and_the_deletion(
    store: EventStore, database: Database, make_user: object
) -> None:
    await standup_with_one_moved_and_one_deleted(store)
    data = await export_ics(store)
    other = await other_store(database, make_user)
    summary = await import_ics(other, data, now=NOW)
    assert summary.skipped == () and len(summary.imported) == 2
    assert await occurrences(other) == await occurrences(store) == [
        ("Standup", at(3, 9), at(3, 9, 30)), ("Standup", at(4, 9), at(4, 9, 30)),
        ("Standup (moved)", at(5, 10), at(5, 10, 30)), ("Standup", at(7, 9), at(7, 9, 30)),
    ]  # fmt: skip
    series, moved = sorted(await other.list_events(), key=lambda e: e.recurring, reverse=True)
    assert series.exdates == (at(5, 9), at(6, 9)) and (moved.series_id, moved.recurrence_id) == (
        series.id,
        at(5, 9),
    )
    again = await export_ics(other)
    assert [c["RECURRENCE-ID"].dt for c in vevents(again) if "RECURRENCE-ID" in c] == [at(5, 9)]
    replay = await import_ics(other, data, now=NOW)
    assert replay.imported == () and {s.reason for s in replay.skipped} == {"already imported"}


async def test_an_all_day_override_names_its_occurrence_by_date(
    store: EventStore, database: Database, make_user: object
) -> None:
    made = await store.create(
        EventDraft("Gym day", date(2025, 3, 3), date(2025, 3, 4), rrule="FREQ=WEEKLY;COUNT=3"), now=NOW,
        idempotency_key=key(),
    )  # fmt: skip
    await store.update(
        made.event.id, EventPatch(start=date(2025, 3, 11), end=date(2025, 3, 12)), expected_version=1, now=NOW,
        idempotency_key=key(), occurrence_start=at(10, 0),
    )  # fmt: skip
    data = await export_ics(store)
    assert b"RECURRENCE-ID;VALUE=DATE:20250310" in data and b"EXDATE" not in data
    other = await other_store(database, make_user)
    assert (await import_ics(other, data, now=NOW)).skipped == ()
    assert await occurrences(other) == await occurrences(store)
    assert [o[1].day for o in await occurrences(other)] == [3, 11, 17]


GOOGLE = b"""BEGIN:VCALENDAR
PRODID:-//Google Inc//Google Calendar 70.9054//EN
VERSION:2.0
CALSCALE:GREGORIAN
METHOD:PUBLISH
BEGIN:VTIMEZONE
TZID:America/Los_Angeles
X-LIC-LOCATION:America/Los_Angeles
BEGIN:DAYLIGHT
TZOFFSETFROM:-0800
TZOFFSETTO:-0700
TZNAME:PDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0700
TZOFFSETTO:-0800
TZNAME:PST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
DTSTART;TZID=America/Los_Angeles:20250312T140000
DTEND;TZID=America/Los_Angeles:20250312T150000
DTSTAMP:20250301T000000Z
UID:0a1b2c3d4e5f@google.com
RECURRENCE-ID;TZID=America/Los_Angeles:20250311T100000
CREATED:20250201T000000Z
LAST-MODIFIED:20250301T000000Z
SEQUENCE:1
STATUS:CONFIRMED
SUMMARY:Design review
TRANSP:OPAQUE
END:VEVENT
BEGIN:VEVENT
DTSTAMP:20250301T000000Z
UID:0a1b2c3d4e5f@google.com
RECURRENCE-ID;TZID=America/Los_Angeles:20250318T100000
SEQUENCE:1
STATUS:CANCELLED
SUMMARY:Design review
DTSTART;TZID=America/Los_Angeles:20250318T100000
END:VEVENT
BEGIN:VEVENT
DTSTART;TZID=America/Los_Angeles:20250304T100000
DTEND;TZID=America/Los_Angeles:20250304T110000
RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4
DTSTAMP:20250301T000000Z
UID:0a1b2c3d4e5f@google.com
CREATED:20250201T000000Z
LAST-MODIFIED:20250301T000000Z
SEQUENCE:0
STATUS:CONFIRMED
SUMMARY:Design review
TRANSP:OPAQUE
END:VEVENT
BEGIN:VEVENT
DTSTART;TZID=America/Los_Angeles:20250306T160000
DTEND;TZID=America/Los_Angeles:20250306T170000
DTSTAMP:20250301T000000Z
UID:lonely@google.com
RECURRENCE-ID;TZID=America/Los_Angeles:20250306T150000
SUMMARY:Orphan sync
END:VEVENT
BEGIN:VEVENT
DTSTAMP:20250301T000000Z
UID:gone@google.com
RECURRENCE-ID;TZID=America/Los_Angeles:20250307T150000
STATUS:CANCELLED
DTSTART;TZID=America/Los_Angeles:20250307T150000
SUMMARY:Cancelled elsewhere
END:VEVENT
END:VCALENDAR
"""


async def test_a_google_file_with_overrides_before_their_series(store: EventStore) -> None:
    summary = await import_ics(store, GOOGLE, now=NOW)
    assert await occurrences(store) == [
        ("Design review", at(4, 10, tz=LA), at(4, 11, tz=LA)),
        ("Orphan sync", at(6, 16, tz=LA), at(6, 17, tz=LA)),
        ("Design review", at(12, 14, tz=LA), at(12, 15, tz=LA)),  # moved from Tuesday 11th 10:00
        ("Design review", at(25, 10, tz=LA), at(25, 11, tz=LA)),  # 18th cancelled
    ]
    series = next(e for e in await store.list_events() if e.recurring)
    assert series.exdates == (at(11, 10, tz=LA), at(18, 10, tz=LA))
    moved = next(r.event for r in summary.imported if r.event.start == at(12, 14, tz=LA))
    assert (moved.series_id, moved.recurrence_id) == (series.id, at(11, 10, tz=LA))
    assert [r.occurrence_start for r in summary.removed] == [at(18, 10, tz=LA)]
    reasons = {s.uid: s.reason for s in summary.skipped}
    assert set(reasons) == {"lonely@google.com", "gone@google.com"}
    assert "imported as an event of its own" in reasons["lonely@google.com"]
    assert "cancelled" in reasons["gone@google.com"]
    again = await import_ics(store, GOOGLE, now=NOW)
    assert again.imported == again.removed == () and len(await store.list_events()) == 3


OVERRIDE_ONLY = b"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VEVENT
UID:0a1b2c3d4e5f@google.com
DTSTAMP:20250302T000000Z
RECURRENCE-ID;TZID=America/Los_Angeles:20250325T100000
DTSTART;TZID=America/Los_Angeles:20250325T120000
DTEND;TZID=America/Los_Angeles:20250325T130000
SUMMARY:Design review (late)
END:VEVENT
BEGIN:VEVENT
UID:0a1b2c3d4e5f@google.com
DTSTAMP:20250302T000000Z
RECURRENCE-ID;TZID=America/Los_Angeles:20250326T100000
DTSTART;TZID=America/Los_Angeles:20250326T120000
DTEND;TZID=America/Los_Angeles:20250326T130000
SUMMARY:Not an occurrence
END:VEVENT
END:VCALENDAR
"""


async def test_a_later_file_overrides_a_series_an_earlier_import_created(store: EventStore) -> None:
    await import_ics(store, GOOGLE, now=NOW)
    summary = await import_ics(store, OVERRIDE_ONLY, now=NOW)
    late, stray = sorted(summary.imported, key=lambda r: r.event.start)
    series = next(e for e in await store.list_events() if e.recurring)
    assert (late.event.series_id, late.event.recurrence_id) == (series.id, at(25, 10, tz=LA))
    assert stray.event.series_id is None  # a Wednesday: not an occurrence of the Tuesday series
    assert [s.reason for s in summary.skipped] == [
        "a changed occurrence (RECURRENCE-ID) that its series does not have: imported as an event of its own"
    ]
    assert ("Design review", at(25, 10, tz=LA), at(25, 11, tz=LA)) not in await occurrences(store)
    await store.delete(series.id, now=NOW, idempotency_key=key())
    assert [e.title for e in await store.list_events()] == ["Orphan sync", "Not an occurrence"]


MASTER_LISTS_ITS_OVERRIDE = b"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VEVENT
UID:outlook-1
DTSTAMP:20250301T000000Z
DTSTART;TZID=America/New_York:20250303T090000
DTEND;TZID=America/New_York:20250303T093000
RRULE:FREQ=DAILY;COUNT=3
EXDATE;TZID=America/New_York:20250304T090000
SUMMARY:Standup
END:VEVENT
BEGIN:VEVENT
UID:outlook-1
DTSTAMP:20250301T000000Z
RECURRENCE-ID;TZID=America/New_York:20250304T090000
DTSTART;TZID=America/New_York:20250304T110000
DTEND;TZID=America/New_York:20250304T113000
SUMMARY:Standup
END:VEVENT
END:VCALENDAR
"""


async def test_an_override_whose_start_the_master_also_excludes_is_linked_and_undone_alone(
    store: EventStore,
) -> None:
    summary = await import_ics(store, MASTER_LISTS_ITS_OVERRIDE, now=NOW)
    assert summary.skipped == ()
    assert [o[1] for o in await occurrences(store)] == [at(3, 9), at(4, 11), at(5, 9)]
    await store.undo(now=NOW, idempotency_key=key())  # the override's create
    assert [o[1] for o in await occurrences(store)] == [at(3, 9), at(5, 9)]


async def test_after_the_series_moves_its_detached_occurrence_is_exported_on_its_own(
    store: EventStore,
) -> None:
    series_id, moved_id = await standup_with_one_moved_and_one_deleted(store)
    await store.update(
        series_id, EventPatch(start=at(3, 8)), expected_version=3, now=NOW, idempotency_key=key()
    )
    by_uid = {str(c["UID"]): c for c in vevents(await export_ics(store))}
    assert set(by_uid) == {f"{series_id}@kairos", f"{moved_id}@kairos"}
    assert all("RECURRENCE-ID" not in c for c in by_uid.values())
    series = by_uid[f"{series_id}@kairos"]
    assert [x.dt for x in series["EXDATE"].dts] == [at(5, 8), at(6, 8)]


async def test_undo_walks_back_imported_overrides_one_write_at_a_time(store: EventStore) -> None:
    await import_ics(store, GOOGLE, now=NOW)
    await store.undo(now=NOW, idempotency_key=key())  # the orphan, imported on its own
    await store.undo(now=NOW, idempotency_key=key())  # the cancelled 18th comes back
    await store.undo(now=NOW, idempotency_key=key())  # the move of the 11th: EXDATE and linked event
    assert [o[1] for o in await occurrences(store)] == [at(d, 10, tz=LA) for d in (4, 11, 18, 25)]
    assert [e.exdates for e in await store.list_events()] == [()]


async def test_a_this_and_future_override_is_skipped_and_leaves_the_series(store: EventStore) -> None:
    data = MASTER_LISTS_ITS_OVERRIDE.replace(
        b"RECURRENCE-ID;TZID", b"RECURRENCE-ID;RANGE=THISANDFUTURE;TZID"
    ).replace(b"EXDATE;TZID=America/New_York:20250304T090000\n", b"")
    summary = await import_ics(store, data, now=NOW)
    assert [s.reason for s in summary.skipped] == [
        "a change to this and all later occurrences (RANGE=THISANDFUTURE) is not supported"
    ]
    assert [o[1] for o in await occurrences(store)] == [at(3, 9), at(4, 9), at(5, 9)]
