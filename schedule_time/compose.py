"""Composition: a flat list of pieces -> one expression (a point/period, a range, a duration, a recurrence).

This is where "Thursday from 9:30 to 11:00" becomes a range whose two ends share the Thursday, and where
"3-4pm" lends the right end's pm to the left. Nothing here knows a language or a date.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from dateutil.relativedelta import relativedelta

from . import pieces as p
from .series_parts import month_day_run, nth_weekday_run, split_anchor, time_only, weekday_run


class Unusable(Exception):
    """The pieces do not form one expression; the message is the user-facing reason."""


@dataclass(slots=True)
class Spec:
    """One point or period: every slot is optional; at most one piece per slot."""

    now: bool = False
    day_shift: int | None = None
    weekday: p.WeekdayRef | None = None
    dateparts: p.DateParts | None = None
    number: int | None = None
    period: p.Period | None = None
    quarter: int | None = None
    part: str | None = None
    shift: p.Shift | None = None
    clock: p.Clock | None = None
    pod: p.PartOfDay | None = None
    holiday: p.HolidayRef | None = None
    year_shift: int | None = None
    nth: p.NthWeekday | p.NthUnit | p.Closest | p.WeekdayAfter | None = None
    season: p.Season | None = None
    week_of: bool = False
    zone: int | str | None = None   # minutes east of UTC, or an IANA name (``ZoneOffset``)
    hint: str | None = None
    qualifier: int | None = None
    borrowed: bool = False   # the date slots were lent by the other end of a range
    near: Spec | None = None  # "the closest xmas to <near>": what a holiday's nearest occurrence is near
    lengthen: p.Lengthen | None = None  # "30 minutes longer": read only against an event

    def has_date(self) -> bool:
        pod, shift = self.pod, self.shift
        return (self.day_shift is not None or self.weekday is not None or self.dateparts is not None
                or self.period is not None or self.holiday is not None or self.nth is not None
                or self.season is not None or self.year_shift is not None
                or self.quarter is not None or self.now or (pod is not None and pod.day_shift is not None)
                or (shift is not None and shift.grain not in ("second", "minute", "hour")))

    def has_time(self) -> bool:
        return self.clock is not None or self.pod is not None or self.number is not None

    def empty(self) -> bool:
        return not (self.has_date() or self.has_time() or self.shift is not None or self.lengthen is not None)


@dataclass(slots=True)
class Expr:
    """The composed expression. ``kind``: point | range | open | duration | interval | recurring."""

    kind: str
    left: Spec = field(default_factory=Spec)
    right: Spec | None = None
    open_kind: str | None = None
    duration: p.Duration | None = None
    every: p.Every | None = None
    recur: p.RecurUnit | None = None
    anchor: Spec | None = None   # a recurrence's start ("starting April 10", "从下周一开始")
    alts: list[Spec] | None = None   # "Wednesday or Thursday at 7pm": each alternative (``alternatives``)
    until: Spec | None = None   # the span a recurrence ends with ("every day next week", 下周一到下周五每天)


_SINGLE = {
    p.WeekdayRef: "weekday", p.Period: "period", p.Shift: "shift",
    p.Clock: "clock", p.PartOfDay: "pod", p.HolidayRef: "holiday", p.NthWeekday: "nth",
    p.NthUnit: "nth", p.Closest: "nth", p.WeekdayAfter: "nth", p.Season: "season",
}


def _merge_dateparts(a: p.DateParts, b: p.DateParts) -> p.DateParts:
    out = {}
    for key in ("year", "month", "day"):
        x, y = getattr(a, key), getattr(b, key)
        if x is not None and y is not None and x != y:
            raise Unusable(f"two different {key}s")
        out[key] = x if x is not None else y
    return p.DateParts(**out)


def build_spec(items: list[p.Piece]) -> Spec:
    """Put each piece in its slot; two pieces for one slot is a contradiction ("Monday Tuesday")."""
    spec = Spec()
    for piece in items:
        kind = type(piece)
        slot = _SINGLE.get(kind)
        if slot is not None:
            current = getattr(spec, slot)
            if slot == "shift" and current is not None and not (current.anchored or piece.anchored):
                # "-1 decade +2 years", "in 1 decade +2 years": signed offsets add up
                finer = min(current.grain, piece.grain, key=p.GRAINS.index)
                spec.shift = p.Shift(current.delta + piece.delta, finer)
                continue
            if current is not None and current != piece:
                if slot == "pod" and piece.day_shift is None and current.day_shift is not None:
                    continue   # "tonight in the evening"
                if slot == "pod" and current.day_shift is None and piece.day_shift is not None:
                    setattr(spec, slot, piece)
                    continue
                raise Unusable(f"two different {slot.replace('_', ' ')} expressions")
            setattr(spec, slot, piece)
        elif kind is p.DayShift:
            if spec.day_shift is not None and spec.day_shift != piece.days:
                raise Unusable("two different relative days")
            spec.day_shift = piece.days
        elif kind is p.DateParts:
            spec.dateparts = piece if spec.dateparts is None else _merge_dateparts(spec.dateparts, piece)
        elif kind is p.Number:
            if spec.number is not None:
                raise Unusable("two bare numbers")
            spec.number = piece.value
        elif kind is p.Now:
            spec.now = True
        elif kind is p.Quarter:
            spec.quarter = piece.number
        elif kind is p.PeriodPart:
            spec.part = piece.part
        elif kind is p.YearShift:
            spec.year_shift = piece.shift
        elif kind is p.ZoneOffset:
            spec.zone = piece.minutes
        elif kind is p.Qualifier:
            spec.qualifier = piece.direction
        elif kind is p.Label:
            spec.hint = piece.hint
        elif kind is p.WeekOf:
            spec.week_of = True
        elif kind is p.Lengthen:
            if spec.lengthen is not None:
                raise Unusable("two changes of length")
            spec.lengthen = piece
        elif kind is p.SameTime:
            raise Unusable('"same time" needs the event it refers to (resolve(..., relative_to=...))')
        elif kind is p.Approximate:
            raise Unusable(f"{piece.words} is an approximate amount (either of two numbers): say which one")
        else:
            raise Unusable(f"{kind.__name__} does not belong here")
    return spec


DATE_SLOTS = ("day_shift", "weekday", "dateparts", "period", "holiday", "nth", "quarter", "year_shift", "season")


def _inherit(target: Spec, source: Spec, first: bool = False) -> None:
    """Give the end that lacks a date the other end's date (and part of day, zone); ``first``: the target
    is the range's left end."""
    if not target.has_date() and source.has_date():
        target.borrowed = True
        for slot in DATE_SLOTS:
            if getattr(target, slot) is None:
                setattr(target, slot, getattr(source, slot))
        if target.pod is None and source.pod is not None and source.pod.day_shift is not None:
            target.pod = source.pod
    td, sd = target.dateparts, source.dateparts
    if (td is not None and sd is not None and td.month is None and sd.month is None and target.period is None
            and source.period is not None and source.period.unit == "month"
            and not (first and td.day is not None and sd.day is not None and td.day > sd.day)):
        target.period = source.period   # "from the 3rd to the 10th of next month": both days in that month
    if td is not None and sd is not None and td.month is None and td.day is not None and sd.month is not None and not (
            first and sd.day is not None and td.day > sd.day):
        # "from 13 to 15 July"; not "from the 29th to March 3" (29 March would come after its end)
        target.dateparts = p.DateParts(sd.year, sd.month, td.day)
    elif td is not None and sd is not None and td.year is None and sd.year is not None and td.month is not None:
        target.dateparts = p.DateParts(sd.year, td.month, td.day)
    if target.pod is None and source.pod is not None and target.has_time() and not (
            source.pod.hint == "am" and target.clock is not None and target.clock.hour == 12
            and target.clock.meridiem is None and not target.clock.h24):
        target.pod = source.pod   # but "morning 10:30 to 12", 上午十点到十二点 end at noon, not midnight
    if target.zone is None:
        target.zone = source.zone


