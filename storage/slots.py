"""Free time: working hours minus busy intervals, as a pure function (no database, no clock)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from storage.errors import InvalidInput

__all__ = ["WorkingHours", "free_intervals"]


@dataclass(frozen=True, slots=True)
class WorkingHours:
    """Daily working window in the user's zone; ``weekdays`` uses ``date.weekday()`` (Monday is 0)."""

    start: time = time(9, 0)
    end: time = time(18, 0)
    weekdays: frozenset[int] = field(default_factory=lambda: frozenset(range(5)))

    def __post_init__(self) -> None:
        if self.start.tzinfo is not None or self.end.tzinfo is not None:
            raise InvalidInput("working hours are local times without a zone", field="working_hours")
        if self.end <= self.start:
            raise InvalidInput("working hours must end after they start (same day)", field="working_hours")
        if not self.weekdays <= frozenset(range(7)):
            raise InvalidInput("working weekdays are numbers 0 (Monday) to 6 (Sunday)", field="working_hours")


def free_intervals(
    start: datetime,
    end: datetime,
    duration: timedelta,
    busy: Iterable[tuple[datetime, datetime]],
    zone: ZoneInfo,
    hours: WorkingHours,
) -> list[tuple[datetime, datetime]]:
    """Maximal sub-intervals of ``[start, end)`` inside working hours, free of ``busy``, at least ``duration``
    long; aware, expressed in ``zone``, in order. All inputs are aware; intervals are half-open."""
    blocked = sorted((s.astimezone(UTC), e.astimezone(UTC)) for s, e in busy if e > s)
    found: list[tuple[datetime, datetime]] = []
    day = start.astimezone(zone).date()
    last_day = end.astimezone(zone).date()
    index = 0
    while day <= last_day:
        if day.weekday() in hours.weekdays:
            window_start = max(_at(day, hours.start, zone), start.astimezone(UTC))
            window_end = min(_at(day, hours.end, zone), end.astimezone(UTC))
            cursor = window_start
            # busy intervals ending before this window can never matter again
            while index < len(blocked) and blocked[index][1] <= window_start:
                index += 1
            for b_start, b_end in blocked[index:]:
                if b_start >= window_end:
                    break
                if b_start > cursor and b_start - cursor >= duration:
                    found.append((cursor, b_start))
                cursor = max(cursor, b_end)
            if window_end > cursor and window_end - cursor >= duration:
                found.append((cursor, window_end))
        day += timedelta(days=1)
    return [(s.astimezone(zone), e.astimezone(zone)) for s, e in found]


def _at(day: object, clock: time, zone: ZoneInfo) -> datetime:
    # Through UTC so a wall time inside a DST gap lands on the real instant after it.
    return datetime.combine(day, clock, tzinfo=zone).astimezone(UTC)  # type: ignore[arg-type]
