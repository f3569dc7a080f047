"""iCalendar (.ics, RFC 5545) export and import of one user's events, with the ``icalendar`` library.

Export writes one VEVENT per event or series: DTSTART/DTEND with TZID (dates for all-day events), RRULE
(its UNTIL in UTC, as stored; for an all-day series the last day it includes, a date like its DTSTART),
EXDATE, SUMMARY, LOCATION, DESCRIPTION, ATTENDEE (CN = the name), and the VTIMEZONE blocks it uses. An
occurrence changed on its own (``storage.detached``) is an override: the series' UID and a RECURRENCE-ID
(its original start, in the form of the series' DTSTART), and that start is left out of the series'
EXDATE, since the override replaces the instance. (If the series has moved since, the original start is
no instance any more: the changed occurrence is then written as an event of its own.)

Import creates events through the store (validated, audited, idempotent): each VEVENT's idempotency key is
derived from its UID (and an override's RECURRENCE-ID), so importing the same file twice creates nothing
the second time. A VEVENT whose UID is a kairos one (``<id>@kairos``) naming an event this user has (the
owner-scoped read: another user's id, or a deleted event's, names nothing) is already in the calendar, since
the file is an export of it (a backup restored, a file imported again): it is skipped, "already in your
calendar" when it says what the event says as export would write it now (times, all-day, title, location,
notes, attendees, rule, EXDATE), else with a reason naming the event that it differs; nothing is ever
overwritten (updating events from a file would be sync, which kairos does not do), and the overrides of a
master so skipped as differing are skipped with it. Other kairos UIDs are imported as new events, keyed as
any UID.

Overrides are read after every series of the file, wherever they stand in it, and each becomes one write on
its series (``EventStore.replace_occurrence``): the EXDATE and the linked event together, or just the
EXDATE for STATUS:CANCELLED. The series is the one of the same UID in the file, else this user's own event
for a kairos UID, else one an earlier import created for that UID. An override of this user's own series
whose occurrence the calendar has already changed is skipped: "already in your calendar" when it was
changed the same way (the same linked event, or removed for a cancelled override), else as differing; one
the calendar does not have yet is applied. An override without its series is imported as an event of its
own, with a line in ``skipped`` saying so. Every other item is either imported or skipped with a reason;
one bad item never stops the others.
"""

from __future__ import annotations

import dataclasses
import hashlib
import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

from icalendar import Calendar, vCalAddress, vRecur
from icalendar import Event as ICalEvent

from storage.drafts import EventDraft, check_timezone
from storage.errors import EventNotFound, IdempotencyKeyReused, InvalidEvent, InvalidInput, OccurrenceNotFound
from storage.events import EventStore
from storage.recurrence import parse_rule
from storage.results import WriteResult
from storage.snapshots import EventSnapshot

__all__ = ["ImportSummary", "SkippedItem", "export_ics", "import_ics"]

PRODID = "-//kairos//kairos calendar assistant//EN"
_ATTENDEE_URN = "urn:x-kairos:attendee:"
_UID_SUFFIX = "@kairos"


