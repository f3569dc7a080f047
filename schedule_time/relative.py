"""``resolve(..., relative_to=(start, end))``: a text read against an event (moving or repeating it).

* Moves: "an hour later", "later by 45 minutes", "push it back two days", 提前二十分钟, 推迟一天,
  往后挪半小时 — the event moved by that much (days and longer on the wall clock, hours and shorter as
  elapsed time).
* The same time on another day: "same time next Monday", "same slot Friday", 周五同一个时间段 — the
  event's time of day on the day named (from now, as that day alone).
* A clock time without a day ("move to 4", "at 3pm", 改到四点): on the event's own day.
* A day without a time ("move it to Friday", 推迟到周五): the event's time of day on that day.
* A change of length ("30 minutes longer", "shorten it by 15 min", 延长半小时, 提前十分钟结束): the start
  stays, the end moves.

The result is the new ``[start, end)``: the event's length is kept, unless the text gives its own end or
length (a range, "for two hours"). Anything else (a range, an open bound, a recurrence, a period) is read
as without ``relative_to``. See README.md "Relative to an event".
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta, tzinfo

from . import anchors as a
from . import pieces as p
from .compose import compose
from .frames import spec_frames
from .language import normalise, scan_parts
from .result import Candidate, Resolution, TimeExpressionError, make_resolution, unresolved
from .spec import Contradiction, Unusable
from .zones import localize, to_wall

_combine = datetime.combine  # (bound once, as in ``anchors``)

_DESTINATION = re.compile(r"(?:to\s|到|至)")
_END_WORD = re.compile(r"\b(?:until|till|til|through|thru)\b")
"""A leading "to"/到/至 of a text read against an event names where it goes: the move verb was left out
("to 4" for "move it to 4"). "until"/"till" stay an end."""


def _day_then_destination(pieces: list[p.Piece]) -> list[p.Piece]:
    """ "Friday to 4pm" against an event (the day it is on, then where it goes on that day): a day with
    no time of day, "to", a time of day with no day is one point, not a range from a whole day to a clock."""
    seps = [i for i, x in enumerate(pieces) if type(x) is p.RangeSep and not x.weak]
    if len(seps) != 1 or seps[0] in (0, len(pieces) - 1):
        return pieces
    i = seps[0]
    try:
        day, clock = compose(pieces[:i]), compose(pieces[i + 1 :])
    except Unusable:
        return pieces
    if day.kind != "point" or clock.kind != "point":
        return pieces
    timed = clock.left.clock is not None or clock.left.number is not None  # "4pm", or a bare "4"
    if day.left.has_date() and day.left.clock is None and not clock.left.has_date() and timed:
        return pieces[:i] + pieces[i + 1 :]
    return pieces


def check_relative(relative_to: object) -> tuple[datetime, datetime] | None:
    """``relative_to`` as given, or ``TimeExpressionError``: None or (start, end), aware, start <= end."""
    if relative_to is None:
        return None
    if not isinstance(relative_to, tuple | list) or len(relative_to) != 2:
        raise TimeExpressionError("relative_to must be None or a (start, end) pair of aware datetimes")
    start, end = relative_to
    for d in (start, end):
        if not isinstance(d, datetime) or d.tzinfo is None or d.utcoffset() is None:
            raise TimeExpressionError("relative_to must hold timezone-aware datetimes")
    if end < start:
        raise TimeExpressionError("relative_to ends before it starts")
    return start, end


def resolve_relative(
    text: str,
    plain: Resolution,
    zone: tzinfo,
    ctx: a.Ctx,
    frame: tuple[datetime, datetime],
    dayfirst_order: object,
) -> Resolution:
    """``text`` read against the event ``frame``; ``plain`` is its reading without one (returned for the
    kinds a frame does not change, and for text that is no time expression)."""
    norm = normalise(text)
    pieces, unknown, lang = scan_parts(norm) if norm else ((), (), None)
    if unknown or not pieces:
        return plain
    pieces = dayfirst_order(pieces)  # type: ignore[operator]
    if type(pieces[0]) is p.RangeSep and len(pieces) > 1 and _DESTINATION.match(norm):
        pieces = pieces[1:]  # "to 4", 到周五: against an event, where it goes (not "until 4")
    if not _END_WORD.search(norm):  # "Friday until 6" is an end, not where the event goes
        pieces = _day_then_destination(list(pieces))
    start = to_wall(frame[0], zone)
    length = frame[1] - frame[0]
    if any(type(x) is p.Or for x in pieces) and plain.status == "ambiguous":
        return _each_alternative(list(pieces), plain, start, length, zone, ctx, lang or "en")
    try:
        found = _relative(list(pieces), start, length, zone, ctx, lang or "en") or plain
    except (Unusable, a.Impossible) as ex:
        return unresolved(str(ex), lang, contradiction=isinstance(ex, Contradiction))
    except (OverflowError, ValueError) as ex:
        return unresolved(f"out of range: {ex}", lang)
    return _or_the_hours(norm, found, start, length, zone, ctx, lang or "en")


_NUMBER_PAIR = re.compile(r"(\d{1,2})\s*-\s*(\d{1,2})")


def _or_the_hours(
    norm: str, found: Resolution, start: datetime, length: timedelta, zone: tzinfo, ctx: a.Ctx, lang: str
) -> Resolution:
    """"2-4" against an event: the numeric date (4 February, as alone) or the hours 2 to 4 on the event's day
    ("friday 1-3pm", then "actually 2-4"): both readings, for the user to pick. Any other text: ``found``."""
    m = _NUMBER_PAIR.fullmatch(norm)
    if m is None or found.status != "resolved" or not all(1 <= int(n) <= 12 for n in m.groups()):
        return found
    try:
        hours = _relative(list(scan_parts(f"{m[1]} to {m[2]}")[0]), start, length, zone, ctx, lang)
    except (Unusable, a.Impossible, OverflowError, ValueError):
        return found
    if hours is None or hours.status != "resolved" or hours.start == found.start:
        return found
    cands = (Candidate(found.start, found.end, "minute", "date"), Candidate(hours.start, hours.end, "minute", "hours"))  # type: ignore[arg-type]
    return Resolution("ambiguous", grain="minute", candidates=cands, lang=lang,
                      reason="a date or a range of hours; ask which")


def _each_alternative(
    pieces: list[p.Piece], plain: Resolution, start: datetime, length: timedelta, zone: tzinfo, ctx: a.Ctx,
    lang: str,
) -> Resolution:
    """"Monday or Friday" against an event: each alternative read against it (the event's time on each
    day), still ambiguous between them; ``plain`` when one of them reads as no move."""
    from .alternatives import each_alternative  # (it builds on compose, as this module does)

    found = []
    for part in each_alternative(pieces):
        try:
            r = _relative(part, start, length, zone, ctx, lang) if part else None
        except (Unusable, a.Impossible):
            r = None
        if r is None or r.status != "resolved" or r.start is None or r.end is None:
            return plain
        found.append(Candidate(r.start, r.end, r.grain or "minute", f"reading {len(found) + 1}"))
    return replace(plain, candidates=tuple(found))


def _same_time_that_week(
    week: a.Frame, start: datetime, time_of_day: timedelta, length: timedelta, zone: tzinfo, lang: str
) -> Resolution:
    """"same time next week", 下周同一时间: the event's weekday and clock in that week. When the week named is
    the event's own (an event already next week), no change is meant: the week after the event."""
    day = week.start + timedelta(days=(start.weekday() - week.start.weekday()) % 7)
    moved = day + time_of_day
    if moved.date() == start.date():
        moved = start + timedelta(weeks=1)
    return _kept(moved, length, zone, lang, None, "same time")


