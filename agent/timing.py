"""Time expressions → what a write needs, via ``schedule_time`` (the agent never does date arithmetic on
the text itself). Each function returns a small union:

    Timing (a start, an end, all-day or not, an RRULE)  |  Ambiguous (candidates)  |  Missing (why)

Conventions (README of evals): a point ("tomorrow 3pm") lasts 1 hour unless an end or a duration is given;
an explicit range ("3 to 5pm") keeps its end; a day with "all day"/"全天" is an all-day event, and so is a range
of two or more whole days ("from the 10th to the 14th", 下周一到周三); one day (or a part of a day) without a
time is a *missing time*, never an all-day event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from agent.time_grounding import names_a_day
from schedule_time import Candidate, Resolution, reads_as_a_start, resolve
from schedule_time.language import normalise, scan
from schedule_time.pieces import RangeSep

__all__ = [
    "Ambiguous",
    "Missing",
    "Timing",
    "named_day",
    "names_start_day",
    "read_range",
    "resolve_duration",
    "resolve_end",
    "resolve_recurrence",
    "resolve_start",
    "rule_days",
    "said_all_day",
]

DEFAULT_DURATION = timedelta(hours=1)
_ALL_DAY = re.compile(
    r"(?:,?\s*\b(?:all[\s-]day|the\s+whole\s+day|whole\s+day|full\s+day)\b|全天|整天|一整天)", re.IGNORECASE
)
_GRAIN_SPAN = {"minute": timedelta(minutes=1), "hour": timedelta(hours=1)}
_RULE_TIME_PARTS = re.compile(r";?BY(?:HOUR|MINUTE|SECOND)=[^;]*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Timing:
    start: datetime
    end: datetime | None
    """None when the expression was a point: the caller applies an end, a duration or the default."""
    all_day: bool = False
    rrule: str | None = None


@dataclass(frozen=True, slots=True)
class Ambiguous:
    candidates: tuple[Candidate, ...]


@dataclass(frozen=True, slots=True)
class Missing:
    """No usable start: ``day`` is set when only the time of day is missing."""

    reason: str
    day: datetime | None = None
    after: datetime | None = None
    """An open time's bound ("after 7pm" on Friday: 19:00; "before noon": the end, as ``before``): the
    answer to "what time?" is read inside it."""
    before: datetime | None = None


def wall_clock(moment: datetime, tz: tzinfo) -> tuple[int, int]:
    """The (hour, minute) a clock in ``tz`` shows at ``moment``: how a clock said without a day compares."""
    local = moment.astimezone(tz)
    return (local.hour, local.minute)


def said_all_day(text: str) -> bool:
    """ "all day", "all-day", 全天 …: the user asked for an all-day event."""
    return _ALL_DAY.search(text) is not None


def _resolve(text: str, now: datetime, tz: ZoneInfo) -> Resolution:
    return resolve(text, now=now, tz=tz, prefer="future")


def _is_point(r: Resolution) -> bool:
    assert r.start is not None and r.end is not None
    return r.grain in _GRAIN_SPAN and r.label is None and r.end - r.start == _GRAIN_SPAN[r.grain]


def _rule(r: Resolution) -> str | None:
    return rule_days(r.recurrence)


def rule_days(rule: str | None) -> str | None:
    """A repetition without its clock parts (BYHOUR, BYMINUTE, BYSECOND): which days it falls on, the
    start carrying the time of day. None for none, or for a rule of clock parts only."""
    return (_RULE_TIME_PARTS.sub("", rule).strip(";") or None) if rule else None


def resolve_start(
    text: str, *, now: datetime, tz: ZoneInfo, anchor: datetime | None = None
) -> Timing | Ambiguous | Missing:
    """A start for a create (or a move, with ``anchor`` = the event's current start: a time without a day
    keeps the event's day, a day without a time keeps the event's time of day)."""
    all_day = bool(_ALL_DAY.search(text))
    cleaned = _ALL_DAY.sub(" ", text).strip(" ,") if all_day else text
    if not cleaned:
        return Missing("empty")
    base = now
    if anchor is not None and _lacks_day(cleaned, now, tz):
        base = datetime.combine(anchor.astimezone(tz).date(), time(0), tzinfo=tz)
    r = _resolve(cleaned, base, tz)
    if r.status == "ambiguous":
        return Ambiguous(r.candidates[:3])
    one_sided = r.status == "resolved" and (r.start is None) != (r.end is None)
    if one_sided and not (r.end is None and reads_as_a_start(cleaned)):
        # "friday after 7pm", "before noon tomorrow": no start to write, but the day and the bound are the
        # user's — the question names the day, and the answer is read inside the bound
        bound = r.start or r.end
        assert bound is not None
        day = datetime.combine(bound.astimezone(tz).date(), time(0), tzinfo=tz)
        return Missing("open interval, not a time", day=day, after=r.start, before=r.end)
    if r.status != "resolved" or r.start is None:
        return Missing(r.reason or "unresolved")
    if r.end is None and r.duration is None and r.grain in ("minute", "hour") and reads_as_a_start(cleaned):
        return Timing(r.start, None, rrule=_rule(r))  # "starting at 7pm", 晚上七点开始: the start itself
    if r.end is None or r.duration is not None:
        return Missing("open interval or a duration, not a time")
    if all_day:
        if r.grain in ("minute", "hour"):
            return Missing("a time of day with 'all day'")
        last = r.end if r.end.time() == time(0) else r.end + timedelta(days=1)
        return Timing(r.start, last, all_day=True, rrule=_rule(r))
    if r.grain in _GRAIN_SPAN:
        if _is_point(r):
            return Timing(r.start, None, rrule=_rule(r))
        if r.label is None:
            return Timing(r.start, r.end, rrule=_rule(r))
    if anchor is None and _span_of_days(cleaned, r):
        return Timing(r.start, r.end, all_day=True, rrule=_rule(r))
    if anchor is not None and r.grain == "day" and r.end - r.start <= timedelta(days=1):
        local = anchor.astimezone(tz)
        start = datetime.combine(r.start.date(), local.time(), tzinfo=tz)
        return Timing(start, None, rrule=_rule(r))
    return Missing("no time of day", day=r.start if r.end - r.start <= timedelta(days=1) else None)


def _span_of_days(text: str, r: Resolution) -> bool:
    """A new event's time that is a range of two or more whole days written as one ("from the 10th to the
    14th", "March 10-14", 下周一到周三): those days, all day (no one asks when a trip's first day starts).
    A period ("next week", "this weekend") or a window ("between the 10th and the 14th", "next 3 days")
    stays a missing time: the time within it is the user's to give."""
    assert r.start is not None and r.end is not None
    if r.grain != "day" or r.label is not None or r.recurrence or r.end - r.start < timedelta(days=2):
        return False
    return any(isinstance(x, RangeSep) and not x.weak for x in scan(normalise(text)).pieces)