@dataclass(frozen=True, slots=True)
class SkippedItem:
    """A VEVENT that was not imported as written, and why (a sentence for the user): skipped, or (an
    override without its series) imported as an event of its own."""

    uid: str | None
    title: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What an import did: the committed creates (events, series and changed occurrences), every item not
    imported as written with its reason, and the occurrences removed by cancelled overrides (writes on
    their series)."""

    imported: tuple[WriteResult, ...]
    skipped: tuple[SkippedItem, ...]
    removed: tuple[WriteResult, ...] = ()


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
        calendar.add_component(_vevent(event, series_of.get(event.id), replaced.get(event.id, set())))
    calendar.add_missing_timezones()
    return calendar.to_ical()


def _overridden(event: EventSnapshot, by_id: dict[uuid.UUID, EventSnapshot]) -> EventSnapshot | None:
    """The series ``event`` is an override of in the file: linked, and its original start still an
    excluded instance of that series."""
    series = by_id.get(event.series_id) if event.series_id is not None else None
    if series is None or not series.recurring or event.recurrence_id not in series.exdates:
        return None
    return series


async def import_ics(
    store: EventStore, data: bytes | str, *, now: datetime, turn_id: str | None = None
) -> ImportSummary:
    """Create the events of an .ics file in ``store``. Raises ``InvalidInput`` only if the file is not iCalendar."""
    try:
        calendar = Calendar.from_ical(data)
    except ValueError as exc:
        raise InvalidInput("the file is not valid iCalendar data", field="ics") from exc
    run = _Import(store, await store.timezone(), now, turn_id)
    components = calendar.walk("VEVENT")
    for component in components:
        if component.get("RECURRENCE-ID") is None:
            await run.master(component)
    for component in components:
        if component.get("RECURRENCE-ID") is not None:
            await run.override(component)
    return ImportSummary(tuple(run.imported), tuple(run.skipped), tuple(run.removed))


class _Skip(Exception):
    pass


class _Import:
    """One import's progress: what it wrote and skipped, and the series it created or found by UID."""

    def __init__(self, store: EventStore, zone: str, now: datetime, turn_id: str | None) -> None:
        self.store, self.zone, self.now, self.turn_id = store, zone, now, turn_id
        self.imported: list[WriteResult] = []
        self.skipped: list[SkippedItem] = []
        self.removed: list[WriteResult] = []
        self.series: dict[str, uuid.UUID] = {}
        #: this user's events whose version in the file differs, by id (skipped, and so their overrides)
        self.differing: dict[uuid.UUID, EventSnapshot] = {}
        self.detached: defaultdict[uuid.UUID, dict[datetime, EventSnapshot]] | None = None

    async def master(self, component: Any) -> None:
        uid, title = _text(component, "UID"), _text(component, "SUMMARY")
        own = await self._own(uid)
        try:
            draft = _draft(component, self.zone)
        except _Skip as skip:
            if own is not None:
                self.differing[own.id] = own
            self.skipped.append(SkippedItem(uid, title, str(skip)))
            return
        if own is not None:  # exported from this calendar: already here, never created (or changed) again
            if _content(draft) == _content(_draft(await self._as_exported(own), self.zone)):
                self.skipped.append(SkippedItem(uid, title, _ALREADY_IN_CALENDAR))
            else:
                self.differing[own.id] = own
                self.skipped.append(SkippedItem(uid, title, _differs(own)))
            return
        result = await self._create(component, draft, _key(uid or component.to_ical().decode()))
        if result is not None and uid is not None:
            self.series[uid] = result.event.id

    async def override(self, component: Any) -> None:
        uid, title = _text(component, "UID"), _text(component, "SUMMARY")
        recurrence_id = component["RECURRENCE-ID"]
        if isinstance(recurrence_id, list) or recurrence_id.params.get("RANGE"):
            why = _TWO_IDS if isinstance(recurrence_id, list) else _THIS_AND_FUTURE
            self.skipped.append(SkippedItem(uid, title, why))
            return
        cancelled = str(component.get("STATUS", "")).upper() == "CANCELLED"
        original = f"{recurrence_id.params.get('TZID', '')}:{recurrence_id.to_ical().decode()}"
        key = _key(f"{uid}\nRECURRENCE-ID;{original}" if uid else component.to_ical().decode())
        named = _named(uid)
        if named in self.differing:  # its master in this file differs from the calendar's: not this either
            self.skipped.append(SkippedItem(uid, title, _series_differs(self.differing[named])))
            return
        series = await self._series(uid)
        if series is None:
            if cancelled:
                self.skipped.append(SkippedItem(uid, title, _NO_SERIES_TO_CANCEL))
            else:
                await self._on_its_own(component, key, _NO_SERIES)
            return
        at = _occurrence_start(recurrence_id.dt, series)
        if named == series.id and at in series.exdates:  # already changed in this user's own series
            why = await self._applied(component, series, at, cancelled)
            self.skipped.append(SkippedItem(uid, title, why))
            return
        try:
            replacement = None if cancelled else _draft(component, series.timezone)
            result = await self.store.replace_occurrence(
                series.id, at, replacement, now=self.now, idempotency_key=key, turn_id=self.turn_id
            )
        except _Skip as skip:
            self.skipped.append(SkippedItem(uid, title, str(skip)))
            return
        except OccurrenceNotFound:
            if at in (await self.store.get(series.id)).exdates:
                self.skipped.append(SkippedItem(uid, title, _ALREADY_CHANGED))
            elif cancelled:
                self.skipped.append(SkippedItem(uid, title, _NO_OCCURRENCE_TO_CANCEL))
            else:
                await self._on_its_own(component, key, _NO_OCCURRENCE)
            return
        except (IdempotencyKeyReused, InvalidInput) as exc:
            self.skipped.append(SkippedItem(uid, title, _reason(exc)))
            return
        if result.replayed:
            self.skipped.append(SkippedItem(uid, title, "already imported"))
        else:
            self.detached = None  # a new linked occurrence, or a new EXDATE: read the calendar again
            (self.removed if cancelled else self.imported).append(result)

    async def _series(self, uid: str | None) -> EventSnapshot | None:
        """The repeating series an override of ``uid`` belongs to, if this user has it: the one this import
        created, this user's own series for a kairos UID, or the one an earlier import created."""
        if uid is None:
            return None
        found = await self._recurring(self.series.get(uid))
        if found is None:
            found = await self._recurring(_named(uid))
        if found is None:
            found = await self._recurring(await self.store.created_by(_key(uid)))
        return found

    async def _own(self, uid: str | None) -> EventSnapshot | None:
        """This user's event a kairos UID (``<id>@kairos``) names, if it is theirs and still there."""
        event_id = _named(uid)
        try:
            return await self.store.get(event_id) if event_id is not None else None
        except EventNotFound:  # deleted, or another user's: the owner-scoped read cannot tell, by design
            return None

    async def _linked(self, series: EventSnapshot) -> dict[datetime, EventSnapshot]:
        """The occurrences of this user's ``series`` changed on their own, by original start (all of the
        calendar read once, and again after an override's write)."""
        if self.detached is None:
            self.detached = defaultdict(dict)
            for event in await self.store.list_events():
                if event.series_id is not None and event.recurrence_id is not None:
                    self.detached[event.series_id][event.recurrence_id] = event
        return self.detached.get(series.id, {})

    async def _as_exported(self, event: EventSnapshot) -> ICalEvent:
        """``event`` as export writes it on its own: its EXDATE without the starts its overrides replace."""
        replaced = set(await self._linked(event)) & set(event.exdates) if event.recurring else set()
        return _vevent(event, None, replaced)

    async def _applied(self, component: Any, series: EventSnapshot, at: datetime, cancelled: bool) -> str:
        """Why an override of this user's series, whose occurrence ``at`` the series already excludes, is
        skipped: already so in the calendar, or changed there in another way."""
        detached = (await self._linked(series)).get(at)
        if detached is None:
            return _ALREADY_IN_CALENDAR if cancelled else _removed_in_calendar(series)
        if cancelled:
            return _differs(detached)
        try:
            replacement = _draft(component, series.timezone)
        except _Skip as skip:
            return str(skip)
        same = _content(replacement) == _content(_draft(_vevent(detached), series.timezone))
        return _ALREADY_IN_CALENDAR if same else _differs(detached)

    async def _recurring(self, event_id: uuid.UUID | None) -> EventSnapshot | None:
        try:
            found = await self.store.get(event_id) if event_id is not None else None
        except EventNotFound:
            return None
        return found if found is not None and found.recurring else None

    async def _on_its_own(self, component: Any, key: str, why: str) -> None:
        """An override without its series (or its occurrence): kept as a plain event, and said so."""
        uid, title = _text(component, "UID"), _text(component, "SUMMARY")
        try:
            draft = dataclasses.replace(_draft(component, self.zone), rrule=None, exdates=())
        except _Skip as skip:
            self.skipped.append(SkippedItem(uid, title, str(skip)))
            return
        result = await self._create(component, draft, key)
        if result is not None and not result.replayed:
            self.skipped.append(SkippedItem(uid, title, why))

    async def _create(self, component: Any, draft: EventDraft, key: str) -> WriteResult | None:
        """Create ``draft``; the result, also when an earlier import created it (``None`` if skipped)."""
        uid, title = _text(component, "UID"), _text(component, "SUMMARY")
        try:
            result = await self.store.create(draft, now=self.now, idempotency_key=key, turn_id=self.turn_id)
        except (IdempotencyKeyReused, InvalidInput) as exc:
            self.skipped.append(SkippedItem(uid, title, _reason(exc)))
            return None
        if result.replayed:
            self.skipped.append(SkippedItem(uid, title, "already imported"))
        else:
            self.imported.append(result)
        return result


