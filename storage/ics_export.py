"""Writing a calendar: one user's events as one VCALENDAR (.ics, RFC 5545).

Export writes one VEVENT per event or series: DTSTART/DTEND with TZID (dates for all-day events), RRULE
(its UNTIL in UTC, as stored; for an all-day series the last day it includes, a date like its DTSTART),
EXDATE, SUMMARY, LOCATION, DESCRIPTION, ATTENDEE (CN = the name), and the VTIMEZONE blocks it uses. An
occurrence changed on its own (``storage.detached``) is an override: the series' UID and a RECURRENCE-ID
(its original start, in the form of the series' DTSTART), and that start is left out of the series'
EXDATE, since the override replaces the instance. (If the series has moved since, the original start is
no instance any more: the changed occurrence is then written as an event of its own.)

Import compares the items of its own export with the calendar as this module would write them now
(``to_vevent``, ``until_as_day``). Text leaves without control characters (``strip_controls``): the store
refuses them now, but a row written before that rule may hold one, and a NUL in a file breaks its readers.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from datetime import datetime, timedelta
from urllib.parse import quote

from icalendar import Calendar, vCalAddress, vRecur
from icalendar import Event as ICalEvent

from storage.bounds import strip_controls
from storage.events import EventStore
from storage.ics_uid import kairos_uid
from storage.recurrence import rule_until
from storage.snapshots import EventSnapshot

__all__ = ["PRODID", "events_to_ics", "export_ics", "to_vevent", "until_as_day"]

PRODID = "-//kairos//kairos calendar assistant//EN"
_ATTENDEE_URN = "urn:x-kairos:attendee:"


async def export_ics(store: EventStore) -> bytes:
    """All of the store's events as one VCALENDAR."""
    return events_to_ics(await store.list_events())


def events_to_ics(events: list[EventSnapshot]) -> bytes:
    """The given snapshots as one VCALENDAR (pure; no database)."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    by_id = {e.id: e for e in events}
    series_of = {e.id: s for e in events if (s := _overridden(e, by_id)) is not None}
    replaced: dict[uuid.UUID, set[datetime]] = defaultdict(set)
    for event_id, series in series_of.items():
        replaced[series.id].add(by_id[event_id].recurrence_id)  # type: ignore[arg-type]
    for event in events:
        calendar.add_component(to_vevent(event, series_of.get(event.id), replaced.get(event.id, set())))
    calendar.add_missing_timezones()
    return calendar.to_ical()


def _overridden(event: EventSnapshot, by_id: dict[uuid.UUID, EventSnapshot]) -> EventSnapshot | None:
    """The series ``event`` is an override of in the file: linked, and its original start still an
    excluded instance of that series."""
    series = by_id.get(event.series_id) if event.series_id is not None else None
    if series is None or not series.recurring or event.recurrence_id not in series.exdates:
        return None
    return series


def to_vevent(
    event: EventSnapshot, series: EventSnapshot | None = None, replaced: set[datetime] | None = None
) -> ICalEvent:
    """``event`` as one VEVENT: an override of ``series`` when given, its EXDATE without the starts in
    ``replaced`` (those its overrides stand for)."""
    vevent = ICalEvent()
    vevent.add("uid", kairos_uid((series or event).id))
    if series is not None:
        assert event.recurrence_id is not None
        original = event.recurrence_id.astimezone(series.start.tzinfo)
        vevent.add("recurrence-id", original.date() if series.all_day else original)
    vevent.add("dtstamp", event.updated_at)
    vevent.add("created", event.created_at)
    vevent.add("last-modified", event.updated_at)
    vevent.add("summary", strip_controls(event.title))
    if event.all_day:
        vevent.add("dtstart", event.start_date)
        vevent.add("dtend", event.end_date)
    else:
        vevent.add("dtstart", event.start)
        vevent.add("dtend", event.end)
    if event.location:
        vevent.add("location", strip_controls(event.location))
    if event.notes:
        vevent.add("description", strip_controls(event.notes))
    for name in map(strip_controls, event.attendees):
        address = vCalAddress(
            f"mailto:{name}" if "@" in name and " " not in name else _ATTENDEE_URN + quote(name)
        )
        address.params["CN"] = name
        vevent.add("attendee", address, encode=False)
    if event.rrule:
        vevent.add(
            "rrule",
            vRecur.from_ical(until_as_day(event.rrule, event.start) if event.all_day else event.rrule),
        )
    exdates = [x for x in event.exdates if x not in (replaced or ())]
    if exdates:
        vevent.add("exdate", [x.date() if event.all_day else x for x in exdates])
    return vevent


def until_as_day(rule: str, start: datetime) -> str:
    """An all-day series' rule (UNTIL a UTC instant, as stored) with its UNTIL a DATE, the value type of
    its DTSTART (RFC 5545 3.3.10): the last day the rule still includes. The rule's starts keep the wall
    clock of ``start`` (the series' first local midnight, in its zone) and the stored UNTIL is read in that
    zone, so a day is included when its start is not after that: the UNTIL's local date, or the day before
    when the UNTIL falls earlier that day than the starts (a zone whose midnight a DST change skips)."""
    stored = rule_until(rule)
    if stored is None:
        return rule
    parts = dict(part.split("=", 1) for part in rule.split(";"))
    until = stored.astimezone(start.tzinfo)
    last = until.date() - timedelta(days=1) if until.time() < start.time() else until.date()
    return ";".join(
        f"{name}={last.strftime('%Y%m%d') if name == 'UNTIL' else value}" for name, value in parts.items()
    )
