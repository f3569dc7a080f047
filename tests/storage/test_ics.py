"""iCalendar export/import: round trip (recurrence, EXDATE, all-day, TZID) and per-item skip reasons."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from storage import Database, EventDraft, EventStore, InvalidInput
from storage.ics import export_ics, import_ics
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")


async def fill(store: EventStore) -> None:
    drafts = [
        EventDraft("Weekly sync", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY),
                   rrule="FREQ=WEEKLY;BYDAY=MO;UNTIL=20250601T000000Z", exdates=[datetime(2025, 3, 17, 9, tzinfo=NY)],
                   attendees=["张三", "li@example.com"], location="Room 2", notes="Agenda:\n- one; two, three"),
        EventDraft("和张三开会", datetime(2025, 3, 4, 15, tzinfo=SH), datetime(2025, 3, 4, 16, tzinfo=SH), timezone="Asia/Shanghai"),
        EventDraft("Holiday", date(2025, 3, 8), date(2025, 3, 11)),
        EventDraft("Birthday", date(2025, 3, 20), date(2025, 3, 21), rrule="FREQ=YEARLY", exdates=[date(2026, 3, 20)]),
    ]  # fmt: skip
    for i, draft in enumerate(drafts):
        await store.create(draft, now=NOW, idempotency_key=f"fill-{i}")


def content(store_events: list) -> list[tuple]:
    return sorted(e.content()[1:] for e in store_events)


async def test_round_trip_keeps_every_field(database: Database, make_user: object, store: EventStore) -> None:
    await fill(store)
    data = await export_ics(store)
    assert b"BEGIN:VTIMEZONE" in data and b"TZID=America/New_York" in data and b"RRULE:FREQ=WEEKLY" in data
    other = database.events((await make_user()).id)  # type: ignore[operator]
    summary = await import_ics(other, data, now=NOW)
    assert len(summary.imported) == 4 and summary.skipped == ()
    assert all(r.persisted for r in summary.imported)
    assert content(await other.list_events()) == content(await store.list_events())
    window = (datetime(2025, 3, 1, tzinfo=NY), datetime(2026, 4, 1, tzinfo=NY))
    assert [(o.title, o.start, o.end) for o in await other.list_range(*window)] == [
        (o.title, o.start, o.end) for o in await store.list_range(*window)
    ]
    again = await export_ics(other)
    assert content_of_ics(again) == content_of_ics(data)


def content_of_ics(data: bytes) -> list[str]:
    lines = []
    for component in Calendar.from_ical(data).walk("VEVENT"):
        for name in ("SUMMARY", "DTSTART", "DTEND", "RRULE", "EXDATE", "LOCATION", "DESCRIPTION"):
            value = component.get(name)
            lines.append(f"{name}:{value.to_ical() if hasattr(value, 'to_ical') else value}")
    return sorted(lines)


async def test_importing_the_same_file_twice_creates_nothing_new(
    store: EventStore, database: Database, make_user: object
) -> None:
    await fill(store)
    data = await export_ics(store)
    other = database.events((await make_user()).id)  # type: ignore[operator]
    await import_ics(other, data, now=NOW)
    second = await import_ics(other, data, now=NOW)
    assert second.imported == () and {s.reason for s in second.skipped} == {"already imported"}
    assert len(await other.list_events()) == 4


FOREIGN = b"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VEVENT
UID:ok-1
DTSTAMP:20250301T000000Z
SUMMARY:Floating lunch
DTSTART:20250305T120000
DURATION:PT45M
END:VEVENT
BEGIN:VEVENT
UID:utc-1
DTSTAMP:20250301T000000Z
SUMMARY:UTC call
DTSTART:20250305T150000Z
DTEND:20250305T153000Z
ATTENDEE;CN=Wang Wu:mailto:wang@example.com
END:VEVENT
BEGIN:VEVENT
UID:bad-1
DTSTAMP:20250301T000000Z
SUMMARY:Backwards
DTSTART:20250305T150000Z
DTEND:20250305T140000Z
END:VEVENT
BEGIN:VEVENT
UID:bad-2
DTSTAMP:20250301T000000Z
SUMMARY:No end
DTSTART:20250305T150000Z
END:VEVENT
BEGIN:VEVENT
UID:bad-3
DTSTAMP:20250301T000000Z
SUMMARY:Moved instance
RECURRENCE-ID:20250305T150000Z
DTSTART:20250305T160000Z
DTEND:20250305T170000Z
END:VEVENT
BEGIN:VEVENT
UID:bad-4
DTSTAMP:20250301T000000Z
SUMMARY:Too often
DTSTART:20250305T150000Z
DTEND:20250305T151000Z
RRULE:FREQ=MINUTELY
END:VEVENT
BEGIN:VEVENT
UID:allday-1
DTSTAMP:20250301T000000Z
SUMMARY:Conference
DTSTART;VALUE=DATE:20250310
END:VEVENT
END:VCALENDAR
"""


async def test_import_reports_each_skipped_item_with_a_reason(store: EventStore) -> None:
    summary = await import_ics(store, FOREIGN, now=NOW)
    assert sorted(r.event.title for r in summary.imported) == [
        "Conference", "Floating lunch", "Moved instance", "UTC call"
    ]  # fmt: skip
    reasons = {s.uid: s.reason for s in summary.skipped}
    assert set(reasons) == {"bad-1", "bad-2", "bad-3", "bad-4"}
    assert "end must be after start" in reasons["bad-1"]
    assert "no end" in reasons["bad-2"] and "FREQ" in reasons["bad-4"]
    assert "imported as an event of its own" in reasons["bad-3"]  # its series is in neither place
    by_title = {r.event.title: r.event for r in summary.imported}
    lunch = by_title["Floating lunch"]
    assert lunch.start == datetime(2025, 3, 5, 12, tzinfo=NY) and lunch.duration == timedelta(minutes=45)
    assert by_title["UTC call"].attendees == ("Wang Wu",)
    assert by_title["Conference"].all_day and by_title["Conference"].end_date == date(2025, 3, 11)


async def test_garbage_is_refused(store: EventStore) -> None:
    with pytest.raises(InvalidInput):
        await import_ics(store, b"this is not a calendar", now=NOW)
