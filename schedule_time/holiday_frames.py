"""Which occurrence of a holiday a text names: in a year given, the next (last) one from today, or the n-th
nearest to a day ("the closest xmas to today"). The dates themselves come from ``holidays`` (README
"Conventions": holidays)."""

from __future__ import annotations

from datetime import datetime

from . import pieces as p
from .anchors import Ctx, Frame, Impossible, expand_year
from .deltas import ZERO


def holiday_nearest(ref: p.HolidayRef, start: datetime, end: datetime, n: int = 1) -> Frame:
    """The n-th nearest occurrence of a holiday to [start, end) (an overlapping one is nearest; ties:
    the earlier one)."""
    found = []
    for y in range(start.year - 4 * n - 4, end.year + 4 * n + 5):
        for span in ref.holiday.spans(y):  # type: ignore[attr-defined]
            gap = max(start - span.end, span.start - end, ZERO)
            found.append((gap, span.start, span))
    found.sort(key=lambda t: (t[0], t[1]))
    if len(found) < n:
        raise Impossible(f"no date found for {ref.surface or 'that holiday'}")
    span = found[n - 1][2]
    return Frame(span.start, span.end, span.grain, ref.surface or None)


def holiday_frame(ctx: Ctx, ref: p.HolidayRef, year: int | None, year_shift: int | None,
                  direction: int | None) -> Frame:
    """The occurrence of a holiday: in a given year, or the next (last) one from today."""
    hol = ref.holiday
    if year is not None or year_shift is not None:
        y = expand_year(year) if year is not None else ctx.now.year + (year_shift or 0)
        span = hol.span(y)  # type: ignore[attr-defined]
        if span is None:
            raise Impossible(f"{ref.surface or 'that holiday'} has no date in {y}")
        return Frame(span.start, span.end, span.grain, ref.surface or None)
    forward = ctx.future if direction is None else direction >= 0
    # Eight years each way: a holiday in election years only (Super Tuesday) is up to four years off.
    years = range(ctx.now.year - 1, ctx.now.year + 9) if forward else range(ctx.now.year + 1, ctx.now.year - 9, -1)
    skip = 1 if direction == 2 else 0   # "christmas after next": the one after the next one
    for y in years:
        span = hol.span(y)  # type: ignore[attr-defined]
        if span is None:
            continue
        if (span.end > ctx.today) if forward else (span.start < ctx.today):
            if skip:
                skip -= 1
                continue
            return Frame(span.start, span.end, span.grain, ref.surface or None)
    # A day named for one past (or future) year only ("mini-tuesday", 2004): its one occurrence,
    # unless "next" / "last" asked for one on the other side.
    years = range(0) if direction is not None else (
        range(ctx.now.year - 2, ctx.now.year - 60, -1) if forward else range(ctx.now.year + 2, ctx.now.year + 30))
    for y in years:
        span = hol.span(y)  # type: ignore[attr-defined]
        if span is not None:
            return Frame(span.start, span.end, span.grain, ref.surface or None)
    raise Impossible(f"no date found for {ref.surface or 'that holiday'}")
