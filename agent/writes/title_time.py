"""A new event's title without the event's own time in it.

The model often titles an event with the whole request: "Yoga at 7am tomorrow", "Gym tonight", 後天八點半開會.
The time is the event's start, shown beside the title everywhere, and after a move the title would say the
old one. A time phrase of the title (as the time service reads it) that holds the event's start is taken
out, with the word that tied it on ("at", 的); so is a repetition at the event's clock ("Standup every
Monday at 9am"), its meal kept ("Lunch every weekday at noon": Lunch). What stays: a holiday or a meal ("Christmas dinner", 中秋聚餐,
"Friday 7 dinner"), a time that is not the event's ("Prep for Friday's board meeting" on a Thursday), a
repetition or a quarter with no clock ("Weekly sync", "Q3 planning"), and any title that would be left with no word.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, tzinfo

from agent.matchers import agrees_with_start
from agent.title_grounding import cased_like
from schedule_time import Phrase, analyse, noun_words
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock, DateParts, DayShift, HolidayRef, PartOfDay, WeekdayRef

__all__ = ["title_without_its_time", "title_without_times"]

_KINDS = frozenset({"clock", "day", "part_of_day", "range"})
_EDGE = re.compile(
    r"^(?:[\s,;:–—-]|(?:at|on|for|from|by)\b|的)+|(?:[\s,;:–—-]|\b(?:at|on|for|from|by)|的)+$", re.IGNORECASE
)
_LETTER = re.compile(r"[^\W\d_]")
_HAN_GAP = re.compile(r"(?<=[\u3400-\u9fff]) (?=[\u3400-\u9fff])")


def title_without_its_time(title: str, start: datetime, *, all_day: bool, now: datetime, tz: tzinfo) -> str:
    """``title`` without the time phrases that say when this event starts; the title itself when none does,
    or when nothing of it would be left."""

    def drop(phrase: Phrase) -> str | None:
        if _its_repetition(phrase, start, all_day=all_day, tz=tz):
            return " ".join(noun_words(phrase.text))  # "Lunch every weekday at noon": Lunch
        return "" if _its_own(phrase, start, all_day=all_day, tz=tz) else None

    return cased_like(_without(title, drop, now=now, tz=tz), title)


def title_without_times(title: str, *, now: datetime, tz: tzinfo) -> str:
    """``title`` without any time phrase that names a day or a clock, whichever event's: what two titles
    share when one was written with a time ("Gym at 5pm" and "Gym" name the same event)."""
    return _without(title, lambda p: "" if _a_time_of_day(p) else None, now=now, tz=tz)


def _without(title: str, drop: Callable[[Phrase], str | None], *, now: datetime, tz: tzinfo) -> str:
    """``title`` with each phrase ``drop`` gives a replacement for (None: kept) replaced, its edges tidied."""
    try:
        phrases = analyse(title, now=now, tz=tz)
    except ValueError:
        return title
    kept = title
    for phrase in reversed(phrases):
        if (instead := drop(phrase)) is not None:
            kept = f"{kept[: phrase.start]} {instead} {kept[phrase.end :]}"
    if kept == title:
        return title
    kept = _EDGE.sub("", _HAN_GAP.sub("", " ".join(kept.split()))).strip()
    return kept if len(_LETTER.findall(kept)) >= 2 else title  # nothing, or one character ("会"), left


def _a_time_of_day(phrase: Phrase) -> bool:
    """A phrase that says when (a day, a clock, "tonight"), not what: no holiday, meal, repetition."""
    if phrase.kind not in _KINDS or noun_words(phrase.text):
        return False
    pieces = scan(normalise(phrase.text)).pieces
    if any(isinstance(p, HolidayRef) for p in pieces):
        return False
    dated = any(isinstance(p, Clock | WeekdayRef | DayShift | DateParts) for p in pieces)
    return dated or any(isinstance(p, PartOfDay) and p.day_shift is not None for p in pieces)


def _its_repetition(phrase: Phrase, start: datetime, *, all_day: bool, tz: tzinfo) -> bool:
    """A repetition with this event's clock in it ("every Monday at 9am", 每天早上八点): when the event is,
    which the receipt shows as "(repeating)". One with no clock ("Weekly sync") names a kind of event."""
    if (
        phrase.kind != "recurrence"
        or all_day
        or not any(isinstance(p, Clock) for p in scan(normalise(phrase.text)).pieces)
    ):
        return False
    found = phrase.resolution
    said = [c.start for c in found.candidates] or ([found.start] if found.start else [])
    return any(at.astimezone(tz).time() == start.astimezone(tz).time() for at in said)  # (either half: asked)


def _its_own(phrase: Phrase, start: datetime, *, all_day: bool, tz: tzinfo) -> bool:
    if not _a_time_of_day(phrase):
        return False  # "Morning run": a kind of event, not when this one is
    if all_day and phrase.kind == "clock":
        return False
    return agrees_with_start(phrase, start.astimezone(tz), tz)
