"""The public entry point: text + now + zone -> Resolution. Pure: no clock reads, no I/O."""

from __future__ import annotations

from dataclasses import replace as dc_replace
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Literal
from unicodedata import normalize as _nfkc
from zoneinfo import ZoneInfo

from . import anchors as a
from .compose import compose
from .frames import range_end, spec_frames, timed_frames
from .language import _MEMO, _MEMO_MAX, APOSTROPHES, _scan
from .pieces import DateParts, DayShift, PartOfDay, Piece
from .recurrence import occurrences
from .relative import check_relative, resolve_relative
from .result import Candidate, Resolution, TimeExpressionError, make_resolution, unresolved
from .shapes import SHAPES
from .spec import Contradiction, Expr, Unusable
from .zones import localize, to_wall

_combine = datetime.combine   # (bound once, as in ``anchors``)

MAX_TEXT = 300
NOW_YEARS = range(1000, 9000)
"""The years a ``now`` may fall in: a millennium away from ``datetime.min``/``max``, where the calendar
arithmetic itself overflows (such a call is unresolved, never an ``OverflowError``). Wider than the years
the store holds (1900-2200): the service is a calendar, and a historical reference date is a fair one."""


def _check(text: object, now: object, tz: object, prefer: object) -> tzinfo:
    if not isinstance(text, str):
        raise TimeExpressionError(f"text must be a string, not {type(text).__name__}")
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise TimeExpressionError("now must be a timezone-aware datetime")
    if prefer not in ("future", "past"):
        raise TimeExpressionError('prefer must be "future" or "past"')
    if tz is not None and not isinstance(tz, tzinfo):
        raise TimeExpressionError("tz must be a tzinfo (e.g. ZoneInfo) or None")
    return tz if tz is not None else now.tzinfo  # type: ignore[return-value]


_last_ctx: tuple = (object(), object(), object(), None, None, None)   # (never equal to a real call's)
"""(now, tz, prefer, zone, Ctx, wall key) of the last call: a caller resolving several texts for one message
(or a corpus sharing one reference time) passes the same ``now`` again, or an equal one. The same wall clock
in an equal tzinfo (``_wall_key``) is the same instant, so the Ctx (never mutated) is reused."""


def _wall_key(now: datetime) -> tuple:
    """``now``'s zone and wall-clock fields: equal keys, equal instants. (Cheaper than ``now == last``, which
    for two equal but distinct zone objects, as two parses of "-02:00" give, asks each zone for the offset of
    both folds: four lookups and two new datetimes.)"""
    return (now.tzinfo, now.year, now.month, now.day, now.hour, now.minute, now.second, now.microsecond)


def _context(now: datetime, tz: tzinfo | None, prefer: str, zone: tzinfo) -> a.Ctx:
    global _last_ctx
    ctx = a.Ctx(to_wall(now, zone), zone, prefer == "future")
    _last_ctx = (now, tz, prefer, zone, ctx, _wall_key(now))
    return ctx


NIGHT_OWL_HOUR = 4
"""``resolve``'s default ``night_owl_hour``: said between 00:00 and 04:00 local time, "tomorrow" / 明天 is asked
about (README "Tomorrow after midnight")."""


