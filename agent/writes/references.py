"""Event references → one of the user's events, in code.

A reference is the exact id of one of the user's events, a pointer back ("it", "that meeting", "这个会":
the events in focus, see ``focus``), or title words searched among the user's events (optionally narrowed
by ``event_when``, the time the user gave for it):

    Found (one event, and the occurrence when the time named one)  |  NotFound  |  Choice (≤ 3, time order)

Several matches are never resolved by picking one: the user chooses. Another user's id is exactly "not
found" (the store is bound to the user, so it cannot even see it).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from agent.context import ToolContext
from agent.language import clauses, simplified
from agent.time_grounding import has_clock, is_time_grounded, names_a_day
from agent.timing import read_range, wall_clock
from agent.turn.focus import focus_group, is_anaphor
from agent.writes.title_match import (
    MIN_RUN,
    another_name,
    han_chars,
    longest_han_run,
    names_a_subject,
    names_by_spelling,
    names_someone,
    proper_words,
    shares_a_proper_word,
    shares_a_word,
    without_times,
)
from schedule_time import analyse, reads_as_a_destination, time_phrases
from schedule_time.language import normalise
from storage import EventNotFound, EventSnapshot, InvalidInput, StorageError
from storage.limits import MAX_QUERY_RANGE

__all__ = ["Choice", "Found", "NotFound", "Ref", "events_sharing_a_word", "resolve_reference"]

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
    ctx: ToolContext, reference: str, event_when: str | None, *, occurrences: bool, by_time: bool = True
) -> Found | NotFound | Choice:
    """``occurrences``: keep one candidate per occurrence in the ``event_when`` range (a delete of one
    occurrence); otherwise one per event (an update changes the whole event). ``by_time`` False: a reference
    whose words match no title is not found, even where an event starts at its time."""
    if _looks_like_id(reference):
        try:
            event = await ctx.events.get(reference.strip())
        except EventNotFound:
            return NotFound(by_id=True)
        return Found(Ref(event, event.start, event.end, occurrence=False))
    by_the_name_alone = False
    if is_anaphor(reference):
        matches = await _in_focus(ctx)
        if not matches:
            return NotFound(by_id=False, anaphor=True)
    else:
        try:
            matches, by_the_name_alone = await _named_by(ctx, reference)
        except InvalidInput:
            return NotFound(by_id=False)
        if not matches and not by_time:
            return NotFound(by_id=False, with_time=bool(event_when))
        if not matches:  # "my 3pm", 下午三点那个: no title words, an event named by its time
            return await _by_time(ctx, reference, event_when, occurrences=occurrences)
    window = read_range(event_when, now=ctx.now, tz=ctx.tz) if event_when else None
    if window is None and not is_anaphor(reference):
        window = await _own_window(ctx, reference, matches)
    refs: list[Ref] = []
    if window is not None:
        for occ in await ctx.events.list_range(*window):
            event = matches.get(occ.event.id)
            if event is not None:
                refs.append(Ref(event, occ.start, occ.end, occurrence=event.recurring))
        if not refs and event_when and not names_a_day(event_when):
            refs = await _at_its_clock(ctx, event_when, matches)
        if not refs:  # the title words found other events: what starts at the time the user gave
            at_the_time = await _by_time(ctx, reference, event_when, occurrences=occurrences, titled=bool(matches))
            if isinstance(at_the_time, Choice) and matches and _said_apart(ctx, reference, str(event_when)):
                # ... unless that time is another request's ("cancel friday's book club, and what's on
                # monday?"): the name alone, never that day's other events as a choice
                return await resolve_reference(ctx, reference, None, occurrences=occurrences, by_time=by_time)
            return at_the_time
        if not occurrences:
            seen: dict[uuid.UUID, Ref] = {}
            for ref in refs:
                seen.setdefault(ref.event.id, ref)
            refs = list(seen.values())
    else:
        refs = [await _next_occurrence(ctx, e) for e in matches.values()]
    refs.sort(key=lambda r: (r.start, r.event.title, str(r.event.id)))
    if len(refs) == 1 and not another_name(reference, refs[0].event.title) and not by_the_name_alone:
        return Found(refs[0])
    if len(refs) == 1:  # "Jon" found "1:1 with Joan": a similar name is another person; the user says
        # (and "call with Leo" found "Leo's birthday" by the name alone: maybe misnamed, maybe another event)
        return Choice((refs[0],))
    upcoming = [r for r in refs if r.end > ctx.now]
    shown = (upcoming if len(upcoming) >= MAX_OPTIONS else refs)[:MAX_OPTIONS]
    return Choice(tuple(sorted(shown, key=lambda r: (r.start, r.event.title))))


_FUZZY = (10, 50.0)
"""The fuzzy search's candidates: its best 10 scoring at least 50 (the store's default)."""
_WIDE = 200
"""Titles a reference with Han words is compared with: the fuzzy search's best ``_WIDE``, no cut-off."""


