"""An all-day series' UNTIL in an .ics file is a DATE, like its DTSTART (RFC 5545 3.3.10): the last day the
stored rule (UNTIL kept as a UTC instant) still includes, so the file gives exactly the occurrences the
calendar shows. Timed series keep the UTC form; files with a DATE UNTIL (ours, Google's, Outlook's) import
to the same occurrences. Both backends."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from dateutil.rrule import rrulestr
from icalendar import Calendar

from storage import Database, EventDraft, EventSnapshot, EventStore
from storage.ics import export_ics, import_ics
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
ALREADY = "already in your calendar"


def key() -> str:
    return uuid.uuid4().hex


def utc(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def midnight(day: date, zone: str) -> datetime:
    return datetime.combine(day, time(0), tzinfo=ZoneInfo(zone))


def stored_days(series: EventSnapshot, span: int = 120) -> list[date]:
    """The series' occurrence dates from its stored rule, expanded with dateutil the way the store reads it
    (the UTC UNTIL read in the series' zone)."""
    assert series.rrule is not None
    parts = dict(p.split("=", 1) for p in series.rrule.split(";"))
    until = datetime.strptime(parts.pop("UNTIL"), "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    rule = rrulestr(";".join(f"{k}={v}" for k, v in parts.items()), dtstart=series.start)
    rule = rule.replace(until=until.astimezone(series.start.tzinfo))
    return [o.date() for o in rule.between(series.start, series.start + timedelta(days=span), inc=True)]


def file_days(component: Any, span: int = 120) -> list[date]:
    """One exported VEVENT's occurrence dates, read from the file alone with dateutil (which refuses a UTC
    UNTIL beside a DATE DTSTART)."""
    start = component.decoded("DTSTART")
    rule = rrulestr(component["RRULE"].to_ical().decode(), dtstart=start)
    first = datetime.combine(start, time(0))
    return [o.date() for o in rule.between(first, first + timedelta(days=span), inc=True)]


def vevents(data: bytes) -> list[Any]:
    return list(Calendar.from_ical(data).walk("VEVENT"))


def shanghai_day_boundary() -> str:
    return utc(midnight(date(2025, 3, 16), "Asia/Shanghai"))  # 20250315T160000Z: the 16th still included


# (zone, rule, first day, last day the calendar shows, why)
CASES = [
    ("Asia/Shanghai", "FREQ=DAILY;UNTIL=20250309", date(2025, 3, 1), date(2025, 3, 9), "a date UNTIL"),
    ("Asia/Shanghai", "FREQ=DAILY;UNTIL=" + shanghai_day_boundary(), date(2025, 3, 10), date(2025, 3, 16),
     "UNTIL exactly at a local midnight: that day is included"),
    ("Asia/Shanghai", "FREQ=DAILY;UNTIL=20250315T155959Z", date(2025, 3, 10), date(2025, 3, 15),
     "UNTIL a second before a local midnight"),
    ("Asia/Shanghai", "FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20250320T020000Z", date(2025, 3, 3), date(2025, 3, 20),
     "a UTC instant in the morning of a local day (the day before in UTC terms is not the answer)"),
    ("America/New_York", "FREQ=DAILY;UNTIL=20250309", date(2025, 3, 1), date(2025, 3, 9),
     "the day DST starts"),
    ("America/New_York", "FREQ=DAILY;UNTIL=20250310T040000Z", date(2025, 3, 1), date(2025, 3, 10),
     "UNTIL at the local midnight after DST started"),
    ("America/New_York", "FREQ=DAILY;UNTIL=20250310T035959Z", date(2025, 3, 1), date(2025, 3, 9),
     "UNTIL a second before it"),
    ("America/New_York", "FREQ=DAILY;UNTIL=20251103T000000Z", date(2025, 10, 30), date(2025, 11, 2),
     "a UTC midnight is the evening before in New York, the day DST ends"),
    ("America/New_York", "FREQ=WEEKLY;UNTIL=20250329", date(2025, 3, 8), date(2025, 3, 29),
     "a weekly all-day series across DST"),
    ("Pacific/Auckland", "FREQ=DAILY;UNTIL=20250406T110000Z", date(2025, 4, 1), date(2025, 4, 6),
     "a zone east of UTC, the day its DST ends (23:00 there)"),
    ("Pacific/Auckland", "FREQ=DAILY;UNTIL=20250406T120000Z", date(2025, 4, 1), date(2025, 4, 7),
     "and the midnight after it"),
    ("America/Santiago", "FREQ=DAILY;UNTIL=20240910T033000Z", date(2024, 9, 8), date(2024, 9, 9),
     "a series from a day whose midnight DST skips starts at 01:00 each day: an UNTIL at 00:30 misses that day"),
]  # fmt: skip


@pytest.mark.parametrize(("zone", "rule", "first", "last", "why"), CASES, ids=[c[4] for c in CASES])
async def test_an_all_day_series_is_exported_with_a_date_until_and_the_same_occurrences(
    database: Database, make_user: Any, zone: str, rule: str, first: date, last: date, why: str
) -> None:
    store = database.events((await make_user(timezone=zone)).id)
    draft = EventDraft("Holiday", first, first + timedelta(days=1), timezone=zone, rrule=rule)
    series = (await store.create(draft, now=NOW, idempotency_key=key())).event
    shown = await store.list_range(midnight(first, zone), midnight(last + timedelta(days=30), zone))
    assert stored_days(series)[-1] == last == shown[-1].start.date(), why
    assert stored_days(series) == [o.start.date() for o in shown], why
    (component,) = vevents(await export_ics(store))
    assert component["RRULE"]["UNTIL"] == [last], why  # a DATE, like DTSTART
    assert re.search(
        rb"\nRRULE:[^\r]*;UNTIL=" + last.strftime("%Y%m%d").encode() + rb"[;\r]", component.to_ical()
    )
    assert file_days(component) == stored_days(series), why


@pytest.mark.parametrize(("zone", "rule", "first", "last", "why"), CASES, ids=[c[4] for c in CASES])
async def test_the_exported_all_day_series_imports_to_the_same_occurrences(
    database: Database, make_user: Any, zone: str, rule: str, first: date, last: date, why: str
) -> None:
    store = database.events((await make_user(timezone=zone)).id)
    draft = EventDraft("Holiday", first, first + timedelta(days=1), timezone=zone, rrule=rule)
    await store.create(draft, now=NOW, idempotency_key=key())
    data = await export_ics(store)
    other = database.events((await make_user(timezone="Europe/Berlin")).id)
    summary = await import_ics(other, data, now=NOW)
    assert len(summary.imported) == 1 and summary.skipped == (), why
    # the file's dates carry no zone: the same days, read in the importing user's zone (Berlin)
    days = (first, last + timedelta(days=30))
    there = await other.list_range(*(midnight(d, "Europe/Berlin") for d in days))
    here = await store.list_range(*(midnight(d, zone) for d in days))
    assert [(o.start.date(), o.end.date()) for o in there] == [(o.start.date(), o.end.date()) for o in here]
    assert here[-1].start.date() == last, why
    assert [c["RRULE"].to_ical() for c in vevents(await export_ics(other))] == [
        c["RRULE"].to_ical() for c in vevents(data)
    ]
    again = await import_ics(store, data, now=NOW)  # one's own export: already there
    assert again.imported == () and [s.reason for s in again.skipped] == [ALREADY]


async def test_an_old_export_with_a_utc_until_is_still_already_in_the_calendar(store: EventStore) -> None:
    """Files written before all-day UNTILs were dates (UTC UNTIL beside a DATE DTSTART) name the same
    occurrences: re-imported, they are what the calendar has."""
    draft = EventDraft("Holiday", date(2025, 3, 1), date(2025, 3, 2), rrule="FREQ=DAILY;UNTIL=20250309")
    series = (await store.create(draft, now=NOW, idempotency_key=key())).event
    data = await export_ics(store)
    assert b"UNTIL=20250309\r\n" in data
    old = data.replace(b"UNTIL=20250309\r\n", b"UNTIL=20250310T035959Z\r\n")
    assert series.rrule == "FREQ=DAILY;UNTIL=20250310T035959Z"
    summary = await import_ics(store, old, now=NOW)
    assert summary.imported == () and [s.reason for s in summary.skipped] == [ALREADY]
    changed = old.replace(b"UNTIL=20250310T035959Z", b"UNTIL=20250311T035959Z")  # one more day: differs
    summary = await import_ics(store, changed, now=NOW)
    assert summary.imported == () and summary.skipped[0].reason.startswith('differs from "Holiday"')


async def test_a_timed_series_keeps_its_utc_until(store: EventStore) -> None:
    start = datetime(2025, 3, 3, 9, tzinfo=NY)
    draft = EventDraft("Sync", start, start + timedelta(hours=1), rrule="FREQ=WEEKLY;UNTIL=20250331T130000Z")
    await store.create(draft, now=NOW, idempotency_key=key())
    (component,) = vevents(await export_ics(store))
    assert component["RRULE"].to_ical() == b"FREQ=WEEKLY;UNTIL=20250331T130000Z"


GOOGLE = b"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Google Inc//Google Calendar 70.9054//EN
BEGIN:VEVENT
DTSTART;VALUE=DATE:20250308
DTEND;VALUE=DATE:20250309
RRULE:FREQ=WEEKLY;WKST=SU;UNTIL=20250329;BYDAY=SA
DTSTAMP:20250301T000000Z
UID:abc123@google.com
SUMMARY:Farmers market
END:VEVENT
BEGIN:VEVENT
DTSTART;VALUE=DATE:20250310
DTEND;VALUE=DATE:20250311
RRULE:FREQ=DAILY;UNTIL=20250312T000000Z
DTSTAMP:20250301T000000Z
UID:040000008200E00074C5B7101A82E008@outlook
SUMMARY:Conference
END:VEVENT
END:VCALENDAR
"""


async def test_a_date_until_from_another_calendar_imports_and_exports_as_a_date(
    database: Database, make_user: Any
) -> None:
    store = database.events((await make_user(timezone="Asia/Shanghai")).id)
    summary = await import_ics(store, GOOGLE, now=NOW)
    assert len(summary.imported) == 2 and summary.skipped == ()
    window = (midnight(date(2025, 3, 1), "Asia/Shanghai"), midnight(date(2025, 5, 1), "Asia/Shanghai"))
    shown = [(o.title, o.start.date()) for o in await store.list_range(*window)]
    assert [d.day for t, d in shown if t == "Farmers market"] == [8, 15, 22, 29]
    # Outlook's all-day UNTIL is the UTC midnight of the last day, read in the user's zone (Shanghai): the 12th
    assert [d.day for t, d in shown if t == "Conference"] == [10, 11, 12]
    rules = sorted(c["RRULE"].to_ical() for c in vevents(await export_ics(store)))
    assert rules == [b"FREQ=DAILY;UNTIL=20250312", b"FREQ=WEEKLY;UNTIL=20250329;BYDAY=SA;WKST=SU"]
    again = await import_ics(store, await export_ics(store), now=NOW)
    assert again.imported == () and {s.reason for s in again.skipped} == {ALREADY}
