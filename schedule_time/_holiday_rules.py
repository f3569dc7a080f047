"""Date rules behind :mod:`schedule_time.holidays`.

A *rule* maps a base Gregorian year to the occurrences it produces, each an
``(start, end, grain)`` triple of naive wall-clock datetimes (``end`` exclusive). A rule may yield
occurrences that start in a neighbouring year (lunar, Hebrew and Islamic dates drift across
January 1st); :func:`occurrences` asks the base years around the wanted one and keeps the
occurrences whose start falls in it. A rule that keeps to its year (:func:`keeps_year`: each
base year's occurrences start in it, and no year raises) needs only the wanted year.

Building blocks:

* *day finders* (``year -> iterable of dates``): :func:`fixed`, :func:`nth_weekday`,
  :func:`easter`, :func:`lunar`, :func:`hebrew`, :func:`islamic`, :func:`hindu`, and small
  custom rules (observed-weekday shifts, Earth Hour, US Tax Day ...);
* *shapes*: :func:`days` (n whole days from each found date, optionally starting the evening
  before), :func:`period` (from each start up to the next end), :func:`clock` (a time of day).

Calendar sources (no per-year tables are written here):

* Easter: ``dateutil.easter`` (western and orthodox).
* Chinese lunar dates: ``lunardate`` (1900-2099); Qingming: python-holidays' solar-term
  approximation (reliable 1901-2099).
* Hebrew dates: ``convertdate.hebrew`` (the arithmetic calendar, exact for any year).
* Islamic dates: python-holidays' Umm al-Qura based tables (1924-2100), outside them the
  arithmetic (tabular) Islamic calendar of ``convertdate.islamic``, which can differ from the
  sighted calendar by a day or two. Real observance depends on moon sighting and country.
* Hindu and Sikh dates: python-holidays' Hindu lunisolar tables (mostly 2001-2035;
  Diwali and Thaipusam 1901-2100); Vesak: its Buddhist lunisolar tables. Outside them the rule
  yields nothing.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from convertdate import hebrew as _hebrew
from convertdate import islamic as _islamic
from convertdate import julian as _julian
from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN
from dateutil.easter import easter as _easter
from holidays.calendars.buddhist import _BuddhistLunisolar
from holidays.calendars.chinese import _ChineseLunisolar
from holidays.calendars.hindu import _HinduLunisolar
from holidays.calendars.islamic import _IslamicLunar
from lunardate import LunarDate

from schedule_time._holiday_years import all_keep, keeps_year, mark_if, within
from schedule_time.deltas import DAYS

_combine = datetime.combine   # (bound once, as in ``anchors``)

Occurrence = tuple[datetime, datetime, str]
Rule = Callable[[int], Iterable[Occurrence]]
DayFinder = Callable[[int], Iterable[date]]

MON, TUE, WED, THU, FRI, SAT, SUN = range(7)

@dataclass(frozen=True)
class Entry:
    key: str
    name_en: str
    name_zh: str
    rule: Rule
    en: tuple[str, ...] = ()
    zh: tuple[str, ...] = ()


def E(key: str, name_en: str, name_zh: str, rule: Rule, en=(), zh=()) -> Entry:
    return Entry(key, name_en, name_zh, rule, tuple(en), tuple(zh))


_CHINESE = _ChineseLunisolar()
_HINDU = _HinduLunisolar()
_BUDDHIST = _BuddhistLunisolar()
_ISLAMIC = _IslamicLunar()


def occurrences(rule: Rule, year: int) -> list[Occurrence]:
    """The occurrences of ``rule`` whose start falls in Gregorian ``year``, earliest first."""
    found: set[Occurrence] = set()
    for base in (year - 1, year, year + 1):
        if 1 <= base <= 9998:
            found.update(o for o in rule(base) if o[0].year == year)
    return sorted(found)


_MIDNIGHT = time()
_ONE_DAY = timedelta(days=1)


def _midnight(d: date) -> datetime:
    return _combine(d, _MIDNIGHT)


# ---------------------------------------------------------------------------------------------
# Shapes: turn found dates into occurrences
# ---------------------------------------------------------------------------------------------


def days(finder: DayFinder, n: int = 1, *, erev: bool = False) -> Rule:
    """``n`` whole days from each found date; ``erev`` starts on the evening's day before."""

    length = DAYS[n]

    def rule(year: int) -> Iterable[Occurrence]:
        for d in finder(year):
            first = d - _ONE_DAY if erev else d
            yield _midnight(first), _midnight(d + length), "day"

    return mark_if(rule, all_keep(finder) and not erev)   # (the evening before a January 1st is in December)


