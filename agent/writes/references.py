"""Event references → one of the user's events, in code.

A reference is the exact id of one of the user's events, a pointer back ("it", "that meeting", "这个会":
the events in focus, see ``focus``), or title words searched among the user's events (optionally narrowed
by ``event_when``, the time the user gave for it):

    Found (one event, and the occurrence when the time named one)  |  NotFound  |  Choice (≤ 3, time order)

Several matches are never resolved by picking one: the user chooses. Another user's id is exactly "not
found" (the store is bound to the user, so it cannot even see it).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from pypinyin import lazy_pinyin
from rapidfuzz.distance import Levenshtein

from agent.context import ToolContext
from agent.timing import read_range
from agent.turn.focus import focus_group, is_anaphor
from schedule_time import analyse
from storage import EventNotFound, EventSnapshot, InvalidInput

__all__ = ["Choice", "Found", "NotFound", "Ref", "resolve_reference"]

MAX_OPTIONS = 3
_SCORE_BAND = 12.0
"""Candidates within this many points of the best fuzzy score are equally good matches."""


@dataclass(frozen=True, slots=True)
class Ref:
    """A candidate: the event, and the occurrence (start, end) it is about."""

    event: EventSnapshot
    start: datetime
    end: datetime
    occurrence: bool


@dataclass(frozen=True, slots=True)
class Found:
    ref: Ref


@dataclass(frozen=True, slots=True)
class NotFound:
    by_id: bool
    with_time: bool = False
    anaphor: bool = False
    """The reference pointed back ("it") and nothing is in focus: ask which event."""


@dataclass(frozen=True, slots=True)
class Choice:
    refs: tuple[Ref, ...]


def _looks_like_id(text: str) -> bool:
    try:
        uuid.UUID(text.strip())
    except ValueError:
        return False
    return True


async def resolve_reference(
    ctx: ToolContext, reference: str, event_when: str | None, *, occurrences: bool
) -> Found | NotFound | Choice:
    """``occurrences``: keep one candidate per occurrence in the ``event_when`` range (a delete of one
    occurrence); otherwise one per event (an update changes the whole event)."""
    if _looks_like_id(reference):
        try:
            event = await ctx.events.get(reference.strip())
        except EventNotFound:
            return NotFound(by_id=True)
        return Found(Ref(event, event.start, event.end, occurrence=False))
    if is_anaphor(reference):
        matches = await _in_focus(ctx)
        if not matches:
            return NotFound(by_id=False, anaphor=True)
    else:
        try:
            found = await ctx.events.search(reference, limit=10)
        except InvalidInput:
            return NotFound(by_id=False)
        if not found:  # "my 3pm", 下午三点那个: no title words, an event named by its time
            return await _by_time(ctx, reference, event_when, occurrences=occurrences)
        best = found[0].score
        matches = {c.event.id: c.event for c in found if c.score >= best - _SCORE_BAND}
    window = read_range(event_when, now=ctx.now, tz=ctx.tz) if event_when else None
    refs: list[Ref] = []
    if window is not None:
        for occ in await ctx.events.list_range(*window):
            event = matches.get(occ.event.id)
            if event is not None:
                refs.append(Ref(event, occ.start, occ.end, occurrence=event.recurring))
        if not refs:  # the title words found other events: what starts at the time the user gave
            return await _by_time(ctx, reference, event_when, occurrences=occurrences, titled=bool(matches))
        if not occurrences:
            seen: dict[uuid.UUID, Ref] = {}
            for ref in refs:
                seen.setdefault(ref.event.id, ref)
            refs = list(seen.values())
    else:
        refs = [await _next_occurrence(ctx, e) for e in matches.values()]
    refs.sort(key=lambda r: (r.start, r.event.title, str(r.event.id)))
    if len(refs) == 1 and not _another_name(reference, refs[0].event.title):
        return Found(refs[0])
    if len(refs) == 1:  # "Jon" found "1:1 with Joan": a similar name is another person; the user says
        return Choice((refs[0],))
    upcoming = [r for r in refs if r.end > ctx.now]
    shown = (upcoming if len(upcoming) >= MAX_OPTIONS else refs)[:MAX_OPTIONS]
    return Choice(tuple(sorted(shown, key=lambda r: (r.start, r.event.title))))


def _windows(text: str, ctx: ToolContext) -> list[tuple[datetime, datetime]]:
    """The times one time phrase names (each reading of an ambiguous one: "3 o'clock" is 3am or 3pm)."""
    said = analyse(text, now=ctx.now, tz=ctx.tz)
    if len(said) != 1:
        return []
    found = said[0].resolution
    if found.status == "ambiguous":
        return [(c.start, c.end) for c in found.candidates if c.start is not None and c.end is not None]
    return [(found.start, found.end)] if found.start is not None and found.end is not None else []


async def _starting_at(
    ctx: ToolContext, windows: list[tuple[datetime, datetime]], *, occurrences: bool
) -> list[Ref]:
    """The events that start in one of ``windows``; those merely overlapping when none starts there."""
    starting: list[Ref] = []
    overlapping: list[Ref] = []
    for begin, end in windows:
        for o in await ctx.events.list_range(begin, end):
            ref = Ref(o.event, o.start, o.end, occurrence=o.event.recurring and occurrences)
            (starting if begin <= o.start < end else overlapping).append(ref)
    refs = starting or overlapping
    return sorted({(r.event.id, r.start): r for r in refs}.values(), key=lambda r: (r.start, r.event.title))


async def _by_time(
    ctx: ToolContext, reference: str, event_when: str | None, *, occurrences: bool, titled: bool = False
) -> Found | NotFound | Choice:
    """An event named by its time ("my 3pm", 下午三点那个): the events that start at the time the user gave
    (``event_when``, else the one time phrase of the reference, read by the time service). With no title
    match (``titled`` False) one such event is the one; when title words matched other events, the user
    chooses — a time that fits another event never silently moves it."""
    windows = _windows(event_when, ctx) if event_when else []
    windows = windows or _windows(reference, ctx)
    if not windows:
        return NotFound(by_id=False, with_time=bool(event_when))
    refs = await _starting_at(ctx, windows, occurrences=occurrences)
    if not refs:
        return NotFound(by_id=False, with_time=True)
    if len(refs) == 1 and not titled:
        return Found(refs[0])
    return Choice(tuple(refs[:MAX_OPTIONS]))


_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")
_WORD = re.compile(r"[a-z]{3,}")
_HAN = re.compile(r"[\u3400-\u9fff]")


def _another_name(reference: str, title: str) -> bool:
    """The reference names someone whom the title does not name, while the title names someone spelled or
    said almost the same: a capitalised word one or two letters apart (Jon/Joan, Kat/Kate, Marko/Marco),
    or a Han character beside a shared one that sounds the same or nearly (汪总/王总, 张薇/张伟, 程/陈). The
    fuzzy search found a different person: a fact to ask about, never to guess."""
    titled = set(_WORD.findall(title.casefold()))
    for name in _NAME.findall(reference):
        folded = name.casefold()
        if folded in titled:
            continue
        if any(folded[0] == w[0] and 0 < Levenshtein.distance(folded, w) <= 2 for w in titled):
            return True
    return _another_han_name(reference, title)


def _sounds_alike(a: str, b: str) -> bool:
    pa, pb = lazy_pinyin(a), lazy_pinyin(b)
    return Levenshtein.distance(pa[0], pb[0]) <= 1


def _another_han_name(reference: str, title: str) -> bool:
    """A Han character of the reference that the title lacks, beside a character both share, where the
    title has another character that sounds alike on that side ("汪总" for "王总": 汪 and 王 are both wang)."""
    for i, ch in enumerate(reference):
        if not _HAN.fullmatch(ch) or ch in title:
            continue
        for side in (-1, 1):
            k = i + side
            if not 0 <= k < len(reference) or not _HAN.fullmatch(reference[k]):
                continue
            for j, shared in enumerate(title):
                other = j - side
                if shared != reference[k] or not 0 <= other < len(title):
                    continue
                said = title[other]
                if _HAN.fullmatch(said) and said not in reference and _sounds_alike(ch, said):
                    return True
    return False


async def _in_focus(ctx: ToolContext) -> dict[uuid.UUID, EventSnapshot]:
    """The newest focus group's events that still exist."""
    out: dict[uuid.UUID, EventSnapshot] = {}
    for entry in focus_group(ctx.focus):
        try:
            event = await ctx.events.get(entry["event_id"])
        except (EventNotFound, InvalidInput, KeyError):
            continue
        out[event.id] = event
    return out


async def _next_occurrence(ctx: ToolContext, event: EventSnapshot) -> Ref:
    """A series is shown by its next occurrence (else its first); a single event by itself."""
    if event.recurring:
        upcoming = [
            o
            for o in await ctx.events.list_range(ctx.now, ctx.now + timedelta(days=370))
            if o.event.id == event.id
        ]
        if upcoming:
            return Ref(event, upcoming[0].start, upcoming[0].end, occurrence=False)
    return Ref(event, event.start, event.end, occurrence=False)
