"""The events of a scenario: the initial calendar (local wall-clock, ``SeedEvent``), the expected final
calendar (aware, ``ExpectedEvent``), and other users' calendars. See ``evals.scenarios``."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = ["ExpectedEvent", "OtherUser", "ScenarioModel", "SeedEvent", "normalize_rrule", "parse_moment"]


class ScenarioModel(BaseModel):
    """The base of every scenario part: unknown keys are errors, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def parse_moment(value: Any) -> Any:
    """ISO text → ``datetime`` (has a time part) or ``date``; anything else is left to pydantic."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    try:
        if "T" in text or " " in text:
            return datetime.fromisoformat(text)
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"not an ISO date or datetime: {value!r}") from None


def _check_rrule(value: str | None) -> str | None:
    if value is None:
        return None
    if value.upper().startswith(("RRULE:", "DTSTART")):
        raise ValueError("write the rule without the 'RRULE:' prefix or a DTSTART, e.g. FREQ=WEEKLY;BYDAY=MO")
    # only the rule's syntax is checked; a UTC UNTIL (a series that ends, as the store writes it) needs an
    # aware start, any other a floating one
    utc_until = re.search(r"UNTIL=\d{8}T\d{6}Z", value.upper()) is not None
    try:
        rrulestr(value, dtstart=datetime(2025, 1, 1, tzinfo=UTC if utc_until else None))
    except (ValueError, TypeError) as exc:
        raise ValueError(f"not a valid RRULE: {value!r} ({exc})") from None
    return value


def normalize_rrule(rule: str | None, start: date | None = None) -> str | None:
    """A canonical form for comparing rules: upper case, parts sorted (``BYDAY=MO;FREQ=WEEKLY``).

    With the first occurrence's local ``start``, the parts RFC 5545 takes from DTSTART are written out, so
    equal calendars compare equal: ``FREQ=MONTHLY`` from the 1st is ``BYMONTHDAY=1;FREQ=MONTHLY``,
    ``FREQ=WEEKLY`` from a Monday is ``BYDAY=MO;FREQ=WEEKLY``; ``INTERVAL=1`` is the default."""
    if rule is None:
        return None
    parts = dict(p.strip().upper().split("=", 1) for p in rule.removeprefix("RRULE:").split(";") if "=" in p)
    if parts.get("INTERVAL") == "1":
        del parts["INTERVAL"]
    if start is not None:
        by_day = {"BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS"} & parts.keys()
        freq = parts.get("FREQ")
        if freq == "WEEKLY" and "BYDAY" not in parts:
            parts["BYDAY"] = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")[start.weekday()]
        elif freq == "MONTHLY" and not by_day:
            parts["BYMONTHDAY"] = str(start.day)
        elif freq == "YEARLY" and not by_day and "BYMONTH" not in parts:
            parts["BYMONTH"], parts["BYMONTHDAY"] = str(start.month), str(start.day)
    return ";".join(sorted(f"{k}={v}" for k, v in parts.items()))


def _is_datetime(value: date) -> bool:
    return isinstance(value, datetime)


class _Event(ScenarioModel):
    title: str = Field(min_length=1)
    start: datetime | date
    end: datetime | date
    all_day: bool = False
    recurrence: str | None = None

    @field_validator("start", "end", mode="before")
    @classmethod
    def _moment_text(cls, value: Any) -> Any:
        return parse_moment(value)

    @field_validator("recurrence")
    @classmethod
    def _rule(cls, value: str | None) -> str | None:
        return _check_rrule(value)

    @model_validator(mode="after")
    def _shape(self) -> _Event:
        if self.all_day:
            if _is_datetime(self.start) or _is_datetime(self.end):
                raise ValueError("an all-day event has plain dates (YYYY-MM-DD) for start and end")
        elif not (_is_datetime(self.start) and _is_datetime(self.end)):
            raise ValueError("start and end need a time (YYYY-MM-DDTHH:MM); set all_day: true for dates")
        if not self.start < self.end:
            raise ValueError(
                f"start ({self.start}) must be before end ({self.end}); all-day ends are exclusive"
            )
        return self


class SeedEvent(_Event):
    """An event in the initial calendar: local wall-clock time in the scenario's ``tz``."""

    ref: str | None = Field(default=None, pattern=r"^[a-z][a-z0-9_]*$")
    location: str | None = None
    notes: str | None = None
    attendees: list[str] = Field(default_factory=list)

    @field_validator("start", "end")
    @classmethod
    def _naive(cls, value: date) -> date:
        if isinstance(value, datetime) and value.tzinfo is not None:
            raise ValueError(
                "initial calendar times are local wall-clock in the scenario's tz: drop the offset"
            )
        return value

    def localize(self, zone: ZoneInfo) -> ExpectedEvent:
        """This event with aware datetimes in ``zone`` (all-day events keep their dates), its details
        kept: an event the scenario leaves alone must keep its location, attendees and notes."""
        return ExpectedEvent(
            title=self.title,
            start=_localize(self.start, zone),
            end=_localize(self.end, zone),
            all_day=self.all_day,
            recurrence=self.recurrence,
            location=self.location,
            attendees=list(self.attendees) or None,
            notes=self.notes,
        )


def _localize(value: date, zone: ZoneInfo) -> date:
    if not isinstance(value, datetime):
        return value
    aware = value.replace(tzinfo=zone)
    if aware.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != value:
        raise ValueError(f"{value.isoformat()} does not exist in {zone.key} (a DST gap)")
    if aware.utcoffset() != aware.replace(fold=1).utcoffset():
        raise ValueError(f"{value.isoformat()} happens twice in {zone.key} (a DST fold); pick another time")
    return aware


class ExpectedEvent(_Event):
    """An event of the expected final calendar, compared without ids (title, start, end, recurrence).

    ``title`` is what the scripted model writes; ``title_match`` lists words that a live model's title
    must all contain (case-insensitive) instead of matching ``title`` exactly. ``location``, ``attendees``
    and ``notes`` are compared only where given (``evals.matching.details_match``): a scenario says which
    details the request carried, and an untouched seeded event keeps its own.
    """

    title_match: list[str] = Field(default_factory=list)
    exdates: list[date] = Field(default_factory=list)
    location: str | None = None
    attendees: list[str] | None = None
    notes: str | None = None

    @field_validator("start", "end")
    @classmethod
    def _aware(cls, value: date) -> date:
        if isinstance(value, datetime) and value.tzinfo is None:
            raise ValueError(
                "final calendar times are aware ISO datetimes (with the offset of the scenario's tz)"
            )
        return value

    @model_validator(mode="after")
    def _exdates_need_rule(self) -> ExpectedEvent:
        if self.exdates and self.recurrence is None:
            raise ValueError("exdates only make sense on a recurring event")
        return self

    def key(self) -> tuple[str, str, str, bool, str | None, tuple[date, ...]]:
        """The τ-bench comparison key: no ids, no location or notes; instants compared in UTC."""
        return (
            self.title,
            _instant(self.start),
            _instant(self.end),
            self.all_day,
            normalize_rrule(self.recurrence, self.start),
            tuple(sorted(self.exdates)),
        )


def _instant(value: date) -> str:
    return value.astimezone(UTC).isoformat() if isinstance(value, datetime) else value.isoformat()


class OtherUser(ScenarioModel):
    """Another user of the same deployment; nothing of theirs may be read, changed or revealed."""

    user: str = Field(min_length=1)
    calendar: list[SeedEvent] = Field(min_length=1)
