"""The read tools' handlers: list, free time, search, the conversation archive (descriptions and the
registry: ``agent.tools.calendar``).

A read's ``range`` must be the user's words (or read as a time the user wrote), as a write's time must; a
range code chose itself (``listed_in``: today, for "what's on?") is read without that check. Every read of the
calendar keeps what it returned for code (``ReadResult.listing`` / ``free_time``: the read check's facts),
and a read of someone else's calendar is refused by code.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from agent.archive import search_archive, snippet
from agent.checks.read_check import Listed, Listing, search_listing
from agent.context import ToolContext
from agent.outcomes import EVENT_WRITES
from agent.render import phrases
from agent.render.free_time import FreeTime
from agent.render.repetition import repetition_text
from agent.time_grounding import is_time_grounded, phrases_in
from agent.time_readings import ungrounded_hint
from agent.timing import read_range, resolve_duration
from agent.tools.args import FindFreeTimeArgs, ListEventsArgs, SearchConversationArchiveArgs, SearchEventsArgs
from agent.tools.free_hours import ALL_HOURS, search_hours, search_start
from agent.tools.other_calendar import asks_about_someone, names_other_calendar, whose_is_someone_else
from agent.tools.registry import ReadResult
from agent.turn.focus import focus_group
from schedule_time import TimeExpressionError, analyse, resolve
from storage import EventSnapshot, InvalidInput, StorageError

__all__ = [
    "find_free_time",
    "list_events",
    "listed_in",
    "read_of",
    "search_conversation_archive",
    "search_events",
]

_MAX_LISTED = 20


def _event_json(ctx: ToolContext, start: Any, end: Any, event: Any) -> dict[str, Any]:
    ctx.state.shown = True  # the model has read event content this turn (see guards.asked.event_pointed_at)
    zone = ctx.tz
    fmt = "%a %Y-%m-%d" if event.all_day else "%a %Y-%m-%d %H:%M"
    item = {
        "id": str(event.id),
        "title": event.title,
        "start": start.astimezone(zone).strftime(fmt),
        "end": end.astimezone(zone).strftime(fmt if not event.all_day else "%a %Y-%m-%d"),
    }
    if event.all_day:
        item["all_day"] = True
    if event.location:
        item["location"] = event.location
    if event.recurring:
        item["repeats"] = True
    return item


def _range_error(field: str) -> ReadResult:
    return ReadResult({"ok": False, "error": "unresolved_time", "field": field})


async def _refused_read(ctx: ToolContext, whose: str | None = None) -> ReadResult | None:
    """Someone else's calendar: not read (the user's own events would pass for theirs). The model says so
    in the read's ``whose``; the message's own wording ("Bob's calendar", 李雷的日程) still counts."""
    if not (
        names_other_calendar(ctx.user_text)
        or asks_about_someone(ctx.user_text)
        or await whose_is_someone_else(ctx, whose)
    ):
        return None
    refusal = phrases.say("other_calendar_read", ctx.lang)
    return ReadResult({"ok": False, "error": "other_users_calendar", "say": refusal}, refusal=refusal)


def _ungrounded_range(ctx: ToolContext, value: str) -> ReadResult | None:
    if is_time_grounded(value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    return ReadResult(
        {
            "ok": False,
            "error": "ungrounded_time",
            "field": "range",
            "hint": ungrounded_hint("range", ctx.time_sources),
        }
    )


async def list_events(ctx: ToolContext, args: ListEventsArgs, call_index: int) -> ReadResult:
    if (refused := await _refused_read(ctx, args.whose)) is not None:
        return refused
    window = _window_of(ctx, args.range, await _day_against_the_focus(ctx))
    if isinstance(window, ReadResult):
        return window
    return await _listed(ctx, window)


def _window_of(ctx: ToolContext, value: str, day: datetime | None) -> tuple[datetime, datetime] | ReadResult:
    """``_window``; but a message whose one time phrase names a day against the event in focus ("what else
    is on that day?", 那天还有别的安排吗, 同一天下午还有空吗, "anything the day before?") reads that day, whatever
    the model passed (our receipt, an earlier message's time, 下午 alone read as today's): the whole day, or
    the part of it the model named in the message's own words. ``day``: ``_day_against_the_focus``, read once
    by the caller."""
    if day is None:
        return _window(ctx, value)
    own = _window(ctx, value) if value.strip() and value.strip() in ctx.user_text else None
    if own is None or isinstance(own, ReadResult) or own[1] - own[0] >= timedelta(days=1):
        return (day, day + timedelta(days=1))
    start, end = own[0].astimezone(ctx.tz), own[1].astimezone(ctx.tz)
    moved = (day.date() - start.date()).days
    return start + timedelta(days=moved), end + timedelta(days=moved)  # (wall clock: same zone, whole days)


_ANCHOR_HOURS = (0, 9, 12, 15, 19, 22)
"""Times of the focus event's day the phrase is read against: a part of day named beside the day ("同一天下午",
"that day in the evening") holds one of them."""


async def _day_against_the_focus(ctx: ToolContext) -> datetime | None:
    """The day (local midnight) the message's one time phrase names against the one event of the newest
    focus group (``focus.focus_group``) — a phrase with no day of its own ("that day", 那天, "the day before"):
    the time service reads it against that event's day. None otherwise."""
    group = focus_group(ctx.focus)
    if len(group) != 1 or not group[0].get("event_id"):
        return None
    try:
        found = [p for p in analyse(ctx.user_text, now=ctx.now, tz=ctx.tz)]
    except TimeExpressionError:
        return None
    if len(found) != 1 or found[0].resolution.status != "unresolved":
        return None
    try:
        event = await ctx.events.get(str(group[0]["event_id"]))
    except (StorageError, KeyError):
        return None
    midnight = datetime.combine(event.start.astimezone(ctx.tz).date(), time(0), tzinfo=ctx.tz)
    for hour in _ANCHOR_HOURS:
        at = midnight + timedelta(hours=hour)
        try:
            read = resolve(found[0].text, now=ctx.now, tz=ctx.tz, relative_to=(at, at + timedelta(minutes=1)))
        except TimeExpressionError:
            return None
        if read.status == "resolved" and read.start is not None:
            landed = read.start.astimezone(ctx.tz).date()
            return datetime.combine(landed, time(0), tzinfo=ctx.tz)
    return None