async def _named_by(ctx: ToolContext, reference: str) -> tuple[dict[uuid.UUID, EventSnapshot], bool]:
    """The events whose titles the reference names, from one store search. A reference with Han words: the
    titles that share the longest run of two or more Han characters with it (its time phrases aside) — a
    fuzzy score over single characters ranks 周会 above 合同评审（老周） for 跟老周那个会: one shared character
    is a coincidence, two are a word. Otherwise (or when no title shares two): the best fuzzy matches that
    share a word with it (``title_match.shares_a_word``); failing those, the titles that hold a name or
    subject of it at any score ("meeting with Keiko" for "1:1 Keiko Tanaka"), flagged True: a match by the
    name alone, which the user confirms — as a match by near spellings or abbreviations alone ("offsite" for
    "call with Tokyo office"), which may be another word."""
    core = without_times(reference)
    wide = han_chars(core) >= MIN_RUN
    limit, least = _FUZZY
    found = await ctx.events.search(reference, limit=_WIDE, min_score=0)
    if wide:
        runs = [(longest_han_run(core, simplified(normalise(c.event.title))), c.event) for c in found]
        best = max((n for n, _ in runs), default=0)
        if best >= MIN_RUN:
            return _by_its_name(reference, {e.id: e for n, e in runs if n == best}), False
    # (a Han reference scores low against any title; one that shares a Latin word with it — a name,
    # "跟Amy的聚会" for "和Amy吃晚餐" — names it whatever the score)
    fuzzy = [c for c in found[:limit] if (c.score >= least or wide) and shares_a_word(reference, c.event.title)]
    if fuzzy and proper_words(reference):
        # "meeting with Keiko" is no "Team meeting": a title that shares only its kind of event with a
        # reference naming someone is another event; and among titles that do share a word of it, one
        # that shares only the kind ("Call with Omar" for "call with mom") is another event too
        sharing = _most_of_its_words(reference, [c.event for c in fuzzy])
        fuzzy = [c for c in fuzzy if c.event.id in sharing] if sharing or names_someone(reference) else fuzzy
    if not fuzzy:
        # a long reference around a short title scores low ("meeting with Keiko" against "1:1 Keiko Tanaka":
        # 50): a title that holds a word of the reference beyond its kind and wrapping words (a name, a
        # subject) may be the one, whatever the score — or another event of that person ("call with Leo",
        # "Leo's birthday"): the user says which
        named = [c for c in found if shares_a_proper_word(reference, c.event.title)]
        return {c.event.id: c.event for c in named[:MAX_OPTIONS]}, bool(named)
    kept = {c.event.id: c.event for c in fuzzy if c.score >= fuzzy[0].score - _SCORE_BAND}
    # "offsite" found "call with Tokyo office" by a near spelling alone: maybe a typo, maybe another word
    # (a Han reference's in-order abbreviation, 周会 of 每周例会, is a word of its own: ``title_match``)
    return kept, not wide and not any(names_by_spelling(reference, e.title) for e in kept.values())


def _by_its_name(reference: str, found: dict[uuid.UUID, EventSnapshot]) -> dict[uuid.UUID, EventSnapshot]:
    """Of the titles that share the reference's longest Han run, those that also share a Latin name or
    subject of it ("和Mia的电话": not 和Mike的电话, whose shared run is only 的电话) — when any does."""
    named = _most_of_its_words(reference, list(found.values()))
    return {k: e for k, e in found.items() if k in named} or found


def _most_of_its_words(reference: str, events: list[EventSnapshot]) -> set[uuid.UUID]:
    """The events whose titles share the most of the reference's names and subjects (``proper_words``), at
    least one: "coffee with liz" shares two words with "Coffee with liz", one with "Coffee with Lisa"."""
    words = proper_words(reference)
    shared = {e.id: sum(shares_a_proper_word(w, e.title) for w in words) for e in events}
    most = max(shared.values(), default=0)
    return {k for k, n in shared.items() if n == most} if most else set()