_TWO_IDS = "a changed occurrence with more than one RECURRENCE-ID is not valid iCalendar"
_THIS_AND_FUTURE = "a change to this and all later occurrences (RANGE=THISANDFUTURE) is not supported"
_NO_SERIES = (
    "a changed occurrence whose repeating series (same UID) is neither in this file nor in your calendar: "
    "imported as an event of its own"
)
_NO_SERIES_TO_CANCEL = "a cancelled occurrence of a repeating series (same UID) that is not in your calendar"
_NO_OCCURRENCE = (
    "a changed occurrence (RECURRENCE-ID) that its series does not have: imported as an event of its own"
)
_NO_OCCURRENCE_TO_CANCEL = "a cancelled occurrence (RECURRENCE-ID) that its series does not have"
_ALREADY_CHANGED = "this occurrence of the series was already changed or removed in your calendar"
_ALREADY_IN_CALENDAR = "already in your calendar"
_NO_SYNC = "not changed (updating events from a file is not supported)"


def _differs(event: EventSnapshot) -> str:
    return f'differs from "{event.title}" ({_when(event)}) in your calendar: {_NO_SYNC}'


def _series_differs(series: EventSnapshot) -> str:
    return (
        f'a changed occurrence of "{series.title}", whose version in this file differs from the one in your '
        f"calendar: {_NO_SYNC}"
    )