def _window(ctx: ToolContext, value: str) -> tuple[datetime, datetime] | ReadResult:
    """The window a read's ``range`` names; or, when it is not the user's words or reads as no one window
    ("next Wednesday" for "tmrw", "Saturday or Sunday"), the window the message's own time phrases cover (a
    read writes nothing, so reading what the user named is never a guess); else the error for the model."""
    ungrounded = _ungrounded_range(ctx, value)
    window = None if ungrounded is not None else read_range(value, now=ctx.now, tz=ctx.tz)
    if window is not None:
        return window
    return _users_window(ctx) or ungrounded or _range_error("range")


def _users_window(ctx: ToolContext) -> tuple[datetime, datetime] | None:
    """From the first to the last of the windows the message's time phrases read as, when every phrase reads
    as a window and together they span at most a month; None otherwise."""
    spans = []
    try:
        found = analyse(ctx.user_text, now=ctx.now, tz=ctx.tz)  # (a list, 周六和周日, by its items)
    except TimeExpressionError:
        return None
    for phrase in found:
        window = read_range(phrase.text, now=ctx.now, tz=ctx.tz)
        if window is None:
            return None
        spans.append(window)
    if not spans:
        return None
    start, end = min(s for s, _ in spans), max(e for _, e in spans)
    return (start, end) if end - start <= timedelta(days=31) else None


async def listed_in(ctx: ToolContext, range_text: str) -> ReadResult:
    """``list_events`` for a range code chose (``agent.checks.unread``: today, for "what's on?"): the read without
    the check that the range is the user's words."""
    window = read_range(range_text, now=ctx.now, tz=ctx.tz)
    if window is None:
        return _range_error("range")
    return await _listed(ctx, window)


