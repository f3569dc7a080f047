"""One ``Spec`` (one end of an expression) -> its readings: naive frames, one per reading.

A spec has a date part (a day, week, month, holiday, shift from now …) and a time part (a clock time,
a part of day). The date part picks a frame; the time part narrows it. A clock time without a date is
its next occurrence (prefer="future") or its last (prefer="past").
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from dateutil.relativedelta import relativedelta

from . import anchors as a
from . import pieces as p
from .clock import ClockReading, readings
from .deltas import CLOCK, DAYS, HOURS, ONE_MINUTE, WEEKS
from .holiday_frames import holiday_frame, holiday_nearest
from .spec import DATE_SLOTS, Spec, Unusable
from .weekday_days import agreeing_weekday, rolling_nth, weekday_date_search
from .zones import add_exact, localize, named_zone, to_wall

_EXACT_UNITS = ("second", "minute", "hour")


def _shift_point(ctx: a.Ctx, shift: p.Shift) -> datetime:
    d: relativedelta = shift.delta
    moment = ctx.now
    months = d.years * 12 + d.months
    if months:
        moment = a.add_months(moment, months)
    if d.days:
        moment = moment + DAYS[d.days]
    if d.weekday is not None:  # "the following Monday": the first Monday on or after the day reached
        moment = moment + relativedelta(weekday=d.weekday)
    exact = CLOCK[(0, d.hours, d.minutes, d.seconds)]
    if exact:
        moment = add_exact(moment, ctx.tz, exact)
    return moment


def date_frame(spec: Spec, ctx: a.Ctx) -> a.Frame | None:
    """The frame named by the date slots, or None when the spec has no date part."""
    if isinstance(spec.nth, p.WeekdayAfter):
        # "the third Tuesday after Christmas 2014", "the Friday before Easter": from the day named
        near = date_frame(replace(spec, nth=None, clock=None, pod=None, part=None), ctx)
        if near is None and spec.nth.weekday < 0:   # "the next business day": from today
            near = a.day_frame(ctx.today)
        if near is None:
            raise Unusable("'after' / 'before' needs a day to count from")
        return _narrow(a.weekday_after(near, spec.nth), spec, ctx)
    if spec.holiday is not None and isinstance(spec.nth, p.Closest) and spec.nth.weekday is None:
        # "the closest xmas to today", "the 2nd closest super tuesday to 2019"
        near = date_frame(spec.near if spec.near is not None else
                          replace(spec, holiday=None, nth=None, clock=None, pod=None), ctx)
        if near is None:   # "the closest christmas": closest to today
            near = a.day_frame(ctx.today)
        end = near.end if near.end is not None and near.end > near.start else near.start
        return holiday_nearest(spec.holiday, near.start, end, spec.nth.n)
    if spec.holiday is not None:
        year = spec.dateparts.year if spec.dateparts is not None else None
        direction = spec.holiday.direction if spec.holiday.direction is not None else spec.qualifier
        if direction == 0:
            direction = None
        if spec.weekday is not None:
            raise Unusable("a weekday and a holiday together")
        year_shift = spec.year_shift
        period, shift = spec.period, spec.shift
        if period is not None and period.unit == "year" and period.count == 1:
            year_shift = period.shift            # "tax day last year"
        elif shift is not None and not shift.anchored and shift.delta.years and not (
                shift.delta.months or shift.delta.weeks or shift.delta.days):
            year_shift = shift.delta.years       # "thanksgiving in a year", "... 1 year ago"
        elif shift is not None and not shift.anchored and period is None and spec.dateparts is None \
                and year_shift is None and direction is None and shift.grain in ("day", "week", "month"):
            # "thanksgiving in 9 months", "christmas 3 weeks from now": the occurrence nearest that day
            point = _shift_point(ctx, shift)
            return _narrow(holiday_nearest(spec.holiday, point, point), spec, ctx)
        elif period is not None or shift is not None:
            raise Unusable("a holiday cannot be combined with that period")
        frame = holiday_frame(ctx, spec.holiday, year, year_shift, direction)
        return _narrow(frame, spec, ctx)
    if spec.shift is not None and spec.shift.grain not in _EXACT_UNITS:
        dp = spec.dateparts
        d = spec.shift.delta
        if dp is not None and dp.year is None and dp.month is not None and spec.weekday is None \
                and spec.day_shift is None and d.years and not (d.months or d.weeks or d.days):
            # "March in a year": March of the year that many years from now
            year = ctx.now.year + d.years
            return _narrow(a.dateparts_frame(ctx, p.DateParts(year, dp.month, dp.day)), spec, ctx)
        weeks, rest = divmod(d.days, 7)  # (relativedelta keeps weeks as days)
        if spec.weekday is not None and spec.weekday.mode == "bare" and spec.dateparts is None \
                and spec.day_shift is None and weeks > 0 and not rest and not (d.years or d.months) \
                and not spec.shift.anchored:
            # "in two weeks on Tuesday", "Tuesday in 3 weeks": that weekday of the week so many weeks on, as
            # 两周后的周二 reads
            weekday = replace(spec.weekday, mode="week", week_shift=weeks)
            return date_frame(replace(spec, shift=None, weekday=weekday), ctx)
        if spec.dateparts is not None or spec.weekday is not None or spec.day_shift is not None:
            raise Unusable("a shift from now cannot be combined with another date")
        point = _shift_point(ctx, spec.shift)
        named_day = spec.shift.delta.weekday is not None  # "until the following Monday": that day
        return a.day_frame(point) if spec.clock or spec.pod or named_day else a.Frame(point, point, "exact")
    frame: a.Frame | None = None
    period = spec.period
    if period is not None and period.unit == "day" and period.shift == 0 and period.count == 1 and (
            spec.day_shift is not None or spec.weekday is not None
            or (spec.dateparts is not None and spec.dateparts.day is not None)):
        period = None   # "cob tomorrow", "end of day Friday": the day named, not today
    if period is not None:
        frame = a.period_frame(ctx, period)
    if spec.quarter is not None:
        year = a.expand_year(spec.dateparts.year) if spec.dateparts and spec.dateparts.year else None
        if year is None:   # "third quarter" names this year's quarter, even when it is over
            year = ctx.now.year + (spec.year_shift or 0)
        start = datetime(year, 3 * spec.quarter - 2, 1)  # noqa: DTZ001 - naive wall clock by design
        frame = a.Frame(start, a.add_months(start, 3), "month")
    elif spec.dateparts is not None:
        dp = spec.dateparts
        if frame is not None:
            frame = _dateparts_in(frame, dp)
        elif spec.weekday is not None and dp.day is not None:
            frame = weekday_date_search(ctx, spec.weekday, dp)
        else:
            frame = a.dateparts_frame(ctx, dp, spec.year_shift)
            if spec.qualifier == 2 and dp.year is None and dp.month is not None and spec.year_shift is None:
                # "March after next", "May 5th after next": the occurrence a year after the next one
                frame = a.dateparts_frame(ctx, p.DateParts(frame.start.year + 1, dp.month, dp.day))
    elif spec.year_shift is not None:
        start = datetime(ctx.now.year + spec.year_shift, 1, 1)  # noqa: DTZ001 - naive wall clock by design
        frame = a.Frame(start, a.add_months(start, 12), "year")
    if spec.day_shift is not None:
        if frame is not None:
            raise Unusable("a relative day cannot be combined with another date")
        frame = a.day_frame(ctx.today + DAYS[spec.day_shift])
    if spec.season is not None:
        if frame is not None:
            raise Unusable("a season cannot be combined with another date")
        frame = a.season_frame(ctx, spec.season)
    if spec.nth is not None:
        if frame is None:
            frame = a.period_frame(ctx, p.Period("month"))
        nth = spec.nth
        if isinstance(nth, p.NthWeekday) and nth.roll and spec.period is None and spec.dateparts is None:
            return _narrow(rolling_nth(ctx, nth), spec, ctx)
        frame = (a.nth_weekday(frame, nth) if isinstance(nth, p.NthWeekday) else
                 a.closest_weekday(frame, nth) if isinstance(nth, p.Closest) else a.nth_unit(frame, nth))
    elif spec.weekday is not None and not (spec.dateparts is not None and spec.dateparts.day is not None):
        if frame is not None and frame.grain == "day" and spec.day_shift is not None:
            return _narrow(agreeing_weekday(frame, spec.weekday, spec.day_shift, ctx), spec, ctx)
        if frame is not None and frame.grain in ("week", "day"):
            week_start = a.floor(frame.start, "week")
            frame = a.day_frame(a.weekday_date(ctx, spec.weekday, week_start))
        elif frame is not None and spec.period is not None and spec.period.unit == "weekend":
            frame = _weekday_in(frame, spec.weekday.weekday)   # "saturday of next weekend"
        elif frame is not None:
            raise Unusable("a weekday cannot be placed in that period")
        else:
            frame = a.day_frame(a.weekday_date(ctx, spec.weekday))
    if frame is None and spec.pod is not None and spec.pod.day_shift is not None:
        frame = a.day_frame(ctx.today + DAYS[spec.pod.day_shift])
    if frame is None and spec.now:
        return a.Frame(ctx.now, ctx.now, "exact")
    if frame is None:
        return None
    if spec.week_of:
        if frame.grain != "day":
            raise Unusable("'the week of' needs a single day")
        monday = a.floor(frame.start + a.ONE_DAY, "week")   # a Sunday names the week it begins (US)
        frame = a.Frame(monday, monday + WEEKS[1], "week")
    return _narrow(frame, spec, ctx)


def _weekday_in(frame: a.Frame, weekday: int) -> a.Frame:
    """The day of that weekday inside a frame of a few days (a weekend)."""
    day = a.floor(frame.start, "day")
    while day < frame.end:
        if day.weekday() == weekday:
            return a.day_frame(day)
        day += DAYS[1]
    raise Unusable("that weekday is not in that period")


def _narrow(frame: a.Frame, spec: Spec, ctx: a.Ctx) -> a.Frame:
    if spec.part == "rest" and frame.grain == "day" and (spec.clock is not None or spec.pod is not None):
        return frame   # "later today at 5", "later this evening": the clock or part of day in that day
    if spec.part is not None:
        frame = a.part_frame(frame, spec.part, ctx)
    return frame


def _dateparts_in(frame: a.Frame, dp: p.DateParts) -> a.Frame:
    """"the 20th of next month": a day inside a month frame."""
    if dp.day is not None and dp.month is None and frame.grain == "month":
        return a.day_frame(a.make_date(frame.start.year, frame.start.month, dp.day))
    raise Unusable("that date cannot be placed in that period")


def _place(ctx: a.Ctx, day: datetime | None, r: ClockReading, pod_shift: int | None) -> datetime:
    """Put a clock reading on a day, or on its next (last) occurrence from now."""
    if day is not None:
        return day + CLOCK[(r.days, r.hour, r.minute, r.second)]
    base = ctx.today + CLOCK[(r.days, r.hour, r.minute, r.second)]
    if ctx.future and base < a.floor(ctx.now, "minute"):
        base += DAYS[1]
    elif not ctx.future and base > ctx.now:
        base -= DAYS[1]
    return base


def spec_frames(spec: Spec, ctx: a.Ctx) -> tuple[list[a.Frame], str | None]:
    """All readings of one spec (several only for an ambiguous clock hour) and an assumption note."""
    if type(spec.zone) is str and spec.has_date():
        return _in_named_zone(spec, ctx)
    if spec.number is not None:
        if spec.number >= 1000 and not spec.has_date() and spec.clock is None and spec.pod is None:
            # "1000" alone: a four-digit number outside the year window is still a year when nothing
            # beside it makes it a clock time
            return spec_frames(replace(spec, number=None, dateparts=p.DateParts(spec.number)), ctx)
        raise Unusable("a bare number is not a date or time")
    if spec.shift is not None and spec.shift.event == "must":
        raise Unusable("moving an event needs the event (resolve(..., relative_to=(start, end)))")
    if spec.lengthen is not None:
        raise Unusable("a change of length needs the event (resolve(..., relative_to=(start, end)))")
    if spec.shift is not None and spec.shift.anchored:
        base = replace(spec, shift=None)
        if base.empty():
            raise Unusable("an offset needs something to count from")
        found, assumed = spec_frames(base, ctx)
        delta = spec.shift.delta
        moved = []   # (a loop, not a comprehension: no closure cell for ``delta`` at every call)
        for f in found:
            moved.append(a.Frame(f.start + delta, f.end + delta, f.grain, f.label))
        return moved, assumed
    if spec.shift is not None and spec.shift.grain in _EXACT_UNITS:
        if spec.day_shift is not None and not spec.clock and not spec.pod and (
                replace(spec, day_shift=None, shift=None).empty()):
            # "tomorrow +1h", "today in one hour": now moved by the days, then by the hours
            moved = a.Ctx(ctx.now + DAYS[spec.day_shift], ctx.tz, ctx.future)
            point = a.floor(_shift_point(moved, spec.shift), "minute")
            return [a.Frame(point, point + ONE_MINUTE, "minute")], None
        if spec.has_date() or spec.clock is not None:
            raise Unusable("a shift in hours cannot be combined with another date or time")
        point = a.floor(_shift_point(ctx, spec.shift), "minute")
        return [a.Frame(point, point + ONE_MINUTE, "minute")], None
    found, assumed = timed_frames(date_frame(spec, ctx), spec.clock, spec.pod, spec.hint, spec.zone, ctx)
    if spec.part == "rest" and spec.clock is not None:
        found = _still_to_come(found, spec.clock, ctx)
    return found, assumed


def _still_to_come(found: list[a.Frame], clock: p.Clock, ctx: a.Ctx) -> list[a.Frame]:
    """"later today at 9" at 10:15: the reading still to come, the evening one where a bare clock's
    morning reading is over."""
    later = [f for f in found if f.end > ctx.now]
    if not later and clock.meridiem is None and not clock.h24 and clock.hour < 12:
        later = [a.Frame(f.start + HOURS[12], f.end + HOURS[12], f.grain, f.label) for f in found]
        later = [f for f in later if f.end > ctx.now]
    return later or found


def timed_frames(frame: a.Frame | None, clock: p.Clock | None, pod: p.PartOfDay | None, hint: str | None,
                 zone: int | str | None, ctx: a.Ctx) -> tuple[list[a.Frame], str | None]:
    """A spec's date frame (None: no date part) narrowed by its time part: its readings and an
    assumption note (``spec_frames`` after the shifts; ``shapes`` calls it directly)."""
    if frame is not None and frame.grain == "exact":
        point = a.floor(frame.start, "minute")
        if clock is None and pod is None:
            return [a.Frame(point, point + ONE_MINUTE, "minute")], None
        frame = a.day_frame(point)
    if clock is None:
        if pod is None:
            if frame is None:
                raise Unusable("no date or time expression found")
            return [frame], None
        day = frame.start if frame is not None else None
        if frame is not None and frame.grain != "day":
            raise Unusable("a part of day needs a single day")
        if day is None:
            day = ctx.today
            if ctx.future and day + HOURS[pod.end_hour] <= ctx.now:
                day += DAYS[1]
            elif not ctx.future and day + HOURS[pod.start_hour] > ctx.now:
                day -= DAYS[1]
        start = day + HOURS[pod.start_hour]
        return [a.Frame(start, day + HOURS[pod.end_hour], "hour", pod.label)], None
    if frame is not None and frame.grain not in ("day",):
        raise Unusable("a clock time needs a single day")
    found = readings(clock, pod, hint)
    if not found:
        raise a.Impossible(f"there is no hour {clock.hour} {clock.meridiem}")
    for r in found:
        if r.hour > 24 or r.minute > 59 or r.second > 59 or (r.hour == 24 and (r.minute or r.second)):
            raise a.Impossible(f"{clock.hour}:{clock.minute:02d} is not a time of day")
    day = frame.start if frame is not None else None
    if day is None and pod is not None and pod.day_shift is not None:
        day = ctx.today + DAYS[pod.day_shift]
    out = []
    zone_ctx = ctx
    if zone is not None and day is None:   # "11:00 CST": the next 11:00 on a CST wall clock
        zone_ctx = a.Ctx(_to_zone(ctx.now, zone, ctx), ctx.tz, ctx.future)
    for r in found:
        start = _place(zone_ctx, day, r, None)
        if zone is not None:
            start = _from_zone(start, zone, ctx)
        out.append(a.Frame(start, start + ONE_MINUTE, "minute", r.label))
    return out, found[0].assumed


def _in_named_zone(spec: Spec, ctx: a.Ctx) -> tuple[list[a.Frame], str | None]:
    """"tomorrow 9am London time", 美西时间周五上午十点: the whole expression read on that place's calendar
    and clock (its tomorrow, its Friday), each frame converted to the requested zone."""
    zone = named_zone(spec.zone)  # type: ignore[arg-type]
    zctx = a.Ctx(_to_zone(ctx.now, spec.zone, ctx), zone, ctx.future)  # type: ignore[arg-type]
    found, assumed = spec_frames(replace(spec, zone=None), zctx)
    out = [a.Frame(to_wall(localize(f.start, zone)[0], ctx.tz), to_wall(localize(f.end, zone)[0], ctx.tz),
                   f.grain, f.label) for f in found]
    return out, assumed


def _to_zone(wall: datetime, zone: int | str, ctx: a.Ctx) -> datetime:
    """A wall time in the requested zone -> the wall time at that instant in the named zone (a fixed
    offset in minutes, or an IANA name)."""
    aware, _ = localize(wall, ctx.tz)
    return to_wall(aware, named_zone(zone))


def _from_zone(wall: datetime, zone: int | str, ctx: a.Ctx) -> datetime:
    """A wall time stated in another zone ("8:00 GMT", "3pm London time") -> wall time in the requested
    zone. A named zone's wall time goes through the DST policy of ``zones.localize`` (a time in its
    spring-forward gap moves forward by the gap)."""
    aware = localize(wall, named_zone(zone))[0]
    return to_wall(aware, ctx.tz)


def range_end(lf: a.Frame, left: Spec, right: Spec, ctx: a.Ctx) -> datetime:
    """Where a range starting with frame ``lf`` ends.

    A right end with its own date ("从明天到后天", "from tomorrow to next Friday") is counted from the
    real now, like the left end; only if that reading would end before the range starts ("Friday to
    Monday") is it counted from the left end's start instead. A right end without a date of its own
    (a clock time, or a date lent by the left end) is the next such time after the left end's start.
    """
    own_date = right.has_date() and not (right.borrowed or left.borrowed)
    if own_date:
        best = None
        for rf in spec_frames(right, ctx)[0]:
            end = rf.start if rf.grain in ("minute", "second") else rf.end
            if end > lf.start and (best is None or end < best):
                best = end
        if best is not None:
            return best
    rspec, rctx = right, a.Ctx(lf.start, ctx.tz, True)
    if (right.borrowed or left.borrowed) and lf.grain in ("minute", "hour", "day"):
        cleared = dict.fromkeys(DATE_SLOTS)
        base = lf.start
        if right.pod is not None and right.pod.small_hours and lf.start.hour < right.pod.start_hour:
            base -= DAYS[1]   # "tonight between 1 and 3": the night began the day before
        cleared["dateparts"] = p.DateParts(base.year, base.month, base.day)
        rspec = replace(right, **cleared, borrowed=False)
        if rspec.pod is not None and rspec.pod.day_shift is not None:
            rspec.pod = replace(rspec.pod, day_shift=None)
    best = None
    for rf in spec_frames(rspec, rctx)[0]:
        end = rf.start if rf.grain in ("minute", "second") else rf.end
        if end <= lf.start and rf.grain in ("minute", "second"):
            end += DAYS[1]
        if end > lf.start and (best is None or end < best):
            best = end
    if best is None:
        raise Unusable("the range ends before it starts")
    clock = right.clock if right.pod is None else None
    if (clock is not None and clock.meridiem is None and not clock.h24 and 1 <= clock.hour <= 12
            and best - lf.start > HOURS[12] and best - HOURS[12] > lf.start):
        best -= HOURS[12]   # "7pm to 9:30": the 9:30 that follows, 21:30, not 09:30 the next day
    twelve = right.clock
    morning = twelve is not None and (twelve.meridiem == "am" or (right.pod is not None and right.pod.hint == "am"))
    if morning and twelve.hour == 12 and not twelve.h24 and best - lf.start >= HOURS[12]:
        noon = lf.start.replace(hour=12, minute=twelve.minute, second=0, microsecond=0)
        if lf.start < noon:
            best = noon   # "10-12am", "9 to 12 am": a morning range runs to noon, not to midnight
    return best