def _removed_in_calendar(series: EventSnapshot) -> str:
    return f'this occurrence of "{series.title}" is removed in your calendar, unlike in this file: {_NO_SYNC}'


def _when(event: EventSnapshot) -> str:
    return event.start_date.isoformat() if event.all_day else event.start.strftime("%Y-%m-%d %H:%M")


def _content(draft: EventDraft) -> tuple[Any, ...]:
    """What an imported VEVENT says, to compare with the event it names: instants (dates for all-day
    events), the texts, the attendees, the rule (its parts in any order) and the excluded starts."""
    return (
        draft.title,
        isinstance(draft.start, datetime),
        draft.start,
        draft.end,
        draft.timezone if draft.rrule else None,  # a series' zone decides its instances across DST
        draft.location,
        draft.notes,
        tuple(draft.attendees),
        _rule_parts(_compared_rule(draft)),
        frozenset(draft.exdates),
    )


def _compared_rule(draft: EventDraft) -> str | None:
    """The draft's rule as compared; an all-day one's with its UNTIL as the last day it includes, however
    the file wrote it (a DATE, or a UTC or floating time, as exports before DATE UNTILs did): the same days,
    the same rule."""
    if draft.rrule is None or isinstance(draft.start, datetime) or draft.timezone is None:
        return draft.rrule
    tz = ZoneInfo(draft.timezone)
    start = datetime.combine(draft.start, time(0), tzinfo=tz).astimezone(UTC).astimezone(tz)
    try:
        return _until_as_day(parse_rule(draft.rrule, start, all_day=True).text, start)
    except InvalidEvent:
        return draft.rrule


