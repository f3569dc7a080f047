"""The user's own fuller time phrase when the model's grounded argument drops part of it (or adds words
that make it read as no time: ``readable_part``).

A small model's most common time slip is to keep part of what the user said: "3pm" for "tomorrow at 3pm",
"下午三点" for "明天下午三点", "every other Thursday at 2pm" without its "starting April 10". The argument is
grounded (the user said those words), so grounding lets it through, and the event lands on the wrong day.
The times guard (``guards/times.py``) replaces it with the one phrase of the message that says more.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from agent.time_grounding import (
    DAY_PIECES,
    Memo,
    has_clock,
    norm,
    phrases_in,
    phrases_of,
    quotes,
    readings_key,
    resolved,
    the_time_itself,
)
from agent.time_words import covers
from schedule_time import Resolution, TimeExpressionError, resolve
from schedule_time.compose import dash_joined
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock, Every, Except, Or, PartOfDay, Piece, RangeSep, RecurUnit

__all__ = ["fuller_against_the_event", "fuller_phrase", "readable_part"]

_DAY_WORDS = (*DAY_PIECES, PartOfDay, Or)
"""What ``fuller_phrase`` may add to the model's argument: words naming the day (or its part), or the other
days the user offered ("Wednesday or Thursday": the model's "Wednesday" alone is a guess); never a range, a
repetition or a duration — except days the user took out of the model's repetition (``_days_taken_out``)."""


def fuller_phrase(
    value: str, text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> str | None:
    """The user's own fuller phrase when a grounded ``value`` drops part of it: "3pm" for "tomorrow at 3pm",
    "下午三点" for "明天下午三点" — a small model's most common slip, which would land the event on the wrong
    day. It is the one time phrase of ``text`` whose time words include all of ``value``'s and more, and which
    reads differently; None when there is none, or several (the user named more than one time)."""
    pieces = scan(normalise(value)).pieces
    if not pieces:
        return None
    key = _reading(resolved(value, now=now, tz=tz, memo=memo))
    found = []
    for phrase in phrases_of(text, memo):
        user = dash_joined(scan(normalise(phrase)).pieces)  # "Tuesday — 7pm": one time, its dash no range
        # the user's bare hour that the model's clock reads ("8" of "sat 8" for "8 AM") is no extra word
        extra = [p for p in user if p not in pieces and not any(covers([p], q) for q in pieces)]
        added = extra and (
            all(isinstance(p, _DAY_WORDS) for p in extra)
            or _days_taken_out(pieces, extra)
            or _clock_inside(value, phrase, extra, now, tz, memo)
        )
        if added and all(covers(user, p) for p in pieces):
            other = _reading(resolved(phrase, now=now, tz=tz, memo=memo))
            if other[0] and other != key:
                found.append(phrase)
    if len(found) == 1:
        return found[0]
    return None if found else _with_series_start(value, text, now=now, tz=tz, memo=memo)


def _reading(r: Resolution) -> tuple[frozenset[tuple[object, ...]], frozenset[str | None]]:
    """What a resolution means, with its repetition: the same first occurrence on fewer days reads differently."""
    rules = {c.recurrence for c in r.candidates} if r.status == "ambiguous" else {r.recurrence}
    return readings_key(r), frozenset(rules)


def _clock_inside(
    value: str, phrase: str, extra: list[Piece], now: datetime, tz: ZoneInfo, memo: Memo | None
) -> bool:
    """The user's phrase adds only a clock to a ``value`` that has none, and that clock lies in the value's
    stretch: "tomorrow afternoon" for "at 3 tomorrow afternoon" dropped the time the user gave."""
    if not all(isinstance(p, Clock) for p in extra) or has_clock(value):
        return False
    wide, narrow = resolved(value, now=now, tz=tz, memo=memo), resolved(phrase, now=now, tz=tz, memo=memo)
    if (
        wide.status != "resolved"
        or narrow.status != "resolved"
        or None in (wide.start, wide.end, narrow.start)
    ):
        return False
    return wide.start <= narrow.start < wide.end  # type: ignore[operator]


def _days_taken_out(pieces: list[Piece], extra: list[Piece]) -> bool:
    """The user's phrase adds only days taken out of the model's repeating value: "every day at 7am" of
    "every day at 7am except Sunday" would land the event on the day the user excluded."""
    return (
        any(isinstance(p, RecurUnit) for p in pieces)
        and any(isinstance(p, Except) for p in extra)
        and all(isinstance(p, (*_DAY_WORDS, Except, Every, RecurUnit)) for p in extra)
    )


def _with_series_start(
    value: str, text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None
) -> str | None:
    """A repeating ``value`` the user started elsewhere in the message ("every other Thursday at 2pm,
    starting April 10"; "每两周周四下午两点，4月10日起"): the value with that start — the same rule, a later
    first occurrence; or one the user took days out of in a clause of its own ("每天早上七点，周日除外"): the
    value with the exception. None unless exactly one of the user's phrases does that."""
    r = resolved(value, now=now, tz=tz, memo=memo)
    if r.status != "resolved" or not r.recurrence or r.start is None:
        return None
    found = []
    for phrase in phrases_of(text, memo):
        if norm(phrase) in norm(value):
            continue
        joined = resolved(f"{value} {phrase}", now=now, tz=tz, memo=memo)
        if joined.status != "resolved" or not joined.recurrence:
            continue
        later = joined.recurrence == r.recurrence and joined.start != r.start
        if later or (joined.recurrence != r.recurrence and _takes_days_out(phrase)):
            found.append(f"{value} {phrase}")
    return found[0] if len(found) == 1 else None


def _takes_days_out(phrase: str) -> bool:
    """The phrase is days taken out of a series and nothing else ("周日除外", "except on weekends")."""
    pieces = scan(normalise(phrase)).pieces
    return bool(pieces) and isinstance(pieces[0], Except) and _days_taken_out([RecurUnit("DAILY")], pieces)


def readable_part(
    value: str, text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> str | None:
    """The user's own phrase inside a ``value`` that reads as no time: "Friday, March 6, 6:00 PM" for "friday
    6pm", the model's Friday of the user's words beside a date of our receipt that is a Thursday. The one time
    phrase of ``text`` that reads, all of whose time words the value holds; None when the value reads, or
    there is none or several."""
    if resolved(value, now=now, tz=tz, memo=memo).status != "unresolved":
        return None
    pieces = scan(normalise(value)).pieces
    found = [
        phrase for phrase in phrases_of(text, memo)
        if resolved(phrase, now=now, tz=tz, memo=memo).status == "resolved"
        and (user := dash_joined(scan(normalise(phrase)).pieces))
        and all(any(covers([q], p) or p == q for q in pieces) for p in user)
    ]  # fmt: skip
    return found[0] if len(found) == 1 else None


def fuller_against_the_event(
    value: str, text: str, anchor: tuple[datetime, datetime], *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> str | None:
    """The one phrase of ``text`` that holds a move's ``value`` and more, and that reads otherwise against the
    event moved (``anchor``): "Monday" of "move it to the following Monday" (the Monday after the event, not
    the next one from today), 周一 of 之后的周一. None when there is none, or several. ``fuller_phrase`` reads
    without the event, where the two say the same."""
    found = []
    for said in phrases_in(text, now=now, tz=tz, memo=memo):
        phrase = the_time_itself(said)  # (the "to" of "move it to the following Monday" names where it goes)
        if norm(phrase) == norm(value) or not quotes(value, [phrase]) or _adds_a_time(phrase, value):
            continue
        try:
            theirs = resolve(phrase, now=now, tz=tz, prefer="future", relative_to=anchor)
            mine = resolve(value, now=now, tz=tz, prefer="future", relative_to=anchor)
        except TimeExpressionError:
            return None
        if theirs.status != "resolved" or theirs.start is None or theirs.end is None:
            continue
        # (a move keeps the event's length: "from monday to friday" holds "friday" and is no move of it)
        if theirs.end - theirs.start == anchor[1] - anchor[0] and (theirs.start, theirs.end) != (mine.start, mine.end):
            found.append(phrase)
    return found[0] if len(found) == 1 else None


def _adds_a_time(phrase: str, value: str) -> bool:
    """The phrase says a clock or a range beside ``value`` ("14:00 to 15:00" of "15:00", "to 4-6" of "4-6"):
    another time, the event's own or a bound, never a fuller form of the same one."""
    mine = scan(normalise(value)).pieces
    return any(isinstance(p, Clock | RangeSep) and p not in mine for p in scan(normalise(phrase)).pieces)