def _relative(
    pieces: list[p.Piece], start: datetime, length: timedelta, zone: tzinfo, ctx: a.Ctx, lang: str
) -> Resolution | None:
    lengths = [x for x in pieces if type(x) is p.Lengthen]
    if lengths:  # "30 minutes longer", 缩短一刻钟: the start stays, the end moves
        if len(lengths) != 1 or len(pieces) != 1:
            raise Unusable("a change of length takes no other time")
        new_length = (start + length + lengths[0].delta) - start
        if new_length < timedelta(minutes=1):
            raise a.Impossible("that leaves the event no length")
        return _kept(start, new_length, zone, lang, None, "length")
    same = any(type(x) is p.SameTime for x in pieces)
    rest = [x for x in pieces if type(x) is not p.SameTime]
    if (len(rest) > 1 and type(rest[-1]) is p.OpenBound and rest[-1].kind == "after"
            and any(type(x) is p.Shift and x.event for x in rest)):
        rest = rest[:-1]  # "提前二十分钟开始": a move says when the event starts, not "from then on"
    time_of_day = start - _combine(start, a.MIDNIGHT)
    shifts = [x for x in rest if type(x) is p.Shift and x.event]
    if shifts and len(shifts) < len(rest):  # "the next day at 3pm", 第二天下午三点
        return _shifted_day_at(shifts, [x for x in rest if x not in shifts], start, length, zone, ctx, lang)
    if rest and len(shifts) == len(rest):  # (with "same time": the shift keeps the time of day anyway)
        # (a move keeps the event's seconds: the frame is floored to the minute, the shift is not)
        return _kept(
            _moved(shifts, start, zone) + timedelta(seconds=start.second, microseconds=start.microsecond),
            length,
            zone,
            lang,
            None,
            "moved",
        )
    if same:
        if not rest:
            raise Unusable('"same time" needs a day ("same time next Monday", 周五同一个时间段)')
        expr = compose(rest)
        if expr.kind != "point" or expr.left.clock is not None or expr.left.pod is not None:
            raise Unusable('"same time" takes a day, not a time of day')
        frames, _ = spec_frames(expr.left, ctx)
        if len(frames) == 1 and frames[0].grain == "week":
            return _same_time_that_week(frames[0], start, time_of_day, length, zone, lang)
        if any(f.grain != "day" for f in frames):
            raise Unusable('"same time" needs one day, not a longer period')
        return _kept(frames[0].start + time_of_day, length, zone, lang, None, "same time")
    expr = compose(rest)
    if expr.kind == "duration":  # "make it two hours": the event from its start, that long
        d = expr.duration.delta  # type: ignore[union-attr]
        new_end = start + d
        if new_end <= start:
            raise Unusable("a duration must be positive")
        begin, note = localize(start, zone)
        end, end_note = localize(new_end, zone)
        return make_resolution(
            "resolved", begin, end, "minute", (), None, end - begin, None, None, None, note or end_note, lang
        )
    if expr.kind == "range" and not expr.left.has_date() and not expr.right.has_date():  # "move to 4-6pm"
        from .resolver import _resolve_expr  # (the resolver imports this module)

        return _resolve_expr(
            compose([p.DateParts(start.year, start.month, start.day), *rest]), ctx, ctx.now, lang
        )
    if expr.kind != "point":
        return None
    spec = expr.left
    if spec.shift is not None and spec.shift.event is not None:
        return None
    dated = spec.has_date()  # (a part of day with a day of its own may keep the event's clock; "晚" alone never)
    if not spec.has_date() and (spec.clock is not None or spec.number is not None or spec.pod is not None):
        # "move to 4", 改到四点: a time of day on the event's own day
        spec = compose([*rest, p.DateParts(start.year, start.month, start.day)]).left
    frames, assumed = spec_frames(spec, ctx)
    if all(f.grain == "day" for f in frames):  # "move it to Friday": the event's time of day that day
        frames = [a.Frame(f.start + time_of_day, f.start + time_of_day, "minute", f.label) for f in frames]
    elif dated and (kept := _clock_within(spec, frames, time_of_day)) is not None:
        frames = [kept]  # "move it to Thursday afternoon" for a 3pm event: its own clock, that afternoon
    elif not all(f.grain in ("minute", "second", "exact") for f in frames):
        return None  # a part of day, a week: as without an event
    if len(frames) == 1:
        return _kept(frames[0].start, length, zone, lang, assumed, frames[0].label)
    from .result import Candidate  # (several readings: "move to 7", morning or evening)

    cands = []
    for i, f in enumerate(frames):
        r = _kept(f.start, length, zone, lang, None, f.label)
        cands.append(Candidate(r.start, r.end, "minute", f.label or f"reading {i + 1}"))  # type: ignore[arg-type]
    return Resolution(
        "ambiguous",
        grain="minute",
        candidates=tuple(cands),
        lang=lang,
        reason="the hour could be morning or evening; ask which",
    )