def resolve(text: str, *, now: datetime, tz: tzinfo | None = None,
            prefer: Literal["future", "past"] = "future", dayfirst: bool | None = None,
            relative_to: tuple[datetime, datetime] | None = None,
            night_owl_hour: int = NIGHT_OWL_HOUR) -> Resolution:
    """Resolve one time expression (English or Chinese) relative to ``now`` in ``tz``.

    Returns a ``Resolution``: resolved (``[start, end)``), ambiguous (``candidates``) or unresolved
    (``reason``). Raises ``TimeExpressionError`` only for API misuse (naive ``now``, a bad ``prefer``,
    ``tz`` or ``relative_to``); a ``now`` outside ``NOW_YEARS``, or a result beyond ``datetime``'s
    range, is unresolved.

    * ``tz``: the zone the result is in and the text's wall clock is read in (default: ``now``'s). A
      zone in the text ("3pm London time", 北京时间, "9am PT") reads the clock there and converts.
    * ``dayfirst``: the user's locale for numeric dates that read either way ("3/4", "5.6.2027"):
      True day first (3 April), False month first (4 March), None the separator's default ("/" and
      "-" month first, "." day first). Never changes a date that can only be read one way ("14/3",
      "2027-03-04").
    * ``relative_to``: an event's ``(start, end)`` (aware) that the text moves or repeats: "an hour
      later", "push it back two days", 提前二十分钟, "same time next Monday", 周五同一个时间段, "move to 4"
      (a clock time without a day keeps the event's day). The result is the event's new ``[start,
      end)``, its length kept unless the text gives an end or a length. Other texts resolve as without
      it; a move ("push it back", 推迟一天) without it is unresolved. See README "Relative to an event".
    * ``night_owl_hour``: said from 00:00 until this hour (local, default ``NIGHT_OWL_HOUR`` = 4), a text
      naming "tomorrow" (tomorrow, 明天, 明早, "tomorrow morning", 明天上午 …) is ``ambiguous``: the day after the
      night now ending (the calendar's today) first, then the calendar's tomorrow; if only one of them
      resolves ("明天周三" said at 01:00 on a Wednesday) it is that one. 0 turns this off. "today" and
      "tonight" keep the calendar day. See README "Tomorrow after midnight".
    """
    if night_owl_hour is not NIGHT_OWL_HOUR and not (type(night_owl_hour) is int and 0 <= night_owl_hour <= 12):
        raise TimeExpressionError("night_owl_hour must be an hour 0-12 (0: off)")
    if relative_to is not None:
        return _resolve_relative(text, now, tz, prefer, dayfirst, relative_to, night_owl_hour)
    last_now, last_tz, last_prefer, zone, ctx, last_key = _last_ctx
    if not (tz is last_tz and prefer is last_prefer and type(text) is str and (now is last_now or (
            type(now) is datetime and (now.tzinfo, now.year, now.month, now.day, now.hour, now.minute, now.second,
                                       now.microsecond) == last_key))):   # (``_wall_key``, inline)
        zone = _check(text, now, tz, prefer)   # (else: the previous call's context, checked and converted)
        ctx = None
        if now.year not in NOW_YEARS:
            return unresolved(f"now must fall in the years {NOW_YEARS.start}-{NOW_YEARS.stop - 1}")
    norm = text.strip().lower() if text.isascii() else _nfkc("NFKC", text).translate(APOSTROPHES).strip().lower()   # (``normalise``, inline)
    if not 0 < len(norm) <= MAX_TEXT:
        return unresolved("empty text" if not norm else f"longer than {MAX_TEXT} characters; pass one time expression")
    hit = _MEMO.get(norm)   # (``scan_parts``, inline: one call less per text)
    if hit is None:
        hit = _scan(norm)
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        _MEMO[norm] = hit
    pieces, unknown, lang = hit
    if dayfirst is not None:   # the caller's locale: "3/4" is 3 April day first (README "numeric dates")
        pieces = _date_order(pieces, dayfirst)
    if unknown:
        words = " ".join(dict.fromkeys(unknown))[:60]
        return unresolved(f"not a date or time expression: {words!r}", lang)
    try:
        if ctx is None:
            ctx = _context(now, tz, prefer, zone)
        if ctx.now.hour < night_owl_hour and _says_tomorrow(pieces):   # (False at once from 04:00 on)
            return _night_owl(pieces, ctx, now, lang)
        n = len(pieces)
        shape = SHAPES.get(type(pieces[0]) if n == 1 else (type(pieces[0]), type(pieces[1])) if n == 2 else None)
        if shape is None:
            return _resolve_expr(compose(pieces), ctx, now, lang)
        # The commonest shapes: the same frames without composing a Spec.
        frame, clock, pod = shape(pieces, ctx)
        if clock is None and pod is None and frame is not None and frame.grain != "exact":
            tz = ctx.tz   # a date part alone: its frame as it is (``_resolved``, inline for a fixed offset)
            if type(tz) is not timezone:
                return _resolved(frame, tz, lang, None)
            s, e = frame.start, frame.end
            return make_resolution("resolved", _combine(s, s.time(), tz), _combine(e, e.time(), tz),
                                   frame.grain, (), None, None, None, frame.label, None, None, lang)
        frames, assumed = timed_frames(frame, clock, pod, None, None, ctx)
        if len(frames) == 1:
            return _resolved(frames[0], ctx.tz, lang, assumed)
        return _finish(frames, ctx, lang, assumed)
    except (Unusable, a.Impossible) as ex:
        return unresolved(str(ex), lang, contradiction=isinstance(ex, Contradiction))
    except (OverflowError, ValueError) as ex:
        return unresolved(f"out of range: {ex}", lang)