def _rule_parts(rule: str | None) -> frozenset[tuple[str, str]] | str | None:
    if rule is None:
        return None
    try:
        return frozenset((name.upper(), part) for name, part in (p.split("=", 1) for p in rule.split(";")))
    except ValueError:
        return rule


def _reason(exc: Exception) -> str:
    if isinstance(exc, IdempotencyKeyReused):
        return "an event with this UID was already imported with other content"
    return str(exc)


def _key(identity: str) -> str:
    return "ics:" + hashlib.sha256(identity.encode()).hexdigest()[:40]


def _text(component: Any, name: str) -> str | None:
    return str(component.get(name)) if component.get(name) is not None else None


def _named(uid: str | None) -> uuid.UUID | None:
    """The event id a kairos UID (``<id>@kairos``, as export writes them) names; ``None`` for other UIDs."""
    return _uuid(uid.removesuffix(_UID_SUFFIX)) if uid is not None and uid.endswith(_UID_SUFFIX) else None


def _uuid(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except ValueError:
        return None


def _occurrence_start(value: date | datetime, series: EventSnapshot) -> datetime:
    """A RECURRENCE-ID as the instant of the occurrence it names: floating times and dates are read in
    the series' zone (a date names an all-day occurrence: that day's midnight)."""
    tz = ZoneInfo(series.timezone)
    if not isinstance(value, datetime):
        return datetime.combine(value, time(0), tzinfo=tz).astimezone(UTC).astimezone(tz)
    return value.replace(tzinfo=tz) if value.tzinfo is None else value.astimezone(tz)


def _vevent(
    event: EventSnapshot, series: EventSnapshot | None = None, replaced: set[datetime] | None = None
) -> ICalEvent:
    vevent = ICalEvent()
    vevent.add("uid", f"{(series or event).id}{_UID_SUFFIX}")
    if series is not None:
        assert event.recurrence_id is not None
        original = event.recurrence_id.astimezone(series.start.tzinfo)
        vevent.add("recurrence-id", original.date() if series.all_day else original)
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
        vevent.add(
            "rrule",
            vRecur.from_ical(_until_as_day(event.rrule, event.start) if event.all_day else event.rrule),
        )
    exdates = [x for x in event.exdates if x not in (replaced or ())]
    if exdates:
        vevent.add("exdate", [x.date() if event.all_day else x for x in exdates])
    return vevent


def _until_as_day(rule: str, start: datetime) -> str:
    """An all-day series' rule (UNTIL a UTC instant, as stored) with its UNTIL a DATE, the value type of
    its DTSTART (RFC 5545 3.3.10): the last day the rule still includes. The rule's starts keep the wall
    clock of ``start`` (the series' first local midnight, in its zone) and the stored UNTIL is read in that
    zone, so a day is included when its start is not after that: the UNTIL's local date, or the day before
    when the UNTIL falls earlier that day than the starts (a zone whose midnight a DST change skips)."""
    parts = dict(part.split("=", 1) for part in rule.split(";"))
    if "T" not in parts.get("UNTIL", ""):
        return rule
    until = datetime.strptime(parts["UNTIL"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC).astimezone(start.tzinfo)
    last = until.date() - timedelta(days=1) if until.time() < start.time() else until.date()
    return ";".join(
        f"{name}={last.strftime('%Y%m%d') if name == 'UNTIL' else value}" for name, value in parts.items()
    )


def _draft(component: Any, default_zone: str) -> EventDraft:
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