def named_day(text: str, *, now: datetime, tz: ZoneInfo) -> date | None:
    """The one local day the expression names ("tomorrow 11am", "周五下午三点"), or None: no day of its own
    ("11am"), several days, or no reading."""
    if _lacks_day(text, now, tz):
        return None
    r = _resolve(text, now, tz)
    starts = [r.start] if r.status == "resolved" and r.start is not None else [c.start for c in r.candidates]
    days = {s.astimezone(tz).date() for s in starts}
    if len(days) != 1 or (
        r.status == "resolved" and r.end is not None and r.end - r.start > timedelta(days=1)
    ):
        return None
    return days.pop()


def _lacks_day(text: str, now: datetime, tz: ZoneInfo) -> bool:
    """True when the expression names no day: it reads the same from two different days' midnights."""
    base = datetime.combine(now.date(), time(0), tzinfo=tz) + timedelta(days=40)
    a = _resolve(text, base, tz)
    b = _resolve(text, base + timedelta(days=1), tz)
    if a.status != "resolved" or b.status != "resolved" or a.start is None or b.start is None:
        return False
    # A bare time read from a midnight lands on that same day; "tomorrow 4pm" shifts with the base too,
    # but lands on the next day: it names a day.
    same_day = a.start.astimezone(tz).date() == base.date()
    return (
        (b.start - a.start) == timedelta(days=1)
        and same_day
        and a.grain in _GRAIN_SPAN
        and not _mentions_today(text)
    )


_TODAY = re.compile(
    r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b|今天|今晚|今早|今日|今天晚上", re.IGNORECASE
)


def _mentions_today(text: str) -> bool:
    return bool(_TODAY.search(text))