def _clock_within(spec: object, frames: list[a.Frame], time_of_day: timedelta) -> a.Frame | None:
    """One part of a day named with no clock (周四下午, "Thursday afternoon") that holds the event's own time
    of day: that time, that day. None when the part of day does not hold it (the user is asked)."""
    if spec.pod is None or spec.clock is not None or spec.number is not None or len(frames) != 1:  # type: ignore[attr-defined]
        return None
    f = frames[0]
    wall = f.start.replace(hour=0, minute=0, second=0, microsecond=0) + time_of_day
    return a.Frame(wall, wall, "minute", f.label) if f.start <= wall < f.end else None


def _shifted_day_at(
    shifts: list[p.Shift],
    others: list[p.Piece],
    start: datetime,
    length: timedelta,
    zone: tzinfo,
    ctx: a.Ctx,
    lang: str,
) -> Resolution | None:
    """A move by whole days from the event's day, at a time of day named beside it ("the day after at 4",
    第二天下午三点): the day the shift lands on, at that time; the event's length is kept."""
    expr = compose(others)
    if expr.kind == "point" and expr.left.has_date() and expr.left.shift is None and _the_events_day(expr, start, ctx):
        # "週四延後兩天", "from Thursday, push it 2 days": the day says which event (its own), the shift moves it
        return _kept(_moved(shifts, start, zone), length, zone, lang, None, "moved")
    if any(x.grain not in _DAY_GRAINS for x in shifts):
        raise Unusable("a move by hours cannot also name a time of day")
    if expr.kind != "point" or expr.left.has_date() or expr.left.shift is not None:
        raise Unusable("a move from the event's day takes a time of day, not another date")
    day = _moved(shifts, start, zone)
    found = _relative([*others, p.DateParts(day.year, day.month, day.day)], start, length, zone, ctx, lang)
    if found is None:
        raise Unusable("a part of day is no start to move to; ask for the time")
    return found


