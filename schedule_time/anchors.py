"""Calendar arithmetic on naive wall-clock datetimes: weeks (Monday first), periods, partial dates,
weekdays, parts of periods and holidays. Every function takes the context's ``now`` and preference."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo

from dateutil.relativedelta import relativedelta

from . import pieces as p
from .deltas import CLOCK, DAYS, HOURS, WEEKS

_combine = datetime.combine   # (bound once: ``datetime.combine`` on the class makes a bound method per call)


class Impossible(Exception):
    """A date that cannot exist (Feb 30) or cannot be found; the message is the reason."""


class Ctx:
    """The resolution context: naive wall-clock now in the requested zone, the zone, the preference."""

    __slots__ = ("future", "now", "today", "tz")

    def __init__(self, now: datetime, tz: tzinfo, future: bool) -> None:
        self.now, self.tz, self.future = now, tz, future
        self.today = _combine(now, MIDNIGHT)   # naive wall clock by design


@dataclass(slots=True)
class Frame:
    """A resolved naive range [start, end) and its grain."""

    start: datetime
    end: datetime
    grain: str
    label: str | None = None


STEP = {"minute": relativedelta(minutes=1), "hour": relativedelta(hours=1), "day": relativedelta(days=1),
        "week": relativedelta(weeks=1), "month": relativedelta(months=1), "quarter": relativedelta(months=3),
        "year": relativedelta(years=1), "second": relativedelta(minutes=1)}
_FIXED = {"second": timedelta(seconds=1), "minute": timedelta(minutes=1), "hour": timedelta(hours=1),
          "day": DAYS[1], "week": WEEKS[1]}
_MONTHS = {"month": 1, "quarter": 3, "year": 12}
ONE_DAY = timedelta(days=1)
MIDNIGHT = time()
"""``datetime.combine(d, MIDNIGHT)`` is ``datetime(d.year, d.month, d.day)`` at half the cost."""


def add_months(d: datetime, n: int) -> datetime:
    """``d`` moved by ``n`` calendar months, the day clamped to the month's length (Jan 31 + 1 -> Feb 28)."""
    y, m = divmod(d.month - 1 + n, 12)
    y += d.year
    day = min(d.day, _DAYS[m] if m != 1 else 28 + calendar.isleap(y))
    return datetime(y, m + 1, day, d.hour, d.minute, d.second)  # noqa: DTZ001 - naive wall clock by design


_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def month_days(year: int, month: int) -> int:
    """``calendar.monthrange(year, month)[1]`` (month 1-12) without its two Python calls."""
    if month != 2:
        return _DAYS[month - 1]
    return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28


def step(d: datetime, unit: str, n: int = 1) -> datetime:
    """``d`` moved by ``n`` units (calendar months for month/quarter/year, elapsed time otherwise)."""
    months = _MONTHS.get(unit)
    if months is None:
        return d + _FIXED[unit] * n
    return add_months(d, months * n)