def resolve_end(text: str, *, start: datetime, now: datetime, tz: ZoneInfo) -> datetime | None:
    """An end expression. One that names its own day ("tomorrow 4:30pm", "Friday 5pm") is read from the
    turn's ``now``, like any expression the user said; one without a day ("5pm", "4:30") is read on the
    start's day, and on the next day only if it would otherwise not be after the start and still ends within
    half a day ("11pm to 1am"; not "1pm" after a 4pm start); one
    that is morning or evening ("until 6") is the reading within half a day after the start.
    A duration ("2 hours") is added to the start; a clock range ("3 to 5pm") ends at its end. None when
    unresolved or not after the start. A bare hour ("6", as the model often writes it) is a clock, as after
    "at": an end field holds a time, never a day of the month."""
    if text.strip().isdigit() and int(text.strip()) <= 24:
        text = f"at {text.strip()}"
    alone = _resolve(text, start.astimezone(tz).replace(second=0, microsecond=0), tz)
    read = alone if not names_a_day(text) else _resolve(text, now, tz)  # "7 tomorrow": from now, as said
    if read.status == "ambiguous":
        # "until 6" / "at 6" after a 4pm start: morning or evening, and only one of them ends the event
        # within half a day of its start — that one (18:00); both or neither: no end to guess
        after = {
            c.start
            for c in read.candidates
            if c.start is not None and timedelta(0) < c.start - start < timedelta(hours=12)
        }
        return after.pop() if len(after) == 1 else None
    if alone.status == "resolved" and alone.start is None and alone.end is not None:
        # "till 2", "until 6pm", 到两点: an end alone, read from the start (a bare 2 after 12:15 is 14:00);
        # one with no day of its own that lands half a day or more after the start ("till 11" after 12:15
        # read as 11am the next day) is no end to guess
        if alone.end <= start:
            return None
        later = _resolve(text, start.astimezone(tz).replace(second=0, microsecond=0) + timedelta(days=1), tz)
        dayless = later.end is not None and later.end - alone.end == timedelta(days=1)
        return None if dayless and alone.end - start >= timedelta(hours=12) else alone.end
    if _lacks_day(text, now, tz):
        base = datetime.combine(start.astimezone(tz).date(), time(0), tzinfo=tz)
        r = _resolve(text, base, tz)
        if r.status != "resolved" or r.start is None:
            return None
        if r.duration is not None:
            return start + r.duration
        end = r.end if _is_range(r) else r.start  # "3 to 5pm" as an end: its end
        if end <= start:
            end += timedelta(days=1)  # "11pm to 1am"
            if end - start >= timedelta(hours=12):
                return None  # "1pm" after a 4pm start is no end of the next afternoon (as for "till 11" above)
        return end if end > start else None
    r = _resolve(text, now, tz)
    if r.status != "resolved" or r.start is None:
        return None
    if r.duration is not None:
        return start + r.duration
    end = r.end if _is_range(r) and r.end is not None else r.start
    return end if end > start else None


def names_start_day(text: str, *, start: datetime, now: datetime, tz: ZoneInfo) -> bool:
    """The expression is a day (no clock) on or before the start's day: "April 3" given as the end of an
    event starting April 3 at 2pm ("every other Thursday at 2pm, starting April 3") says where the event
    starts, not when it ends."""
    r = _resolve(text, now, tz)
    if r.status != "resolved" or r.start is None or r.grain != "day" or r.recurrence or r.duration:
        return False
    if r.end is not None and r.end - r.start > timedelta(days=1):
        return False
    return r.start.date() <= start.astimezone(tz).date()


def _is_range(r: Resolution) -> bool:
    return r.grain in _GRAIN_SPAN and r.label is None and r.end is not None and not _is_point(r)


def resolve_duration(text: str, *, now: datetime, tz: ZoneInfo) -> timedelta | None:
    r = _resolve(text, now, tz)
    if r.status == "resolved" and r.duration is not None and r.duration > timedelta(0):
        return r.duration
    return None


def resolve_recurrence(text: str, *, start: datetime, tz: ZoneInfo) -> str | None:
    r = _resolve(text, start, tz)
    return _rule(r) if r.status == "resolved" else None


def read_range(
    text: str, *, now: datetime, tz: ZoneInfo, horizon: timedelta = timedelta(days=30)
) -> tuple[datetime, datetime] | None:
    """The range a read covers. Ambiguous → the span of the candidates; open ends → now / now + horizon;
    a point → its hour."""
    r = _resolve(text, now, tz)
    if r.status == "ambiguous" and r.candidates:
        return min(c.start for c in r.candidates), max(c.end for c in r.candidates)
    if r.status != "resolved":
        return None
    start = r.start or now
    end = r.end or (start + horizon)
    if r.grain == "minute" and end - start <= timedelta(minutes=1):
        end = start + timedelta(hours=1)
    return (start, end) if end > start else None


def timing_json(
    start: datetime | date, end: datetime | date, all_day: bool, rrule: str | None
) -> dict[str, Any]:
    return {"start": start.isoformat(), "end": end.isoformat(), "all_day": all_day, "rrule": rrule}


def timing_from_json(data: dict[str, Any]) -> tuple[datetime, datetime, bool, str | None]:
    return (
        datetime.fromisoformat(data["start"]),
        datetime.fromisoformat(data["end"]),
        bool(data["all_day"]),
        data.get("rrule"),
    )
