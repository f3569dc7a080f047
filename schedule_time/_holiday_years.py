"""Which holiday rules keep to their year: every date (occurrence start) a rule gives for year ``y``
falls in ``y``, and no year raises. :mod:`schedule_time.holidays` then evaluates only the wanted base
year for such a rule, not its two neighbours too (see :func:`schedule_time._holiday_rules.occurrences`).

A day finder or rule is marked where it is built (``_holiday_rules``): from the days of the year its
dates can fall on (:func:`within`), or because its source keeps to the year asked (:func:`keeps_year`).
``test_holidays`` checks every marked rule year by year over :data:`KEEPS_YEAR_CHECKED`.
"""

from __future__ import annotations

from collections.abc import Callable

KEEPS_YEAR_CHECKED = range(1700, 2301)
"""The years over which ``test_holidays`` checks, year by year, every rule marked as keeping to its year;
``holidays`` skips the neighbouring base years only for a year whose neighbours are in this range."""

_BEFORE = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)   # days before each month (common year)


def keeps_year(f: Callable) -> Callable:
    """Mark a day finder or rule whose dates (occurrence starts) for year ``y`` all fall in ``y`` and
    that raises for no year: the base years next to a wanted year then give nothing in it."""
    f.keeps_year = True  # type: ignore[attr-defined]
    return f


def all_keep(*fs: Callable) -> bool:
    return all(getattr(f, "keeps_year", False) for f in fs)


def mark_if(f: Callable, keeps: bool) -> Callable:
    return keeps_year(f) if keeps else f


def within(f: Callable, month: int, lo: int, hi: int) -> Callable:
    """Mark day finder ``f`` if its dates, ``lo`` to ``hi`` days after the 1st of ``month``, stay in the
    year (``year_days``: those days' places in a common year, for :func:`shifted`)."""
    first, last = _BEFORE[month - 1] + lo, _BEFORE[month - 1] + hi
    if first >= 0 and last <= 364:   # (a leap year's day after February is one place later: up to 365)
        f.year_days = (first, last)  # type: ignore[attr-defined]
        keeps_year(f)
    return f
