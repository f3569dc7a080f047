"""The slots of one expression: a ``Spec`` (one point or period, at most one piece per slot) built from
pieces, and the ``Expr`` the composer makes of specs (a point, a range, an open interval, a duration, a
series). ``compose`` decides which; here each spec is filled in and its two ends of a range share what one
end says ("3-4pm" lends the right end's pm to the left)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from . import pieces as p


class Unusable(Exception):
    """The pieces do not form one expression; the message is the user-facing reason."""


class Contradiction(Unusable):
    """The text names one day two ways that disagree ("Wednesday, December 17" in a year whose 17th is a
    Thursday, 明天周四 said on a Tuesday): refused, never a silent pick of one; the refusal is marked
    (``result.CONTRADICTION``) so a reader of a text can tell a day stated wrongly from words that are no day."""


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


def inherit(target: Spec, source: Spec, first: bool = False) -> None:
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


def fix_number_ends(left: Spec, right: Spec) -> None:
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


def spec_of(items: list[p.Piece]) -> Spec:
    """One point's (or one end's) spec from its pieces, a bare number next to a day read as its hour."""
    return _number_as_clock(build_spec(items))




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


def open_expr(spec: Spec, kind: str, hour: bool = True) -> Expr:
    """"until 5", "after 3", "by 4": a bare hour bounding an open interval is a clock time (as "at 5")."""
    if hour and spec.number is not None and 1 <= spec.number <= 24 and spec.clock is None and not spec.has_date():
        spec.clock, spec.number = p.Clock(spec.number), None
    return Expr("open", left=spec, open_kind=kind)
