"""Recurring expressions -> an RRULE (RFC 5545) whose DTSTART is the first occurrence.

"every Monday at 9" -> ``FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0``; "every other week" ->
``FREQ=WEEKLY;INTERVAL=2``; "weekdays" -> ``FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR``; "每月15号" ->
``FREQ=MONTHLY;BYMONTHDAY=15``; "每月最后一个周五" / "the last Friday of every month" ->
``FREQ=MONTHLY;BYDAY=-1FR``. A range inside a recurrence ("every Monday 9 to 10am") gives the first
occurrence's start and end; the rule carries the start time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from . import anchors as a
from . import pieces as p
from .deltas import DAYS, ONE_MINUTE, ONE_SECOND
from .frames import range_end, spec_frames
from .spec import Expr, Spec, Unusable
from .zones import localize

BYDAY = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


def _monthly_nth(spec: Spec, recur: p.RecurUnit | None) -> p.NthWeekday | None:
    """"the last Friday of every month", "every month on the last friday": an n-th weekday rule."""
    if isinstance(spec.nth, p.NthWeekday):
        return spec.nth
    if spec.weekday is not None and spec.weekday.mode == "last" and recur is not None \
            and recur.freq == "MONTHLY":
        return p.NthWeekday(-1, spec.weekday.weekday)
    return None


def rule_for(expr: Expr) -> tuple[str, Spec]:
    """The RRULE (without BYHOUR, added per clock reading) and the spec of its first occurrence."""
    spec = expr.left
    recur, every = expr.recur, expr.every
    interval = (every.interval if every else 1) * (recur.interval if recur else 1)
    parts: list[str] = []
    first = replace(spec)
    nth = _monthly_nth(spec, recur)
    if nth is not None:
        freq = recur.freq if recur is not None and recur.freq in ("MONTHLY", "YEARLY") else "MONTHLY"
        parts.append(f"FREQ={freq}")
        if interval > 1:
            parts.append(f"INTERVAL={interval}")
        dp = spec.dateparts
        if dp is not None and dp.month is not None:
            parts[0] = "FREQ=YEARLY"
            parts.append(f"BYMONTH={dp.month}")
        parts.append(f"BYDAY={nth.n}{BYDAY[nth.weekday]}")
        first.nth, first.weekday = nth, None
        if spec.period is not None and spec.period.unit == "month" and spec.period.shift == 0:
            first.period = None   # "every second Wednesday of the month": of each month, not this one only
        return ";".join(parts), first
    of_the_month = spec.period is not None and spec.period.unit == "month" and spec.period.shift == 0
    if isinstance(spec.nth, p.NthUnit) and spec.nth.unit == "day" and (spec.period is None or of_the_month) \
            and spec.dateparts is None and (recur is None or recur.freq == "MONTHLY"):
        # "每月最后一天", "the last day of every month", "every last day of the month": BYMONTHDAY=-1 (the
        # earliest not past)
        first.period = None
        parts.append("FREQ=MONTHLY")
        if interval > 1:
            parts.append(f"INTERVAL={interval}")
        parts.append(f"BYMONTHDAY={spec.nth.n}")
        return ";".join(parts), first
    if recur is not None:
        freq = recur.freq
        byday = recur.byday
    elif spec.weekday is not None:
        freq, byday = "WEEKLY", ()
    elif spec.dateparts is not None and spec.dateparts.month is not None:
        freq, byday = "YEARLY", ()
    elif spec.dateparts is not None and spec.dateparts.day is not None:
        freq, byday = "MONTHLY", ()
    elif spec.clock is not None or spec.pod is not None:
        freq, byday = "DAILY", ()
    elif spec.holiday is not None:
        freq, byday = "YEARLY", ()
    else:
        raise Unusable("every what?")
    if spec.weekday is not None:
        byday = (*byday, spec.weekday.weekday) if spec.weekday.weekday not in byday else byday
        if freq == "DAILY":
            freq = "WEEKLY"
        # the first occurrence is the first on or after now ("every Wednesday at 7pm" said on a Wednesday
        # morning: today's): the time's next occurrence, moved on to the weekday (``occurrences``); a weekday
        # with another date ("every Monday in March") is placed by that date
        first.weekday = None if not replace(spec, weekday=None).has_date() else p.WeekdayRef(
            spec.weekday.weekday, "upcoming")
    parts.append(f"FREQ={freq}")
    if interval > 1:
        parts.append(f"INTERVAL={interval}")
    dp = spec.dateparts
    if dp is not None:
        if dp.month is not None and freq == "YEARLY":
            parts.append(f"BYMONTH={dp.month}")
        if dp.day is not None:
            parts.append(f"BYMONTHDAY={dp.day}")
    if recur is not None and recur.bymonthday:
        parts.append("BYMONTHDAY=" + ",".join(map(str, recur.bymonthday)))
    if recur is not None and recur.bynth:
        parts.append("BYDAY=" + ",".join(f"{k}{BYDAY[d]}" for k, d in recur.bynth))
    if byday:
        parts.append("BYDAY=" + ",".join(BYDAY[d] for d in sorted(set(byday))))
    if recur is not None and recur.byday and spec.weekday is None and not spec.has_date():
        first.weekday = None
    return ";".join(parts), first


def with_clock(rule: str, hour: int, minute: int) -> str:
    return f"{rule};BYHOUR={hour % 24};BYMINUTE={minute}"


def _nth_frames(first: Spec, ctx: a.Ctx) -> tuple[list[a.Frame], str | None]:
    """The first n-th weekday (or day) of a month that has not passed (this month's, else a later one's)."""
    if first.period is not None or first.dateparts is not None:
        return spec_frames(first, ctx)
    for shift in range(13):
        try:
            frames, assumed = spec_frames(replace(first, period=p.Period("month", shift)), ctx)
        except a.Impossible:   # "the fifth Friday": not every month has one
            continue
        floor = ctx.today if frames[0].grain == "day" else a.floor(ctx.now, "minute")
        if frames[0].start >= floor:
            return frames, assumed
    raise a.Impossible("no such weekday in the coming year")


def occurrences(expr: Expr, ctx: a.Ctx) -> tuple[list[a.Frame], str | None, list[str]]:
    """The first occurrence (one frame per clock reading), the assumption note, one RRULE per frame."""
    rule, first = rule_for(expr)
    today = ctx.today
    if expr.anchor is not None:   # "starting April 10": the first occurrence on or after that day
        day = a.floor(spec_frames(expr.anchor, ctx)[0][0].start, "day")
        if day > today:   # (a span that began already, "every day this week": from now)
            today = day
            ctx = a.Ctx(today - ONE_MINUTE, ctx.tz, True)   # the anchor day itself may hold the first
    if first.empty():
        frames, assumed = [a.Frame(today, today + DAYS[1], "day")], None
    elif isinstance(first.nth, (p.NthWeekday, p.NthUnit)):
        frames, assumed = _nth_frames(first, ctx)
    else:
        frames, assumed = spec_frames(first, ctx)
    byday = [x.split("=", 1)[1] for x in rule.split(";") if x.startswith("BYDAY=")]
    days = byday[0].split(",") if byday and byday[0][:1].isalpha() else None
    on_a_rule_day = _rule_days(days, expr.recur)
    series_end: str | None = None
    out, rules = [], []
    for f in frames:
        if on_a_rule_day is not None:   # the first frame on one of the rule's days
            while not on_a_rule_day(f.start):
                f = a.Frame(f.start + DAYS[1], f.end + DAYS[1], f.grain, f.label)
        if not out:   # (from the first occurrence, once it is on one of the rule's days)
            series_end = _series_end(expr, f, first, ctx)
        if expr.right is not None and series_end is None:   # "every Monday 9 to 10am": the first occurrence's end
            f = a.Frame(f.start, range_end(f, first, expr.right, ctx), f.grain, f.label)
        out.append(f)
        one = with_clock(rule, f.start.hour, f.start.minute) if first.clock is not None else rule
        rules.append(one if series_end is None else f"{one};UNTIL={series_end}")
    return out, assumed, rules


def _rule_days(days: list[str] | None, recur: p.RecurUnit | None) -> Callable[[datetime], bool] | None:
    """Whether a day is one of the rule's: one of its weekdays (BYDAY=MO,WE), days of the month
    (``bymonthday``) or n-th weekdays (``bynth``); None when the rule names no days of its own."""
    month_days = recur.bymonthday if recur is not None else ()
    nths = recur.bynth if recur is not None else ()
    if days:
        return lambda d: BYDAY[d.weekday()] in days
    if month_days:
        return lambda d: d.day in month_days
    if nths:
        return lambda d: (1 + (d.day - 1) // 7, d.weekday()) in nths
    return None


def _beyond_one_occurrence(right: Spec) -> bool:
    """An end that names a month, a year, a period, a holiday or a day from today ("the end of March", "April
    20", "next week", "tomorrow"): the series'. A day of the month alone ("the 1st to the 15th" of every
    month) or a clock is each occurrence's."""
    dp = right.dateparts
    return (dp is not None and (dp.month is not None or dp.year is not None)) or right.period is not None \
        or right.holiday is not None or right.day_shift is not None or right.year_shift is not None


def _series_end(expr: Expr, f: a.Frame, first: Spec, ctx: a.Ctx) -> str | None:
    """The series' last moment as an RRULE UNTIL (UTC), when the text bounds the series rather than each
    occurrence: an end with a date of its own ("every Tuesday until the end of March", 每周二，直到三月底) or
    a length of days or more ("weekly on Thursdays at 3 for 6 weeks": six of them). Each occurrence keeps
    its own length: written as its end, the bound made one event span the weeks."""
    right = expr.right
    if expr.until is not None:   # "every day next week": to the end of that week
        end = spec_frames(expr.until, ctx)[0][0].end
    elif right is not None and _beyond_one_occurrence(right) and not right.borrowed and not expr.left.borrowed:  # type: ignore[union-attr]
        end = range_end(f, first, right, ctx)
    elif expr.duration is not None and expr.duration.grain not in ("second", "minute", "hour"):
        end = f.start + expr.duration.delta
    else:
        return None
    if end <= f.start:
        raise Unusable("the series ends before it starts")
    last = end - ONE_SECOND   # the bound is exclusive: "for 6 weeks" from a Thursday holds six Thursdays
    return localize(last, ctx.tz)[0].astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