def floor(d: datetime, unit: str) -> datetime:
    """Start of the ``unit`` containing ``d`` (weeks start on Monday)."""
    if unit == "minute":
        if not (d.second or d.microsecond or d.fold) and d.tzinfo is None:
            return d   # already on the minute (most nows are): the same value, no new object
        return datetime(d.year, d.month, d.day, d.hour, d.minute)  # noqa: DTZ001 - naive wall clock by design
    if unit == "second":
        return datetime(d.year, d.month, d.day, d.hour, d.minute, d.second)  # noqa: DTZ001 - naive wall clock
    if unit == "hour":
        return datetime(d.year, d.month, d.day, d.hour)  # noqa: DTZ001 - naive wall clock by design
    if unit == "day":
        return _combine(d, MIDNIGHT)
    if unit in ("week", "weekend"):
        return _combine(d, MIDNIGHT) - DAYS[d.weekday()]
    if unit == "month":
        return datetime(d.year, d.month, 1)  # noqa: DTZ001 - naive wall clock by design
    if unit == "quarter":
        return datetime(d.year, (d.month - 1) // 3 * 3 + 1, 1)  # noqa: DTZ001 - naive wall clock by design
    if unit == "year":
        return datetime(d.year, 1, 1)  # noqa: DTZ001 - naive wall clock by design
    raise Impossible(f"unknown unit {unit}")


def day_frame(d: datetime, label: str | None = None) -> Frame:
    d0 = _combine(d, MIDNIGHT)
    return Frame(d0, d0 + ONE_DAY, "day", label)


def make_date(year: int, month: int, day: int) -> datetime:
    if not (1 <= month <= 12):
        raise Impossible(f"there is no month {month}")
    if not (1 <= day <= month_days(year, month)):
        raise Impossible(f"{calendar.month_name[month]} {year} has no day {day}")
    return datetime(year, month, day)  # noqa: DTZ001 - naive wall clock by design (localized at the end)


def period_frame(ctx: Ctx, period: p.Period) -> Frame:
    """"this week", "next month", "last year", "next 3 days", "this weekend"."""
    unit, shift, count = period.unit, period.shift, period.count
    if unit == "workweek":   # "the following work week": Monday-Friday
        monday = floor(ctx.now, "week") + WEEKS[shift]
        return Frame(monday, monday + DAYS[5], "day", "work week")
    if unit == "weekend":
        monday = floor(ctx.now, "week") + WEEKS[shift]
        return Frame(monday + CLOCK[(4, 18, 0, 0)], monday + DAYS[7], "hour", "weekend")
    base = floor(ctx.now, unit)
    grain = "month" if unit == "quarter" else unit
    if count > 1 or unit in ("second", "minute", "hour"):
        if shift >= 0:
            start = step(base, unit, max(shift, 1)) if shift else base
            return Frame(start, step(start, unit, count), grain)
        end = base
        return Frame(step(end, unit, -count), end, grain)
    start = step(base, unit, shift) if shift else base
    return Frame(start, step(start, unit), grain)


def weekday_date(ctx: Ctx, ref: p.WeekdayRef, week_start: datetime | None = None) -> datetime:
    """The day a weekday reference names (see README conventions)."""
    today, wd = ctx.today, ref.weekday
    if week_start is not None:
        return week_start + DAYS[wd]
    mode = ref.mode
    if mode == "bare":
        mode = "upcoming" if ctx.future else "previous"
    if mode == "upcoming":
        return today + DAYS[(wd - today.weekday() - 1) % 7 + 1]
    if mode == "previous":
        return today - DAYS[(today.weekday() - wd - 1) % 7 + 1]
    if mode == "this":
        return today + DAYS[(wd - today.weekday()) % 7]
    if mode == "last":
        return today - DAYS[(today.weekday() - wd - 1) % 7 + 1]
    if mode == "next":
        return floor(today, "week") + WEEKS[1] + DAYS[wd]
    if mode == "week":
        return floor(today, "week") + WEEKS[ref.week_shift] + DAYS[wd]
    if mode == "count":
        n = ref.count
        if n > 0:
            first = today + DAYS[(wd - today.weekday() - 1) % 7 + 1]
            return first + WEEKS[n - 1]
        first = today - DAYS[(today.weekday() - wd - 1) % 7 + 1]
        return first + WEEKS[n + 1]
    raise Impossible(f"unknown weekday mode {mode}")


def expand_year(y: int) -> int:
    """Two-digit years: 00-49 -> 2000s, 50-99 -> 1900s."""
    if y < 100:
        return 2000 + y if y < 50 else 1900 + y
    return y


def dateparts_frame(ctx: Ctx, d: p.DateParts, year_shift: int | None = None) -> Frame:
    """Fill a partial date from now: the next (prefer future) or last such date."""
    year, month, day = d.year, d.month, d.day
    if year is not None:
        year = expand_year(year)
    elif year_shift is not None:
        year = ctx.now.year + year_shift
    if year is not None and month is None and day is None:
        start = datetime(year, 1, 1)  # noqa: DTZ001 - naive wall clock by design
        return Frame(start, datetime(year + 1, 1, 1), "year")  # noqa: DTZ001
    if month is not None and day is None:
        if year is None:
            year = ctx.now.year
            if ctx.future and month < ctx.now.month:
                year += 1
            elif not ctx.future and month > ctx.now.month:
                year -= 1
        start = make_date(year, month, 1)
        return Frame(start, add_months(start, 1), "month")
    if day is None:
        raise Impossible("no date")
    if month is not None:
        if year is not None:
            return day_frame(make_date(year, month, day))
        if month == 2 and day == 29:
            return day_frame(_leap_day(ctx))
        if not 1 <= month <= 12:
            raise Impossible(f"there is no month {month}")
        if not 1 <= day <= calendar.monthrange(2000, month)[1]:   # 2000 is a leap year: Feb 29 passes
            raise Impossible(f"{calendar.month_name[month]} has no day {day}")
        cand = make_date(ctx.now.year, month, day)
        if ctx.future and cand < ctx.today:
            cand = make_date(ctx.now.year + 1, month, day)
        elif not ctx.future and cand > ctx.today:
            cand = make_date(ctx.now.year - 1, month, day)
        return day_frame(cand)
    if not 1 <= day <= 31:
        raise Impossible(f"there is no day {day}")
    y, m = ctx.now.year, ctx.now.month
    step = 1 if ctx.future else -1
    for _ in range(14):
        if day <= month_days(y, m):
            cand = datetime(y, m, day)  # noqa: DTZ001 - naive wall clock by design
            if (cand >= ctx.today) if ctx.future else (cand <= ctx.today):
                return day_frame(cand)
        m += step
        if m == 13:
            y, m = y + 1, 1
        elif m == 0:
            y, m = y - 1, 12
    raise Impossible(f"no day {day} found")


def _leap_day(ctx: Ctx) -> datetime:
    y = ctx.now.year
    step = 1 if ctx.future else -1
    while True:
        if calendar.isleap(y):
            cand = datetime(y, 2, 29)  # noqa: DTZ001 - naive wall clock by design
            if (cand >= ctx.today) if ctx.future else (cand <= ctx.today):
                return cand
        y += step


def part_frame(frame: Frame, part: str, ctx: Ctx) -> Frame:
    """beginning / middle / end of a period, or the rest of it from today."""
    s, e = frame.start, frame.end
    span = (e - s).days
    if part == "within":   # 本周内, 上周之内: the rest of the current period, a past or future one whole
        now = floor(ctx.now, "minute") if frame.grain in ("day", "hour", "minute") else ctx.today
        if not s <= now < e:
            return frame
        part = "rest"
    if part == "rest":   # "rest of the day": from now; of a longer period: from today
        if e <= (floor(ctx.now, "minute") if frame.grain in ("day", "hour", "minute") else ctx.today):
            raise Impossible("the rest of a period that is already over")
        if frame.grain in ("day", "hour", "minute"):
            return Frame(max(s, floor(ctx.now, "minute")), e, "minute")
        return Frame(max(s, ctx.today), e, "day")
    if frame.grain == "year":   # "last-month": Chinese 年底 means December; 上半年 / 下半年 the halves
        bounds = {"begin": (0, 3), "mid": (4, 8), "end": (8, 12), "last-month": (11, 12),
                  "first-half": (0, 6), "second-half": (6, 12)}[part]
        return Frame(add_months(s, bounds[0]), add_months(s, bounds[1]), "month")
    if part == "last-month":
        part = "end"
    if frame.grain == "month":   # 上半月 / 下半月: days 1-15 / 16-end
        bounds = {"begin": (0, 10), "mid": (10, 20), "end": (20, span), "first-half": (0, 15),
                  "second-half": (15, span)}[part]
    elif part in ("first-half", "second-half"):
        raise Impossible("only a year or a month has halves")
    elif frame.grain == "week":
        bounds = {"begin": (0, 3), "mid": (2, 5), "end": (4, 7)}[part]
    elif frame.grain == "day":
        hours = {"begin": (0, 12), "mid": (10, 14), "end": (17, 24)}[part]
        return Frame(s + HOURS[hours[0]], s + HOURS[hours[1]], "hour")
    else:
        raise Impossible("beginning/end of this period is not defined")
    return Frame(s + DAYS[bounds[0]], s + DAYS[bounds[1]], "day")


def nth_weekday(frame: Frame, nth: p.NthWeekday) -> Frame:
    """The n-th (or n-th last) weekday inside a frame."""
    if nth.n > 0:
        first = frame.start + DAYS[(nth.weekday - frame.start.weekday()) % 7]
        d = first + WEEKS[nth.n - 1]
    else:
        last = frame.end - DAYS[1]
        d = last - DAYS[(last.weekday() - nth.weekday) % 7] + WEEKS[nth.n + 1]
    if not frame.start <= d < frame.end:
        raise Impossible("there is no such weekday in that period")
    return day_frame(d)


def nth_unit(frame: Frame, nth: p.NthUnit) -> Frame:
    """The n-th (n-th last) day, whole Monday-Sunday week or whole weekend inside a frame."""
    s, e, n, span = frame.start, frame.end, nth.n, nth.span
    last = e - ONE_DAY
    if nth.unit == "month":   # 后年第三个月, "the third month of 2027"
        if frame.grain != "year":
            raise Impossible("months are counted inside a year")
        start = add_months(s, n - 1) if n > 0 else add_months(e, n)
        end = add_months(start, span)
        if not (s <= start and end <= e):
            raise Impossible("there is no such month in that year")
        return Frame(start, end, "month")
    if nth.unit == "workday":   # "the last business day of the month": Monday-Friday only
        days = [d for d in (s + DAYS[i] for i in range((e - s).days)) if d.weekday() < 5]
        if not -len(days) <= (n - 1 if n > 0 else n) < len(days):
            raise Impossible("there is no such working day in that period")
        return day_frame(days[n - 1 if n > 0 else n])
    if nth.unit == "day":
        d = s + DAYS[n - 1] if n > 0 else e + DAYS[n]
        if not s <= d and d + ONE_DAY * span <= e:
            raise Impossible("there is no such day in that period")
        if span > 1:
            return Frame(d, d + ONE_DAY * span, "day")
        return day_frame(d)
    sunday = last - DAYS[(last.weekday() + 1) % 7]   # the last Sunday inside
    if nth.unit == "week":
        first = s + DAYS[(7 - s.weekday()) % 7]      # the first Monday inside
        monday = first + WEEKS[n - 1] if n > 0 else sunday - DAYS[6] + WEEKS[n + 1]
        if not (s <= monday and monday + WEEKS[span] <= e):
            raise Impossible("there is no such week in that period")
        return Frame(monday, monday + WEEKS[span], "week")
    saturday = (s + DAYS[(5 - s.weekday()) % 7] + WEEKS[n - 1] if n > 0
                else sunday - ONE_DAY + WEEKS[n + 1])
    if not (s <= saturday and saturday + ONE_DAY * 2 <= e):
        raise Impossible("there is no such weekend in that period")
    return Frame(saturday - HOURS[6], saturday + ONE_DAY * 2, "hour", "weekend")


def weekday_after(frame: Frame, ref: p.WeekdayAfter) -> Frame:
    """The n-th such weekday after the frame's end (before its start), the frame's own days not counted;
    weekday -1: a working day, Monday-Friday ("the next business day", "3 business days after Easter")."""
    if ref.weekday < 0:
        step = ONE_DAY if ref.direction > 0 else -ONE_DAY
        d = floor(frame.end - timedelta(microseconds=1) if ref.direction > 0 and frame.end > frame.start
                  else frame.start, "day") + step
        for _ in range(ref.n * 2 + 7):
            if d.weekday() < 5 and ref.n == 1:
                return day_frame(d)
            ref = ref if d.weekday() >= 5 else p.WeekdayAfter(ref.n - 1, -1, ref.direction)
            d += step
    if ref.direction > 0:
        edge = floor(frame.end - timedelta(microseconds=1), "day") + ONE_DAY if frame.end > frame.start else \
            floor(frame.start, "day") + ONE_DAY
        first = edge + DAYS[(ref.weekday - edge.weekday()) % 7]
        return day_frame(first + WEEKS[ref.n - 1])
    edge = floor(frame.start, "day") - ONE_DAY
    last = edge - DAYS[(edge.weekday() - ref.weekday) % 7]
    return day_frame(last - WEEKS[ref.n - 1])


def closest_weekday(frame: Frame, ref: p.Closest) -> Frame:
    """The n-th nearest such weekday to a day (ties: the earlier one first)."""
    if ref.weekday is None:
        raise Impossible("'closest' needs a weekday or a holiday")
    if frame.grain != "day":
        raise Impossible("'closest' needs a single day")
    day = frame.start
    found = sorted((abs(k), k) for k in range(-7 * ref.n - 7, 7 * ref.n + 8)
                   if (day.weekday() + k) % 7 == ref.weekday)
    return day_frame(day + DAYS[found[ref.n - 1][1]])


_SEASON_STARTS = ((3, 20), (6, 21), (9, 23), (12, 21))   # spring, summer, autumn, winter


def season_frame(ctx: Ctx, season: p.Season) -> Frame:
    """A season: "this season" (the current one), "next/last season", "this summer" (the current or
    the coming one; prefer past: the current or the last), "next/last summer"."""
    starts = [datetime(y, m, d) for y in range(ctx.now.year - 2, ctx.now.year + 3)  # noqa: DTZ001
              for m, d in _SEASON_STARTS]
    spans = [(starts[i], starts[i + 1], i % 4) for i in range(len(starts) - 1)]
    today = ctx.today
    current = next(i for i, (s, e, _) in enumerate(spans) if s <= today < e)
    if season.index is None:
        s, e, _ = spans[current + season.shift]
        return Frame(s, e, "day", "season")
    named = [i for i, (_, _, k) in enumerate(spans) if k == season.index]
    if season.shift > 0:
        i = next(i for i in named if spans[i][0] > today)
    elif season.shift < 0:
        i = [i for i in named if spans[i][1] <= today][-1]
    elif ctx.future:
        i = next(i for i in named if spans[i][1] > today)
    else:
        i = [i for i in named if spans[i][0] <= today][-1]
    s, e, _ = spans[i]
    return Frame(s, e, "day", ("spring", "summer", "autumn", "winter")[season.index])
