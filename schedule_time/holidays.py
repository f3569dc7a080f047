"""Holidays by name: one pattern that finds holiday names (English and Chinese) and their dates.

    >>> h = lookup_holiday("Mother’s Day")
    >>> h.key, h.span(2026).start
    ('mothers_day', datetime.datetime(2026, 5, 10, 0, 0))

* :data:`HOLIDAY_PATTERN` matches every surface name of every holiday (names only: no "next",
  no year). English names match case-insensitively between word boundaries, with apostrophes
  straight, curly or missing, possessive ``'s`` optional, hyphens and spaces interchangeable
  and weekday words abbreviated. Chinese names match in simplified, traditional or mixed
  characters. Alternatives are tried longest first.
* :func:`lookup_holiday` maps a matched surface back to its :class:`Holiday`.
* :meth:`Holiday.span` gives the occurrence whose *start* falls in a Gregorian year, as naive
  local wall-clock datetimes; the resolver localizes them. It reads no clock and is cached.

Span conventions
================

=========================== ============================================================ =======
family                      rule (the entries in ``_holidays_*.py`` give each one's rule) grain
=========================== ============================================================ =======
fixed / nth-weekday days    one whole day, [00:00, next 00:00); US reading of shared         day
                            names ("thanksgiving", "labor day", "mother's day"); British
                            "labour day" and 劳动节 are May 1
observed days               weekend moves where the day is kept so (Boss's Day,              day
                            Tax Day, DC Emancipation Day, King's Day, Discovery Day)
long weekends               Friday 18:00 before the Monday holiday up to Tuesday 00:00      hour
Earth Hour                  20:30-21:30 on the last Saturday of March (a week earlier     minute
                            when that is Holy Saturday)
Easter-relative             one day; Lent [Ash Wednesday, Easter); Great Lent [Clean         day
                            Monday, Lazarus Saturday); Easter weekend [Good Friday,
                            Easter Monday]
Chinese lunar / solar term  one day (lunardate 1900-2099; Qingming 1901-2099)                day
Jewish                      from the evening before (erev) through the last diaspora day;    day
                            Hanukkah: the eight nights from 24 Kislev
Islamic                     one day; Ramadan [1 Ramadan, 1 Shawwal); Umm al-Qura dates       day
                            1925-2099, arithmetic calendar outside (may be a day or two off)
Hindu / Sikh / Buddhist     one day, Navaratri [first day, Vijayadashami); python-holidays'  day
                            tables, mostly 2001-2035 (``span`` is None outside; Diwali
                            1901-2100); Vesak on the Singapore/Malaysia reckoning
golden week                 国庆黄金周: nominal Oct 1-7 (the State Council's yearly             day
                            schedule may shift it)
=========================== ============================================================ =======

Year selection (for the resolver): ``span(y)`` is the occurrence starting in ``y`` (the earlier
one when an Islamic day falls twice in a year), or None when there is none (Super Tuesday in a
non-election year) or the calendar source does not cover ``y``. :meth:`Holiday.next_span` and
:meth:`Holiday.previous_span` walk the years for "next X" / "last X" and handle both cases.
A holiday with a time ("xmas at 6 pm", "中秋节晚上") is the resolver's job: it takes the
holiday's day from ``start`` and applies its own time-of-day rules.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Literal

from schedule_time import _holidays_chinese, _holidays_civil, _holidays_religious, language
from schedule_time._holiday_names import compile_names, first_key, name_regex
from schedule_time._holiday_rules import Entry, Rule
from schedule_time._holiday_years import KEEPS_YEAR_CHECKED

_combine = datetime.combine   # (bound once, as in ``anchors``)

__all__ = ["ALL_HOLIDAYS", "HOLIDAY_PATTERN", "Holiday", "HolidaySpan", "holiday_by_key", "lookup_holiday"]

Grain = Literal["day", "hour", "minute"]


@dataclass(frozen=True)
class HolidaySpan:
    """One occurrence: naive local wall-clock ``[start, end)``."""

    start: datetime
    end: datetime
    grain: Grain


@dataclass(frozen=True)
class Holiday:
    key: str
    name_en: str
    name_zh: str
    names: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def spans(self, year: int) -> tuple[HolidaySpan, ...]:
        """Every occurrence whose start falls in Gregorian ``year``, earliest first."""
        return _spans(self.key, year)

    def span(self, year: int) -> HolidaySpan | None:
        """The occurrence whose start falls in Gregorian ``year``; None if none or unknown."""
        found = _spans(self.key, year)
        return found[0] if found else None

    def next_span(self, day: date, *, horizon: int = 8) -> HolidaySpan | None:
        """The earliest occurrence not over before ``day`` (its end is after ``day``'s midnight)."""
        midnight = _combine(day, time())
        for year in range(day.year - 1, day.year + horizon + 1):
            for s in _spans(self.key, year):
                if s.end > midnight:
                    return s
        return None

    def previous_span(self, day: date, *, horizon: int = 8) -> HolidaySpan | None:
        """The latest occurrence over before ``day`` (its end is at or before ``day``'s midnight)."""
        midnight = _combine(day, time())
        for year in range(day.year, day.year - horizon - 1, -1):
            for s in reversed(_spans(self.key, year)):
                if s.end <= midnight:
                    return s
        return None


# ---------------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------------

_ENTRIES: tuple[Entry, ...] = (
    *_holidays_civil.ENTRIES,
    *_holidays_chinese.ENTRIES,
    *_holidays_religious.ENTRIES,
)
_RULES: dict[str, Rule] = {e.key: e.rule for e in _ENTRIES}
_CHECKED = KEEPS_YEAR_CHECKED


def _names(e: Entry) -> tuple[str, ...]:
    seen = dict.fromkeys((e.name_en.lower(), *e.en, e.name_zh, *e.zh))
    return tuple(seen)


ALL_HOLIDAYS: tuple[Holiday, ...] = tuple(Holiday(e.key, e.name_en, e.name_zh, _names(e)) for e in _ENTRIES)
_BY_KEY: dict[str, Holiday] = {h.key: h for h in ALL_HOLIDAYS}


@functools.lru_cache(maxsize=16384)   # (a year's fill is 170 entries: ~100 years held)
def _spans(key: str, year: int) -> tuple[HolidaySpan, ...]:
    # ``occurrences(rule, year)``, with each base year's rule evaluation shared between neighbouring years
    # (a "next" search asks for last year and this year: four evaluations instead of six). A rule that keeps
    # to its year needs only ``year`` (its neighbours give nothing in it and raise for no year).
    if not 1 <= year <= 9998:
        return ()
    if year not in _YEARS_FILLED and language.EAGER:
        _fill_year(year)
    found = []
    own = year - 1 in _CHECKED and year + 1 in _CHECKED and getattr(_RULES[key], "keeps_year", False)
    for base in (year,) if own else (year - 1, year, year + 1):
        if 1 <= base <= 9998:
            occurrences_from = _from_base(key, base)
            if occurrences_from is None:   # a calendar source outside its range
                return ()
            found += [o for o in occurrences_from if o[0].year == year]
    if len(found) > 1:
        found = sorted(set(found))
    return tuple(map(_span, found))


_YEARS_FILLED: set[int] = set()
_CHEAP: tuple[str, ...] = tuple(k for k, r in _RULES.items() if getattr(r, "keeps_year", False))


def _fill_year(year: int) -> None:
    """With ``language.EAGER``, the first time any holiday's dates for ``year`` are needed, the dates of
    every holiday that keeps to its year (170 of 208: fixed days, n-th weekdays, Easter-relative, … ~6 µs
    each, ~1.2 ms together) for that year too, as the first name lookup compiles every name bucket: a
    process that answers one holiday question for a year is likely to get others, and one call pays
    instead of each holiday's first. The others (Hebrew, lunar leap months: 100-200 µs each) stay lazy."""
    _YEARS_FILLED.add(year)
    for key in _CHEAP:
        _spans(key, year)


def _span(occurrence: tuple) -> HolidaySpan:
    """``HolidaySpan(*occurrence)`` without the frozen dataclass's three ``object.__setattr__`` calls: its
    fields stored straight into its ``__dict__``, in field order (a fifth of the constructor's cost)."""
    span = object.__new__(HolidaySpan)
    fields_ = span.__dict__
    fields_["start"], fields_["end"], fields_["grain"] = occurrence
    return span


@functools.lru_cache(maxsize=16384)
def _from_base(key: str, base: int) -> tuple | None:
    """What a holiday's rule yields for one base year (None when its calendar source cannot say)."""
    try:
        return tuple(_RULES[key](base))
    except (ValueError, OverflowError):
        return None


# ---------------------------------------------------------------------------------------------
# Surface names -> regular expressions
# ---------------------------------------------------------------------------------------------

HOLIDAY_PATTERN: re.Pattern[str] = compile_names([n for h in ALL_HOLIDAYS for n in h.names])
_BY_FIRST: dict[str, list[tuple[str, Holiday]]] = {}
for holiday in ALL_HOLIDAYS:
    for name in holiday.names:
        _BY_FIRST.setdefault(first_key(name[0]), []).append((name, holiday))
del holiday, name


@functools.lru_cache(maxsize=4096)
def lookup_holiday(surface: str) -> Holiday | None:
    """The holiday whose name ``surface`` is (as matched by :data:`HOLIDAY_PATTERN`), else None."""
    return _lookup(" ".join(surface.split()).lower())


@functools.lru_cache(maxsize=4096)
def _lookup(surface: str) -> Holiday | None:
    # Only names sharing the first character can match: one alternation per first character, compiled on
    # first use, whose first branch that matches the whole surface names the holiday (as a loop would).
    key = first_key(surface[:1])
    names = _BY_FIRST.get(key)
    if not names:
        return None
    pattern = _BUCKETS.get(key)
    if pattern is None:   # with language.EAGER every bucket now (~0.3 s once), not one per later call
        for k in (_BY_FIRST if language.EAGER else (key,)):
            if k not in _BUCKETS:
                _BUCKETS[k] = _bucket_pattern(k)
        pattern = _BUCKETS[key]
        if language.EAGER:   # and every listed name's answer (a few ms): most surfaces are one of them
            for name, _ in (n for names_ in _BY_FIRST.values() for n in names_):
                if name != surface:
                    lookup_holiday(name)   # (both tables: a listed name is its own normal form)
    m = pattern.fullmatch(surface)
    return names[int(m.lastgroup[1:])][1] if m is not None and m.lastgroup else None


_BUCKETS: dict[str, re.Pattern[str]] = {}


def _bucket_pattern(key: str) -> re.Pattern[str]:
    names = _BY_FIRST[key]
    return re.compile("|".join(f"(?P<h{i}>{name_regex(name)})" for i, (name, _) in enumerate(names)), re.IGNORECASE)


def holiday_by_key(key: str) -> Holiday | None:
    return _BY_KEY.get(key)
