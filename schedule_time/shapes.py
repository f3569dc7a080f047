"""Shortcuts for the commonest shapes of a scan: the frames ``compose`` + ``spec_frames`` give, without
building a ``Spec`` and walking every slot.

Over the public corpora more than half of the texts are one piece ("christmas", "next week", "3pm",
"in 2 hours") and most of the rest two ("christmas 2015", "tonight at 8"). For these shapes the work
is one calendar function (``anchors``) and the time-of-day step (``frames.timed_frames``); the general
path would reach the same calls after building a ``Spec`` (22 slots), an ``Expr`` and testing every
slot. Each entry below is that general path worked out for its shape (same functions, same arguments,
same errors); a shape that is not listed, or whose pieces need a rule of ``compose`` (a bare number
next to a month, say), takes the general path. ``tests/schedule_time/test_shapes.py`` checks that
both paths agree.

An entry takes the pieces and the context and returns ``(date frame or None, clock, part of day)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta

from . import anchors as a
from . import pieces as p
from .deltas import DAYS
from .frames import _shift_point
from .holiday_frames import holiday_frame
from .spec import Unusable

Shape = Callable[[Sequence[p.Piece], a.Ctx], tuple[a.Frame | None, p.Clock | None, p.PartOfDay | None]]
_MINUTE = timedelta(minutes=1)


def _direction(ref: p.HolidayRef, qualifier: int | None = None) -> int | None:
    """``date_frame``'s direction of a holiday: its own, else the qualifier's; 0 is none."""
    direction = ref.direction if ref.direction is not None else qualifier
    return None if direction == 0 else direction


def _holiday(x, ctx):   # "christmas"
    ref = x[0]
    d = ref.direction
    return holiday_frame(ctx, ref, None, None, None if d == 0 else d), None, None


def _holiday_year(x, ctx):   # "christmas 2015": only the year of the date is read
    ref = x[0]
    d = ref.direction
    return holiday_frame(ctx, ref, x[1].year, None, None if d == 0 else d), None, None


def _year_holiday(x, ctx):   # "2015 christmas"
    ref = x[1]
    d = ref.direction
    return holiday_frame(ctx, ref, x[0].year, None, None if d == 0 else d), None, None


def _qualified_holiday(x, ctx):   # "last christmas"
    return holiday_frame(ctx, x[1], None, None, _direction(x[1], x[0].direction)), None, None


def _shift(x, ctx):   # "in 2 hours", "3 days ago": the minute that far from now
    shift = x[0]
    if shift.anchored:
        raise Unusable("an offset needs something to count from")
    if shift.event == "must":
        raise Unusable("moving an event needs the event (resolve(..., relative_to=(start, end)))")
    if shift.delta.weekday is not None:   # "the following Monday" with no event: that day
        return a.day_frame(a.floor(_shift_point(ctx, shift), "day")), None, None
    point = a.floor(_shift_point(ctx, shift), "minute")
    return a.Frame(point, point + _MINUTE, "minute"), None, None


def _period(x, ctx):   # "next week"
    return a.period_frame(ctx, x[0]), None, None


def _period_part(x, ctx):   # "end of the year"
    return a.part_frame(a.period_frame(ctx, x[1]), x[0].part, ctx), None, None


def _dateparts(x, ctx):   # "april 14, 2015", "5号"
    return a.dateparts_frame(ctx, x[0], None), None, None


def _weekday(x, ctx):   # "friday", "next friday"
    return a.day_frame(a.weekday_date(ctx, x[0])), None, None


def _day_shift(x, ctx):   # "tomorrow"
    return a.day_frame(ctx.today + DAYS[x[0].days]), None, None


def _day_shift_clock(x, ctx):   # "tomorrow at 3pm"
    return a.day_frame(ctx.today + DAYS[x[0].days]), x[1], None


def _now(x, ctx):   # "now"
    return a.Frame(ctx.now, ctx.now, "exact"), None, None


def _clock(x, ctx):   # "3pm"
    return None, x[0], None


def _pod_day(pod: p.PartOfDay, ctx: a.Ctx) -> a.Frame | None:
    return a.day_frame(ctx.today + DAYS[pod.day_shift]) if pod.day_shift is not None else None


def _pod(x, ctx):   # "this evening", "tonight"
    return _pod_day(x[0], ctx), None, x[0]


def _pod_clock(x, ctx):   # "tonight at 8", "8 in the evening"
    pod, clock = (x[0], x[1]) if type(x[0]) is p.PartOfDay else (x[1], x[0])
    return _pod_day(pod, ctx), clock, pod


SHAPES: dict[type | tuple[type, type], Shape] = {
    p.HolidayRef: _holiday, p.Shift: _shift, p.Period: _period, p.DateParts: _dateparts,
    p.Clock: _clock, p.WeekdayRef: _weekday, p.DayShift: _day_shift, p.PartOfDay: _pod, p.Now: _now,
    (p.HolidayRef, p.DateParts): _holiday_year, (p.DateParts, p.HolidayRef): _year_holiday,
    (p.Qualifier, p.HolidayRef): _qualified_holiday, (p.PeriodPart, p.Period): _period_part,
    (p.PartOfDay, p.Clock): _pod_clock, (p.Clock, p.PartOfDay): _pod_clock, (p.DayShift, p.Clock): _day_shift_clock,
}
"""Shape -> entry: one piece by its type, two by the pair of their types (in order)."""


def shape_of(pieces: Sequence[p.Piece]) -> Shape | None:
    """The shortcut for these pieces, or None (the general path)."""
    n = len(pieces)
    if n == 1:
        return SHAPES.get(type(pieces[0]))
    if n == 2:
        return SHAPES.get((type(pieces[0]), type(pieces[1])))
    return None
