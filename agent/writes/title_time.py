"""A new event's title without the event's own time in it.

The model often titles an event with the whole request: "Yoga at 7am tomorrow", "Gym tonight", 後天七點半開會.
The time is the event's start, shown beside the title everywhere, and after a move the title would say the
old one. A time phrase of the title (as the time service reads it) that holds the event's start is taken
out, with the word that tied it on ("at", 的). What stays: a holiday or a meal ("Christmas dinner", 中秋聚餐,
"Friday 7 dinner"), a time that is not the event's ("Prep for Friday's board meeting" on a Thursday), a
repetition or a quarter ("Weekly sync", "Q3 planning"), and any title that would be left with no word.
"""

from __future__ import annotations

import re
from datetime import datetime, tzinfo

from agent.matchers import agrees_with_start
from schedule_time import Phrase, analyse, noun_words
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock, DateParts, DayShift, HolidayRef, PartOfDay, WeekdayRef

__all__ = ["title_without_its_time"]

_KINDS = frozenset({"clock", "day", "part_of_day"})
_EDGE = re.compile(
    r"^(?:[\s,;:–—-]|(?:at|on|for|from|by)\b|的)+|(?:[\s,;:–—-]|\b(?:at|on|for|from|by)|的)+$", re.IGNORECASE
)
_LETTER = re.compile(r"[^\W\d_]")
_HAN_GAP = re.compile(r"(?<=[\u3400-\u9fff]) (?=[\u3400-\u9fff])")


def title_without_its_time(title: str, start: datetime, *, all_day: bool, now: datetime, tz: tzinfo) -> str:
    """``title`` without the time phrases that say when this event starts; the title itself when none does,
    or when nothing of it would be left."""
    try:
        phrases = analyse(title, now=now, tz=tz)
    except ValueError:
        return title
    kept = title
    for phrase in reversed(phrases):
        if _its_own(phrase, start, all_day=all_day, tz=tz):
            kept = kept[: phrase.start] + " " + kept[phrase.end :]
    if kept == title:
        return title
    kept = _EDGE.sub("", _HAN_GAP.sub("", " ".join(kept.split()))).strip()
    if len(_LETTER.findall(kept)) < 2:
        return title  # nothing, or one character ("会"), would be left
    return kept[:1].upper() + kept[1:] if title[:1].isupper() else kept


def _its_own(phrase: Phrase, start: datetime, *, all_day: bool, tz: tzinfo) -> bool:
    if phrase.kind not in _KINDS or noun_words(phrase.text):
        return False
    pieces = scan(normalise(phrase.text)).pieces
    if any(isinstance(p, HolidayRef) for p in pieces):
        return False
    dated = any(isinstance(p, Clock | WeekdayRef | DayShift | DateParts) for p in pieces)
    deictic = any(isinstance(p, PartOfDay) and p.day_shift is not None for p in pieces)  # "tonight"
    if not (dated or deictic):
        return False  # "Morning run": a kind of event, not when this one is
    if all_day and phrase.kind == "clock":
        return False
    return agrees_with_start(phrase, start.astimezone(tz), tz)
