"""What the user's own words name beyond a start: an end or a duration, a span over a day, a repetition. It
decides whether an unusable optional argument is dropped (the user never asked for it) or asked about (the
user did, and the model mangled it)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from agent.language import HAN_RUN
from agent.time_grounding import MAX_PHRASES, Memo, joined, phrases_of, resolved
from agent.time_lists import list_items
from agent.timing import rule_days
from schedule_time import Resolution, reads_as_an_end, said_as_an_end
from schedule_time.language import normalise, scan
from schedule_time.pieces import TimesPer

__all__ = ["says_how_often", "user_gave_end", "user_gave_end_time", "user_gave_multi_day", "user_gave_recurrence", "weekly_count_said"]

_DAY = timedelta(hours=24)


def _readings(text: str, now: datetime, tz: ZoneInfo, memo: Memo | None) -> Iterable[Resolution]:
    """Each phrase's reading; a list that reads as no one time ("every Monday at 9 and 4") by its items, so
    that what one item says ("every Monday at 9": a repetition) is still said."""
    for phrase in joined(phrases_of(text, memo)[:MAX_PHRASES]):
        r = resolved(phrase, now=now, tz=tz, memo=memo)
        if r.status == "resolved":
            yield r
            continue
        items = [resolved(item, now=now, tz=tz, memo=memo) for item in list_items(phrase, now=now, tz=tz, memo=memo)]
        rules = {rule_days(r.recurrence) for r in items if r.status == "resolved"}
        if len(rules) == 1:  # one series at several times; "every Monday and daily" is two repetitions: none
            yield from (r for r in items if r.status == "resolved")


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
    """The user's words name a repetition: one that reads, or how many times a period without its days
    ("twice a week", 每周三次: ``schedule_time.pieces.TimesPer``)."""
    return any(r.recurrence for r in _readings(text, now, tz, memo)) or any(
        says_how_often(phrase) for phrase in phrases_of(text, memo)[:MAX_PHRASES]
    )


def weekly_count_said(sources: Iterable[str], memo: Memo | None = None) -> str | None:
    """How many times a week the user's words say, without the days ("twice a week", 每周三次), as a short
    phrase of their language ("twice a week", 每周三次, whatever the wording around it): what a question
    about the days quotes and an answer of days joins. None for none, or for two different counts."""
    said = {
        (piece.count, HAN_RUN.search(phrase) is not None)
        for text in sources
        for phrase in phrases_of(text, memo)[:MAX_PHRASES]
        for piece in scan(normalise(phrase)).pieces
        if type(piece) is TimesPer and piece.freq == "WEEKLY"
    }
    if len({count for count, _ in said}) != 1:
        return None
    count, han = said.pop()
    if han:
        return f"每周{_ZH_COUNTS.get(count, str(count))}次"
    return f"{_EN_COUNTS.get(count, f'{count} times')} a week"


_ZH_COUNTS = {2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七"}
_EN_COUNTS = {2: "twice", 3: "3 times", 4: "4 times", 5: "5 times", 6: "6 times", 7: "7 times"}


def says_how_often(phrase: str) -> bool:
    """``phrase`` says how many times a period ("3x a week", 一周两次), whether or not it says which days."""
    return any(type(piece) is TimesPer for piece in scan(normalise(phrase)).pieces)