async def _listed(ctx: ToolContext, window: tuple[datetime, datetime]) -> ReadResult:
    try:
        found = await ctx.events.list_range(*window)
    except InvalidInput:
        return ReadResult({"ok": False, "error": "range_too_long", "field": "range"})
    shown = found[:_MAX_LISTED]
    events = [_event_json(ctx, o.start, o.end, o.event) for o in shown]
    more = max(0, len(found) - _MAX_LISTED)
    listing = Listing(
        window[0].astimezone(ctx.tz),
        window[1].astimezone(ctx.tz),
        tuple(
            Listed(
                o.event.title,
                o.start.astimezone(ctx.tz),
                o.end.astimezone(ctx.tz),
                o.event.all_day,
                repeats=bool(o.event.recurring),
            )
            for o in shown
        ),
        more,
    )
    return ReadResult({"ok": True, "events": events, "more": more}, listing)


def _named_events_note() -> str:
    return (
        "the user's message gives no time: these are the events named like the user's words. If the user "
        "asked to add, change or delete something, call that tool now"
    )


def _whole_hours(slots: list[tuple[datetime, datetime]]) -> list[tuple[datetime, datetime]]:
    """Slots searched over every hour end a microsecond before midnight (``ALL_HOURS``): that end is the
    midnight, and a slot that goes on past it is one slot."""
    out: list[tuple[datetime, datetime]] = []
    for start, end in slots:
        if end.time() == ALL_HOURS.end:
            end += timedelta(microseconds=1)
        if out and out[-1][1] == start:
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


async def find_free_time(ctx: ToolContext, args: FindFreeTimeArgs, call_index: int) -> ReadResult:
    """Free slots of the range, and the events in it: one read answers "when am I free?" and, when the
    model chose this tool for "what's on?", that too (the reply check accepts a reply that quotes a free
    slot or names an event of the range). Decided by facts, never by the message's wording: the model's
    own reading of a request to write sends it to the write tools, and a message with no time at all is
    first looked up by the events it names."""
    writes_too = any(name in EVENT_WRITES for name, _ in ctx.state.answer_calls)
    if ctx.state.request in ("add", "change") and not writes_too:  # the model's own reading: a write, not a
        # question (beside a write call of the same answer, the read is for a question of its own)
        hint = (
            "the user asked to add or change an event, not for free time: call create_event or update_event"
        )
        return ReadResult({"ok": False, "error": "wrong_tool", "hint": hint})
    if (refused := await _refused_read(ctx, args.whose)) is not None:
        return refused
    day = await _day_against_the_focus(ctx)
    if day is None and not phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        # no time in the message ("When's my next haircut?", 我跟理发师约的是哪天): the range is the model's
        # own; events the user's words name answer it, where there are any
        found = await search_events(ctx, SearchEventsArgs(query=ctx.user_text[:200]), call_index)
        if found.data.get("ok") and found.data.get("events"):
            found.data["note"] = _named_events_note()
            return found
    window = _window_of(ctx, args.range, day)
    if isinstance(window, ReadResult):
        return window
    duration = resolve_duration(args.duration, now=ctx.now, tz=ctx.tz)
    if duration is None:
        return _range_error("duration")
    listed = await _listed(ctx, window)
    events = listed.listing if listed.data.get("ok", True) else None
    shown_events = {"events": listed.data["events"]} if events is not None and events.events else {}
    start = max(search_start(window, ctx.tz), ctx.now)
    if start >= window[1]:
        empty = FreeTime(
            window[0].astimezone(ctx.tz), window[1].astimezone(ctx.tz), duration, (), events=events
        )
        return ReadResult({"ok": True, "free": [], **shown_events}, free_time=empty)
    # a part of a day the user named ("Friday evening", 周六下午) is searched as named; a day or longer keeps
    # the working hours (a whole Tuesday is not "free from midnight"; days off at their clock: ``free_hours``)
    named_hours = search_hours(window, ctx.tz)
    try:
        slots = await ctx.events.free_slots(start, window[1], duration, working_hours=named_hours)
    except InvalidInput:
        return ReadResult({"ok": False, "error": "range_too_long", "field": "range"})
    fmt = "%a %Y-%m-%d %H:%M"
    whole = (
        _whole_hours([(s.start, s.end) for s in slots]) if named_hours else [(s.start, s.end) for s in slots]
    )
    shown = [(s.astimezone(ctx.tz), e.astimezone(ctx.tz)) for s, e in whole[:8]]
    free = [{"start": s.strftime(fmt), "end": e.strftime(fmt)} for s, e in shown]
    kept = FreeTime(
        window[0].astimezone(ctx.tz),
        window[1].astimezone(ctx.tz),
        duration,
        tuple(shown),
        len(whole) - len(shown),
        events=events,
    )
    return ReadResult({"ok": True, "free": free, **shown_events}, free_time=kept)