def _fix_number_ends(left: Spec, right: Spec) -> None:
    """A bare number at one end takes its meaning from the other end: a day, a clock hour or a year."""
    for a, b in ((left, right), (right, left)):
        if a.number is None:
            continue
        n = a.number
        if b.clock is not None or (b.number is not None and b.number <= 24 and not b.has_date()):
            a.clock, a.number = p.Clock(n % 100 if n < 100 else n // 100, 0 if n < 100 else n % 100,
                                        h24=n >= 1000), None
        elif b.dateparts is not None and b.dateparts.day is not None and 1 <= n <= 31:
            a.dateparts, a.number = p.DateParts(day=n), None
        elif n >= 1000:
            a.dateparts, a.number = p.DateParts(year=n), None
    if left.number is not None and right.number is not None:
        raise Unusable("a range of bare numbers")
    # "3-4pm": the left end borrows the right end's am/pm when that keeps the range in order.
    lc, rc = left.clock, right.clock
    if lc is not None and rc is not None and lc.meridiem is None and not lc.h24 and rc.meridiem \
            and lc.hour <= 12:
        for mer in (rc.meridiem, "am" if rc.meridiem == "pm" else "pm"):
            if _h24(lc.hour, mer) * 60 + lc.minute <= rc_minutes(rc):
                left.clock = replace(lc, meridiem=mer)
                break
    if rc is not None and lc is not None and rc.meridiem is None and not rc.h24 and lc.meridiem and rc.hour <= 12:
        for mer in (lc.meridiem, "pm" if lc.meridiem == "am" else "am"):
            if _h24(rc.hour, mer) * 60 + rc.minute > rc_minutes(lc):
                right.clock = replace(rc, meridiem=mer)
                break


