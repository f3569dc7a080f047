"""The user's own phrase for a time argument that is grounded only by reading the same (``time_grounding``
rule 2): the phrase says what was meant beyond the instant — a clock for a repeating event, a reading the
user left open for them to choose — and the retry hint's example of their words."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from agent.time_grounding import Memo, joined, phrases_said, quotes, readings_key, resolved
from agent.time_words import same_pieces
from schedule_time import Resolution, time_phrases

__all__ = ["example_phrase", "picked_reading", "reads_as_now", "ungrounded_hint", "users_phrase"]


def users_phrase(
    value: str, sources: Sequence[str], *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> str | None:
    """The user's own phrase for a ``value`` grounded only by reading the same (rule 2): "明天下午三点" for the
    model's "2026-12-01 15:00", "下午三点" for " Wednesday 2025-03-05 15:00". Both read the same today, but
    only the user's words say what was meant beyond that instant (a clock for a repeating event, not a day).
    The first phrase (or phrases joined) with the same single reading; None when ``value`` quotes the user or
    is made of their time words, or no phrase reads exactly the same."""
    if quotes(value, sources) or same_pieces(value, sources):
        return None
    r = resolved(value, now=now, tz=tz, memo=memo)
    if r.status != "resolved":
        return None
    key = readings_key(r)
    for phrase in joined(phrases_said(sources, now, tz, memo)):
        other = resolved(phrase, now=now, tz=tz, memo=memo)
        if other.status == "resolved" and readings_key(other) == key and other.recurrence == r.recurrence:
            return phrase
    return None


def picked_reading(
    value: str, sources: Sequence[str], *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> str | None:
    """The user's phrase when a grounded ``value`` is one reading of it that the user left open: "Friday at 8
    AM" for "Friday at 8" (morning or evening), "周五上午8点" for "周五8点", "Friday 10am" for "tomorrow at 10am"
    said just after midnight. Choosing is the user's, not the model's: with the phrase, the write asks.
    None when some phrase of the user's (or a time the assistant showed, such as the option they answered)
    reads as ``value`` exactly."""
    r = resolved(value, now=now, tz=tz, memo=memo)
    if r.status != "resolved" or r.start is None:
        return None
    left_open = None
    for phrase in joined(phrases_said(sources, now, tz, memo)):
        theirs = resolved(phrase, now=now, tz=tz, memo=memo)
        if theirs.status == "resolved" and theirs.start == r.start:
            return None
        if left_open is None and theirs.status == "ambiguous":
            left_open = _open_reading(phrase, r, now, tz, memo)
    return left_open


def _open_reading(phrase: str, r: Resolution, now: datetime, tz: ZoneInfo, memo: Memo | None) -> str | None:
    """The shortest word-final part of ``phrase`` that is ambiguous with ``r``'s start as one of its
    candidates: "thursday at 8" of the deadline "by thursday at 8" (whose readings end at 8:00 or 20:00)."""
    words = phrase.split()
    for i in range(len(words) - 1, -1, -1):
        part = " ".join(words[i:])
        theirs = resolved(part, now=now, tz=tz, memo=memo)
        if theirs.status == "ambiguous" and any(c.start == r.start for c in theirs.candidates):
            return part
    return None


def reads_as_now(value: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    """``value`` is the current minute ("Wednesday 2025-03-05 10:00" at that minute): the prompt's "Now:"
    line copied into an argument, not a time anyone said."""
    r = resolved(value, now=now, tz=tz, memo=memo)
    return r.status == "resolved" and r.start == now.astimezone(tz).replace(second=0, microsecond=0)


def ungrounded_hint(name: str, sources: Sequence[str]) -> str:
    """What a tool result says about a time argument that is not the user's words: quote them, with the
    user's longest time phrase as the example for a start or a range."""
    hint = f"`{name}` must quote the user's words for the time"
    example = example_phrase(sources) if name in ("when", "event_when", "range") else None
    return f"{hint}, e.g. {example!r}" if example else f"{hint}; leave it out if the user gave none"


def example_phrase(sources: Sequence[str]) -> str | None:
    """The user's longest time phrase in the newest source that has one (for the model's retry hint)."""
    for text in reversed(sources):
        phrases = time_phrases(text)
        if phrases:
            return max(phrases, key=len)
    return None