def _says_tomorrow(pieces: tuple[Piece, ...]) -> bool:
    """Whether the pieces name the day after today: "tomorrow", 明天 (``DayShift(1)``), 明早, 明晚 (a part of
    day on the next day)."""
    for x in pieces:
        t = type(x)
        if (t is DayShift and x.days == 1) or (t is PartOfDay and x.day_shift == 1):  # type: ignore[attr-defined]
            return True
    return False


def _a_day_earlier(x: Piece) -> Piece:
    """The night owl's "tomorrow": the day after the night now ending, the calendar's today."""
    t = type(x)
    if t is DayShift and x.days == 1:  # type: ignore[attr-defined]
        return DayShift(0)
    if t is PartOfDay and x.day_shift == 1:  # type: ignore[attr-defined]
        return dc_replace(x, day_shift=0)  # type: ignore[type-var]
    return x


def _from_pieces(pieces: tuple[Piece, ...], ctx: a.Ctx, now: datetime, lang: str) -> Resolution:
    try:
        return _resolve_expr(compose(pieces), ctx, now, lang)
    except (Unusable, a.Impossible) as ex:
        return unresolved(str(ex), lang, contradiction=isinstance(ex, Contradiction))
    except (OverflowError, ValueError) as ex:
        return unresolved(f"out of range: {ex}", lang)


def _night_owl(pieces: tuple[Piece, ...], ctx: a.Ctx, now: datetime, lang: str) -> Resolution:
    """"tomorrow" said after midnight (before ``night_owl_hour``): the day after the night now ending (the
    calendar's today) and the calendar's tomorrow are both candidates, in that order (the earlier day, and the
    likelier: someone still up at 01:00 means the day they wake up to); one that does not resolve is
    dropped (a weekday named with it decides: "明天周三" at 01:00 on a Wednesday is that Wednesday)."""
    calendar = _from_pieces(pieces, ctx, now, lang)
    owl = _from_pieces(tuple(map(_a_day_earlier, pieces)), ctx, now, lang)
    if owl.status == "unresolved" or (owl.start, owl.end, owl.candidates) == (calendar.start, calendar.end,
                                                                              calendar.candidates):
        return calendar
    today = ctx.today.strftime("%a %d %b")
    if calendar.status == "unresolved":
        note = f"after midnight: tomorrow read as the day after the night now ending ({today})"
        return dc_replace(owl, assumed=owl.assumed or note)
    tomorrow = (ctx.today + timedelta(days=1)).strftime("%a %d %b")

    def cands(r: Resolution, label: str) -> list[Candidate]:
        if r.status == "ambiguous":
            return [Candidate(c.start, c.end, c.grain, f"{label}, {c.label}", c.recurrence) for c in r.candidates]
        return [Candidate(r.start, r.end, r.grain, label, r.recurrence)]  # type: ignore[arg-type]

    found = cands(owl, f"after midnight: today ({today})") + cands(calendar, f"calendar tomorrow ({tomorrow})")
    return Resolution("ambiguous", grain=calendar.grain, candidates=tuple(found), dst=calendar.dst or owl.dst,
                      lang=lang, reason=f"said after midnight, 'tomorrow' may be the day after the night now ending ({today}) "
                                        f"or the calendar's tomorrow ({tomorrow}); ask which")


