"""Recurrence rules: parse and bound an RRULE, move its UNTIL with its series, and expand a series into
occurrences in a range.

A series is expanded in its own zone on wall-clock time: a weekly 09:00 America/New_York meeting stays at
09:00 local across both DST transitions (its UTC instant moves). As in RFC 5545, the first start itself is
always an occurrence, even when the rule would not produce it, and EXDATEs remove occurrences by their
start. Each occurrence of a timed series lasts exactly the series' duration; an all-day occurrence spans
the same number of local days.

Bounded by construction (``storage.rrule_pattern``): a rule is refused unless INTERVAL ≥ 1, at most
``MAX_OCCURRENCES_PER_DAY`` occurrences a day, ``MIN_OCCURRENCE_GAP`` apart, and its next (or COUNT-th)
occurrence lies within ``MAX_RRULE_SCAN_PERIODS`` periods; expansion reads only the periods that meet the
window asked for (never from the series' start), stops at ``limit`` occurrences and at the end of
``LAST_YEAR``, and keeps nothing but small per-rule values in its caches.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from itertools import islice

from storage.errors import InvalidEvent
from storage.limits import (
    FIRST_YEAR,
    LAST_YEAR,
    MAX_RRULE_COUNT,
    MAX_RRULE_LENGTH,
    MAX_RRULE_SCAN_PERIODS,
)
from storage.rrule_pattern import Pattern, read_pattern

__all__ = [
    "Rule", "expand", "first_of_rule", "iter_occurrences", "occurs_at", "parse_rule", "rule_until", "until_moved",
]  # fmt: skip

log = logging.getLogger("kairos.storage")

_ALLOWED_FREQ = {"DAILY", "WEEKLY", "MONTHLY", "YEARLY"}
_UNTIL = re.compile(r"^(\d{8})(?:T(\d{6})(Z?))?$")
#: The last wall time any series may have an occurrence at.
_HORIZON = datetime.combine(date(LAST_YEAR, 12, 31), time(23, 59, 59))
_DAWN = datetime.combine(date(FIRST_YEAR, 1, 1), time(0))


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
    tz = dtstart.tzinfo
    assert tz is not None
    until = _parse_until(parts.pop("UNTIL"), tz, all_day) if "UNTIL" in parts else None
    if until is not None:
        parts["UNTIL"] = until.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    canonical = ";".join(f"{k}={v}" for k, v in parts.items())
    first = dtstart.replace(tzinfo=None)
    pattern = read_pattern(_pattern_parts(canonical), first, all_day)
    if "COUNT" in parts:
        last = _count_end(pattern, int(parts["COUNT"]))
        return Rule(canonical, max(last.replace(tzinfo=tz, fold=dtstart.fold), dtstart))
    if until is None or until.astimezone(tz).replace(tzinfo=None) > first:
        _require_repeat(pattern, None if until is None else until.astimezone(tz).replace(tzinfo=None))
    if until is not None:
        return Rule(canonical, max(until, dtstart))
    return Rule(canonical, None)


def expand(
    *,
    start: datetime,
    end: datetime,
    all_day: bool,
    rule: str | None,
    exdates: Iterable[datetime],
    range_start: datetime,
    range_end: datetime,
    limit: int | None = None,
) -> list[tuple[datetime, datetime]]:
    """The ``(start, end)`` of every occurrence overlapping ``[range_start, range_end)``, in start order;
    the first ``limit`` of them when ``limit`` is given.

    ``start``/``end`` are the series' first occurrence, aware, in the series' zone.
    """
    found = iter_occurrences(
        start=start, end=end, all_day=all_day, rule=rule, exdates=exdates, range_start=range_start,
        range_end=range_end,
    )  # fmt: skip
    return list(found if limit is None else islice(found, limit))


def iter_occurrences(
    *,
    start: datetime,
    end: datetime,
    all_day: bool,
    rule: str | None,
    exdates: Iterable[datetime],
    range_start: datetime,
    range_end: datetime,
) -> Iterator[tuple[datetime, datetime]]:
    """``expand``, lazily: each occurrence is computed when it is asked for, so merging many series and
    stopping at a listing's limit costs the limit, not every series' whole range."""
    if rule is None:
        if start < range_end and end > range_start:
            yield start, end
        return
    tz = start.tzinfo
    assert tz is not None
    span = end - start
    days = (end.date() - start.date()).days
    excluded = {x.astimezone(UTC) for x in exdates}
    low = _wall(range_start, tz) - span - timedelta(days=2)  # two days of slack for DST-length days
    high = _wall(range_end, tz) + timedelta(days=1)
    first = start.replace(tzinfo=None)
    until, since = range_end.astimezone(UTC), range_start.astimezone(UTC)
    for wall in _starts(rule, start, all_day, low, high):
        if all_day:
            o_start = _local_midnight(wall.date(), tz)
            o_end = _local_midnight(wall.date() + timedelta(days=days), tz)
            instant = o_start.astimezone(UTC)
            if instant >= until:
                return
            if excluded and instant in excluded:
                continue
            if o_end > since:
                yield o_start, o_end
            continue
        instant = wall.replace(tzinfo=tz, fold=start.fold if wall == first else 0).astimezone(UTC)
        if instant >= until:
            return
        if (excluded and instant in excluded) or instant + span <= since:
            continue
        yield instant.astimezone(tz), (instant + span).astimezone(tz)


def occurs_at(*, start: datetime, rule: str, exdates: Iterable[datetime], at: datetime) -> bool:
    """Whether the series has a (not excluded) occurrence starting exactly at instant ``at``."""
    tz = start.tzinfo
    assert tz is not None
    at_utc = at.astimezone(UTC)
    if at_utc in {x.astimezone(UTC) for x in exdates}:
        return False
    around = _wall(at, tz)
    return any(
        wall.replace(tzinfo=tz, fold=start.fold if wall == start.replace(tzinfo=None) else 0).astimezone(UTC)
        == at_utc
        for wall in _starts(rule, start, False, around - timedelta(days=1), around + timedelta(days=1))
    )


def rule_until(rule: str | None) -> datetime | None:
    """A stored rule's UNTIL as the aware UTC instant it is stored as; None without one (a COUNT, no end, or
    an all-day export's DATE)."""
    parts = dict(p.split("=", 1) for p in (rule or "").split(";") if "=" in p)
    value = parts.get("UNTIL", "")
    if "T" not in value:
        return None
    return datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)