def _the_events_day(expr: object, start: datetime, ctx: a.Ctx) -> bool:
    """The expression is one day, with no time of day, and the event starts on it."""
    spec = expr.left  # type: ignore[attr-defined]
    if spec.clock is not None or spec.number is not None or spec.pod is not None:
        return False
    frames, _ = spec_frames(spec, ctx)
    return len(frames) == 1 and frames[0].grain == "day" and frames[0].start <= start < frames[0].end


_DAY_GRAINS = frozenset({"day", "week", "month", "year"})


def _moved(shifts: list[p.Shift], start: datetime, zone: tzinfo) -> datetime:
    """The event's start moved by ``shifts`` (counted from the event, not from now), floored to the minute."""
    event_ctx = a.Ctx(start, zone, True)
    frames, _ = spec_frames(compose([replace(x, event=None) for x in shifts]).left, event_ctx)  # type: ignore[type-var]
    if frames[0].grain == "day":  # "the following Monday": a day, at the event's own time of day
        return frames[0].start + (start - _combine(start, a.MIDNIGHT))
    return frames[0].start


def _kept(
    wall: datetime, length: timedelta, zone: tzinfo, lang: str, assumed: str | None, label: str | None
) -> Resolution:
    """The event at its new start ``wall`` with its own length (elapsed time, across DST)."""
    aware, note = localize(wall, zone)
    end = (aware.astimezone(UTC) + length).astimezone(zone)
    return make_resolution("resolved", aware, end, "minute", (), None, None, None, label, assumed, note, lang)