def period(start: DayFinder, end: DayFinder) -> Rule:
    """Whole days from each start up to (excluding) the first end date after it."""

    def rule(year: int) -> Iterable[Occurrence]:
        ends = sorted({*end(year), *end(year + 1)})
        for s in start(year):
            e = next((e for e in ends if e > s), None)
            if e is not None:
                yield _midnight(s), _midnight(e), "day"

    return mark_if(rule, all_keep(start, end))


def clock(finder: DayFinder, start: time, end: time) -> Rule:
    """A time-of-day span on each found date (minute grain)."""

    def rule(year: int) -> Iterable[Occurrence]:
        for d in finder(year):
            yield _combine(d, start), _combine(d, end), "minute"

    return mark_if(rule, all_keep(finder))


def long_weekend(monday: DayFinder) -> Rule:
    """The weekend before a Monday holiday, holiday included: Friday 18:00 to Tuesday 00:00."""

    def rule(year: int) -> Iterable[Occurrence]:
        for d in monday(year):
            friday = d - DAYS[3]
            yield _combine(friday, time(18)), _midnight(d + DAYS[1]), "hour"

    return rule


# ---------------------------------------------------------------------------------------------
# Day finders: Gregorian rules
# ---------------------------------------------------------------------------------------------


def fixed(month: int, day: int) -> DayFinder:
    f = lambda year: (date(year, month, day),)  # noqa: E731
    return within(f, month, day - 1, day - 1) if (month, day) != (2, 29) else f


