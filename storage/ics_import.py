"""Reading a calendar: the events of an .ics file (RFC 5545) created in one user's calendar.

Import creates events through the store (validated, audited, idempotent): each VEVENT's idempotency key is
derived from its UID (and an override's RECURRENCE-ID), so importing the same file twice creates nothing
the second time. An item of this calendar's own export is never created again (``storage.ics_reimport``).

Overrides are read after every series of the file, wherever they stand in it, and each becomes one write on
its series (``EventStore.replace_occurrence``): the EXDATE and the linked event together, or just the
EXDATE for STATUS:CANCELLED. The series is the one of the same UID in the file, else this user's own event
for a kairos UID, else one an earlier import created for that UID. An override without its series is
imported as an event of its own, with a line in ``skipped`` saying so. Every other item is either imported
or skipped with a reason; one bad item never stops the others.

Import is per item, not atomic. Each item is read on its own (whatever it cannot read, whatever the
exception, becomes a ``SkippedItem`` with a reason for the user: ``storage.ics_drafts``) and written on its
own, in one write that commits all of it or nothing. So a file with a bad item imports the rest; and an
import stopped halfway (the database gone) keeps what it committed, and importing the file again creates
only the rest (the others are "already imported"). Only a file that is not iCalendar at all raises
(``InvalidInput``), before anything is written.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from icalendar import Calendar
from icalendar import Event as ICalEvent

from storage.drafts import EventDraft
from storage.errors import (
    EventNotFound,
    IdempotencyKeyReused,
    InvalidInput,
    OccurrenceNotFound,
    StorageUnavailable,
)
from storage.events import EventStore
from storage.ics_drafts import (
    OUT_OF_RANGE,
    Skip,
    check_in_range,
    check_readable,
    clean_text,
    local_instant,
    text_of,
    vevent_draft,
)
from storage.ics_export import to_vevent
from storage.ics_reimport import ALREADY_IN_CALENDAR, content, differs, removed_in_calendar, series_differs
from storage.ics_uid import event_id_of
from storage.results import WriteResult
from storage.snapshots import EventSnapshot

__all__ = ["ImportSummary", "SkippedItem", "import_ics"]

log = logging.getLogger("kairos.storage")


@dataclass(frozen=True, slots=True)
class SkippedItem:
    """A VEVENT that was not imported as written, and why (a sentence for the user): skipped, or (an
    override without its series) imported as an event of its own."""

    uid: str | None
    title: str | None
    reason: str

    def __post_init__(self) -> None:  # a reason may quote the file: no control characters leave either
        for name in ("uid", "title", "reason"):
            object.__setattr__(self, name, clean_text(getattr(self, name)))


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What an import did: the committed creates (events, series and changed occurrences), every item not
    imported as written with its reason, and the occurrences removed by cancelled overrides (writes on
    their series)."""

    imported: tuple[WriteResult, ...]
    skipped: tuple[SkippedItem, ...]
    removed: tuple[WriteResult, ...] = ()


