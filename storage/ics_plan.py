"""An .ics import planned, not written: every write ``import_ics`` would make, read from the file and the
calendar alone, so that it can be shown first and written later, all at once (``storage.ics_batch``).

The plan follows ``storage.ics_import`` item by item — the same drafts, the same idempotency keys (so a
file imported one way is "already imported" the other way), the same reasons for what it skips — with one
difference: nothing is written, so an override (RECURRENCE-ID) of a series the file itself holds is
checked against the planned series (its rule, its EXDATEs, the overrides planned before it) instead of a
stored row. ``PlannedItem``s round-trip through JSON (a pending command keeps them until the user says
yes), and the batch validates each again when it writes it.
"""

from __future__ import annotations

import dataclasses
import logging
import uuid
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo

from icalendar import Calendar

from storage.drafts import EventDraft, validate
from storage.errors import InvalidInput, StorageUnavailable
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
from storage.ics_import import (  # the importer's own reasons and keys: a plan says what import would
    _ALREADY_CHANGED,
    _NO_OCCURRENCE,
    _NO_OCCURRENCE_TO_CANCEL,
    _NO_SERIES,
    _NO_SERIES_TO_CANCEL,
    _THIS_AND_FUTURE,
    _TWO_IDS,
    SkippedItem,
    _Import,
    _key,
)
from storage.ics_reimport import ALREADY_IN_CALENDAR, content, differs, series_differs
from storage.ics_uid import event_id_of
from storage.recurrence import occurs_at
from storage.snapshots import EventSnapshot

__all__ = ["ALREADY_IMPORTED", "ImportPlan", "PlannedItem", "draft_from_json", "plan_ics"]

log = logging.getLogger("kairos.storage")

ALREADY_IMPORTED = "already imported"
_UNREADABLE = "the event could not be read (it is not valid iCalendar)"
_OTHER_CONTENT = "an event with this UID was already imported with other content"


@dataclass(frozen=True, slots=True)
class PlannedItem:
    """One write of a planned import. ``draft``: the event to create, or an occurrence's replacement
    (``None``: the occurrence is cancelled). An override names its series either by its place in the plan
    (``series``, the index of an earlier item) or as an event of this user (``series_id``)."""

    kind: Literal["event", "override"]
    uid: str | None
    title: str
    key: str
    draft: EventDraft | None
    series: int | None = None
    series_id: uuid.UUID | None = None
    occurrence_start: datetime | None = None
    note: str | None = None
    """Imported, but not as written (an override whose series is nowhere: an event of its own)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "uid": self.uid,
            "title": self.title,
            "key": self.key,
            "draft": self.draft.to_json() if self.draft is not None else None,
            "series": self.series,
            "series_id": str(self.series_id) if self.series_id is not None else None,
            "occurrence_start": self.occurrence_start.isoformat() if self.occurrence_start else None,
            "note": self.note,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlannedItem:
        """Raises ``ValueError`` (``KeyError``, ``TypeError``) for data that is not a planned item."""
        kind = data["kind"]
        if kind not in ("event", "override"):
            raise ValueError(f"not a planned item kind: {kind!r}")
        occurrence = data.get("occurrence_start")
        series_id = data.get("series_id")
        return cls(
            kind=kind,
            uid=data.get("uid"),
            title=str(data["title"]),
            key=str(data["key"]),
            draft=draft_from_json(data["draft"]) if data.get("draft") is not None else None,
            series=int(data["series"]) if data.get("series") is not None else None,
            series_id=uuid.UUID(series_id) if series_id else None,
            occurrence_start=datetime.fromisoformat(occurrence) if occurrence else None,
            note=data.get("note"),
        )


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """What importing a file would do: the writes in order (a series before its overrides), what it would
    skip and why, and the calendar's METHOD (``REQUEST``: an invitation) with its first organizer."""

    items: tuple[PlannedItem, ...]
    skipped: tuple[SkippedItem, ...]
    method: str | None = None
    organizer: str | None = None


def draft_from_json(data: dict[str, Any]) -> EventDraft:
    """The draft ``EventDraft.to_json`` wrote (times back in the draft's zone)."""
    zone = ZoneInfo(data["timezone"]) if data.get("timezone") else None

    def moment(text: str) -> date | datetime:
        if "T" not in text:
            return date.fromisoformat(text)
        value = datetime.fromisoformat(text)
        return value.astimezone(zone) if zone is not None and value.tzinfo is not None else value

    return EventDraft(
        title=str(data["title"]),
        start=moment(data["start"]),
        end=moment(data["end"]),
        timezone=data.get("timezone"),
        location=data.get("location"),
        notes=data.get("notes"),
        attendees=tuple(data.get("attendees") or ()),
        rrule=data.get("rrule"),
        exdates=tuple(moment(x) for x in data.get("exdates") or ()),
    )


