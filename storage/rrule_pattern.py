"""A recurrence rule read into explicit parts, and the occurrences of one of its periods.

Why not let dateutil walk the series: its iterator starts at DTSTART and, in a period the rule's filters
leave empty, walks on until it finds one or reaches the year 9999 — a daily rule that never matches
("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30") takes seconds, and ``INTERVAL=0`` never ends. Here a rule is a
``Pattern`` (every BY-part explicit, the defaults RFC 5545 takes from DTSTART filled in once) and a series
is read one *period* at a time (a day, a week from WKST, a month, a year): the periods on the rule's
INTERVAL grid that meet a window are computed by arithmetic, so listing a week of a series that started
in 1950 costs the same as one that started yesterday, and no call walks further than its window.

Days and weeks are read here directly (their BY-parts only filter days); months and years go through
dateutil with an INTERVAL that jumps past year 9999 after the one period, so dateutil's rules for
``BYDAY=-1FR``, ``BYSETPOS`` and negative month days apply unchanged. Everything is naive wall-clock
time in the series' zone, as dateutil reads an aware DTSTART.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from itertools import pairwise, product

from dateutil.rrule import DAILY, MONTHLY, WEEKLY, YEARLY, rrule, weekday

from storage.errors import InvalidEvent
from storage.limits import (
    MAX_OCCURRENCES_PER_DAY,
    MAX_RRULE_INTERVAL,
    MIN_OCCURRENCE_GAP,
)

__all__ = ["Pattern", "read_pattern"]

_FREQS = {"DAILY": DAILY, "WEEKLY": WEEKLY, "MONTHLY": MONTHLY, "YEARLY": YEARLY}
_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_BYDAY = re.compile(r"^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$")
_INT = re.compile(r"^[+-]?\d{1,3}$")
#: The numeric BY-parts: (lowest, highest, may be negative).
_NUMERIC = {
    "BYMONTH": (1, 12, False),
    "BYMONTHDAY": (1, 31, True),
    "BYHOUR": (0, 23, False),
    "BYMINUTE": (0, 59, False),
    "BYSECOND": (0, 59, False),
    "BYSETPOS": (1, 366, True),
}
_KNOWN = {"FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "WKST", *_NUMERIC}
_UNSUPPORTED = {"BYWEEKNO", "BYYEARDAY"}
#: An INTERVAL for dateutil that leaves the period it starts in for a year past 9999 at once.
_ONE_PERIOD = {MONTHLY: 12 * 10_000, YEARLY: 10_000}


@dataclass(frozen=True, slots=True)
class Pattern:
    """A rule's parts, explicit: nothing here depends on DTSTART's date except through ``first``."""

    freq: int
    interval: int
    first: datetime  #: DTSTART, naive wall time
    wkst: int
    months: tuple[int, ...]
    monthdays: tuple[int, ...]
    weekdays: tuple[tuple[int, int | None], ...]  #: (weekday, ordinal or None)
    times: tuple[time, ...]  #: sorted clock times of each day's occurrences
    setpos: tuple[int, ...]

    # ------------------------------------------------------------------------------------- periods

    def period_index(self, day: date) -> int:
        """Which period (0 = DTSTART's) contains ``day``; negative before the series."""
        first = self.first.date()
        if self.freq == DAILY:
            return (day - first).days
        if self.freq == WEEKLY:
            return (self._week_start(day) - self._week_start(first)).days // 7
        if self.freq == MONTHLY:
            return (day.year - first.year) * 12 + day.month - first.month
        return day.year - first.year

    def period_start(self, index: int) -> date:
        first = self.first.date()
        if self.freq == DAILY:
            return first + timedelta(days=index)
        if self.freq == WEEKLY:
            return self._week_start(first) + timedelta(days=7 * index)
        if self.freq == MONTHLY:
            year, month = divmod(first.month - 1 + index, 12)
            return date(first.year + year, month + 1, 1)
        return date(first.year + index, 1, 1)

    def on_grid(self, index: int) -> int:
        """The first period on the INTERVAL grid at or after ``index`` (never before the series)."""
        index = max(index, 0)
        return -(-index // self.interval) * self.interval

    def occurrences(self, index: int) -> list[datetime]:
        """The starts of period ``index`` (on the grid), in order, not before DTSTART. The dates must
        be representable: callers keep ``index`` inside the supported years."""
        if self.freq in (DAILY, WEEKLY):
            days = self._days(index)
            starts = [datetime.combine(d, t) for d in days for t in self.times]
            if self.setpos:
                starts = _select(starts, self.setpos)
        else:
            starts = list(self._dateutil_period(index))
        return [s for s in starts if s >= self.first]

    # ------------------------------------------------------------------------------------ internals

    def _week_start(self, day: date) -> date:
        return day - timedelta(days=(day.weekday() - self.wkst) % 7)

    def _days(self, index: int) -> list[date]:
        start = self.period_start(index)
        span = 1 if self.freq == DAILY else 7
        if index == 0:  # dateutil's first week runs from DTSTART's day (it matters to BYSETPOS)
            span -= (self.first.date() - start).days
            start = self.first.date()
        wanted = {w for w, _ in self.weekdays}
        found = []
        for offset in range(span):
            day = start + timedelta(days=offset)
            if self.months and day.month not in self.months:
                continue
            if wanted and day.weekday() not in wanted:
                continue
            if self.monthdays:
                last = calendar.monthrange(day.year, day.month)[1]
                if day.day not in self.monthdays and day.day - last - 1 not in self.monthdays:
                    continue
            found.append(day)
        return found

    def _dateutil_period(self, index: int) -> list[datetime]:
        start = self.first if index == 0 else datetime.combine(self.period_start(index), time(0))
        return list(_period_rule(self, start))


def _period_rule(pattern: Pattern, start: datetime) -> rrule:
    return rrule(
        pattern.freq,
        dtstart=start,
        interval=_ONE_PERIOD[pattern.freq],
        wkst=pattern.wkst,
        bymonth=pattern.months or None,
        bymonthday=pattern.monthdays or None,
        byweekday=[weekday(w, n) for w, n in pattern.weekdays] or None,
        byhour=sorted({t.hour for t in pattern.times}),
        byminute=sorted({t.minute for t in pattern.times}),
        bysecond=sorted({t.second for t in pattern.times}),
        bysetpos=pattern.setpos or None,
        cache=False,
    )


def _select(starts: list[datetime], positions: tuple[int, ...]) -> list[datetime]:
    """BYSETPOS: the n-th (1-based, or from the end when negative) of a period's sorted starts."""
    chosen = set()
    for pos in positions:
        i = pos - 1 if pos > 0 else len(starts) + pos
        if 0 <= i < len(starts):
            chosen.add(starts[i])
    return sorted(chosen)


@lru_cache(maxsize=1024)
def read_pattern(parts: tuple[tuple[str, str], ...], first: datetime, all_day: bool) -> Pattern:
    """The ``Pattern`` of a rule's ``NAME=VALUE`` parts (UNTIL and COUNT left to the caller) for a series
    whose first start is ``first`` (naive wall time). Raises ``InvalidEvent`` (field ``rrule``) naming the
    part that is wrong. Cached by value: every entry is a few hundred bytes at most (a rule's text is
    bounded by ``MAX_RRULE_LENGTH``), so 1,024 entries bound the memory."""
    given = dict(parts)
    for name in given:
        if name in _UNSUPPORTED:
            raise InvalidEvent(f"recurrence part {name} is not supported", field="rrule")
        if name not in _KNOWN:
            raise InvalidEvent(f"recurrence part {name[:20]!r} is not an RFC 5545 RRULE part", field="rrule")
    freq = _FREQS[given["FREQ"]]
    interval = _interval(given.get("INTERVAL", "1"))
    numbers = {name: _numbers(name, given[name]) for name in _NUMERIC if name in given}
    weekdays = _weekdays(given.get("BYDAY"), freq)
    wkst = _DAYS.index(given["WKST"]) if given.get("WKST") in _DAYS else 0
    if "WKST" in given and given["WKST"] not in _DAYS:
        raise InvalidEvent("recurrence WKST must be a weekday such as MO", field="rrule")
    months = numbers.get("BYMONTH", ())
    monthdays = numbers.get("BYMONTHDAY", ())
    if freq == WEEKLY and monthdays:
        raise InvalidEvent("a weekly recurrence cannot have BYMONTHDAY", field="rrule")
    if not (monthdays or weekdays):  # RFC 5545: what the rule leaves open is DTSTART's
        if freq == WEEKLY:
            weekdays = ((first.weekday(), None),)
        elif freq == MONTHLY:
            monthdays = (first.day,)
        elif freq == YEARLY:
            monthdays = (first.day,)
            months = months or (first.month,)
    clock = ("BYHOUR", "BYMINUTE", "BYSECOND")
    if all_day and any(name in given for name in clock):
        raise InvalidEvent("an all-day recurrence cannot have BYHOUR, BYMINUTE or BYSECOND", field="rrule")
    hours = numbers.get("BYHOUR", (first.hour,))
    minutes = numbers.get("BYMINUTE", (first.minute,))
    seconds = numbers.get("BYSECOND", (first.second,))
    if len(hours) * len(minutes) * len(seconds) > MAX_OCCURRENCES_PER_DAY:
        raise InvalidEvent(
            f"a recurrence may have at most {MAX_OCCURRENCES_PER_DAY} occurrences a day", field="rrule"
        )
    times = tuple(sorted(time(h, m, s) for h, m, s in product(hours, minutes, seconds)))
    gap = MIN_OCCURRENCE_GAP.total_seconds()
    seconds_of = [t.hour * 3600 + t.minute * 60 + t.second for t in times]
    if any(b - a < gap for a, b in pairwise(seconds_of)):
        raise InvalidEvent(
            f"occurrences of a recurrence must be at least {int(gap // 60)} minutes apart", field="rrule"
        )
    return Pattern(
        freq=freq, interval=interval, first=first, wkst=wkst, months=months, monthdays=monthdays,
        weekdays=weekdays, times=times, setpos=numbers.get("BYSETPOS", ()),
    )  # fmt: skip


def _interval(value: str) -> int:
    if not value.isdigit() or not 1 <= int(value) <= MAX_RRULE_INTERVAL:
        raise InvalidEvent(f"recurrence INTERVAL must be between 1 and {MAX_RRULE_INTERVAL}", field="rrule")
    return int(value)


def _numbers(name: str, value: str) -> tuple[int, ...]:
    low, high, negative = _NUMERIC[name]
    found = []
    items = value.split(",")
    if len(items) > 60:
        raise InvalidEvent(f"recurrence {name} lists too many values", field="rrule")
    for item in items:
        if not _INT.match(item):
            raise InvalidEvent(f"recurrence {name} must list whole numbers", field="rrule")
        number = int(item)
        if not (low <= abs(number) <= high and (number >= 0 or negative) and (number != 0 or low == 0)):
            raise InvalidEvent(f"recurrence {name} value {number} is out of range", field="rrule")
        found.append(number)
    return tuple(sorted(set(found)))


def _weekdays(value: str | None, freq: int) -> tuple[tuple[int, int | None], ...]:
    if value is None:
        return ()
    found = []
    for item in value.split(","):
        match = _BYDAY.match(item)
        if not match:
            raise InvalidEvent(f"recurrence BYDAY item {item[:10]!r} is not a weekday", field="rrule")
        ordinal = int(match.group(1)) if match.group(1) else None
        if ordinal is not None:
            limit = 5 if freq == MONTHLY else 53 if freq == YEARLY else 0
            if not 1 <= abs(ordinal) <= limit:
                raise InvalidEvent(
                    f"recurrence BYDAY {item!r}: a numbered weekday needs a monthly or yearly rule within "
                    "range",
                    field="rrule",
                )
        found.append((_DAYS.index(match.group(2)), ordinal))
    return tuple(sorted(set(found), key=lambda x: (x[0], x[1] or 0)))