def _resolve_relative(text: str, now: datetime, tz: tzinfo | None, prefer: str, dayfirst: bool | None,
                      relative_to: object, night_owl_hour: int) -> Resolution:
    zone = _check(text, now, tz, prefer)
    frame = check_relative(relative_to)
    plain = resolve(text, now=now, tz=tz, prefer=prefer, dayfirst=dayfirst,  # type: ignore[arg-type]
                    night_owl_hour=night_owl_hour)
    if now.year not in NOW_YEARS or len(text) > 4 * MAX_TEXT:
        return plain
    ctx = a.Ctx(to_wall(now, zone), zone, prefer == "future")
    return resolve_relative(text, plain, zone, ctx, frame,  # type: ignore[arg-type]
                            (lambda x: x) if dayfirst is None else (lambda x: _date_order(x, dayfirst)))


def _date_order(pieces: tuple[Piece, ...], dayfirst: bool) -> tuple[Piece, ...]:
    """Numeric dates that read either way ("3/4", "5.6.2027"), in the caller's order (a new tuple: the
    scan's pieces are shared)."""
    keep = "dm" if dayfirst else "md"
    return tuple(x.swapped() if type(x) is DateParts and x.order is not None and x.order != keep else x
                 for x in pieces)


def _resolved(f: a.Frame, tz: tzinfo, lang: str, assumed: str | None) -> Resolution:
    """``_finish`` of one frame with no recurrence, duration or open side."""
    if isinstance(tz, ZoneInfo):
        start, note = localize(f.start, tz)
        end, end_note = localize(f.end, tz)
        note = note or end_note
    else:   # a fixed offset: ``localize`` attaches it (as here) and has nothing to note
        s, e = f.start, f.end
        start = _combine(s, s.time(), tz)
        end = _combine(e, e.time(), tz)
        note = None
    return make_resolution("resolved", start, end, f.grain, (), None, None, None, f.label, assumed, note, lang)


def _finish(frames: list[a.Frame], ctx: a.Ctx, lang: str, assumed: str | None = None,
            recurrence: str | list[str] | None = None, duration: timedelta | None = None,
            open_kind: str | None = None) -> Resolution:
    tz = ctx.tz
    if len(frames) == 1:   # the common case, kept free of closures and keyword arguments
        f = frames[0]
        start = end = note = None
        if open_kind != "before":
            start, note = localize(f.start, tz)
        if open_kind != "after":
            end, end_note = localize(f.end, tz)
            note = note or end_note
        rec = recurrence[0] if isinstance(recurrence, list) else recurrence
        return make_resolution("resolved", start, end, f.grain, (), rec, duration, None, f.label, assumed, note, lang)
    return _ambiguous(frames, tz, lang, recurrence)


def _ambiguous(frames: list[a.Frame], tz: tzinfo, lang: str, recurrence: str | list[str] | None,
               reason: str = "the hour could be morning or evening; ask which") -> Resolution:
    """``_finish`` of several readings (apart, so that the one-frame path makes no closure cells)."""
    notes: list[str] = []
    cands = []
    for i, f in enumerate(frames):
        rec = recurrence[i] if isinstance(recurrence, list) else recurrence
        start, note = localize(f.start, tz)
        if note and note not in notes:
            notes.append(note)
        end, note = localize(f.end, tz)
        if note and note not in notes:
            notes.append(note)
        cands.append(Candidate(start, end, f.grain, f.label or f"reading {i + 1}", rec))
    return Resolution("ambiguous", grain=frames[0].grain, candidates=tuple(cands),
                      dst=notes[0] if notes else None, lang=lang,
                      reason=reason)


def _resolve_expr(expr: Expr, ctx: a.Ctx, now: datetime, lang: str) -> Resolution:
    if expr.kind == "point":   # the common case first
        frames, assumed = spec_frames(expr.left, ctx)
        return _finish(frames, ctx, lang, assumed)
    return _resolve_kind(expr, ctx, lang)


