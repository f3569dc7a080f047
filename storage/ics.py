"""iCalendar (.ics, RFC 5545) export and import of one user's events, with the ``icalendar`` library.

Export writes one VEVENT per event or series: DTSTART/DTEND with TZID (dates for all-day events), RRULE,
EXDATE, SUMMARY, LOCATION, DESCRIPTION, ATTENDEE (CN = the name), and the VTIMEZONE blocks it uses.

Import creates events through the store (validated, audited, idempotent): each VEVENT's idempotency key is
derived from its UID, so importing the same file twice creates nothing the second time. Every item is
either imported or skipped with a reason; one bad item never stops the others.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

from icalendar import Calendar, vCalAddress, vRecur
from icalendar import Event as ICalEvent

from storage.drafts import EventDraft, check_timezone
from storage.errors import IdempotencyKeyReused, InvalidInput
from storage.events import EventStore
from storage.results import WriteResult
from storage.snapshots import EventSnapshot

__all__ = ["ImportSummary", "SkippedItem", "export_ics", "import_ics"]

PRODID = "-//kairos//kairos calendar assistant//EN"
_ATTENDEE_URN = "urn:x-kairos:attendee:"


@dataclass(frozen=True, slots=True)
class SkippedItem:
    """A VEVENT that was not imported, and why (a sentence for the user)."""

    uid: str | None
    title: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What an import did: the committed creates, and every skipped item with its reason."""

    imported: tuple[WriteResult, ...]
    skipped: tuple[SkippedItem, ...]


async def export_ics(store: EventStore) -> bytes:
    """All of the store's events as one VCALENDAR."""
    return events_to_ics(await store.list_events())


def events_to_ics(events: list[EventSnapshot]) -> bytes:
    """The given snapshots as one VCALENDAR (pure; no database)."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    for event in events:
        calendar.add_component(_vevent(event))
    calendar.add_missing_timezones()
    return calendar.to_ical()


async def import_ics(
    store: EventStore, data: bytes | str, *, now: datetime, turn_id: str | None = None
) -> ImportSummary:
    """Create the events of an .ics file in ``store``. Raises ``InvalidInput`` only if the file is not iCalendar."""
    try:
        calendar = Calendar.from_ical(data)
    except ValueError as exc:
        raise InvalidInput("the file is not valid iCalendar data", field="ics") from exc
    zone = await store.timezone()
    imported: list[WriteResult] = []
    skipped: list[SkippedItem] = []
    for component in calendar.walk("VEVENT"):
        uid = str(component.get("UID")) if component.get("UID") is not None else None
        title = str(component.get("SUMMARY")) if component.get("SUMMARY") is not None else None
        try:
            draft = _draft(component, zone)
        except _Skip as skip:
            skipped.append(SkippedItem(uid, title, str(skip)))
            continue
        key = "ics:" + hashlib.sha256((uid or component.to_ical().decode()).encode()).hexdigest()[:40]
        try:
            result = await store.create(draft, now=now, idempotency_key=key, turn_id=turn_id)
        except IdempotencyKeyReused:
            skipped.append(
                SkippedItem(uid, title, "an event with this UID was already imported with other content")
            )
            continue
        except InvalidInput as exc:
            skipped.append(SkippedItem(uid, title, str(exc)))
            continue
        if result.replayed:
            skipped.append(SkippedItem(uid, title, "already imported"))
        else:
            imported.append(result)
    return ImportSummary(tuple(imported), tuple(skipped))


class _Skip(Exception):
    pass


def _vevent(event: EventSnapshot) -> ICalEvent:
    vevent = ICalEvent()
    vevent.add("uid", f"{event.id}@kairos")
    vevent.add("dtstamp", event.updated_at)
    vevent.add("created", event.created_at)
    vevent.add("last-modified", event.updated_at)
    vevent.add("summary", event.title)
    if event.all_day:
        vevent.add("dtstart", event.start_date)
        vevent.add("dtend", event.end_date)
    else:
        vevent.add("dtstart", event.start)
        vevent.add("dtend", event.end)
    if event.location:
        vevent.add("location", event.location)
    if event.notes:
        vevent.add("description", event.notes)
    for name in event.attendees:
        address = vCalAddress(
            f"mailto:{name}" if "@" in name and " " not in name else _ATTENDEE_URN + quote(name)
        )
        address.params["CN"] = name
        vevent.add("attendee", address, encode=False)
    if event.rrule:
        vevent.add("rrule", vRecur.from_ical(event.rrule))
    if event.exdates:
        vevent.add("exdate", [x.date() if event.all_day else x for x in event.exdates])
    return vevent


def _draft(component: Any, default_zone: str) -> EventDraft:
    if component.get("RECURRENCE-ID") is not None:
        raise _Skip("a changed occurrence of a series (RECURRENCE-ID) is not supported")
    if component.get("DTSTART") is None:
        raise _Skip("the event has no start (DTSTART)")
    start = component.decoded("DTSTART")
    zone = _zone_of(start, default_zone)
    start = _localize(start, zone)
    if component.get("DTEND") is not None:
        end = _localize(component.decoded("DTEND"), zone)
    elif component.get("DURATION") is not None:
        end = start + component.decoded("DURATION")
    elif not isinstance(start, datetime):
        end = start + timedelta(days=1)
    else:
        raise _Skip("the event has no end (DTEND or DURATION)")
    rules = component.get("RRULE")
    if isinstance(rules, list):
        raise _Skip("more than one RRULE is not supported")
    if component.get("RDATE") is not None:
        raise _Skip("extra occurrences (RDATE) are not supported")
    exdates: list[datetime | date] = []
    raw = component.get("EXDATE")
    for group in raw if isinstance(raw, list) else [raw] if raw is not None else []:
        exdates.extend(_localize(item.dt, zone) for item in group.dts)
    return EventDraft(
        title=str(component.get("SUMMARY") or ""),
        start=start,
        end=end,
        timezone=zone,
        location=str(component["LOCATION"]) if component.get("LOCATION") else None,
        notes=str(component["DESCRIPTION"]) if component.get("DESCRIPTION") else None,
        attendees=_attendees(component.get("ATTENDEE")),
        rrule=rules.to_ical().decode() if rules is not None else None,
        exdates=exdates,
    )


def _zone_of(value: date | datetime, default_zone: str) -> str:
    tz = getattr(value, "tzinfo", None)
    key = getattr(tz, "key", None) or getattr(tz, "zone", None)
    if isinstance(key, str):
        try:
            check_timezone(key)
            return key
        except InvalidInput:
            pass
    return default_zone


def _localize(value: date | datetime, zone: str) -> date | datetime:
    if not isinstance(value, datetime):
        return value
    tz = ZoneInfo(zone)
    if value.tzinfo is None:  # floating time: the user's wall clock
        return value.replace(tzinfo=tz)
    return value.astimezone(tz)


def _attendees(raw: Any) -> list[str]:
    names = []
    for address in raw if isinstance(raw, list) else [raw] if raw is not None else []:
        name = address.params.get("CN") if hasattr(address, "params") else None
        if not name:
            name = str(address).removeprefix("mailto:").removeprefix("MAILTO:")
        names.append(str(name))
    return names