def nth_weekday_date(year: int, month: int, weekday: int, n: int) -> date:
    """The ``n``-th ``weekday`` of the month (``n`` = -1: the last one)."""
    if n > 0:
        first = date(year, month, 1)
        return first + DAYS[(weekday - first.weekday()) % 7 + 7 * (n - 1)]
    last = date(year + month // 12, month % 12 + 1, 1) - DAYS[1]
    return last - DAYS[(last.weekday() - weekday) % 7 + 7 * (-n - 1)]


def nth_weekday(month: int, weekday: int, n: int, shift: int = 0) -> DayFinder:
    lo, hi = (7 * (n - 1), 7 * n - 1) if n > 0 else (27 - 7 * -n + 1, 30)   # days after the 1st
    return within(lambda year: (nth_weekday_date(year, month, weekday, n) + DAYS[shift],),
                   month, lo + shift, hi + shift)


def weekday_on_or_after(month: int, day: int, weekday: int, shift: int = 0) -> DayFinder:
    """The first ``weekday`` on or after month/day, moved by ``shift`` days."""

    def finder(year: int) -> Iterable[date]:
        d = date(year, month, day)
        return (d + DAYS[(weekday - d.weekday()) % 7 + shift],)

    return within(finder, month, day - 1 + shift, day + 5 + shift)


def nearest_weekday(month: int, day: int, weekday: int) -> DayFinder:
    """The ``weekday`` nearest to month/day (within three days either side)."""

    def finder(year: int) -> Iterable[date]:
        d = date(year, month, day)
        offset = (weekday - d.weekday()) % 7
        return (d + DAYS[offset - 7 if offset > 3 else offset],)

    return within(finder, month, day - 4, day + 2)


def observed_weekday(month: int, day: int, sunday_to_monday: bool = True) -> DayFinder:
    """A fixed date moved off the weekend: Saturday to Friday, Sunday to Monday (or Saturday)."""

    def finder(year: int) -> Iterable[date]:
        d = date(year, month, day)
        if d.weekday() == SAT:
            d -= DAYS[1]
        elif d.weekday() == SUN:
            d += DAYS[1 if sunday_to_monday else -1]
        return (d,)

    return within(finder, month, day - 3, day + 1)


def every_nth_year(finder: DayFinder, every: int, remainder: int) -> DayFinder:
    """``finder`` only in years where ``year % every == remainder``."""
    return mark_if(lambda year: finder(year) if year % every == remainder else (), all_keep(finder))


def first_of(*finders: DayFinder) -> DayFinder:
    """The dates of the first finder that yields any (a preferred source, then a wider one)."""

    def finder(year: int) -> Iterable[date]:
        for f in finders:
            found = tuple(f(year))
            if found:
                return found
        return ()

    return mark_if(finder, all_keep(*finders))


def shifted(finder: DayFinder, delta: int) -> DayFinder:
    f = lambda year: tuple(d + DAYS[delta] for d in finder(year))  # noqa: E731
    days_ = getattr(finder, "year_days", None)
    return within(f, 1, days_[0] + delta, days_[1] + delta) if days_ is not None else f


@keeps_year
def earth_hour_day(year: int) -> Iterable[date]:
    """Last Saturday of March, a week earlier when that is Holy Saturday (WWF's rule)."""
    d = nth_weekday_date(year, 3, SAT, -1)
    if d == _easter(year) - DAYS[1]:
        d -= DAYS[7]
    return (d,)


@keeps_year
def dc_emancipation_day(year: int) -> Iterable[date]:
    """Washington DC's Emancipation Day, April 16, as observed (weekend moves to Friday/Monday)."""
    return observed_weekday(4, 16)(year)


@keeps_year
def us_tax_day(year: int) -> Iterable[date]:
    """April 15, moved to the next day that is neither a weekend nor DC Emancipation Day."""
    d = date(year, 4, 15)
    blocked = set(dc_emancipation_day(year))
    while d.weekday() >= SAT or d in blocked:
        d += DAYS[1]
    return (d,)


@keeps_year
def us_dst_start(year: int) -> Iterable[date]:
    """US daylight saving start: second Sunday of March since 2007, first Sunday of April before."""
    return (nth_weekday_date(year, 3, SUN, 2) if year >= 2007 else nth_weekday_date(year, 4, SUN, 1),)


@keeps_year
def us_dst_end(year: int) -> Iterable[date]:
    """US daylight saving end: first Sunday of November since 2007, last Sunday of October before."""
    return (nth_weekday_date(year, 11, SUN, 1) if year >= 2007 else nth_weekday_date(year, 10, SUN, -1),)


@keeps_year
def kings_day(year: int) -> Iterable[date]:
    """Koningsdag: April 27, or the 26th when the 27th is a Sunday."""
    d = date(year, 4, 27)
    return (d - DAYS[1] if d.weekday() == SUN else d,)


_YAZDEGERD_EPOCH = date(*_julian.to_gregorian(632, 6, 16))


@keeps_year
def shahenshahi_new_year(year: int) -> Iterable[date]:
    """Parsi (Shahenshahi) New Year: a 365-day year counted from the Yazdegerd era epoch
    (16 June 632, Julian) plus the one intercalary month of the Shenshai reckoning."""
    first = _YAZDEGERD_EPOCH + DAYS[30]
    d = first + DAYS[365 * ((date(year, 1, 1) - first).days // 365 + 1)]
    return tuple(x for x in (d - DAYS[365], d) if x.year == year)


# ---------------------------------------------------------------------------------------------
# Day finders: other calendars
# ---------------------------------------------------------------------------------------------


def easter(offset: int = 0, *, orthodox: bool = False) -> DayFinder:
    method = EASTER_ORTHODOX if orthodox else EASTER_WESTERN
    # Western Easter falls on March 22 - April 25; Orthodox, in Gregorian dates, by mid-May up to 2400.
    return within(lambda year: (_easter(year, method) + DAYS[offset],), 3, 21 + offset, 75 + offset)


def lunar(month: int, day: int, shift: int = 0) -> DayFinder:
    """A Chinese lunar month/day (lunardate, 1900-2099); ``day`` 30 falls back to the month's end."""

    def finder(year: int) -> Iterable[date]:
        for d in (day, day - 1) if day == 30 else (day,):
            try:
                return (LunarDate(year, month, d).to_solar_date() + DAYS[shift],)
            except ValueError:
                continue
        return ()

    # The lunar year starts between January 21 and February 20; its ninth month (after a leap month at
    # most) ends by mid-December: months 1-9 fall in the Gregorian year asked for.
    return mark_if(finder, month <= 9 and shift == 0)


def lunar_new_years_eve(year: int) -> Iterable[date]:
    """The last day of the lunar year (除夕): the day before the next lunar new year."""
    return shifted(lunar(1, 1), -1)(year + 1)


@keeps_year
def qingming(year: int) -> Iterable[date]:
    """Qingming, the fifth solar term (python-holidays' approximation for UTC+8)."""
    return (_CHINESE.qingming_date(year)[0],) if 1901 <= year <= 2099 else ()


@keeps_year
def winter_solstice(year: int) -> Iterable[date]:
    """Dongzhi, the 22nd solar term (python-holidays' approximation for UTC+8)."""
    return (_CHINESE.winter_solstice_date(year)[0],) if 1901 <= year <= 2099 else ()


def julian(month: int, day: int) -> DayFinder:
    """A Julian-calendar month/day (orthodox fixed feasts), in Julian years year-1 and year."""
    return lambda year: tuple(date(*_julian.to_gregorian(y, month, day)) for y in (year - 1, year))


def hebrew(month: int, day: int, observe: Callable[[date], date] | None = None) -> DayFinder:
    """A Hebrew month/day (convertdate numbering: 1 = Nisan ... 7 = Tishri ... 12 = Adar).

    Adar dates move to Adar II in leap years. ``observe`` applies a postponement rule.
    """

    def finder(year: int) -> Iterable[date]:
        out = []
        for hy in (year + 3760, year + 3761):
            m = 13 if month == _hebrew.ADAR and _hebrew.leap(hy) else month
            with warnings.catch_warnings():  # convertdate 2.5 calls its own deprecated month_days
                warnings.filterwarnings("ignore", "month_days is deprecated", DeprecationWarning)
                d = date(*_hebrew.to_gregorian(hy, m, day))
            out.append(observe(d) if observe else d)
        return out

    return finder


def islamic(table: str, month: int, day: int) -> DayFinder:
    """A Hijri month/day: python-holidays' ``<table>`` method where it has data, else arithmetic."""
    method = getattr(_ISLAMIC, table)

    def finder(year: int) -> Iterable[date]:
        found = [d for d, _ in method(year) if d.year == year]
        if found or 1925 <= year <= 2099:
            return found
        out = []
        hy0 = int((year - 622) * 33 / 32)
        for hy in range(hy0 - 1, hy0 + 3):
            if hy >= 1:
                d = date(*_islamic.to_gregorian(hy, month, day))
                if d.year == year:
                    out.append(d)
        return out

    return keeps_year(finder)   # both sources' dates are kept to the year asked


def hindu(name: str, shift: int = 0) -> DayFinder:
    """A date from python-holidays' Hindu lunisolar calendar (``<name>_date``)."""
    return _table_date(getattr(_HINDU, f"{name}_date"), shift)


def buddhist(name: str, shift: int = 0) -> DayFinder:
    """A date from python-holidays' Buddhist lunisolar calendar (Singapore/Malaysia reckoning)."""
    return _table_date(getattr(_BUDDHIST, f"{name}_date"), shift)


def _table_date(method: Callable, shift: int) -> DayFinder:

    def finder(year: int) -> Iterable[date]:
        got = method(year)
        pairs = [got] if isinstance(got, tuple) else list(got)
        return tuple(d + DAYS[shift] for d, _ in pairs if d is not None)

    # A one-date table answers with that year's own date (a tuple); a set of dates spans two years.
    return mark_if(finder, shift == 0 and isinstance(method(2000), tuple))


# Israeli postponement rules (as observed since 2004 / 1997).
def tisha_bav_observed(d: date) -> date:
    return d + DAYS[1] if d.weekday() == SAT else d


def yom_hashoah_observed(d: date) -> date:
    return d + {FRI: -1, SUN: 1}.get(d.weekday(), 0) * DAYS[1]


def yom_haatzmaut_observed(d: date) -> date:
    return d + {FRI: -1, SAT: -2, MON: 1}.get(d.weekday(), 0) * DAYS[1]


def yom_hazikaron_observed(d: date) -> date:
    return yom_haatzmaut_observed(d + DAYS[1]) - DAYS[1]