def _resolve_kind(expr: Expr, ctx: a.Ctx, lang: str) -> Resolution:
    """``_resolve_expr`` of every kind but a point (apart: its comprehensions' closure cells are made at
    each call of the function that holds them)."""
    kind = expr.kind
    if kind == "duration":
        d = expr.duration.delta  # type: ignore[union-attr]
        end = ctx.now + d
        if end <= ctx.now:
            raise Unusable("a duration must be positive")
        return _finish([a.Frame(ctx.now, end, "minute")], ctx, lang, duration=end - ctx.now)
    if kind == "recurring":
        out, assumed, rules = occurrences(expr, ctx)
        bounds_series = expr.duration is not None and expr.duration.grain not in ("second", "minute", "hour")
        if expr.duration is not None and not bounds_series:   # "every weekday at 8am for 30 min": each one's length
            if any(f.grain not in ("minute", "hour", "exact") for f in out):
                raise Unusable("a length needs a time of day to start from")
            d = expr.duration.delta
            out = [a.Frame(f.start, f.start + d, f.grain, f.label) for f in out]
        return _finish(out, ctx, lang, assumed, recurrence=rules)
    if kind == "interval":
        frames, assumed = spec_frames(expr.left, ctx)
        d = expr.duration.delta  # type: ignore[union-attr]
        out = [a.Frame(f.start, f.start + d, f.grain, f.label) for f in frames]
        return _finish(out, ctx, lang, assumed)
    if kind == "open":
        frames, assumed = spec_frames(expr.left, ctx)
        if expr.open_kind == "within":   # "within 2 weeks": from now until the day that far ahead begins
            shift = expr.left.shift
            whole_days = shift is not None and shift.grain not in ("second", "minute", "hour")
            out = [a.Frame(ctx.now, a.floor(f.start, "day") if whole_days else f.start, "minute") for f in frames]
            return _finish(out, ctx, lang, assumed)
        if expr.open_kind == "by" and all(f.start <= ctx.now for f in frames):
            return _finish(frames, ctx, lang, assumed)   # "yesterday by 13:20": a past deadline is the time
        if expr.open_kind == "by":
            end_of = expr.left.part == "end"
            out = [a.Frame(ctx.now, f.end if end_of else f.start, f.grain, f.label) for f in frames]
            return _finish(out, ctx, lang, assumed)
        if expr.open_kind == "through":   # "on or before the 12th", 2020年及以前: up to the end of it (a clock
            # time is an instant: "no later than 7:30pm" ends at 19:30)
            frames = [a.Frame(e, e, f.grain, f.label) for f in frames
                      for e in [f.start if f.grain in ("minute", "second", "exact") else f.end]]
            return _finish(frames, ctx, lang, assumed, open_kind="before")
        if expr.open_kind == "before":   # "until 2pm": ends where the named time starts
            frames = [a.Frame(f.start, f.start, f.grain, f.label) for f in frames]
        return _finish(frames, ctx, lang, assumed, open_kind=expr.open_kind)
    if kind == "range":
        return _resolve_range(expr, ctx, lang)
    if kind == "alternatives":   # "Wednesday or Thursday at 7pm": one candidate each, always asked
        frames, seen = [], set()
        for spec in expr.alts or ():
            for f in spec_frames(spec, ctx)[0]:
                if (f.start, f.end) not in seen:
                    seen.add((f.start, f.end))
                    frames.append(f)
        if len(frames) < 2:
            raise Unusable("the alternatives name one time")
        return _ambiguous(frames, ctx.tz, lang, None, reason="the user named alternatives; ask which")
    raise Unusable(f"unknown expression kind {kind}")


def _resolve_range(expr: Expr, ctx: a.Ctx, lang: str) -> Resolution:
    left, right = expr.left, expr.right
    assert right is not None
    lframes, assumed = spec_frames(left, ctx)
    out = []
    for lf in lframes:
        grain = lf.grain if lf.grain != "exact" else "minute"
        out.append(a.Frame(lf.start, range_end(lf, left, right, ctx), grain, lf.label))
    return _finish(out, ctx, lang, assumed)