def until_moved(rule: str, before: datetime, after: datetime) -> str:
    """``rule`` (as stored: its UNTIL a UTC instant) for a series whose first start moves from ``before``
    to ``after`` (aware, each in its series' zone; an all-day series' local midnights): its UNTIL moved by
    the same wall-clock change, read in those zones, so the moved series has exactly as many occurrences
    (the rule's starts keep their wall clock across DST, and UNTIL bounds them as a wall time too). A rule
    without UNTIL (a COUNT, or no end) is returned as it is."""
    stored = rule_until(rule)
    if stored is None:
        return rule
    parts = dict(p.split("=", 1) for p in rule.split(";"))
    until = stored.astimezone(before.tzinfo)
    wall = until.replace(tzinfo=None) + (after.replace(tzinfo=None) - before.replace(tzinfo=None))
    moved = wall.replace(tzinfo=after.tzinfo).astimezone(UTC)
    return ";".join(f"{k}={v}" for k, v in {**parts, "UNTIL": moved.strftime("%Y%m%dT%H%M%SZ")}.items())


def first_of_rule(rule: str, start: datetime, *, all_day: bool = False) -> datetime:
    """The first start the rule itself gives at or after ``start`` (aware, in the series' zone): ``start``
    when it is one. RFC 5545 lists DTSTART as an occurrence even on a day the rule does not name, so a
    series "every Tuesday and Thursday" that starts on a Sunday would hold a stray Sunday: a new series
    starts on its first own day instead, at the same clock. ``start`` as it is for a rule that cannot be
    read, or that gives nothing within four years of it."""
    first = start.replace(tzinfo=None)
    try:
        pattern = read_pattern(_pattern_parts(rule), first, all_day)
    except (InvalidEvent, ValueError, KeyError):
        return start
    # every period, on the INTERVAL grid or not: the series' grid starts at its new first day ("every
    # other Monday" from a Sunday is the next day, then every two weeks from there)
    index = max(pattern.period_index(first.date()), 0)
    horizon = first + timedelta(days=4 * 366)  # (a yearly February 29 is up to four years on)
    while pattern.period_start(index) <= horizon.date():
        for wall in pattern.occurrences(index):
            if wall >= first:
                # (a wall time in a spring-forward gap is the instant after it, as storage reads walls)
                return start if wall == first else wall.replace(tzinfo=start.tzinfo).astimezone(UTC).astimezone(start.tzinfo)
        index += 1
    return start


def _wall(moment: datetime, tz: object) -> datetime:
    """``moment`` as a naive wall time in ``tz``, clamped to the supported years (no overflow near the
    limits of ``datetime``)."""
    if moment.astimezone(UTC).replace(tzinfo=None) > _HORIZON:
        return _HORIZON + timedelta(days=3)
    if moment.astimezone(UTC).replace(tzinfo=None) < _DAWN:
        return _DAWN - timedelta(days=3)
    return moment.astimezone(tz).replace(tzinfo=None)  # type: ignore[arg-type]


