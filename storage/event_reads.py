"""``EventReads``: one user's events as read: single events, ranges with recurrences expanded, conflicts,
free slots, fuzzy title search. ``EventStore`` (``storage.events``) adds the writes.

Every statement filters on the bound owner, so another user's event id behaves exactly like a missing one
(``EventNotFound``).
"""

from __future__ import annotations

import asyncio
import heapq
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from itertools import islice
from typing import Any
from zoneinfo import ZoneInfo

from rapidfuzz import fuzz, process, utils
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from storage import limits
from storage.audit import last_undoable
from storage.drafts import check_timezone, in_range, require_aware
from storage.errors import EventNotFound, InvalidInput, InvalidRange, UserNotFound
from storage.models import Event, IdempotencyRecord, User
from storage.overlap import candidate_params, candidate_statement
from storage.recurrence import iter_occurrences
from storage.results import FreeSlot, SearchCandidate
from storage.slots import WorkingHours, free_intervals
from storage.snapshots import EventSnapshot, Listing, Occurrence
from storage.tx import run_sync

__all__ = ["EventReads", "expand_rows", "heavy", "parse_id"]


class EventReads:
    """The events of the user ``user_id``, read. ``now`` is always passed in; nothing reads a clock."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID) -> None:
        self._sessions = sessions
        engine = sessions.kw.get("bind")
        if not isinstance(engine, AsyncEngine):
            raise TypeError(
                "EventStore needs a session factory bound to an AsyncEngine (storage.session_factory)"
            )
        self._engine = engine
        self._owner = user_id
        self._zone: str | None = None

    @property
    def user_id(self) -> uuid.UUID:
        return self._owner

    async def timezone(self) -> str:
        """The owner's IANA zone (the default zone of new events, the zone of working hours)."""
        if self._zone is None:
            async with self._sessions() as session:
                user = await session.get(User, self._owner)
            if user is None:
                raise UserNotFound(f"no user with id {self._owner}")
            self._zone = user.timezone
        return self._zone

    async def get(self, event_id: uuid.UUID | str) -> EventSnapshot:
        """The event with this id. Raises ``EventNotFound`` (also for malformed or other users' ids)."""
        event_uuid = parse_id(event_id)
        async with self._sessions() as session:
            return EventSnapshot.from_row(await self._row(session, event_uuid))

    async def list_events(self) -> list[EventSnapshot]:
        """Every event (series unexpanded) of the user, by start; for export and maintenance."""
        query = select(Event).where(Event.owner_id == self._owner).order_by(Event.start_utc, Event.id)  # type: ignore[arg-type]
        async with self._sessions() as session:
            return [EventSnapshot.from_row(row) for row in (await session.execute(query)).scalars()]

    async def last_change(self) -> tuple[str, EventSnapshot] | None:
        """What ``undo`` would revert: the action of the newest undoable write ("created", "updated",
        "deleted") and the event as that write left it (as it was before, for a delete), or ``None``."""
        async with self._sessions() as session:
            record = await last_undoable(session, self._owner)
        if record is None:
            return None
        shown = record.before if record.action == "deleted" or record.after is None else record.after
        return record.action, EventSnapshot.from_json(shown) if shown else None  # type: ignore[return-value]

    async def created_by(self, idempotency_key: str) -> uuid.UUID | None:
        """The id of the event an earlier committed write with this idempotency key returned, or ``None``.
        (How .ics import finds the series it created for a UID; the event may be gone since.)"""
        query = select(IdempotencyRecord.result).where(
            IdempotencyRecord.owner_id == self._owner, IdempotencyRecord.key == idempotency_key
        )
        async with self._sessions() as session:
            result = await session.scalar(query)
        return uuid.UUID(result["event"]["id"]) if result else None

    async def list_range(
        self, start: datetime, end: datetime, *, include_all_day: bool = True
    ) -> list[Occurrence]:
        """Every occurrence overlapping ``[start, end)``, recurrences expanded, ordered by start (the
        first ``MAX_OCCURRENCES_PER_LISTING``; ``listing`` says whether there were more)."""
        return list((await self.listing(start, end, include_all_day=include_all_day)).occurrences)

    async def listing(
        self,
        start: datetime,
        end: datetime,
        *,
        include_all_day: bool = True,
        limit: int = limits.MAX_OCCURRENCES_PER_LISTING,
    ) -> Listing:
        """The first ``limit`` occurrences overlapping ``[start, end)`` by start, and whether more were
        left out. A listing with many series in a long range is expanded in a worker thread."""
        rows = await self.candidate_rows(start, end, include_all_day=include_all_day)
        if heavy(rows, start, end):
            return await asyncio.to_thread(expand_rows, rows, start, end, limit)
        return expand_rows(rows, start, end, limit)

    async def candidate_rows(self, start: datetime, end: datetime, *, include_all_day: bool = True) -> list[Any]:
        """The raw rows that may have an occurrence in ``[start, end)``, for ``expand_rows`` (here, in a
        thread, or in another process: each row's ``_asdict()`` is plain, picklable data)."""
        _check_range(start, end)
        return await self._candidates(start, end, include_all_day)

    async def conflicts(
        self,
        start: datetime,
        end: datetime,
        *,
        exclude: uuid.UUID | str | None = None,
        include_all_day: bool = False,
    ) -> list[Occurrence]:
        """Occurrences overlapping ``[start, end)`` (half-open: touching is not a conflict).

        All-day events are left out unless ``include_all_day``; ``exclude`` leaves out one event (the one
        being moved).
        """
        skip = parse_id(exclude) if exclude is not None else None
        return [
            o
            for o in await self.list_range(start, end, include_all_day=include_all_day)
            if o.event.id != skip
        ]

    async def free_slots(
        self,
        start: datetime,
        end: datetime,
        duration: timedelta,
        *,
        working_hours: WorkingHours | None = None,
        include_all_day: bool = False,
    ) -> list[FreeSlot]:
        """Maximal free intervals of at least ``duration`` in ``[start, end)`` within working hours
        (default 09:00-18:00 on weekdays in the owner's zone), in start order."""
        _check_range(start, end)
        if not isinstance(duration, timedelta) or duration <= timedelta(0):
            raise InvalidRange("duration must be a positive timedelta", field="duration")
        zone = check_timezone(await self.timezone())
        busy = [(o.start, o.end) for o in await self.conflicts(start, end, include_all_day=include_all_day)]
        hours = working_hours or WorkingHours()
        return [FreeSlot(s, e) for s, e in free_intervals(start, end, duration, busy, zone, hours)]

    async def search(self, query: str, *, limit: int = 5, min_score: float = 50.0) -> list[SearchCandidate]:
        """Events whose title resembles ``query`` (fuzzy, case-insensitive, works for Chinese), best first."""
        if not isinstance(query, str) or not query.strip():
            raise InvalidInput("search query must not be empty", field="query")
        if len(query) > limits.MAX_SEARCH_QUERY_LENGTH:
            raise InvalidInput(
                f"search query is longer than {limits.MAX_SEARCH_QUERY_LENGTH} characters", field="query"
            )
        async with self._sessions() as session:
            titles = dict(
                (
                    await session.execute(select(Event.id, Event.title).where(Event.owner_id == self._owner))
                ).all()
            )
            ranked = process.extract(
                query,
                titles,
                scorer=fuzz.WRatio,
                processor=utils.default_process,
                limit=limit,
                score_cutoff=min_score,
            )
            if not ranked:
                return []
            rows = (
                await session.execute(
                    select(Event).where(Event.owner_id == self._owner, Event.id.in_([r[2] for r in ranked]))
                )
            ).scalars()  # type: ignore[attr-defined]
            by_id = {row.id: EventSnapshot.from_row(row) for row in rows}
        return [SearchCandidate(by_id[key], float(score)) for _, score, key in ranked if key in by_id]

    # -------------------------------------------------------------------------------------- internals

    async def _candidates(self, start: datetime, end: datetime, include_all_day: bool) -> list[Any]:
        # A plain connection in one hop (``storage.tx``): no ORM session, and no task of its own to close it
        # (an awaited close lets every other ready request run first: a write's conflict check waited on them)
        statement = candidate_statement(include_all_day)
        params = candidate_params(self._owner, start, end)
        return await run_sync(self._engine, lambda conn: list(conn.execute(statement, params)))

    async def _row(self, session: AsyncSession, event_id: uuid.UUID) -> Event:
        row = (
            await session.execute(select(Event).where(Event.id == event_id, Event.owner_id == self._owner))
        ).scalar_one_or_none()
        if row is None:
            raise EventNotFound(event_id)
        return row


