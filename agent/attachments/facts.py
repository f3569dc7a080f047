"""The figures of a planned import, all computed by code: what would be added (numbered entries, a series
with the changes its file makes to it), the date span, the repeating ones, and what overlaps the user's
calendar.

An entry is one thing the user can keep or leave out: an event or a series of the file (with the changed
and cancelled occurrences of that series), or a change the file makes to a series already in the calendar.
Occurrences are expanded in each series' own zone (``storage.recurrence``), at most ``MAX_EXPANDED`` per
entry and over at most ``storage.limits.MAX_QUERY_RANGE`` from the first start; only timed occurrences
overlap (an all-day event overlaps nothing, as in the store's conflict check).
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from storage import EventDraft, EventStore
from storage.drafts import validate
from storage.ics_plan import PlannedItem
from storage.limits import MAX_QUERY_RANGE
from storage.recurrence import expand

__all__ = ["MAX_EXPANDED", "Entry", "Facts", "Overlap", "entries_of", "facts_of"]

MAX_EXPANDED = 500
"""Occurrences of one entry looked at (for its span, count and overlaps)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One numbered thing of the file. ``items``: the plan's indexes it covers (an event first, then the
    changes the file makes to its occurrences). ``starts``: its occurrences (aware, in the user's zone),
    the changed ones at their new times; ``complete``: whether that is all of them."""

    number: int
    items: tuple[int, ...]
    title: str
    all_day: bool
    rule: str | None
    starts: tuple[tuple[datetime, datetime], ...]
    complete: bool
    changed: int = 0
    cancelled: int = 0
    stored_series: bool = False
    """A change to a series already in the user's calendar (not an event of its own)."""


@dataclass(frozen=True, slots=True)
class Overlap:
    """An occurrence of an entry that overlaps an event already in the calendar."""

    entry: int
    title: str
    start: datetime
    end: datetime
    other: str


@dataclass(frozen=True, slots=True)
class Facts:
    entries: tuple[Entry, ...]
    first: datetime | None
    last: datetime | None
    open_ended: bool
    overlaps: tuple[Overlap, ...]
    checked_until: datetime | None = None
    """Overlaps were looked for only up to here (a long span, or a calendar too full to list); ``None``:
    over the whole span."""


def entries_of(items: Sequence[PlannedItem], zone: ZoneInfo) -> list[Entry]:
    """The numbered entries of ``items`` (in the plan's order)."""
    heads = [i for i, item in enumerate(items) if item.kind == "event" or item.series is None]
    entries: list[Entry] = []
    for number, head in enumerate(heads, start=1):
        changes = [i for i, other in enumerate(items) if other.kind == "override" and other.series == head]
        entries.append(_entry(number, head, items, changes, zone))
    return entries


async def facts_of(store: EventStore, items: Sequence[PlannedItem], zone: ZoneInfo) -> Facts:
    """The entries, the span and the overlaps with the user's calendar."""
    entries = entries_of(items, zone)
    starts = [s for e in entries for s, _ in e.starts]
    ends = [e_ for e in entries for _, e_ in e.starts]
    first, last = (min(starts), max(ends)) if starts else (None, None)
    open_ended = any(not e.complete for e in entries if not e.stored_series)
    overlaps: list[Overlap] = []
    checked_until = None
    if first is not None and last is not None:
        until = min(last, first + MAX_QUERY_RANGE)
        listing = await store.listing(first, until, include_all_day=False)
        theirs = sorted((o.start, o.end, o.title) for o in listing.occurrences)
        if listing.truncated and theirs:  # a calendar too full to list whole: up to its last listed start
            until = theirs[-1][0]
        if until < last or open_ended:  # a series with no end: looked at for its first stretch
            checked_until = until
        their_starts = [t[0] for t in theirs]
        longest = max((e - s for s, e, _ in theirs), default=timedelta(0))
        for entry in entries:
            if entry.all_day:
                continue
            for start, end in entry.starts:  # only the events that start early enough and before its end
                nearby = theirs[bisect_left(their_starts, start - longest) : bisect_left(their_starts, end)]
                overlaps += [
                    Overlap(entry.number, entry.title, start, end, t) for _, e, t in nearby if start < e
                ]
    return Facts(tuple(entries), first, last, open_ended, tuple(overlaps), checked_until)


def _entry(number: int, head: int, items: Sequence[PlannedItem], changes: list[int], zone: ZoneInfo) -> Entry:
    item = items[head]
    if item.kind == "override":  # a change to a series already in the calendar
        draft = item.draft
        spans = () if draft is None else (_span(draft, zone),)
        return Entry(number, (head,), item.title, _all_day(draft), None, spans, True,
                     changed=int(draft is not None), cancelled=int(draft is None), stored_series=True)  # fmt: skip
    assert item.draft is not None
    draft = item.draft
    fields = validate(draft, draft.timezone or zone.key)
    tz = ZoneInfo(fields.timezone)
    start, end = fields.start_utc.astimezone(tz), fields.end_utc.astimezone(tz)
    replaced = {items[i].occurrence_start for i in changes}
    exdates = [datetime.fromisoformat(x) for x in fields.exdates] + [x for x in replaced if x is not None]
    horizon = min(fields.series_end_utc, start.astimezone(UTC) + MAX_QUERY_RANGE)
    found = expand(
        start=start, end=end, all_day=fields.all_day, rule=fields.rrule, exdates=exdates,
        range_start=start, range_end=horizon, limit=MAX_EXPANDED + 1,
    )  # fmt: skip
    complete = len(found) <= MAX_EXPANDED and horizon >= fields.series_end_utc
    spans = [(s.astimezone(zone), e.astimezone(zone)) for s, e in found[:MAX_EXPANDED]]
    changed = [items[i].draft for i in changes if items[i].draft is not None]
    spans += [_span(d, zone) for d in changed if d is not None]
    return Entry(
        number, (head, *changes), item.title, fields.all_day, fields.rrule, tuple(sorted(spans)), complete,
        changed=len(changed), cancelled=len(changes) - len(changed),
    )  # fmt: skip


def _span(draft: EventDraft, zone: ZoneInfo) -> tuple[datetime, datetime]:
    single = dataclasses.replace(draft, rrule=None, exdates=())
    fields = validate(single, single.timezone or zone.key)
    return fields.start_utc.astimezone(zone), fields.end_utc.astimezone(zone)


def _all_day(draft: EventDraft | None) -> bool:
    return draft is not None and not isinstance(draft.start, datetime) and isinstance(draft.start, date)
