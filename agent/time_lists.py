"""The items of a list of times ("saturday and sunday", "at 9am and 5pm", 周二、周四晚上八点): a phrase the time
service reads as no one time, split at its list words, each item that reads on its own. A bare hour listed
after a clock ("at 9 and 4", 9点和10) is an hour, as the clock before it is; an item with no day of its own
is on the first item's day ("tomorrow at 10am and 3pm" → "tomorrow 3pm"; 每天早上八点和晚上八点 → 每天晚上八点),
as the user said it. One answer for the turn's "left
out" prompt (an item no call used) and the write guard that sends a call with two times in one argument back.
Splitting a time expression is parsing a bounded field; what the user wants from it stays the model's."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from agent.language import HAN_RUN
from agent.time_grounding import Memo, names_a_day, phrase_spans, phrases_of, resolved
from agent.time_words import as_an_hour
from agent.timing import rule_days
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock

__all__ = ["list_items", "listed_phrases", "said_items"]

_LIST_WORD = re.compile(r"\s*(?:\band\b|&|和|及|与|與|、)\s*")
_LIST_SEP = re.compile(r"\s*(?:,|，|、|;|；|\band\b|&|和|及|与|與)\s*")
_LIST_WORD = re.compile(r"、|\band\b|&|和|及|与|與")
"""A list has a word that lists: commas alone are a date's parts ("Friday, March 6, 6:00 PM")."""


def listed_phrases(text: str, memo: Memo | None = None) -> list[str]:
    """The time phrases of ``text``, and each run of them joined by list words alone as one phrase
    (明天上午十点和下午三点: the scanner splits at 和, and the list is the user's words for both times)."""
    folded = normalise(text)
    phrases = phrases_of(text, memo)
    runs: list[tuple[int, int]] = []
    for start, end in phrase_spans(text, memo):
        if runs and _LIST_WORD.fullmatch(folded[runs[-1][1] : start]):  # (a comma is also a clause break)
            runs[-1] = (runs[-1][0], end)
        else:
            runs.append((start, end))
    joined = [folded[a:b] for a, b in runs if folded[a:b] not in phrases]
    return [*phrases, *joined]


def list_items(
    phrase: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None, series: bool = True
) -> list[str]:
    """The items of ``phrase`` when it is a list that reads as no one time, each that reads alone; [] for a
    phrase that reads as one time ("every mon and wed", "between 9 and 5") or is no list. ``series``: a
    series' days are carried too ("every day 5pm"; without, "5pm" stays a time of its own)."""
    return [full for _, full in said_items(phrase, now=now, tz=tz, memo=memo, series=series)]


def said_items(
    phrase: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None, series: bool = True
) -> list[tuple[str, str]]:
    """``list_items`` with each item as the user wrote it: ("3pm", "tomorrow 3pm")."""
    said = [p for p in _LIST_SEP.split(phrase) if p]
    if (
        len(said) < 2
        or not _LIST_WORD.search(phrase)
        or resolved(phrase, now=now, tz=tz, memo=memo).status != "unresolved"
    ):
        return []
    parts = [_hour_after_a_clock(p, said[i - 1]) if i else p for i, p in enumerate(said)]
    day = _day_words(parts[0], now, tz, memo, series)
    if day is not None:
        parts = [parts[0], *(_on_the_day(p, day, now, tz, memo) for p in parts[1:])]
    return [
        (s.strip(), p) for s, p in zip(said, parts, strict=True)
        if resolved(p, now=now, tz=tz, memo=memo).status != "unresolved"
    ]  # fmt: skip


def _day_words(first: str, now: datetime, tz: ZoneInfo, memo: Memo | None, series: bool) -> str | None:
    """The words that say the first item's day ("tomorrow" of "tomorrow at 10am", 每天 of 每天早上八点): its
    shortest beginning that reads as a day (or a series of days); None when it names no day."""
    whole = resolved(first, now=now, tz=tz, memo=memo)
    if whole.recurrence and not series:
        return None
    if not names_a_day(first) and not whole.recurrence:
        return None
    han = HAN_RUN.search(first) is not None
    tokens = list(first) if han else first.split()
    for n in range(1, len(tokens)):
        words = ("" if han else " ").join(tokens[:n]).strip()
        r = resolved(words, now=now, tz=tz, memo=memo)
        if r.status != "resolved" or r.grain != "day" or r.start is None or whole.start is None:
            continue
        if whole.recurrence:  # the same days of the series (每周一, not 每周 of 每周一上午九点)
            if r.recurrence and rule_days(r.recurrence) == rule_days(whole.recurrence):
                return words
        elif r.start.astimezone(tz).date() == whole.start.astimezone(tz).date():
            return words
    return None


def _on_the_day(item: str, day: str, now: datetime, tz: ZoneInfo, memo: Memo | None) -> str:
    """``item`` on the list's ``day`` when it names none of its own ("3pm" → "tomorrow 3pm")."""
    if names_a_day(item):
        return item
    joined = f"{day}{item.strip()}" if HAN_RUN.search(day) else f"{day} {item.strip()}"
    return joined if resolved(joined, now=now, tz=tz, memo=memo).status != "unresolved" else item


def _hour_after_a_clock(part: str, before: str) -> str:
    """A bare number listed after a clock is an hour: "at 4" (4点); any other item stands as written."""
    hour = as_an_hour(part, zh=HAN_RUN.search(before) is not None)
    if hour is None or not any(isinstance(piece, Clock) for piece in scan(normalise(before)).pieces):
        return part
    return hour
