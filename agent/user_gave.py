"""What the user's own words name beyond a start: an end or a duration, a span over a day, a repetition. It
decides whether an unusable optional argument is dropped (the user never asked for it) or asked about (the
user did, and the model mangled it)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from agent.time_grounding import MAX_PHRASES, Memo, joined, phrases_of, resolved
from schedule_time import Resolution, reads_as_an_end, said_as_an_end

__all__ = ["user_gave_end", "user_gave_end_time", "user_gave_multi_day", "user_gave_recurrence"]

_DAY = timedelta(hours=24)


def _readings(text: str, now: datetime, tz: ZoneInfo, memo: Memo | None) -> Iterable[Resolution]:
    for phrase in joined(phrases_of(text, memo)[:MAX_PHRASES]):
        r = resolved(phrase, now=now, tz=tz, memo=memo)
        if r.status == "resolved":
            yield r


def _timed_range(r: Resolution) -> timedelta | None:
    """The length of an explicit clock range ("3 to 5pm"), None for points, days and open ranges."""
    if r.start is None or r.end is None or r.grain not in ("minute", "hour") or r.label is not None:
        return None
    span = r.end - r.start
    return span if span > timedelta(hours=1 if r.grain == "hour" else 0, minutes=1) else None


def user_gave_end(text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    """The user's words name an end or a duration ("3 to 5pm", "for 2 hours", "下午3点到5点")."""
    return any(r.duration is not None or _timed_range(r) is not None for r in _readings(text, now, tz, memo))


def user_gave_end_time(text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    """``user_gave_end``, or an end said on its own: "until 5", 五点结束, or a time its clause says is the
    end ("the end time should be 11", 结束时间改成十一点: ``schedule_time.said_as_an_end``) — not "before 5",
    a bound on when and no end."""
    if user_gave_end(text, now=now, tz=tz, memo=memo):
        return True
    for phrase in phrases_of(text, memo)[:MAX_PHRASES]:
        if reads_as_an_end(phrase) or said_as_an_end(text, phrase):
            return True
    return False


def user_gave_multi_day(text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    """The user's words name a span or duration over 24 hours ("Friday 9am to Sunday 5pm", "for 3 days")."""
    for r in _readings(text, now, tz, memo):
        span = r.duration if r.duration is not None else _timed_range(r)
        if span is not None and span > _DAY:
            return True
    return False


def user_gave_recurrence(text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    return any(r.recurrence for r in _readings(text, now, tz, memo))