#: Recurring rows × days of the range above which expansion leaves the event loop.
_INLINE_EXPANSION = 400


def heavy(rows: list[Any], start: datetime, end: datetime) -> bool:
    """Whether expanding ``rows`` over ``[start, end)`` is enough work to move off the event loop."""
    series = sum(1 for row in rows if row.rrule)
    return series * max(1, (end - start).days) > _INLINE_EXPANSION


def expand_rows(rows: list[Any], start: datetime, end: datetime, limit: int) -> Listing:
    """The first ``limit`` occurrences by start of the candidate rows: every series is read lazily and
    the series are merged, so the work is about ``limit`` occurrences however many dense series overlap
    the range."""
    streams = [_occurrences(row, start, end) for row in rows]
    merged = heapq.merge(*streams, key=_order)
    found = list(islice(merged, limit + 1))
    truncated = len(found) > limit
    return Listing(tuple(found[:limit]), truncated)


def _occurrences(row: Any, start: datetime, end: datetime) -> Iterator[Occurrence]:
    zone = ZoneInfo(row.timezone)
    spans = iter_occurrences(
        start=row.start_utc.astimezone(zone), end=row.end_utc.astimezone(zone), all_day=row.all_day,
        rule=row.rrule, exdates=[datetime.fromisoformat(x) for x in row.exdates or ()],
        range_start=start, range_end=end,
    )  # fmt: skip
    event = None  # the snapshot is built only for events that have an occurrence here
    for o_start, o_end in spans:
        event = event or EventSnapshot.from_row(row)
        yield Occurrence(event, o_start, o_end)


def _order(o: Occurrence) -> tuple[Any, ...]:
    return (o.start, o.end, o.event.title, str(o.event.id))


def parse_id(event_id: uuid.UUID | str) -> uuid.UUID:
    if isinstance(event_id, uuid.UUID):
        return event_id
    try:
        return uuid.UUID(str(event_id))
    except ValueError:
        raise EventNotFound(event_id) from None


def _check_range(start: datetime, end: datetime) -> None:
    require_aware(start, "start", InvalidRange)
    require_aware(end, "end", InvalidRange)
    for name, value in (("start", start), ("end", end)):  # before any arithmetic (a day of slack overflows)
        if not in_range(value):
            raise InvalidRange(
                f"range {name} must be between the years {limits.FIRST_YEAR} and {limits.LAST_YEAR}",
                field=name,
            )
    if end <= start:
        raise InvalidRange("range end must be after its start", field="end")
    if end - start > limits.MAX_QUERY_RANGE:
        raise InvalidRange(f"a range may span at most {limits.MAX_QUERY_RANGE.days} days", field="end")