def _h24(hour: int, meridiem: str) -> int:
    return hour % 12 + (12 if meridiem == "pm" else 0)


def rc_minutes(c: p.Clock) -> int:
    hour = _h24(c.hour, c.meridiem) if c.meridiem else c.hour
    return hour * 60 + c.minute


def _spec(items: list[p.Piece]) -> Spec:
    return _number_as_clock(build_spec(items))


spec_of = _spec
"""One point's spec from its pieces (for ``alternatives``)."""


def _number_as_clock(spec: Spec) -> Spec:
    """"9 tomorrow", "Saturday morning at 9": a bare number next to a day or part of day is an hour."""
    n = spec.number
    dp = spec.dateparts
    if spec.clock is not None and not spec.clock.meridiem and not spec.clock.h24 and not spec.clock.minute \
            and dp is not None and dp.month is not None and dp.day is None and n is None and spec.clock.hour <= 31 \
            and spec.nth is None and spec.weekday is None:   # "second Monday in April at 10": the day is named
        spec.dateparts, spec.clock = p.DateParts(dp.year, dp.month, spec.clock.hour), None   # "to 15 July"
        return spec
    if n is not None and 1 <= n <= 31 and ((dp is not None and dp.month is not None and dp.day is None)
                                          or (spec.period is not None and spec.period.unit == "month")):
        spec.dateparts = p.DateParts(dp.year if dp else None, dp.month if dp else None, n)   # "20 of next month"
        spec.number = None
        return spec
    if n is not None and spec.clock is None and (spec.has_date() or spec.pod is not None):
        if n <= 24:
            spec.clock, spec.number = p.Clock(n), None
        elif 100 <= n <= 2359 and n % 100 < 60:   # "Fri 14 Mar 1500": four digits are a 24-hour time
            spec.clock, spec.number = p.Clock(n // 100, n % 100, h24=n >= 1000), None
    return spec


def _open(spec: Spec, kind: str, hour: bool = True) -> Expr:
    """"until 5", "after 3", "by 4": a bare hour bounding an open interval is a clock time (as "at 5")."""
    if hour and spec.number is not None and 1 <= spec.number <= 24 and spec.clock is None and not spec.has_date():
        spec.clock, spec.number = p.Clock(spec.number), None
    return Expr("open", left=spec, open_kind=kind)


def _recurring(plain: list[p.Piece], every: p.Every | None, recur: p.RecurUnit | None) -> Expr:
    """A recurrence, possibly with a set of weekdays ("every mon and wed", "周一到周五每天早上九点" -> weekly on
    those days: ``weekday_sets``), a time range ("每周一上午九点到十点": the first occurrence's start and end)
    and a start ("starting April 10": the first occurrence on or after it)."""
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
    anchor = _spec(anchor_pieces) if anchor_pieces else None
    if anchor is not None and anchor.has_time():
        raise Unusable("a series start with its own time")
    seps = [i for i, x in enumerate(plain) if isinstance(x, p.RangeSep)]
    window = _window(plain) if anchor is None and not seps else None
    if window is not None:   # "every day next week", 下周每天早上九点: the series within that period
        plain = [x for x in plain if x is not window]
        anchor = until = _spec([window])
        spec = _spec(plain)
        return Expr("recurring", left=spec, every=every, recur=recur, anchor=anchor, until=until)
    if not seps:
        spec = _spec(plain)
        if run is not None and spec.number is not None and spec.number <= 24 and spec.clock is None:
            spec.clock, spec.number = p.Clock(spec.number), None   # "Mon-Fri 9": an hour, as in "every Monday 9"
        return Expr("recurring", left=spec, every=every, recur=recur, anchor=anchor)
    if len(seps) > 1:
        raise Unusable("more than one range separator")
    i = seps[0]
    left, right = _spec(plain[:i]), _spec(plain[i + 1:])
    if left.empty() or right.empty():
        raise Unusable("a range needs two ends")
    right_day = replace(right, clock=None, pod=None, number=None)
    if anchor is None and _dated_day(left) and (_dated_day(right_day) or right_day.weekday is not None):
        # 下周一到下周五每天早上九点, "every day from next Monday to next Friday at 9": the days are the series'
        # span, the time of day each occurrence's
        day_of = {"clock": None, "pod": None, "number": None}
        times = _spec([x for x in plain[i + 1:] if isinstance(x, (p.Clock, p.PartOfDay, p.Number))])
        return Expr("recurring", left=times, every=every, recur=recur, anchor=replace(left, **day_of),
                    until=replace(right, **day_of))
    _fix_number_ends(left, right)
    _inherit(right, left)
    _inherit(left, right, first=True)
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
        and _day_only(_spec(_plain(items[bounds[k] + 1 : at])))
        and _time_only(_spec(_plain(items[at + 1 : bounds[k + 2]])), k + 1 < len(seps))
    }  # fmt: skip
    return [x for at, x in enumerate(items) if at not in drop] if drop else items