async def events_sharing_a_word(
    ctx: ToolContext, query: str, words: str, *, limit: int
) -> list[EventSnapshot]:
    """The events of one store search for ``query`` whose titles share a word with ``words``
    (``title_match.shares_a_word``), best first; none when the store cannot answer (the caller's check
    then finds nothing, and the write's own store call reports the failure)."""
    try:
        found = await ctx.events.search(query[:200], limit=limit, min_score=0)
    except StorageError:
        return []
    return [c.event for c in found if shares_a_word(words, c.event.title)]


def _day_and_clock(reference: str, event_when: str) -> str:
    """``event_when`` with the reference's clock when it names only a day and the reference only a clock (the
    "2pm call" on "Friday": "Friday 2pm"); else ``event_when`` as it is."""
    clocks = [p for p in time_phrases(reference) if not names_a_day(p)]
    day_only = names_a_day(event_when) and not has_clock(event_when)
    return f"{event_when} {clocks[0]}" if len(clocks) == 1 and day_only else event_when


def _with_the_messages_day(ctx: ToolContext, reference: str) -> str:
    """A reference that gives only a clock ("the 2pm one") with the one day the message says elsewhere
    ("tomorrow, move the 2pm one to 5"), when that day is not where the event goes; else the reference."""
    own = [p for p in time_phrases(reference) if not reads_as_a_destination(reference, p)]
    if len(own) != 1 or names_a_day(own[0]) or not has_clock(own[0]) or reference.strip() == ctx.user_text.strip():
        return reference
    days = [
        p.text for p in analyse(ctx.user_text, now=ctx.now, tz=ctx.tz)
        if names_a_day(p.text) and not has_clock(p.text) and not reads_as_a_destination(ctx.user_text, p.text)
    ]  # fmt: skip
    return f"{days[0]} {own[0]}" if len(days) == 1 else reference


def _windows(text: str, ctx: ToolContext) -> list[tuple[datetime, datetime]]:
    """The times one time phrase names (each reading of an ambiguous one: "3 o'clock" is 3am or 3pm), or a
    day and a clock said apart. A phrase that reads as where a move goes ("下午两点那个挪到五点", "the 2pm one to 5": the reference is the
    message, move and all) is no time of the event."""
    said = [p for p in analyse(text, now=ctx.now, tz=ctx.tz) if not reads_as_a_destination(text, p.text)]
    if len(said) == 2:  # "tomorrow, move the 2pm one …": a day and a clock said apart are one time
        days = [p.text for p in said if names_a_day(p.text) and not has_clock(p.text)]
        clocks = [p.text for p in said if has_clock(p.text) and not names_a_day(p.text)]
        if len(days) == len(clocks) == 1:
            said = analyse(f"{days[0]} {clocks[0]}", now=ctx.now, tz=ctx.tz)
    if len(said) != 1:
        return []
    found = said[0].resolution
    if found.status == "ambiguous":
        return [(c.start, c.end) for c in found.candidates if c.start is not None and c.end is not None]
    return [(found.start, found.end)] if found.start is not None and found.end is not None else []


async def _starting_at(
    ctx: ToolContext, windows: list[tuple[datetime, datetime]], *, occurrences: bool
) -> tuple[list[Ref], bool]:
    """The events that start in one of ``windows``, and True; those merely overlapping when none starts
    there, and False."""
    starting: list[Ref] = []
    overlapping: list[Ref] = []
    for begin, end in windows:
        if end - begin > MAX_QUERY_RANGE:  # (an id's digits read as a span of years: no event's time)
            continue
        for o in await ctx.events.list_range(begin, end):
            ref = Ref(o.event, o.start, o.end, occurrence=o.event.recurring and occurrences)
            (starting if begin <= o.start < end else overlapping).append(ref)
    refs = starting or overlapping
    found = sorted({(r.event.id, r.start): r for r in refs}.values(), key=lambda r: (r.start, r.event.title))
    return found, bool(starting)