def _pattern_parts(canonical: str) -> tuple[tuple[str, str], ...]:
    return tuple(
        (name, value)
        for name, _, value in (p.partition("=") for p in canonical.split(";"))
        if name not in ("UNTIL", "COUNT")
    )


def _starts(rule: str, start: datetime, all_day: bool, low: datetime, high: datetime) -> Iterator[datetime]:
    """The wall-clock starts of the series (``rule`` as stored) in ``[low, high]``, in order: the first
    start always, then the rule's, period by period, only in the periods that meet the window."""
    tz = start.tzinfo
    first = start.replace(tzinfo=None)
    try:
        pattern = read_pattern(_pattern_parts(rule), first, all_day)
        stop = _stop(rule, pattern, tz)
    except (InvalidEvent, ValueError, KeyError):
        # A rule stored before today's checks that they refuse: only its first start is certain.
        log.warning("recurrence rule no longer valid; listing its first occurrence only: %.80s", rule)
        if low <= first <= high:
            yield first
        return
    high = min(high, stop, _HORIZON)
    if low > high:
        return
    if low <= first <= high:
        yield first
    index = pattern.on_grid(pattern.period_index(max(low, first).date()))
    last = pattern.period_index(high.date())
    while index <= last:
        for wall in pattern.occurrences(index):
            if wall > high:
                return
            if wall >= low and wall != first:
                yield wall
        index += pattern.interval


def _stop(rule: str, pattern: Pattern, tz: object) -> datetime:
    """The last wall time an occurrence may start at: UNTIL, the COUNT-th start, or the horizon."""
    fields = dict(p.partition("=")[::2] for p in rule.split(";"))
    if "UNTIL" in fields:
        until = datetime.strptime(fields["UNTIL"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
        return _wall(until, tz)
    if "COUNT" in fields:
        return _count_end(pattern, int(fields["COUNT"]))
    return _HORIZON


@lru_cache(maxsize=4096)
def _count_end(pattern: Pattern, count: int) -> datetime:
    """The wall time of the rule's ``count``-th start (DTSTART's own start counts only when the rule
    makes it). Refuses a rule that needs more than ``MAX_RRULE_SCAN_PERIODS`` periods to get there."""
    seen = 0
    index = 0
    for _ in range(MAX_RRULE_SCAN_PERIODS):
        if pattern.period_start(index) > _HORIZON.date():
            break
        for wall in pattern.occurrences(index):
            seen += 1
            if seen == count:
                return wall
        index += pattern.interval
    raise InvalidEvent(
        f"recurrence COUNT={count} is not reached by {LAST_YEAR} or within {MAX_RRULE_SCAN_PERIODS} "
        "repetitions; the rule's occurrences are too sparse",
        field="rrule",
    )


def _require_repeat(pattern: Pattern, until: datetime | None) -> None:
    """Refuse a rule that makes no occurrence after its first within the scan budget (one that only a
    walk of thousands of years could disprove, such as February 30th)."""
    index = 0
    for _ in range(MAX_RRULE_SCAN_PERIODS):
        start = pattern.period_start(index)
        if start > _HORIZON.date() or (until is not None and datetime.combine(start, time(0)) > until):
            return
        if any(wall > pattern.first for wall in pattern.occurrences(index)):
            return
        index += pattern.interval
    raise InvalidEvent(
        f"recurrence rule makes no occurrence after its first within {MAX_RRULE_SCAN_PERIODS} repetitions",
        field="rrule",
    )


def _local_midnight(day: date, tz: object) -> datetime:
    return datetime.combine(day, time(0), tzinfo=tz).astimezone(UTC).astimezone(tz)  # type: ignore[arg-type]


def _parse_until(value: str, tz: object, all_day: bool) -> datetime:
    match = _UNTIL.match(value)
    if not match:
        raise InvalidEvent(
            "recurrence UNTIL must look like 20250131, 20250131T090000 or 20250131T090000Z", field="rrule"
        )
    day, clock, utc = match.groups()
    if not FIRST_YEAR <= int(day[:4]) <= LAST_YEAR:
        raise InvalidEvent(
            f"recurrence UNTIL must be between the years {FIRST_YEAR} and {LAST_YEAR}", field="rrule"
        )
    try:
        day_value = date(int(day[:4]), int(day[4:6]), int(day[6:]))
        if clock is None:  # a date: the whole local day is included
            return datetime.combine(day_value, time(23, 59, 59), tzinfo=tz)  # type: ignore[arg-type]
        moment = time(int(clock[:2]), int(clock[2:4]), int(clock[4:]))
    except ValueError as exc:
        raise InvalidEvent(f"recurrence UNTIL {value!r} is not a valid date", field="rrule") from exc
    return datetime.combine(day_value, moment, tzinfo=UTC if utc else tz)  # type: ignore[arg-type]


