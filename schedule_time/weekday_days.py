"""Weekdays that must agree with a day: "Wed 17" / 周六9号 / "Friday the 13th" (the date where both agree),
"tomorrow (Wednesday)" / 明天周三 (the weekday confirms the relative day), and "second Monday" with no month
(the current month's, or the next). Never one of the two silently: a contradiction is ``Contradiction`` (an ``Unusable``), with
both dates in the reason (README "Weekday + day of the month")."""

from __future__ import annotations

import calendar
from datetime import datetime

from . import anchors as a
from . import pieces as p
from .spec import Contradiction


def rolling_nth(ctx: a.Ctx, nth: p.NthWeekday) -> a.Frame:
    """"second Monday" with no month: this month's if not past (today counts), else the next month's
    (prefer past: this month's if not in the future, else the last month's). Months without a fifth
    such weekday are skipped."""
    step = 1 if ctx.future else -1
    month = a.floor(ctx.today, "month")
    for k in range(13):
        start = a.add_months(month, step * k)
        try:
            f = a.nth_weekday(a.Frame(start, a.add_months(start, 1), "month"), nth)
        except a.Impossible:
            continue
        if (f.start >= ctx.today) if ctx.future else (f.start <= ctx.today):
            return f
    raise a.Impossible("there is no such weekday within a year")


DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def agreeing_weekday(frame: a.Frame, ref: p.WeekdayRef, day_shift: int, ctx: a.Ctx) -> a.Frame:
    """明天（周三）, "tomorrow (Wednesday)": the weekday only confirms the relative day; if they disagree
    the text contradicts itself and is refused (never a silent pick of one of them)."""
    day = frame.start
    agrees = day.weekday() == ref.weekday if ref.mode in ("bare", "this") else (
        a.weekday_date(ctx, ref) == day)
    if not agrees:
        rel = {0: "today", 1: "tomorrow", -1: "yesterday"}.get(day_shift, f"{day_shift:+d} days from today")
        other = a.weekday_date(ctx, ref)
        raise Contradiction(f"{rel} is {DAY_NAMES[day.weekday()]} {day:%Y-%m-%d} but the weekday names "
                       f"{DAY_NAMES[ref.weekday]} {other:%Y-%m-%d}: which one is meant?")
    return frame


WEEKDAY_SEARCH_MONTHS = 28
"""How far "Wed 17" / 周六9号 / "Friday 13th" look for a date on which the weekday and the day agree
(README "Weekday and day of the month"): every day-weekday pair recurs within 28 months (14 for most)."""

_ORD_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def weekday_date_search(ctx: a.Ctx, ref: p.WeekdayRef, dp: p.DateParts) -> a.Frame:
    """"Thu 15th", "Fri, Jul 18", 周六9号: the date where the weekday and the day agree; never one of them
    silently. A weekday with its own week ("next Saturday the 9th") must fall on that day; a full date
    must fall on that weekday; otherwise the next (prefer past: last) such date within
    ``WEEKDAY_SEARCH_MONTHS``. A month given: this year's date, or the date as read without the weekday (the
    next Feb 10), on that weekday — never another year's, which no one means by "Friday, December 10".
    No agreement: ``Contradiction`` naming both."""
    weekday, name = ref.weekday, DAY_NAMES[ref.weekday]
    day_name = f"the {dp.day}{_ORD_SUFFIX.get(dp.day, 'th')}"
    if ref.mode not in ("bare", "this"):   # "next Saturday the 9th": the weekday names its own day
        d = a.weekday_date(ctx, ref)
        if d.day != dp.day or (dp.month is not None and d.month != dp.month) or (
                dp.year is not None and d.year != a.expand_year(dp.year)):
            raise Contradiction(f"that {name} is {d:%Y-%m-%d}, not {day_name}: which one is meant?")
        return a.day_frame(d)
    if dp.year is not None and dp.month is not None:   # "Friday, 14 March 2027": both must agree
        d = a.make_date(a.expand_year(dp.year), dp.month, dp.day)
        if d.weekday() != weekday:
            raise Contradiction(f"{d:%Y-%m-%d} is a {DAY_NAMES[d.weekday()]}, not a {name}: which one is meant?")
        return a.day_frame(d)
    step = 1 if ctx.future else -1
    limit = a.add_months(ctx.today, step * WEEKDAY_SEARCH_MONTHS)
    if dp.month is not None:   # "Sunday, Feb 10": this year's date, or the date as read alone, on that weekday
        alone = a.dateparts_frame(ctx, p.DateParts(None, dp.month, dp.day)).start   # refuses Feb 30 as a date would
        y = ctx.now.year
        this_year = datetime(y, dp.month, dp.day) if dp.day <= calendar.monthrange(y, dp.month)[1] else None  # noqa: DTZ001
        for d in (this_year, alone):
            if d is not None and d.weekday() == weekday:
                return a.day_frame(d)
        # another year's ("Friday, December 10" in a December whose 10th is a Thursday) is never the one meant
        raise Contradiction(f"{alone:%Y-%m-%d} is a {DAY_NAMES[alone.weekday()]}, not a {name}: which one is meant?")
    else:   # "Wed 17", 周六9号: the next month whose day falls on that weekday
        if not 1 <= dp.day <= 31:
            raise a.Impossible(f"there is no day {dp.day}")
        y, m = ctx.now.year, ctx.now.month
        if dp.year is not None:   # "Friday the 13th 2027": inside that year
            y, m, step, limit = a.expand_year(dp.year), 1, 1, datetime(a.expand_year(dp.year), 12, 31)  # noqa: DTZ001
        for _ in range(WEEKDAY_SEARCH_MONTHS + 1):
            if dp.day <= calendar.monthrange(y, m)[1]:
                d = datetime(y, m, dp.day)  # noqa: DTZ001 - naive wall clock by design
                if (d > limit) if step > 0 else (d < limit):
                    break
                ok = dp.year is not None or ((d >= ctx.today) if step > 0 else (d <= ctx.today))
                if ok and d.weekday() == weekday:
                    return a.day_frame(d)
            m += step
            if m == 13:
                y, m = y + 1, 1
            elif m == 0:
                y, m = y - 1, 12
        where = day_name + (f" of {dp.year}" if dp.year is not None else "")
    span = f"in {dp.year}" if dp.year is not None else f"within {WEEKDAY_SEARCH_MONTHS} months"
    raise Contradiction(f"{where} is not a {name} {span}: which one is meant, the weekday or the date?")