async def _by_time(
    ctx: ToolContext, reference: str, event_when: str | None, *, occurrences: bool, titled: bool = False
) -> Found | NotFound | Choice:
    """An event named by its time ("my 3pm", 下午三点那个): the events that start at the time the user gave
    (``event_when``, else the one time phrase of the reference, read by the time service). With no title
    match (``titled`` False) one such event is the one; when title words matched other events, the user
    chooses — a time that fits another event never silently moves it. A reference that says who the event
    is with ("meeting with Hannah", 跟李总的会) and matched no title is not found: the event it names is not
    there, whatever starts at its time (``title_match.names_someone``); one that says what the event is (牙医,
    "run at 7 pm") gets the one event at its time as a question, never as the target
    (``title_match.names_a_subject``)."""
    own = reference.strip() != ctx.user_text.strip()  # (code's own try with the whole message: its words ask)
    if not titled and own and names_someone(reference):
        return NotFound(by_id=False, with_time=bool(event_when))
    windows = _windows(_day_and_clock(reference, event_when), ctx) if event_when else []
    windows = windows or _windows(_with_the_messages_day(ctx, reference), ctx)
    if not windows:
        return NotFound(by_id=False, with_time=bool(event_when))
    refs, starting = await _starting_at(ctx, windows, occurrences=occurrences)
    if not refs:
        return NotFound(by_id=False, with_time=True)
    apart = own and (names_a_subject(reference) or _said_apart(ctx, reference, event_when))
    if len(refs) == 1 and not titled and not apart and starting:
        return Found(refs[0])
    # (one event at the time of a reference that says what it is and matched no title — 牙医 for 设计评审 in
    # that window — or whose words and time are two clauses' — "what's on thursday afternoon? also add a
    # dentist" — is asked about by name, "Do you mean …?", never changed on the time alone; so is one that
    # only runs through the time: "my 5pm" is no 4:30–6:00 retro until the user says so)
    return Choice(tuple(refs[:MAX_OPTIONS]))


def _said_apart(ctx: ToolContext, reference: str, event_when: str | None) -> bool:
    """The reference's words and ``event_when`` come from two requests of the message (a question about one
    window and an event to add elsewhere), not from one reference (``clauses_apart``)."""
    return bool(event_when) and bool(without_times(reference).strip()) and bool(
        clauses_apart(ctx, reference, str(event_when))
    )


def clauses_apart(ctx: ToolContext, reference: str, when: str) -> list[str]:
    """The clauses of the message that hold ``when``, when none of them names ``reference`` while another
    clause does ("move lunch to 1pm" of "move lunch to 1pm and cancel the call", for the call); [] otherwise.
    Shared by ``guards.clauses`` (a new time of another request) and ``_by_time`` (a reference's time)."""
    parts = clauses(ctx.user_text)
    if len(parts) < 2:
        return []
    timed = [i for i, c in enumerate(parts) if is_time_grounded(when, [c], now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
    named = {i for i, c in enumerate(parts) if shares_a_word(reference, c)}
    if not timed or not named or named.intersection(timed):
        return []
    return [parts[i] for i in timed]


_CLOCK_DAYS = timedelta(days=15)
"""How far ahead a clock with no day looks for the named event (the next two weeks, and the day before)."""


async def _at_its_clock(
    ctx: ToolContext, event_when: str, matches: dict[uuid.UUID, EventSnapshot]
) -> list[Ref]:
    """The named events that start at the clock ``event_when`` gives without a day ("19:00 to 21:00" as a
    listing showed Friday's dinner, 七点那个): read as today's, it finds nothing on another day. Only events
    the title words matched, at that wall clock, from yesterday to two weeks ahead."""
    clocks = {wall_clock(start, ctx.tz) for start, _ in _windows(event_when, ctx)}
    if not clocks:
        return []
    return [
        Ref(matches[o.event.id], o.start, o.end, occurrence=o.event.recurring)
        for o in await ctx.events.list_range(ctx.now - timedelta(days=1), ctx.now + _CLOCK_DAYS)
        if o.event.id in matches and wall_clock(o.start, ctx.tz) in clocks
    ]


async def _own_window(
    ctx: ToolContext, reference: str, matches: dict[uuid.UUID, EventSnapshot]
) -> tuple[datetime, datetime] | None:
    """The time the reference gives itself ("Sunday's book club", 周五那个会) when it narrows the title's
    matches: one time phrase, not part of any matched title ("Monday standup" is a name), and at least one
    match occurs then — a phrase that fits none ("lunch with Marco" on Tuesday) is a word of the name."""
    said = analyse(reference, now=ctx.now, tz=ctx.tz)
    if len(said) != 1 or said[0].resolution.status != "resolved" or said[0].resolution.recurrence:
        return None
    phrase = normalise(said[0].text).casefold()
    if any(phrase in normalise(e.title).casefold() for e in matches.values()):
        return None
    window = read_range(said[0].text, now=ctx.now, tz=ctx.tz)
    if window is None:
        return None
    occurring = await ctx.events.list_range(*window)
    return window if any(o.event.id in matches for o in occurring) else None


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
