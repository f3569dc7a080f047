"""Immutable copies of stored events, as every read and write returns them.

An :class:`EventSnapshot` is the row as committed, with instants converted to the event's own zone; an
:class:`Occurrence` is one concrete instance of it in time (a single event has exactly one). Both are
frozen: receipts and confirmations are generated from them, so nothing may change them after the read.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from storage.models import Event
from storage.recurrence import expand, rule_until

__all__ = ["EventSnapshot", "Listing", "Occurrence"]


@dataclass(frozen=True, slots=True)
class EventSnapshot:
    """One event (or recurring series) as stored.

    ``start``/``end`` are aware and expressed in ``timezone``. For an all-day event they are local
    midnights and ``start_date``/``end_date`` give the dates (``end_date`` exclusive). ``exdates`` are the
    starts of the occurrences removed from the series, also in ``timezone``. An occurrence changed on its
    own names its series (``series_id``) and its original start (``recurrence_id``, in ``timezone``);
    they are bookkeeping, not content, and appear in ``to_json`` only when set.
    """

    id: uuid.UUID
    title: str
    start: datetime
    end: datetime
    all_day: bool
    timezone: str
    location: str | None
    notes: str | None
    attendees: tuple[str, ...]
    rrule: str | None
    exdates: tuple[datetime, ...]
    created_at: datetime
    updated_at: datetime
    version: int
    series_id: uuid.UUID | None = None
    recurrence_id: datetime | None = None

    @property
    def recurring(self) -> bool:
        return self.rrule is not None

    @property
    def until(self) -> datetime | None:
        """A bounded series' last moment (its rule's UNTIL, in the event's zone); None for any other event."""
        found = rule_until(self.rrule)
        return None if found is None else found.astimezone(self.start.tzinfo)

    @property
    def duration(self) -> timedelta:
        return self.end - self.start

    @property
    def start_date(self) -> date:
        return self.start.date()

    def next_occurrence(self, after: datetime) -> tuple[datetime, datetime] | None:
        """The first occurrence (start, end) not over by ``after`` (within a year and a bit), or None."""
        found = expand(
            start=self.start, end=self.end, all_day=self.all_day, rule=self.rrule, exdates=self.exdates,
            range_start=after, range_end=after + timedelta(days=400), limit=1,
        )  # fmt: skip
        return found[0] if found else None

    @property
    def end_date(self) -> date:
        """The exclusive end date (for all-day events); for timed events the local date of ``end``."""
        return self.end.date()

    @classmethod
    def from_row(cls, row: Event) -> EventSnapshot:
        tz = ZoneInfo(row.timezone)
        recurrence_id = getattr(row, "recurrence_id_utc", None)  # rows built from a draft have no link
        return cls(
            id=row.id,
            title=row.title,
            start=row.start_utc.astimezone(tz),
            end=row.end_utc.astimezone(tz),
            all_day=row.all_day,
            timezone=row.timezone,
            location=row.location,
            notes=row.notes,
            attendees=tuple(row.attendees or ()),
            rrule=row.rrule,
            exdates=tuple(datetime.fromisoformat(x).astimezone(tz) for x in row.exdates or ()),
            created_at=row.created_at,
            updated_at=row.updated_at,
            version=row.version,
            series_id=getattr(row, "series_id", None),
            recurrence_id=recurrence_id.astimezone(tz) if recurrence_id is not None else None,
        )

    def content(self) -> tuple[Any, ...]:
        """Everything the user wrote, without bookkeeping (version, timestamps); used by undo."""
        return (
            self.id,
            self.title,
            self.start,
            self.end,
            self.all_day,
            self.timezone,
            self.location,
            self.notes,
            self.attendees,
            self.rrule,
            self.exdates,
        )

    def to_json(self) -> dict[str, Any]:
        link = (
            {"series_id": str(self.series_id), "recurrence_id": self.recurrence_id.isoformat()}
            if self.series_id is not None and self.recurrence_id is not None
            else {}
        )
        return {
            "id": str(self.id),
            "title": self.title,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "all_day": self.all_day,
            "timezone": self.timezone,
            "location": self.location,
            "notes": self.notes,
            "attendees": list(self.attendees),
            "rrule": self.rrule,
            "exdates": [x.isoformat() for x in self.exdates],
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
            "version": self.version,
            **link,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EventSnapshot:
        tz = ZoneInfo(data["timezone"])

        def local(text: str) -> datetime:
            return datetime.fromisoformat(text).astimezone(tz)

        return cls(
            id=uuid.UUID(data["id"]),
            title=data["title"],
            start=local(data["start"]),
            end=local(data["end"]),
            all_day=data["all_day"],
            timezone=data["timezone"],
            location=data["location"],
            notes=data["notes"],
            attendees=tuple(data["attendees"]),
            rrule=data["rrule"],
            exdates=tuple(local(x) for x in data["exdates"]),
            created_at=datetime.fromisoformat(data["created_at"]).astimezone(UTC),
            updated_at=datetime.fromisoformat(data["updated_at"]).astimezone(UTC),
            version=data["version"],
            series_id=uuid.UUID(data["series_id"]) if data.get("series_id") else None,
            recurrence_id=local(data["recurrence_id"]) if data.get("recurrence_id") else None,
        )


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One instance of an event in time: ``start``/``end`` aware, in the event's zone, half-open."""

    event: EventSnapshot
    start: datetime
    end: datetime

    @property
    def event_id(self) -> uuid.UUID:
        return self.event.id

    @property
    def title(self) -> str:
        return self.event.title

    @property
    def all_day(self) -> bool:
        return self.event.all_day

    @property
    def recurring(self) -> bool:
        return self.event.recurring


@dataclass(frozen=True, slots=True)
class Listing:
    """The occurrences of a range, by start, and whether the listing stopped at its occurrence limit
    before the range's end (``truncated``: a later page would need a narrower range)."""

    occurrences: tuple[Occurrence, ...]
    truncated: bool = False