def _plain(items: Sequence[p.Piece]) -> list[p.Piece]:
    markers = (p.Every, p.RecurUnit, p.Duration, p.OpenBound, p.One)
    return [x for x in items if not isinstance(x, markers)]


def _day_only(spec: Spec) -> bool:
    days = (spec.day_shift, spec.weekday, spec.dateparts, spec.holiday)
    return any(d is not None for d in days) and not spec.has_time() and spec.shift is None


def _time_only(spec: Spec, ranged: bool) -> bool:
    """A time of day and nothing else: a clock or part of day, or a bare number that a range goes on from
    ("3" of "— 3 to 4pm"; "March 3 - 7" alone is two days)."""
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
        spec = _spec([x for x in rest if not (isinstance(x, p.RangeSep) or
                                              (isinstance(x, p.OpenBound) and x.kind == "after"))])
        if spec.empty():
            return Expr("duration", duration=durations[0])
        return Expr("interval", left=spec, duration=durations[0])
    if near_at is not None and not seps and not bounds:
        spec = _spec(rest[:near_at])
        spec.near = _spec(rest[near_at:])
        if spec.near.empty():
            raise Unusable("'closest' needs a day to be close to")
        for slot in ("clock", "pod", "number"):   # "... to today at 5pm": the time is the answer's
            if getattr(spec, slot) is None:
                setattr(spec, slot, getattr(spec.near, slot))
                setattr(spec.near, slot, None)
        return Expr("point", left=spec)
    if not seps and not bounds:
        spec = _spec(rest)
        if spec.empty():
            raise Unusable("no date or time expression found")
        return Expr("point", left=spec)
    if seps:
        if len(seps) > 1:
            raise Unusable("more than one range separator")
        i = seps[0]
        if rest[i].weak and not any(isinstance(x, p.RangeStart) for x in items[: items.index(rest[i])]):
            raise Unusable("a list of several dates or times is not one expression")
        left = _spec([x for x in rest[:i] if not isinstance(x, p.OpenBound)])
        right = _spec([x for x in rest[i + 1:] if not isinstance(x, p.OpenBound)])
        if left.empty() or right.empty():
            if right.empty() and not left.empty() and i == len(rest) - 1:
                return _open(left, "after")
            if left.empty() and not right.empty() and i == 0:
                return _open(right, "before", rest[i].until)
            raise Unusable("a range needs two ends")
        _fix_number_ends(left, right)
        _inherit(right, left)
        _inherit(left, right, first=True)
        return Expr("range", left=left, right=right)
    if len(bounds) > 1:
        raise Unusable("two open bounds")
    if bounds[0].leads and items[-1] is bounds[0]:
        raise Unusable("'since', 'after', 'before' come before their time")
    spec = _spec([x for x in rest if not isinstance(x, p.OpenBound)])
    if spec.empty():
        raise Unusable("an open interval needs a date or time")
    return _open(spec, bounds[0].kind)
