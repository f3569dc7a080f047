"""Grounding of time arguments: the model gives expressions, never answers (DESIGN.md). A time argument
(``when``, ``end``, ``duration``, ``recurrence``, ``event_when``, a read's ``range``) must come from the
user's own words: this turn's message, or — for follow-ups — the current segment's earlier user messages
and the pending command's stored time words (``ToolContext.time_sources``).

An argument is grounded when, after normalising both sides (NFKC, casefold, whitespace and punctuation
collapsed), it

1. occurs in a source text (not inside a longer number or word: "1pm" is not grounded by "11pm"; nor the head
   of a time word of another kind: 每周三 is not grounded by 每周三次, ``schedule_time.cuts_a_time_word``), or
1b. is made only of time words (``schedule_time`` scanner pieces) the user wrote, in any order; a clock
   hour the user left open ("at 4") may gain its am/pm ("4pm"), or
2. resolves (``schedule_time.resolve``, the turn's now and zone) to exactly what some time phrase the user
   wrote resolves to (start, end, duration; a repetition is its own argument), or to one of the readings
   of a phrase the user left ambiguous: a phrase is a run of ``schedule_time.time_phrases``, or up to three of them joined
   in order ("tomorrow, meet Bob at 3pm" grounds "tomorrow 3pm"). So "明天15:00" is grounded by
   "明天下午三点", while "2026-11-30 15:00" (today) is not grounded by "明天下午三点" (tomorrow), or
3. read against an event (``resolve(..., relative_to=...)``), moves it exactly as a phrase the user wrote
   does, against each of two probe events (``_PROBES``: different days, times of day and lengths, so that
   only the same move agrees on both): "45 minutes later" is grounded by "push it back 45 minutes", "提前
   20分钟" by "提前二十分钟". The write path reads it against the real event (``write_timing``).

An argument that is neither is never used for a write. What happens instead is decided by the tools
(``calendar_tools``) and the write path (``write_timing``): see their docstrings.

``agent.time_words`` holds rule 1b; ``agent.time_sources`` says which texts count as the user's words for a turn; ``agent.time_readings`` finds
the user's own phrase for an argument that only reads the same, and words the retry hint;
``agent.fuller_phrase`` finds the user's fuller phrase when a grounded argument drops part of it;
``agent.user_gave`` says whether the user's own message
names an end or duration, a span over 24 hours, or a repetition — deciding whether an unusable optional
argument is dropped (the user never asked for it) or asked about (the user did, and the model mangled it).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from agent.time_words import same_pieces
from schedule_time import Resolution, cuts_a_time_word, resolve, time_phrases
from schedule_time.language import normalise, scan
from schedule_time.pieces import (
    Clock,
    DateParts,
    DayShift,
    Duration,
    HolidayRef,
    Lengthen,
    WeekdayRef,
    YearShift,
)

__all__ = [
    "DAY_PIECES",
    "MAX_PHRASES",
    "TIME_FIELDS",
    "TO_WORDS",
    "Memo",
    "has_clock",
    "is_a_length",
    "is_a_length_change",
    "is_a_shift",
    "is_an_event_length",
    "is_time_grounded",
    "joined",
    "moves_as_user_said",
    "names_a_day",
    "norm",
    "phrase_spans",
    "phrases_in",
    "phrases_of",
    "phrases_said",
    "quotes",
    "readings_key",
    "reads_at_clock",
    "reads_or_moves",
    "resolved",
    "starts_as",
    "the_time_itself",
]

TIME_FIELDS = ("when", "end", "duration", "recurrence", "event_when", "range")
_SEP = re.compile(r"[\s,.;:!?，。、；：！？…“”\"'()\[\]（）【】~～]+")
MAX_PHRASES = 8
Memo = dict[tuple[object, ...], Any]
"""A turn's memo (``ToolContext.memo``): resolutions and time phrases by (text, now, zone), so the several
arguments and checks of one turn never resolve the same phrase twice. Never a process-wide cache."""


def _resolve(text: str, now: datetime, tz: ZoneInfo, memo: Memo | None) -> Resolution:
    if memo is None:
        return resolve(text, now=now, tz=tz, prefer="future")
    key = ("resolve", text, now, tz)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = resolve(text, now=now, tz=tz, prefer="future")
    return hit  # type: ignore[no-any-return]


def phrases_of(text: str, memo: Memo | None) -> list[str]:
    """``schedule_time.time_phrases(text)`` through the turn's memo (read-only when memoised)."""
    if memo is None:
        return time_phrases(text)
    key = ("phrases", text)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = time_phrases(text)
    return hit  # type: ignore[no-any-return]