async def plan_ics(store: EventStore, data: bytes | str, *, now: datetime) -> ImportPlan:
    """What ``import_ics(store, data)`` would write and skip, reading only. Raises ``InvalidInput`` only
    when the file is not iCalendar."""
    try:
        calendar = Calendar.from_ical(data)
        components = calendar.walk("VEVENT")
    except Exception as exc:  # whatever icalendar raises for a file it cannot parse
        raise InvalidInput("the file is not valid iCalendar data", field="ics") from exc
    run = _Plan(store, await store.timezone(), now)
    for component in components:
        if component.get("RECURRENCE-ID") is None:
            await run.item(run.master, component)
    for component in components:
        if component.get("RECURRENCE-ID") is not None:
            await run.item(run.override, component)
    method = clean_text(calendar.get("METHOD"))
    organizer = next((_organizer(c) for c in components if c.get("ORGANIZER") is not None), None)
    return ImportPlan(tuple(run.items), tuple(run.skipped), method.upper() if method else None, organizer)


@dataclass(slots=True)
class _Series:
    """A series planned in this file, as an override is checked against it."""

    index: int
    start: datetime
    rule: str | None
    exdates: set[datetime]
    zone: str
    replaced: set[datetime] = dataclasses.field(default_factory=set)


class _Plan:
    def __init__(self, store: EventStore, zone: str, now: datetime) -> None:
        self.store, self.zone = store, zone
        self.reader = _Import(store, zone, now, None)  # its lookups only: it never writes here
        self.items: list[PlannedItem] = []
        self.skipped: list[SkippedItem] = []
        self.series: dict[str, _Series] = {}
        self.changed: dict[uuid.UUID, set[datetime]] = {}  # occurrences of stored series planned to change
        self.keys: dict[str, Any] = {}  # the import key of each planned item → what it writes

    async def item(self, step: Any, component: Any) -> None:
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
                log.warning("an .ics item could not be planned", exc_info=exc)
                why = _UNREADABLE
            self._skip(component, why)

    async def master(self, component: Any) -> None:
        uid, title = text_of(component, "UID"), text_of(component, "SUMMARY")
        own = await self.reader._own(uid)
        try:
            draft = vevent_draft(component, self.zone)
        except Skip as skip:
            if own is not None:
                self.reader.differing[own.id] = own
            self._skip(component, str(skip))
            return
        if own is not None:  # exported from this calendar: already here, never created (or changed) again
            same = content(draft) == content(vevent_draft(await self.reader._as_exported(own), self.zone))
            if not same:
                self.reader.differing[own.id] = own
            self._skip(component, ALREADY_IN_CALENDAR if same else differs(own))
            return
        key = _key(uid or component.to_ical().decode())
        if await self._taken(component, key, draft.to_json()):
            return
        if (fields := self._valid(component, draft)) is None:
            return
        self._append(PlannedItem("event", uid, title or "", key, draft), draft.to_json())
        if uid is not None and fields.rrule is not None:
            zone = ZoneInfo(fields.timezone)
            exdates = {datetime.fromisoformat(x) for x in fields.exdates}
            start = fields.start_utc.astimezone(zone)
            self.series[uid] = _Series(len(self.items) - 1, start, fields.rrule, exdates, fields.timezone)

    async def override(self, component: Any) -> None:
        uid = text_of(component, "UID")
        recurrence_id = component["RECURRENCE-ID"]
        if isinstance(recurrence_id, list) or recurrence_id.params.get("RANGE"):
            self._skip(component, _TWO_IDS if isinstance(recurrence_id, list) else _THIS_AND_FUTURE)
            return
        check_readable(component, ("RECURRENCE-ID",))
        check_in_range(recurrence_id.dt, "RECURRENCE-ID")
        cancelled = str(component.get("STATUS", "")).upper() == "CANCELLED"
        original = f"{recurrence_id.params.get('TZID', '')}:{recurrence_id.to_ical().decode()}"
        key = _key(f"{uid}\nRECURRENCE-ID;{original}" if uid else component.to_ical().decode())
        named = event_id_of(uid)
        if named in self.reader.differing:
            self._skip(component, series_differs(self.reader.differing[named]))
            return
        if await self._taken(component, key, component.to_ical().decode()):
            return
        planned = self.series.get(uid) if uid is not None else None
        if planned is not None:
            await self._on_planned(component, planned, recurrence_id.dt, cancelled, key)
            return
        stored = await self.reader._series(uid)
        if stored is None:
            if cancelled:
                self._skip(component, _NO_SERIES_TO_CANCEL)
            else:
                await self._on_its_own(component, key, _NO_SERIES)
            return
        await self._on_stored(component, stored, recurrence_id.dt, cancelled, key)

    async def _on_planned(
        self, component: Any, series: _Series, value: date | datetime, cancelled: bool, key: str
    ) -> None:
        at = local_instant(value, series.zone)
        replacement = None if cancelled else vevent_draft(component, series.zone)
        rule = series.rule
        assert rule is not None
        excluded = series.exdates | series.replaced
        if occurs_at(start=series.start, rule=rule, exdates=excluded, at=at):
            pass
        elif (
            replacement is not None
            and at not in series.replaced
            and occurs_at(start=series.start, rule=rule, exdates=(), at=at)
        ):
            pass  # listed in EXDATE too (as some exports do): its linked event alone
        else:
            await self._missing(component, key, cancelled, already=at in excluded)
            return
        if replacement is not None and self._valid(component, _single(replacement)) is None:
            return
        series.replaced.add(at)
        title = text_of(component, "SUMMARY") or self.items[series.index].title
        item = PlannedItem(
            "override",
            text_of(component, "UID"),
            title,
            key,
            replacement,
            series=series.index,
            occurrence_start=at,
        )
        self._append(item, component.to_ical().decode())

    async def _on_stored(
        self, component: Any, series: EventSnapshot, value: date | datetime, cancelled: bool, key: str
    ) -> None:
        at = local_instant(value, series.timezone)
        uid = text_of(component, "UID")
        changed = self.changed.setdefault(series.id, set())
        if event_id_of(uid) == series.id and at in series.exdates:  # already changed in this user's series
            self._skip(component, await self.reader._applied(component, series, at, cancelled))
            return
        assert series.rrule is not None
        replacement = None if cancelled else vevent_draft(component, series.timezone)
        excluded = {*series.exdates, *changed}
        if not occurs_at(start=series.start, rule=series.rrule, exdates=excluded, at=at):
            linked = await self.reader._linked(series)
            listed = occurs_at(start=series.start, rule=series.rrule, exdates=(), at=at)
            if replacement is None or not listed or at in linked or at in changed:
                await self._missing(component, key, cancelled, already=at in excluded)
                return
        if replacement is not None and self._valid(component, _single(replacement), series.timezone) is None:
            return
        changed.add(at)
        title = text_of(component, "SUMMARY") or series.title
        item = PlannedItem("override", uid, title, key, replacement, series_id=series.id, occurrence_start=at)
        self._append(item, component.to_ical().decode())

    async def _missing(self, component: Any, key: str, cancelled: bool, *, already: bool) -> None:
        """An override whose occurrence its series does not have (any more): as import says."""
        if already:
            self._skip(component, _ALREADY_CHANGED)
        elif cancelled:
            self._skip(component, _NO_OCCURRENCE_TO_CANCEL)
        else:
            await self._on_its_own(component, key, _NO_OCCURRENCE)

    async def _on_its_own(self, component: Any, key: str, why: str) -> None:
        draft = _single(vevent_draft(component, self.zone))
        if self._valid(component, draft) is None:
            return
        uid, title = text_of(component, "UID"), text_of(component, "SUMMARY")
        self._append(
            PlannedItem("event", uid, title or "", key, draft, note=why), component.to_ical().decode()
        )

    async def _taken(self, component: Any, key: str, what: Any) -> bool:
        """Whether the item's import key is planned already (the same UID twice in the file) or an earlier
        import claimed it; if so the item is skipped, as import skips it."""
        if key in self.keys:
            self._skip(component, ALREADY_IMPORTED if self.keys[key] == what else _OTHER_CONTENT)
            return True
        if await self.store.created_by(key) is not None:
            self._skip(component, ALREADY_IMPORTED)
            return True
        return False

    def _append(self, item: PlannedItem, what: Any) -> None:
        self.items.append(item)
        self.keys[item.key] = what

    def _valid(self, component: Any, draft: EventDraft, zone: str | None = None) -> Any:
        """The draft's row fields, or ``None`` with the item skipped for the rule it breaks."""
        try:
            return validate(draft, draft.timezone or zone or self.zone)
        except InvalidInput as exc:
            self._skip(component, str(exc))
            return None

    def _skip(self, component: Any, why: str) -> None:
        self.skipped.append(SkippedItem(text_of(component, "UID"), text_of(component, "SUMMARY"), why))


def _single(draft: EventDraft) -> EventDraft:
    return dataclasses.replace(draft, rrule=None, exdates=())


def _organizer(component: Any) -> str | None:
    """An ORGANIZER as a person reads it: ``Name <address>``, or the one of them it has."""
    raw = component.get("ORGANIZER")
    name = clean_text(raw.params.get("CN")) if hasattr(raw, "params") and raw.params.get("CN") else None
    address = clean_text(str(raw))
    address = address.split(":", 1)[1] if address and address.lower().startswith("mailto:") else address
    if name and address:
        return f"{name} <{address}>"
    return name or address
