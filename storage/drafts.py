"""What callers write (``EventDraft``, ``EventPatch``) and the validation that turns it into row fields.

Timed events take aware datetimes; all-day events take ``date`` objects (end exclusive) and are read in the
event's zone. ``timezone`` (IANA) defaults to the owner's zone; recurrences expand in it. Every rule broken
raises :class:`~storage.errors.InvalidEvent` naming the field; the limits live in ``storage.limits``.

Times are checked against the years the store holds before any arithmetic, text for control characters,
zone names against the zone database's list (``storage.bounds``, re-exported here).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from storage import limits
from storage.bounds import CONTROL_CHARACTERS, in_range, known_zone, strip_controls
from storage.errors import InvalidEvent, InvalidInput
from storage.models import SERIES_UNBOUNDED, SHORT_SPAN
from storage.recurrence import parse_rule, until_moved
from storage.snapshots import EventSnapshot

__all__ = [
    "CONTROL_CHARACTERS",
    "UNSET",
    "EventDraft",
    "EventPatch",
    "check_timezone",
    "in_range",
    "known_zone",
    "require_aware",
    "strip_controls",
]

_UNTIL_YEAR = re.compile(r"UNTIL=(\d{4})", re.IGNORECASE)
_YEARS = f"between the years {limits.FIRST_YEAR} and {limits.LAST_YEAR}"


class _Unset:
    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSET"


#: "Leave this field as it is" in an :class:`EventPatch`.
UNSET: Any = _Unset()


@dataclass(frozen=True, slots=True)
class EventDraft:
    """A new event. ``start``/``end``: aware datetimes, or dates for an all-day event (end exclusive)."""

    title: str
    start: datetime | date
    end: datetime | date
    timezone: str | None = None
    location: str | None = None
    notes: str | None = None
    attendees: Sequence[str] = ()
    #: RFC 5545 RRULE value, e.g. ``"FREQ=WEEKLY;BYDAY=MO"``.
    rrule: str | None = None
    #: Starts of occurrences to leave out (aware datetimes; dates for all-day series).
    exdates: Sequence[datetime | date] = ()

    def to_json(self) -> dict[str, Any]:
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_snapshot(cls, event: EventSnapshot) -> EventDraft:
        if event.all_day:
            return cls(
                title=event.title, start=event.start_date, end=event.end_date, timezone=event.timezone,
                location=event.location, notes=event.notes, attendees=event.attendees, rrule=event.rrule,
                exdates=tuple(x.date() for x in event.exdates),
            )  # fmt: skip
        return cls(
            title=event.title, start=event.start, end=event.end, timezone=event.timezone,
            location=event.location, notes=event.notes, attendees=event.attendees, rrule=event.rrule,
            exdates=event.exdates,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class EventPatch:
    """Changes to an event; fields left ``UNSET`` keep their value, ``None`` clears an optional field.

    Moving ``start`` without ``end`` keeps the duration; excluded occurrences move along with the series
    (with or without a new ``end``), and so does a rule's UNTIL, so the series keeps its number of
    occurrences. An explicit ``exdates`` or ``rrule`` stands as given.
    """

    title: str = UNSET
    start: datetime | date = UNSET
    end: datetime | date = UNSET
    timezone: str = UNSET
    location: str | None = UNSET
    notes: str | None = UNSET
    attendees: Sequence[str] = UNSET
    rrule: str | None = UNSET
    exdates: Sequence[datetime | date] = UNSET

    def to_json(self) -> dict[str, Any]:
        return {
            f.name: _jsonable(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if getattr(self, f.name) is not UNSET
        }

    def apply(self, event: EventSnapshot) -> EventDraft:
        base = EventDraft.from_snapshot(event)
        changes = {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) is not UNSET
        }
        for name in ("start", "end"):  # before the shifts below do arithmetic on them
            _check_in_range(changes.get(name), name)
        if "start" in changes and type(changes["start"]) is type(base.start):
            shift = _wall(changes["start"], changes.get("timezone") or event.timezone) - _wall(
                base.start, event.timezone
            )
            if "end" in changes:  # the caller's end stands
                pass
            elif isinstance(base.start, datetime):  # keep the exact duration, whatever DST does
                exact = base.end.astimezone(UTC) - base.start.astimezone(UTC)  # type: ignore[union-attr]
                changes["end"] = (changes["start"].astimezone(UTC) + exact).astimezone(
                    changes["start"].tzinfo
                )
            else:
                changes["end"] = changes["start"] + (base.end - base.start)
            if "exdates" not in changes and base.exdates:
                changes["exdates"] = tuple(_shift(x, shift, event.timezone) for x in base.exdates)
        moves = "start" in changes or "timezone" in changes  # the first start's wall clock
        if moves and "rrule" not in changes and base.rrule is not None and "UNTIL=" in base.rrule:
            zone = changes.get("timezone") or event.timezone
            changes["rrule"] = _until_moved(base.rrule, event, changes.get("start", base.start), zone)
        return dataclasses.replace(base, **changes)

    def changes(self, event: EventSnapshot) -> bool:
        """Whether applying the patch changes any stored value of ``event``: an update to the values it
        already has ("后天上午十点和王五开会" sent as an update of that very meeting) has nothing to write. A
        patch the store would refuse counts as a change (the store says what is wrong)."""
        try:
            after = validate(self.apply(event), event.timezone)
        except InvalidInput:
            return True
        return after != validate(EventDraft.from_snapshot(event), event.timezone)


@dataclass(frozen=True, slots=True)
class EventFields:
    """Validated, normalized column values of an event row (instants in UTC)."""

    title: str
    start_utc: datetime
    end_utc: datetime
    all_day: bool
    timezone: str
    location: str | None
    notes: str | None
    attendees: list[str]
    rrule: str | None
    exdates: list[str]
    series_end_utc: datetime
    long_span: bool

    def as_row_values(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


def validate(draft: EventDraft, default_timezone: str) -> EventFields:
    """Check every rule and return the row fields, or raise ``InvalidEvent``."""
    title = _text(draft.title, "title", limits.MAX_TITLE_LENGTH, required=True)
    assert title is not None
    location = _text(draft.location, "location", limits.MAX_LOCATION_LENGTH)
    notes = _text(draft.notes, "notes", limits.MAX_NOTES_LENGTH, strip=False)
    attendees = _attendees(draft.attendees)
    zone_name = draft.timezone if draft.timezone is not None else default_timezone
    tz = check_timezone(zone_name, error=InvalidEvent)
    all_day = _is_date(draft.start)
    if all_day != _is_date(draft.end):
        raise InvalidEvent("start and end must both be dates (all-day) or both datetimes", field="end")
    _check_in_range(draft.start, "start")
    _check_in_range(draft.end, "end")
    if all_day:
        start, end = _local_midnight(draft.start, tz), _local_midnight(draft.end, tz)  # type: ignore[arg-type]
    else:
        start = require_aware(draft.start, "start", InvalidEvent).astimezone(tz)  # type: ignore[arg-type]
        end = require_aware(draft.end, "end", InvalidEvent).astimezone(tz)  # type: ignore[arg-type]
    if end <= start:
        raise InvalidEvent("end must be after start", field="end")
    if end - start > limits.MAX_EVENT_DURATION:
        raise InvalidEvent(f"an event may last at most {limits.MAX_EVENT_DURATION.days} days", field="end")
    rule_text, series_end = None, end
    if draft.rrule is not None:
        _check_until(draft.rrule)
        rule = parse_rule(draft.rrule, start, all_day=all_day)
        if rule.last_start is not None and rule.last_start.year > limits.LAST_YEAR:  # its wall-clock year
            raise InvalidEvent(f"a series may not repeat past the year {limits.LAST_YEAR}", field="rrule")
        rule_text = rule.text
        series_end = (
            SERIES_UNBOUNDED
            if rule.last_start is None
            else rule.last_start + (end - start) + timedelta(days=1)
        )
    exdates = _exdates(draft.exdates, tz, all_day)
    if exdates and rule_text is None:
        raise InvalidEvent("excluded dates need a recurrence rule", field="exdates")
    return EventFields(
        title=title,
        start_utc=start.astimezone(UTC),
        end_utc=end.astimezone(UTC),
        all_day=all_day,
        timezone=zone_name,
        location=location,
        notes=notes,
        attendees=attendees,
        rrule=rule_text,
        exdates=exdates,
        series_end_utc=series_end.astimezone(UTC),
        long_span=rule_text is not None or end.astimezone(UTC) - start.astimezone(UTC) > SHORT_SPAN,
    )


def check_timezone(
    name: object, *, error: type[InvalidInput] = InvalidEvent, field: str = "timezone"
) -> ZoneInfo:
    """The ``ZoneInfo`` for an IANA name, or ``error`` with a clear message."""
    if not isinstance(name, str) or not name or len(name) > limits.MAX_TIMEZONE_LENGTH:
        raise error(
            f"time zone must be an IANA name such as 'Asia/Shanghai', got {str(name)[:70]!r}", field=field
        )
    if not known_zone(name):
        raise error(f"unknown time zone {name[:70]!r}; use an IANA name such as 'Asia/Shanghai'", field=field)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise error(
            f"unknown time zone {name[:70]!r}; use an IANA name such as 'Asia/Shanghai'", field=field
        ) from exc


def require_aware(value: object, field: str, error: type[InvalidInput]) -> datetime:
    """``value`` if it is an aware datetime, else ``error`` (naive datetimes are always refused)."""
    if not isinstance(value, datetime):
        raise error(f"{field} must be a datetime", field=field)
    if value.tzinfo is None or value.utcoffset() is None:
        raise error(f"{field} must be timezone-aware (got a naive datetime)", field=field)
    return value


def _is_date(value: object) -> bool:
    if isinstance(value, datetime):
        return False
    if isinstance(value, date):
        return True
    raise InvalidEvent("start and end must be datetimes or dates", field="start")


def _local_midnight(day: date, tz: ZoneInfo) -> datetime:
    return datetime.combine(day, time(0), tzinfo=tz).astimezone(UTC).astimezone(tz)


def _check_in_range(value: object, field: str) -> None:
    if isinstance(value, date) and not in_range(value):
        raise InvalidEvent(f"{field} must be {_YEARS}", field=field)


def _check_until(rule: object) -> None:
    """A rule's UNTIL outside the years refused before the rule is read (reading converts it between zones,
    which overflows near the ends of what ``datetime`` holds)."""
    match = _UNTIL_YEAR.search(rule) if isinstance(rule, str) else None
    if match is not None and not limits.FIRST_YEAR <= int(match.group(1)) <= limits.LAST_YEAR:
        raise InvalidEvent(f"recurrence UNTIL must be {_YEARS}", field="rrule")


def _text(value: object, field: str, limit: int, *, required: bool = False, strip: bool = True) -> str | None:
    if value is None:
        if required:
            raise InvalidEvent(f"{field} is required", field=field)
        return None
    if not isinstance(value, str):
        raise InvalidEvent(f"{field} must be text", field=field)
    if CONTROL_CHARACTERS.search(value):
        raise InvalidEvent(
            f"{field} contains a control character (such as NUL); only line breaks and tabs are allowed",
            field=field,
        )
    text = value.strip() if strip else value
    if not text.strip():
        if required:
            raise InvalidEvent(f"{field} must not be empty", field=field)
        return None
    if len(text) > limit:
        raise InvalidEvent(f"{field} is longer than {limit} characters", field=field)
    return text


def _attendees(values: Sequence[str]) -> list[str]:
    if isinstance(values, str):
        raise InvalidEvent("attendees must be a list of names", field="attendees")
    if len(values) > limits.MAX_ATTENDEES:
        raise InvalidEvent(f"an event may have at most {limits.MAX_ATTENDEES} attendees", field="attendees")
    names = [_text(v, "attendees", limits.MAX_ATTENDEE_LENGTH) for v in values]
    return [n for n in names if n is not None]


def _exdates(values: Sequence[datetime | date], tz: ZoneInfo, all_day: bool) -> list[str]:
    if len(values) > limits.MAX_EXDATES:
        raise InvalidEvent(f"a series may exclude at most {limits.MAX_EXDATES} dates", field="exdates")
    instants = set()
    for value in values:
        _check_in_range(value, "exdates")
        if not isinstance(value, datetime) and isinstance(value, date):
            if not all_day:
                raise InvalidEvent("excluded dates of a timed series must be datetimes", field="exdates")
            instants.add(_local_midnight(value, tz).astimezone(UTC))
        else:
            instants.add(require_aware(value, "exdates", InvalidEvent).astimezone(UTC))
    return [x.isoformat() for x in sorted(instants)]


def _wall(value: datetime | date, zone_name: str) -> datetime:
    if isinstance(value, datetime):
        return value.astimezone(ZoneInfo(zone_name)).replace(tzinfo=None)
    return datetime.combine(value, time(0))


def _shift(value: datetime | date, shift: timedelta, zone_name: str) -> datetime | date:
    if isinstance(value, datetime):
        return (value.astimezone(ZoneInfo(zone_name)).replace(tzinfo=None) + shift).replace(
            tzinfo=ZoneInfo(zone_name)
        )
    return value + timedelta(days=shift.days)


def _until_moved(rule: str, event: EventSnapshot, start: datetime | date, zone_name: str) -> str:
    """``rule`` with its UNTIL moved as far as the series' first start moves in wall-clock time, from
    ``event``'s to ``start`` in ``zone_name`` (by whole days to a date). A new zone alone moves the wall
    clock too."""
    try:
        new = check_timezone(zone_name)
    except InvalidEvent:
        return rule  # ``validate`` says what is wrong, in its order
    if not isinstance(start, date):
        return rule
    old = ZoneInfo(event.timezone)
    if isinstance(start, datetime):
        return until_moved(rule, event.start.astimezone(old), start.astimezone(new))
    before = datetime.combine(event.start.astimezone(old).date(), time(0), tzinfo=old)
    return until_moved(rule, before, datetime.combine(start, time(0), tzinfo=new))


def _jsonable(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