def has_clock(text: str) -> bool:
    """The time service reads a clock in ``text`` ("3pm", 下午三点) — a part of day alone ("lunch") is none."""
    return any(isinstance(piece, Clock) for piece in scan(normalise(text)).pieces)


def reads_at_clock(phrase: str, clock: time, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    """``phrase`` says a clock, and one of its readings starts at the wall-clock ``clock`` in ``tz``."""
    if not has_clock(phrase):
        return False
    starts = _reading_starts(_resolve(phrase, now, tz, memo))
    return any(s is not None and s.astimezone(tz).time() == clock for s in starts)


def _reading_starts(r: Resolution) -> list[datetime | None]:
    """Where each reading of a resolution starts: its own start, or each candidate's of an ambiguity."""
    return [c.start for c in r.candidates] if r.status == "ambiguous" else [r.start]


def starts_as(value: str, phrase: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    """``value`` reads as one time that starts where a reading of the user's ``phrase`` starts: an event's
    whole time as a tool result named it ("Wednesday, November 12, 4:00–4:30 PM") for the user's "at 4"."""
    mine = _resolve(value, now, tz, memo)
    if mine.status != "resolved" or mine.start is None or not has_clock(value) or not has_clock(phrase):
        return False
    return mine.start in _reading_starts(_resolve(phrase, now, tz, memo))


def norm(text: str) -> str:
    return _SEP.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _quoted(value: str, source: str) -> bool:
    pattern = r"(?<![a-z0-9])" + re.escape(value) + r"(?![a-z0-9])"
    return re.search(pattern, source) is not None


DAY_PIECES = (DateParts, DayShift, HolidayRef, WeekdayRef, YearShift)
"""The time words that say which day (a date, a weekday, "tomorrow", a holiday, "next year")."""


def _lengths(phrase: str) -> list[Duration]:
    """The phrase's pieces when it is only a length ("half an hour", 三刻钟), else none."""
    pieces = scan(normalise(phrase)).pieces
    return list(pieces) if pieces and all(isinstance(piece, Duration) for piece in pieces) else []  # type: ignore[arg-type]


def is_a_length(phrase: str) -> bool:
    """The phrase is only a length ("half an hour", 三刻钟): a duration, never a start."""
    return bool(_lengths(phrase))


def is_a_length_change(phrase: str) -> bool:
    """The phrase changes an event's length ("30 minutes longer", "cut 10 minutes off", 延长半小时): read
    against the event, its end moves and its start stays."""
    return any(isinstance(piece, Lengthen) for piece in scan(normalise(phrase)).pieces)


def is_an_event_length(phrase: str) -> bool:
    """The phrase is a length an event can have: only a length, of a minute or more (no event lasts "30s")."""
    spans = [piece.delta for piece in _lengths(phrase)]
    big = any(d.years or d.months or d.days or d.hours or d.minutes for d in spans)
    return big or sum(d.seconds for d in spans) >= 60


def names_a_day(text: str) -> bool:
    """Whether ``text`` says which day (a date, weekday, "tomorrow", a holiday): "19:00 to 21:00" and
    "晚上七点" do not, so they are a clock on whatever day the event is."""
    return any(isinstance(p, DAY_PIECES) for p in scan(normalise(text)).pieces)


def quotes(value: str, sources: Sequence[str]) -> bool:
    """Rule 1: ``value`` occurs in one of ``sources`` (normalised, not inside a longer number or word, and
    not half of a time word that says something else: 每周三 of 每周三次, "a week" of "3 times a week")."""
    value_n = norm(value)
    return bool(value_n) and any(
        _quoted(value_n, norm(s)) and not cuts_a_time_word(value, s) for s in sources if s
    )


def readings_key(r: Resolution) -> frozenset[tuple[object, ...]]:
    """What a resolution can mean: its range (with its duration), or each candidate of an ambiguity."""
    if r.status == "resolved":
        return frozenset({(r.start, r.end, r.duration)})
    if r.status == "ambiguous":
        return frozenset((c.start, c.end, None) for c in r.candidates)
    return frozenset()


TO_WORDS = r"到|至|until\s+|till\s+|(?:end(?:s|ing)?|finish(?:es|ing)?|wrap(?:s|ping)?\s+up)\s+at\s+|to\s+"
_LEADING_TO = re.compile(rf"^(?:{TO_WORDS})", re.IGNORECASE)
"""The "to" of "改到下午三点" / "move it to 3pm" / "run until 6" / "ends at 6": a phrase that starts with it reads
as an open range ("until 15:00"), but the time after it is what the user gave."""
_TRAILING_FILLER = re.compile(
    r"(?:吧|呢|啊|吗|嗎|么|麼|嘛|可以|行|好|的|结束|結束|为止|為止)+$|\s+(?:please|then|ok|okay)$", re.IGNORECASE
)
_TRAILING_END = re.compile(r"(?<=\S)(?:结束|結束|为止|為止)$")
"""The end word after a clock (六点结束, 六点为止): the time the user gave is the clock before it."""


def _without_to(phrase: str) -> str:
    """The time after a leading "to"/到 and before a trailing end word: "下午三点" for "到下午三点", "六点" for
    "六点结束"; "at 6" for "until 6" (a bare hour after "until"/"to" is a clock hour, as after "at", which the
    time service reads as morning-or-evening)."""
    bare = _TRAILING_END.sub("", _LEADING_TO.sub("", phrase)) or phrase
    return f"at {bare}" if bare != phrase and bare.isdigit() else bare


def the_time_itself(phrase: str) -> str:
    """``phrase`` without its leading "to"/到 and a trailing filler: "周五下午三点" for "到周五下午三点吧" (the
    time a hint to the model names)."""
    return _TRAILING_FILLER.sub("", _LEADING_TO.sub("", phrase)).strip() or phrase


def resolved(text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> Resolution:
    """``schedule_time.resolve`` with ``prefer="future"``, through the turn's memo."""
    return _resolve(text, now, tz, memo)


def phrases_said(sources: Iterable[str], now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> list[str]:
    """The user's time phrases that read as a time on their own (connectors like "and" do not); a phrase
    that starts with "to"/到 also without it."""
    found: list[str] = []
    for text in sources:
        for phrase in [*phrases_of(text, memo), *_adjacent(text, memo)]:
            bare = _without_to(phrase)
            found += [
                p for p in dict.fromkeys((phrase, bare)) if p and readings_key(_resolve(p, now, tz, memo))
            ]
    return found[-MAX_PHRASES:]


_ONLY_A_COMMA = re.compile(r"[\s,，、]*")


def phrase_spans(text: str, memo: Memo | None) -> list[tuple[int, int]]:
    """Where each time phrase of ``text`` stands in its normalised form, in order; [] when one is not found
    there (then no two can be said to stand side by side)."""
    folded = normalise(text)
    spans, at = [], 0
    for phrase in phrases_of(text, memo):
        i = folded.find(phrase, at)
        if i < 0:
            return []
        spans.append((i, i + len(phrase)))
        at = i + len(phrase)
    return spans


def _adjacent(text: str, memo: Memo | None) -> list[str]:
    """Two phrases of ``text`` with only a comma between them, as one ("Thursday, 7": the scanner splits at
    the comma, and "7" alone reads as no time): the user's words for one time."""
    folded = normalise(text)
    out = []
    for (a, b), (c, d) in itertools.pairwise(phrase_spans(text, memo)):
        if _ONLY_A_COMMA.fullmatch(folded[b:c]) and folded[b:c].strip():
            out.append(folded[a:d])
    return out


_PROBES = (
    (timedelta(days=1, hours=5, minutes=17), timedelta(minutes=49)),
    (timedelta(days=3, hours=2, minutes=41), timedelta(hours=1, minutes=23)),
)
"""Rule 3's probe events: (offset from now, length)."""


def _moves(
    text: str, now: datetime, tz: ZoneInfo, memo: Memo | None
) -> tuple[frozenset[tuple[object, ...]], ...]:
    """What ``text`` does to each probe event (rule 3), when it is a move of it: one reading against each,
    the same shift from both probes' starts ("an hour later", 推迟一天) or both probes' own time of day on
    another day ("same time next Monday"). Empty otherwise (a clock or a day of its own — "15:00",
    "Friday 3pm" — reads the same without an event: rules 1-2 ground those)."""
    key = ("moves", text, now, tz)
    if memo is not None and key in memo:
        return memo[key]  # type: ignore[no-any-return]
    out: list[frozenset[tuple[object, ...]]] = []
    shifts: set[timedelta] = set()
    kept_clock = True
    for offset, length in _PROBES:
        start = (now + offset).astimezone(tz).replace(second=0, microsecond=0)
        r = resolve(text, now=now, tz=tz, prefer="future", relative_to=(start, start + length))
        if r.status != "resolved" or r.start is None:
            out = []
            break
        shifts.add(r.start - start)
        kept_clock = kept_clock and r.start.astimezone(tz).time() == start.time() and r.start != start
        out.append(readings_key(r))
    moved = len(shifts) == 1 and timedelta(0) not in shifts
    result = tuple(out) if out and (moved or kept_clock) else ()
    if memo is not None:
        memo[key] = result
    return result


def is_a_shift(phrase: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    """``phrase`` shifts an event by an amount ("45 minutes later", 提前二十分钟, "push it back two days"):
    the time service moves both probe events by the same non-zero span. "Friday" (the event's clock on
    another day) and "3pm" are no shift."""
    key = ("shift", phrase, now, tz)
    if memo is not None and key in memo:
        return memo[key]  # type: ignore[no-any-return]
    shifts: set[timedelta] = set()
    for offset, length in _PROBES:
        start = (now + offset).astimezone(tz).replace(second=0, microsecond=0)
        r = resolve(phrase, now=now, tz=tz, prefer="future", relative_to=(start, start + length))
        if r.status != "resolved" or r.start is None:
            shifts = set()
            break
        shifts.add(r.start - start)
    result = len(shifts) == 1 and timedelta(0) not in shifts
    if memo is not None:
        memo[key] = result
    return result


def reads_or_moves(phrase: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> bool:
    """``phrase`` reads as a time on its own ("周五下午三点") or as a move of an event ("推迟一个小时", "a week
    later"): a phrase an argument can be."""
    return bool(readings_key(_resolve(phrase, now, tz, memo))) or bool(_moves(phrase, now, tz, memo))


def moves_as_user_said(
    value: str, sources: Sequence[str], *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> bool:
    """Rule 3: ``value`` moves an event as one of the user's time phrases does (each probe event, the
    same reading)."""
    mine = _moves(value, now, tz, memo)
    if not mine:
        return False
    for text in sources:
        for phrase in phrases_of(text, memo):
            for candidate in dict.fromkeys((phrase, _without_to(phrase))):
                theirs = _moves(candidate, now, tz, memo) if candidate else ()
                if theirs == mine:
                    return True
    return False


def joined(phrases: Sequence[str]) -> Iterable[str]:
    yield from phrases
    for size in (2, 3):
        for combo in itertools.combinations(phrases, size):
            yield " ".join(combo)


def is_time_grounded(
    value: str, sources: Sequence[str], *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> bool:
    """True when ``value`` quotes the user (rule 1), is made of the user's time words (rule 1b), reads
    as a time the user wrote (rule 2), or moves an event as the user's words do (rule 3). ``memo``: the turn's (``ToolContext.memo``)."""
    if not norm(value):
        return False
    if quotes(value, sources) or same_pieces(value, sources):
        return True
    key = readings_key(_resolve(value, now, tz, memo))
    if key:
        for phrase in joined(phrases_said(sources, now, tz, memo)):
            # The same range, or one reading of a phrase the user left open ("Friday at 4" → Friday 4pm).
            if key <= readings_key(_resolve(phrase, now, tz, memo)):
                return True
    return moves_as_user_said(value, sources, now=now, tz=tz, memo=memo)


def phrases_in(text: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> list[str]:
    """The time phrases of ``text`` that read as a time on their own, one per phrase ("到下午三点" as
    "下午三点" when only that reads as a point)."""
    found = []
    for phrase in phrases_of(text, memo):
        bare = _without_to(phrase)
        readable = [p for p in (phrase, bare) if p and readings_key(_resolve(p, now, tz, memo))]
        if readable:
            found.append(readable[0])
    return found[-MAX_PHRASES:]