async def import_ics(
    store: EventStore, data: bytes | str, *, now: datetime, turn_id: str | None = None
) -> ImportSummary:
    """Create the events of an .ics file in ``store``. Raises ``InvalidInput`` only if the file is not iCalendar."""
    try:
        calendar = Calendar.from_ical(data)
        components = calendar.walk("VEVENT")
    except Exception as exc:  # whatever icalendar raises for a file it cannot parse
        raise InvalidInput("the file is not valid iCalendar data", field="ics") from exc
    run = _Import(store, await store.timezone(), now, turn_id)
    for component in components:
        if component.get("RECURRENCE-ID") is None:
            await run.item(run.master, component)
    for component in components:
        if component.get("RECURRENCE-ID") is not None:
            await run.item(run.override, component)
    return ImportSummary(tuple(run.imported), tuple(run.skipped), tuple(run.removed))


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

    async def item(self, step: Callable[[Any], Awaitable[None]], component: Any) -> None:
        """Run one item's ``step``: whatever goes wrong with it skips the item, never the file (a database
        that is unreachable stops the import: it is no fault of the item)."""
        try:
            await step(component)
        except StorageUnavailable:
            raise
        except Exception as exc:
            if isinstance(exc, Skip):
                why = str(exc)
            elif isinstance(exc, OverflowError):
                why = OUT_OF_RANGE
            else:
                log.warning("an .ics item could not be imported", exc_info=exc)
                why = "the event could not be read (it is not valid iCalendar)"
            self.skipped.append(SkippedItem(text_of(component, "UID"), text_of(component, "SUMMARY"), why))

    async def master(self, component: Any) -> None:
        uid, title = text_of(component, "UID"), text_of(component, "SUMMARY")
        own = await self._own(uid)
        try:
            draft = vevent_draft(component, self.zone)
        except Skip as skip:
            if own is not None:
                self.differing[own.id] = own
            self.skipped.append(SkippedItem(uid, title, str(skip)))
            return
        if own is not None:  # exported from this calendar: already here, never created (or changed) again
            if content(draft) == content(vevent_draft(await self._as_exported(own), self.zone)):
                self.skipped.append(SkippedItem(uid, title, ALREADY_IN_CALENDAR))
            else:
                self.differing[own.id] = own
                self.skipped.append(SkippedItem(uid, title, differs(own)))
            return
        result = await self._create(component, draft, _key(uid or component.to_ical().decode()))
        if result is not None and uid is not None:
            self.series[uid] = result.event.id

    async def override(self, component: Any) -> None:
        uid, title = text_of(component, "UID"), text_of(component, "SUMMARY")
        recurrence_id = component["RECURRENCE-ID"]
        if isinstance(recurrence_id, list) or recurrence_id.params.get("RANGE"):
            why = _TWO_IDS if isinstance(recurrence_id, list) else _THIS_AND_FUTURE
            self.skipped.append(SkippedItem(uid, title, why))
            return
        check_readable(component, ("RECURRENCE-ID",))
        check_in_range(recurrence_id.dt, "RECURRENCE-ID")
        cancelled = str(component.get("STATUS", "")).upper() == "CANCELLED"
        original = f"{recurrence_id.params.get('TZID', '')}:{recurrence_id.to_ical().decode()}"
        key = _key(f"{uid}\nRECURRENCE-ID;{original}" if uid else component.to_ical().decode())
        named = event_id_of(uid)
        if named in self.differing:  # its master in this file differs from the calendar's: not this either
            self.skipped.append(SkippedItem(uid, title, series_differs(self.differing[named])))
            return
        series = await self._series(uid)
        if series is None:
            if cancelled:
                self.skipped.append(SkippedItem(uid, title, _NO_SERIES_TO_CANCEL))
            else:
                await self._on_its_own(component, key, _NO_SERIES)
            return
        at = local_instant(recurrence_id.dt, series.timezone)
        if named == series.id and at in series.exdates:  # already changed in this user's own series
            why = await self._applied(component, series, at, cancelled)
            self.skipped.append(SkippedItem(uid, title, why))
            return
        try:
            replacement = None if cancelled else vevent_draft(component, series.timezone)
            result = await self.store.replace_occurrence(
                series.id, at, replacement, now=self.now, idempotency_key=key, turn_id=self.turn_id
            )
        except Skip as skip:
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
            found = await self._recurring(event_id_of(uid))
        if found is None:
            found = await self._recurring(await self.store.created_by(_key(uid)))
        return found

    async def _own(self, uid: str | None) -> EventSnapshot | None:
        """This user's event a kairos UID (``<id>@kairos``) names, if it is theirs and still there."""
        event_id = event_id_of(uid)
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
        return to_vevent(event, None, replaced)

    async def _applied(self, component: Any, series: EventSnapshot, at: datetime, cancelled: bool) -> str:
        """Why an override of this user's series, whose occurrence ``at`` the series already excludes, is
        skipped: already so in the calendar, or changed there in another way."""
        detached = (await self._linked(series)).get(at)
        if detached is None:
            return ALREADY_IN_CALENDAR if cancelled else removed_in_calendar(series)
        if cancelled:
            return differs(detached)
        try:
            replacement = vevent_draft(component, series.timezone)
        except Skip as skip:
            return str(skip)
        same = content(replacement) == content(vevent_draft(to_vevent(detached), series.timezone))
        return ALREADY_IN_CALENDAR if same else differs(detached)

    async def _recurring(self, event_id: uuid.UUID | None) -> EventSnapshot | None:
        try:
            found = await self.store.get(event_id) if event_id is not None else None
        except EventNotFound:
            return None
        return found if found is not None and found.recurring else None

    async def _on_its_own(self, component: Any, key: str, why: str) -> None:
        """An override without its series (or its occurrence): kept as a plain event, and said so."""
        uid, title = text_of(component, "UID"), text_of(component, "SUMMARY")
        try:
            draft = dataclasses.replace(vevent_draft(component, self.zone), rrule=None, exdates=())
        except Skip as skip:
            self.skipped.append(SkippedItem(uid, title, str(skip)))
            return
        result = await self._create(component, draft, key)
        if result is not None and not result.replayed:
            self.skipped.append(SkippedItem(uid, title, why))

    async def _create(self, component: Any, draft: EventDraft, key: str) -> WriteResult | None:
        """Create ``draft``; the result, also when an earlier import created it (``None`` if skipped)."""
        uid, title = text_of(component, "UID"), text_of(component, "SUMMARY")
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


def _reason(exc: Exception) -> str:
    if isinstance(exc, IdempotencyKeyReused):
        return "an event with this UID was already imported with other content"
    return str(exc)


def _key(identity: str) -> str:
    return "ics:" + hashlib.sha256(identity.encode()).hexdigest()[:40]
