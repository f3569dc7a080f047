"""Composition: a flat list of pieces -> one expression (a point/period, a range, a duration, a recurrence).

This is where "Thursday from 9:30 to 11:00" becomes a range whose two ends share the Thursday, and where
"3-4pm" lends the right end's pm to the left. Nothing here knows a language or a date.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from dateutil.relativedelta import relativedelta

from . import pieces as p
from .series_parts import (
    days_excepted,
    month_day_run,
    nth_weekday_run,
    split_anchor,
    time_only,
    times_per,
    weekday_run,
)
from .spec import (
    Expr,
    Spec,
    Unusable,
    fix_number_ends,
    inherit,
    open_expr,
    spec_of,
)

__all__ = ["ONE_AFTER", "compose", "dash_joined", "read_ones"]


def _recurring(plain: list[p.Piece], every: p.Every | None, recur: p.RecurUnit | None) -> Expr:
    """A recurrence, possibly with a set of weekdays ("every mon and wed", "周一到周五每天早上九点" -> weekly on
    those days: ``weekday_sets``), a time range ("每周一上午九点到十点": the first occurrence's start and end)
    and a start ("starting April 10": the first occurrence on or after it)."""
    between = any(isinstance(x, p.RangeStart) for x in plain)  # "between 9 and 5": "and" ends a range
    run = weekday_run(plain)
    if run is not None:
        days, i, j = run
        if recur is not None and recur.byday and not set(recur.byday) >= set(days):
            raise Unusable("two different sets of weekdays")
        recur = p.RecurUnit("WEEKLY", days, recur.interval if recur is not None else 1)
        plain = plain[:i] + plain[j:]
    elif (nths := nth_weekday_run(plain)) is not None and (recur is None or recur.freq == "MONTHLY"):
        pairs, i, j = nths  # "every first and third Monday": one monthly series on both, not a span
        recur = p.RecurUnit("MONTHLY", (), recur.interval if recur is not None else 1, bynth=pairs)
        plain = plain[:i] + plain[j:]
    elif (month_days := month_day_run(plain)) is not None and (recur is None or recur.freq == "MONTHLY"):
        days, i, j = month_days  # "the 1st and 15th of every month": one series on both days, not a span
        recur = p.RecurUnit("MONTHLY", (), recur.interval if recur is not None else 1, bymonthday=days)
        plain = plain[:i] + plain[j:]
    plain, anchor_pieces = split_anchor(plain)
    anchor = spec_of(anchor_pieces) if anchor_pieces else None
    if anchor is not None and anchor.has_time():
        raise Unusable("a series start with its own time")
    seps = [i for i, x in enumerate(plain) if isinstance(x, p.RangeSep)]
    window = _window(plain) if anchor is None and not seps else None
    if window is not None:   # "every day next week", 下周每天早上九点: the series within that period
        plain = [x for x in plain if x is not window]
        anchor = until = spec_of([window])
        spec = spec_of(plain)
        return Expr("recurring", left=spec, every=every, recur=recur, anchor=anchor, until=until)
    if not seps:
        spec = spec_of(plain)
        if run is not None and spec.number is not None and spec.number <= 24 and spec.clock is None:
            spec.clock, spec.number = p.Clock(spec.number), None   # "Mon-Fri 9": an hour, as in "every Monday 9"
        return Expr("recurring", left=spec, every=every, recur=recur, anchor=anchor)
    if len(seps) > 1:
        raise Unusable("more than one range separator")
    i = seps[0]
    if plain[i].weak and not between:  # type: ignore[attr-defined]
        # "every Monday at 9am and 5pm": two times of day, not one occurrence from 9 to 5
        raise Unusable("a list of several dates or times is not one expression")
    left, right = spec_of(plain[:i]), spec_of(plain[i + 1:])
    if left.empty() or right.empty():
        raise Unusable("a range needs two ends")
    right_day = replace(right, clock=None, pod=None, number=None)
    if anchor is None and _dated_day(left) and (_dated_day(right_day) or right_day.weekday is not None):
        # 下周一到下周五每天早上九点, "every day from next Monday to next Friday at 9": the days are the series'
        # span, the time of day each occurrence's
        day_of = {"clock": None, "pod": None, "number": None}
        times = spec_of([x for x in plain[i + 1:] if isinstance(x, (p.Clock, p.PartOfDay, p.Number))])
        return Expr("recurring", left=times, every=every, recur=recur, anchor=replace(left, **day_of),
                    until=replace(right, **day_of))
    fix_number_ends(left, right)
    inherit(right, left)
    inherit(left, right, first=True)
    return Expr("recurring", left=left, right=right, every=every, recur=recur, anchor=anchor)


def dash_joined(items: Sequence[p.Piece]) -> Sequence[p.Piece]:
    """``items`` without each dash that stands between a day with no time of day and a time of day with no
    day ("next Tuesday — 7pm", "Friday - 9am to 5pm", "every Tuesday - 7pm", 周二—晚上七点): the dash joins
    them, as a comma would; a range from a day's midnight to a clock is not what anyone writes. After
    "from"/"between" a dash is the range's, as it is between two days or two times."""
    seps = [i for i, x in enumerate(items) if type(x) is p.RangeSep]
    if not any(items[i].dash for i in seps) or any(type(x) is p.RangeStart for x in items):  # type: ignore[attr-defined]
        return items
    bounds = [-1, *seps, len(items)]
    drop = {
        at for k, at in enumerate(seps)
        if items[at].dash  # type: ignore[attr-defined]
        and _day_only(_spec_or_none(items[bounds[k] + 1 : at]))
        and _time_only(_spec_or_none(items[at + 1 : bounds[k + 2]]), k + 1 < len(seps))
    }  # fmt: skip
    return [x for at, x in enumerate(items) if at not in drop] if drop else items


def _spec_or_none(items: Sequence[p.Piece]) -> Spec | None:
    """One end's spec, or None when its pieces make none (two of one slot: "0d80-71d2" of an id)."""
    try:
        return spec_of(_plain(items))
    except Unusable:
        return None


def _plain(items: Sequence[p.Piece]) -> list[p.Piece]:
    markers = (p.Every, p.RecurUnit, p.Duration, p.OpenBound, p.One)
    return [x for x in items if not isinstance(x, markers)]


def _day_only(spec: Spec | None) -> bool:
    if spec is None:
        return False
    days = (spec.day_shift, spec.weekday, spec.dateparts, spec.holiday)
    return any(d is not None for d in days) and not spec.has_time() and spec.shift is None


def _time_only(spec: Spec | None, ranged: bool) -> bool:
    """A time of day and nothing else: a clock or part of day, or a bare number that a range goes on from
    ("3" of "— 3 to 4pm"; "March 3 - 7" alone is two days)."""
    if spec is None:
        return False
    said = spec.clock is not None or spec.pod is not None or (ranged and spec.number is not None)
    return said and (spec.number is None or ranged) and not spec.has_date()


def _window(plain: list[p.Piece]) -> p.Period | None:
    """The one period a recurrence is said within ("every day next week", 这周每天晚上八点, "every Monday next
    month"): never a period that an n-th weekday or day counts in ("the second Wednesday of the month")."""
    periods = [x for x in plain if type(x) is p.Period and x.count == 1 and x.unit in ("week", "month", "year")]
    if len(periods) != 1 or any(isinstance(x, (p.NthWeekday, p.NthUnit)) for x in plain):
        return None
    return periods[0]


def _dated_day(spec: Spec) -> bool:
    """A day of its own with no time of day ("next Monday", 下周一, "March 3", "tomorrow"), not a bare weekday
    ("Tuesday" of "every Tuesday until …") or day of the month ("the 1st to the 15th" of every month): those
    are the series' own days."""
    dp, wd = spec.dateparts, spec.weekday
    dated = (dp is not None and (dp.month is not None or dp.year is not None)) or spec.day_shift is not None \
        or (wd is not None and wd.mode != "bare") or spec.holiday is not None
    return dated and not spec.has_time()


def _weekday_series(items: Sequence[p.Piece]) -> bool:
    """A span of weekdays with a clock time and nothing else that dates it ("Mon-Fri at 8am", 周一至周五早上8点):
    each of those days at that time, a weekly series (a start after "starting" allowed). A list without
    "every" ("Monday and Friday at 3pm") may be two single days: it stays what it was."""
    plain = [x for x in items if type(x) is not p.Duration]
    run = weekday_run(plain)
    if run is None:
        return False
    _, i, j = run
    if not any(type(x) is p.RangeSep and not x.weak for x in plain[i:j]):
        return False
    return time_only(split_anchor(plain[:i] + plain[j:])[0])


# pieces after which "one" / "ones" is a pronoun ("the Friday one", "the evening one", "the 8pm one")
ONE_AFTER = (p.DayShift, p.WeekdayRef, p.DateParts, p.PartOfDay, p.Clock, p.HolidayRef, p.NthWeekday, p.Period)


def read_ones(items: Sequence[p.Piece]) -> list[p.Piece]:
    """The pieces with each ``One`` read: a pronoun right after a day, date, part of day or clock (left
    out), unless a range to an hour follows ("Friday one until 3"; never after a clock), or right before one
    ("the one at 3"); else "one" is the number 1 ("from one to 3") and "ones" names no time. A pronoun
    followed by "to" is no range ("the 2pm one to 5": where the event goes): unusable, so the phrase is cut
    there."""
    out: list[p.Piece] = []
    for i, x in enumerate(items):
        if type(x) is p.One:
            then = items[i + 2] if i + 2 < len(items) and type(items[i + 1]) is p.RangeSep else None
            after_a_clock = i and type(items[i - 1]) is p.Clock  # "the 2pm one": a clock has its hour already
            if i and isinstance(items[i - 1], ONE_AFTER) and (
                x.plural or after_a_clock or not isinstance(then, (p.Number, p.Clock))
            ):
                if i + 1 < len(items) and type(items[i + 1]) is p.RangeSep and not items[i + 1].until:
                    # "the 2pm one to 5", "the friday one to monday": the event's pronoun, then where it goes
                    raise Unusable('"to" after "the … one" leads where the event goes, not a range')
                continue
            if i + 1 < len(items) and isinstance(items[i + 1], ONE_AFTER) and not (i and type(items[i - 1]) is p.Number):
                continue  # "the one at 3", "the ones on Friday": the pronoun before the time that names it
            if x.plural:
                raise Unusable('"ones" names no time')
            x = p.Number(1)
        out.append(x)
    return out


_UNITS = {"day": "days", "week": "weeks", "month": "months", "year": "years"}
"""The units of "the next N weeks" (接下来两周) that bound a series: from its first occurrence, that long."""


def compose(items: Sequence[p.Piece]) -> Expr:
    """Turn a scan's pieces into one expression, or raise ``Unusable`` with a reason."""
    if not items:
        raise Unusable("no date or time expression found")
    if len(items) >= 2 and type(items[-1]) is p.Now and type(items[-2]) is p.Clock:
        # "it's 7 to 8:30 now", "at 5 now": the time as it stands now, said of the time itself, not "today"
        items = items[:-1]
    if len(items) > 1 and any(type(x) is p.Lengthen for x in items):
        raise Unusable("a change of length takes no other time")   # "to 4pm and make it 30 mins longer": two
    if any(type(x) is p.Or for x in items):
        from .alternatives import alternatives  # (it builds on this module)

        return alternatives(items)
    items = dash_joined(items)
    excepted = days_excepted(items)
    if excepted is None:
        raise Unusable("an exception that takes no days out of a series of days")
    items = times_per(excepted)
    if items is None:
        raise Unusable("how many times a period, but not on which days")
    every = recur = None
    durations: list[p.Duration] = []
    rest: list[p.Piece] = []
    seps: list[int] = []
    bounds: list[p.OpenBound] = []
    near_at: int | None = None
    weekdays = 0
    for x in items:   # one pass: sort the markers out of the plain pieces
        kind = type(x)
        weekdays += kind is p.WeekdayRef
        if kind is p.Every:
            every = every or x
        elif kind is p.RecurUnit:
            recur = recur or x
        elif kind is p.Duration:
            durations.append(x)
        elif kind is p.One:
            return compose(read_ones(items))
        elif kind is not p.RangeStart:
            if kind is p.RangeSep:
                if near_at is None and any(type(y) is p.Closest and y.weekday is None for y in rest):
                    near_at = len(rest)   # "the closest xmas to today": "to" names what it is closest to
                    continue
                seps.append(len(rest))
            elif kind is p.OpenBound:
                bounds.append(x)
            rest.append(x)
    if every is None and recur is None and weekdays > 1 and _weekday_series(items):
        every = p.Every()   # "Mon-Fri at 8am": every one of those days
    if every is not None or recur is not None:
        windows = [x for x in items if type(x) is p.Period and x.shift == 1 and x.count > 1 and x.unit in _UNITS]
        durations += [p.Duration(relativedelta(**{_UNITS[w.unit]: w.count}), w.unit) for w in windows]
        if len(durations) > 1:
            raise Unusable("two durations")
        skip = (p.Every, p.RecurUnit, p.Duration)
        expr = _recurring([x for x in items if not isinstance(x, skip) and all(x is not w for w in windows)],
                          every, recur)
        if durations:   # "every weekday at 8am for 30 min": each occurrence lasts that long
            if expr.right is not None:
                raise Unusable("a range and a duration")
            expr.duration = durations[0]
        return expr
    if len(durations) > 1:
        raise Unusable("two durations")
    if durations:   # "for 30' starting from 4pm": the start marker only says where the span begins
        spec = spec_of([x for x in rest if not (isinstance(x, p.RangeSep) or
                                              (isinstance(x, p.OpenBound) and x.kind == "after"))])
        if spec.empty():
            return Expr("duration", duration=durations[0])
        return Expr("interval", left=spec, duration=durations[0])
    if near_at is not None and not seps and not bounds:
        spec = spec_of(rest[:near_at])
        spec.near = spec_of(rest[near_at:])
        if spec.near.empty():
            raise Unusable("'closest' needs a day to be close to")
        for slot in ("clock", "pod", "number"):   # "... to today at 5pm": the time is the answer's
            if getattr(spec, slot) is None:
                setattr(spec, slot, getattr(spec.near, slot))
                setattr(spec.near, slot, None)
        return Expr("point", left=spec)
    if not seps and not bounds:
        spec = spec_of(rest)
        if spec.empty():
            raise Unusable("no date or time expression found")
        return Expr("point", left=spec)
    if seps:
        if len(seps) > 1:
            raise Unusable("more than one range separator")
        i = seps[0]
        if rest[i].weak and not any(isinstance(x, p.RangeStart) for x in items[: items.index(rest[i])]):
            raise Unusable("a list of several dates or times is not one expression")
        left = spec_of([x for x in rest[:i] if not isinstance(x, p.OpenBound)])
        right = spec_of([x for x in rest[i + 1:] if not isinstance(x, p.OpenBound)])
        if left.empty() or right.empty():
            if right.empty() and not left.empty() and i == len(rest) - 1:
                return open_expr(left, "after")
            if left.empty() and not right.empty() and i == 0:
                return open_expr(right, "before", rest[i].until)
            raise Unusable("a range needs two ends")
        fix_number_ends(left, right)
        inherit(right, left)
        inherit(left, right, first=True)
        return Expr("range", left=left, right=right)
    if len(bounds) > 1:
        raise Unusable("two open bounds")
    if bounds[0].leads and items[-1] is bounds[0]:
        raise Unusable("'since', 'after', 'before' come before their time")
    spec = spec_of([x for x in rest if not isinstance(x, p.OpenBound)])
    if spec.empty():
        raise Unusable("an open interval needs a date or time")
    return open_expr(spec, bounds[0].kind)