_SEARCH_BAND = 15.0
"""Search results more than this many points below the best one are left out."""


async def search_events(ctx: ToolContext, args: SearchEventsArgs, call_index: int) -> ReadResult:
    if (refused := await _refused_read(ctx)) is not None:
        return refused
    try:
        found = await ctx.events.search(args.query, limit=5)
    except InvalidInput:
        return ReadResult({"ok": False, "error": "bad_query", "field": "query"})
    # a title far below the best match only shares letters with the words ("haircut" scored "Vet visit
    # for Biscuit" 55 beside "Haircut" 100): another event, not an answer
    found = [c for c in found if c.score >= found[0].score - _SEARCH_BAND]
    events = [_event_json(ctx, c.event.start, c.event.end, c.event) for c in found]
    return ReadResult(
        {"ok": True, "events": events}, _search_listing(ctx, args.query, [c.event for c in found])
    )


def read_of(ctx: ToolContext, event: EventSnapshot) -> ReadResult:
    """A search's answer holding exactly ``event`` (code knows which event by its id: a fuzzy search by its
    title also finds others — "Vet" ranks "Dentist")."""
    data = {"ok": True, "events": [_event_json(ctx, event.start, event.end, event)]}
    return ReadResult(data, _search_listing(ctx, event.title, [event]))


def _search_listing(ctx: ToolContext, query: str, found: list[EventSnapshot]) -> Listing:
    """What the search found, for the read check. The words are quoted in its header unless they are the
    user's whole message (``find_free_time`` searches by it) or too long to read as a name."""
    words = " ".join(query.split())
    if words.casefold() == " ".join(ctx.user_text[:200].split()).casefold() or len(words) > 40:
        words = ""
    listed = [
        Listed(
            e.title,
            e.start if e.all_day else e.start.astimezone(ctx.tz),  # an all-day event's dates stay its own
            e.end if e.all_day else e.end.astimezone(ctx.tz),
            e.all_day,
            repeats=bool(e.recurring),
            rule=repetition_text(e.rrule, e.start.astimezone(ctx.tz), ctx.lang) if e.rrule else "",
        )
        for e in found
    ]
    return search_listing(words, listed, now=ctx.now.astimezone(ctx.tz))


async def search_conversation_archive(
    ctx: ToolContext, args: SearchConversationArchiveArgs, call_index: int
) -> ReadResult:
    """Earlier segments (and the user's other conversations), scored by ``archive.search_archive``: the
    best five as dated snippets. The current segment is already in the prompt."""
    if ctx.turns is None:
        return ReadResult({"ok": True, "results": []})
    try:
        messages = await ctx.turns.archive(ctx.conversation_id, exclude_segment=ctx.segment)
    except StorageError:
        return ReadResult({"ok": False, "error": "archive_unavailable"})
    hits = search_archive(args.query, messages)
    return ReadResult({"ok": True, "results": [snippet(h, args.query, ctx.tz) for h in hits]})
