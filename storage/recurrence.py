"""Recurrence rules: parse and bound an RRULE, move its UNTIL with its series, and expand a series into
occurrences in a range.

A series is expanded in its own zone with an aware ``dtstart``: dateutil keeps the *wall-clock* time of
``dtstart`` for every occurrence, so a weekly 09:00 America/New_York meeting stays at 09:00 local across both
DST transitions (its UTC instant moves). As in RFC 5545, ``dtstart`` itself is always an occurrence, even
when the rule would not produce it, and EXDATEs remove occurrences by their start. Each occurrence of a timed
series lasts exactly the series' duration; an all-day occurrence spans the same number of local days.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache

from dateutil.rrule import rrule, rruleset, rrulestr

from storage.errors import InvalidEvent
from storage.limits import MAX_RRULE_COUNT, MAX_RRULE_LENGTH

__all__ = ["Rule", "expand", "occurs_at", "parse_rule", "until_moved"]

_ALLOWED_FREQ = {"DAILY", "WEEKLY", "MONTHLY", "YEARLY"}
_UNTIL = re.compile(r"^(\d{8})(?:T(\d{6})(Z?))?$")


class Rule:
    """A validated RRULE bound to its series start: canonical text and an upper bound of the last start."""

    __slots__ = ("last_start", "text")

    def __init__(self, text: str, last_start: datetime | None) -> None:
        self.text = text
        #: Upper bound of the last occurrence's start; ``None`` when the series never ends.
        self.last_start = last_start


def parse_rule(text: str, dtstart: datetime, *, all_day: bool) -> Rule:
    """Validate ``text`` (an RRULE value, ``RRULE:`` prefix optional) for a series starting at ``dtstart``.

    ``dtstart`` is aware and in the series' zone. UNTIL may be UTC (``...Z``), floating (read in the
    series' zone) or a date (the whole local day counts). Raises ``InvalidEvent`` with field ``rrule``.
    """
    if not isinstance(text, str):
        raise InvalidEvent("recurrence rule must be text", field="rrule")
    body = text.strip()
    if body.upper().startswith("RRULE:"):
        body = body[6:]
    body = body.upper()
    if not body:
        raise InvalidEvent("recurrence rule is empty", field="rrule")
    if len(body) > MAX_RRULE_LENGTH:
        raise InvalidEvent(f"recurrence rule is longer than {MAX_RRULE_LENGTH} characters", field="rrule")
    if any(ch in body for ch in "\r\n:"):
        raise InvalidEvent(
            "recurrence rule must be a single RRULE value (no DTSTART or other lines)", field="rrule"
        )
    parts: dict[str, str] = {}
    for item in body.split(";"):
        name, sep, value = item.partition("=")
        if not sep or not name or not value or name in parts:
            raise InvalidEvent(f"recurrence rule part {item[:40]!r} is not NAME=VALUE", field="rrule")
        parts[name] = value
    if parts.get("FREQ") not in _ALLOWED_FREQ:
        raise InvalidEvent("recurrence FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY", field="rrule")
    if "COUNT" in parts and "UNTIL" in parts:
        raise InvalidEvent("recurrence rule may have COUNT or UNTIL, not both", field="rrule")
    if "COUNT" in parts and not (parts["COUNT"].isdigit() and 1 <= int(parts["COUNT"]) <= MAX_RRULE_COUNT):
        raise InvalidEvent(f"recurrence COUNT must be between 1 and {MAX_RRULE_COUNT}", field="rrule")
    until = _parse_until(parts.pop("UNTIL"), dtstart.tzinfo, all_day) if "UNTIL" in parts else None
    if until is not None:
        parts["UNTIL"] = until.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    canonical = ";".join(f"{k}={v}" for k, v in parts.items())
    rule = _build_rule(canonical, dtstart)
    if until is not None:
        last_start: datetime | None = max(until, dtstart)
    elif "COUNT" in parts:
        last_start = max([dtstart, *rule])
    else:
        last_start = None
    return Rule(canonical, last_start)


def expand(
    *,
    start: datetime,
    end: datetime,
    all_day: bool,
    rule: str | None,
    exdates: Iterable[datetime],
    range_start: datetime,
    range_end: datetime,
) -> list[tuple[datetime, datetime]]:
    """The ``(start, end)`` of every occurrence overlapping ``[range_start, range_end)``, in start order.

    ``start``/``end`` are the series' first occurrence, aware, in the series' zone.
    """
    if rule is None:
        return [(start, end)] if start < range_end and end > range_start else []
    tz = start.tzinfo
    assert tz is not None
    series = _series(rule, start, exdates)
    span = end - start
    days = (end.date() - start.date()).days
    found = []
    window_start = range_start - span - timedelta(days=1)  # a day of slack for DST-length days
    for occurrence in series.between(window_start, range_end):
        if all_day:
            o_start = _local_midnight(occurrence.date(), tz)
            o_end = _local_midnight(occurrence.date() + timedelta(days=days), tz)
        else:
            instant = occurrence.astimezone(UTC)
            o_start, o_end = instant.astimezone(tz), (instant + span).astimezone(tz)
        if o_start < range_end and o_end > range_start:
            found.append((o_start, o_end))
    return found


def occurs_at(*, start: datetime, rule: str, exdates: Iterable[datetime], at: datetime) -> bool:
    """Whether the series has a (not excluded) occurrence starting exactly at instant ``at``."""
    tz = start.tzinfo
    assert tz is not None
    series = _series(rule, start, exdates)
    at_utc = at.astimezone(UTC)
    return any(
        o.astimezone(UTC) == at_utc for o in series.between(at - timedelta(days=1), at + timedelta(days=1))
    )


def until_moved(rule: str, before: datetime, after: datetime) -> str:
    """``rule`` (as stored: its UNTIL a UTC instant) for a series whose first start moves from ``before``
    to ``after`` (aware, each in its series' zone; an all-day series' local midnights): its UNTIL moved by
    the same wall-clock change, read in those zones, so the moved series has exactly as many occurrences
    (the rule's starts keep their wall clock across DST, and UNTIL bounds them as a wall time too). A rule
    without UNTIL (a COUNT, or no end) is returned as it is."""
    parts = dict(p.split("=", 1) for p in rule.split(";"))
    if "UNTIL" not in parts:
        return rule
    until = datetime.strptime(parts["UNTIL"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC).astimezone(before.tzinfo)
    wall = until.replace(tzinfo=None) + (after.replace(tzinfo=None) - before.replace(tzinfo=None))
    moved = wall.replace(tzinfo=after.tzinfo).astimezone(UTC)
    return ";".join(f"{k}={v}" for k, v in {**parts, "UNTIL": moved.strftime("%Y%m%dT%H%M%SZ")}.items())


def _local_midnight(day: date, tz: object) -> datetime:
    return datetime.combine(day, time(0), tzinfo=tz).astimezone(UTC).astimezone(tz)  # type: ignore[arg-type]


def _parse_until(value: str, tz: object, all_day: bool) -> datetime:
    match = _UNTIL.match(value)
    if not match:
        raise InvalidEvent(
            "recurrence UNTIL must look like 20250131, 20250131T090000 or 20250131T090000Z", field="rrule"
        )
    day, clock, utc = match.groups()
    try:
        day_value = date(int(day[:4]), int(day[4:6]), int(day[6:]))
        if clock is None:  # a date: the whole local day is included
            return datetime.combine(day_value, time(23, 59, 59), tzinfo=tz)  # type: ignore[arg-type]
        moment = time(int(clock[:2]), int(clock[2:4]), int(clock[4:]))
    except ValueError as exc:
        raise InvalidEvent(f"recurrence UNTIL {value!r} is not a valid date", field="rrule") from exc
    return datetime.combine(day_value, moment, tzinfo=UTC if utc else tz)  # type: ignore[arg-type]


def _build_rule(canonical: str, dtstart: datetime) -> rrule:
    until = None
    body = canonical
    if "UNTIL=" in canonical:
        kept = [p for p in canonical.split(";") if not p.startswith("UNTIL=")]
        until_text = canonical.split("UNTIL=", 1)[1].split(";", 1)[0]
        until = _parse_until(until_text, UTC, False)
        body = ";".join(kept)
    try:
        rule = rrulestr(body, dtstart=dtstart, cache=True)
        if until is not None:
            rule = rule.replace(until=until.astimezone(dtstart.tzinfo))
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise InvalidEvent(f"recurrence rule is not valid RFC 5545 ({str(exc)[:80]})", field="rrule") from exc
    if not isinstance(rule, rrule):
        raise InvalidEvent("recurrence rule must be a single RRULE", field="rrule")
    return rule


def _series(canonical: str, dtstart: datetime, exdates: Iterable[datetime]) -> _Expansion:
    # The cache key spells out the zone and wall time: aware datetimes in different zones that are the
    # same instant compare (and hash) equal, but expand to different wall-clock series.
    zone_key = str(getattr(dtstart.tzinfo, "key", dtstart.tzinfo))
    excluded = tuple(sorted(x.astimezone(UTC) for x in exdates))
    return _build_set(
        canonical, dtstart.replace(tzinfo=None), dtstart.fold, zone_key, dtstart.tzinfo, excluded
    )


@lru_cache(maxsize=2048)
def _build_set(
    canonical: str, wall: datetime, fold: int, zone_key: str, tz: object, exdates: tuple[datetime, ...]
) -> _Expansion:
    dtstart = wall.replace(tzinfo=tz, fold=fold)  # type: ignore[arg-type]
    series = rruleset()
    series.rrule(_build_rule(canonical, dtstart))
    series.rdate(dtstart)
    for excluded in exdates:
        series.exdate(excluded.astimezone(dtstart.tzinfo))
    return _Expansion(series)


class _Expansion:
    """A series' occurrences, generated once in order and kept, so a range is two binary searches.

    (dateutil's own cache re-walks the series from its start on every ``between``; calendars ask for
    ranges near "now" of series that started long ago.)
    """

    __slots__ = ("_done", "_iterator", "_keys", "_starts")

    def __init__(self, series: rruleset) -> None:
        self._iterator = iter(series)
        self._starts: list[datetime] = []
        self._keys: list[float] = []
        self._done = False

    def between(self, after: datetime, before: datetime) -> list[datetime]:
        """Occurrence starts ``s`` with ``after <= s <= before``."""
        high = before.timestamp()
        while not self._done and (not self._keys or self._keys[-1] <= high):
            try:
                occurrence = next(self._iterator)
            except StopIteration:
                self._done = True
                break
            self._starts.append(occurrence)
            self._keys.append(occurrence.timestamp())
        return self._starts[bisect_left(self._keys, after.timestamp()) : bisect_right(self._keys, high)]
