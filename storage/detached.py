"""One occurrence of a series changed on its own ("move just tomorrow's standup to 10").

The series keeps its rule and gets an EXDATE for the occurrence; the changed occurrence becomes an event
of its own (the series' fields with the patch applied, no rule) that keeps the link: ``series_id`` and
``recurrence_id`` (the occurrence's original start), an RFC 5545 override (``storage.ics`` exports it with
the series' UID and a RECURRENCE-ID). Both rows change in the write's one transaction under one audit
record, operation ``update_occurrence``: ``before`` is the series as it was, ``after`` the new event. Undo
reverses both — it deletes the new event and gives the occurrence back to the series — and only if neither
changed since (``UndoConflict`` otherwise), like every undo.

Deleting the whole series deletes its detached occurrences in the same write (``delete_linked``; the audit
record's ``before`` carries them, and undo restores them with the series). Deleting a detached occurrence
leaves the series alone, and moving the series leaves its detached occurrences where they were put.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.drafts import EventDraft, EventPatch, validate
from storage.errors import OccurrenceNotFound, UndoConflict, VersionConflict
from storage.models import AuditRecord, Event
from storage.recurrence import occurs_at
from storage.snapshots import EventSnapshot
from storage.writes import INSERT_EVENT, Change

__all__ = [
    "OPERATION",
    "SeriesWithLinked",
    "delete_linked",
    "detach",
    "link_values",
    "replace_occurrence",
    "restore_linked",
    "undo_detach",
]

OPERATION = "update_occurrence"

UpdateRow = Callable[[AsyncSession, Event, int, datetime, dict[str, Any]], Awaitable[EventSnapshot]]
_CHANGED = "the event changed after that write, so it was not undone"


@dataclasses.dataclass(frozen=True, slots=True)
class SeriesWithLinked(EventSnapshot):
    """A deleted series and the detached occurrences deleted with it: the audit record's ``before``, so
    that undo can bring all of them back. (The write's result reads back as the plain series.)"""

    linked: tuple[EventSnapshot, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**EventSnapshot.to_json(self), "linked": [e.to_json() for e in self.linked]}


def _exdate_key(moment: datetime) -> str:
    """An EXDATE as the row stores it (ISO 8601 in UTC)."""
    return moment.astimezone(UTC).isoformat()


async def detach(
    session: AsyncSession,
    row: Event,
    *,
    occurrence_start: datetime,
    patch: EventPatch,
    now: datetime,
    default_zone: str,
    update_row: UpdateRow,
) -> Change:
    """Change the occurrence of ``row`` (a series, version already checked) starting at
    ``occurrence_start``. Raises ``OccurrenceNotFound``, ``InvalidEvent``."""
    series = EventSnapshot.from_row(row)
    if series.rrule is None:
        raise OccurrenceNotFound("this event does not repeat; change the whole event instead")
    if not occurs_at(start=series.start, rule=series.rrule, exdates=series.exdates, at=occurrence_start):
        raise OccurrenceNotFound(f"the series has no occurrence starting at {occurrence_start.isoformat()}")
    at = occurrence_start.astimezone(series.start.tzinfo)
    one = dataclasses.replace(series, start=at, end=at + series.duration, rrule=None, exdates=())
    return await _split(session, row, series, at, patch.apply(one), now, default_zone, update_row)


async def replace_occurrence(
    session: AsyncSession,
    row: Event,
    *,
    occurrence_start: datetime,
    replacement: EventDraft | None,
    now: datetime,
    default_zone: str,
    update_row: UpdateRow,
) -> Change:
    """Put ``replacement`` (an event of its own, linked) in place of the occurrence of ``row`` starting at
    ``occurrence_start``, or only remove the occurrence (``None``): an .ics override (RECURRENCE-ID).

    An occurrence the series already leaves out (files that also list an override's start in EXDATE) just
    gets its linked event, audited as a create. Raises ``OccurrenceNotFound`` (also when the occurrence
    was already replaced or removed), ``InvalidEvent``.
    """
    series = EventSnapshot.from_row(row)
    if series.rrule is None:
        raise OccurrenceNotFound("this event does not repeat")
    at = occurrence_start.astimezone(series.start.tzinfo)
    if occurs_at(start=series.start, rule=series.rrule, exdates=series.exdates, at=at):
        if replacement is not None:
            return await _split(session, row, series, at, replacement, now, default_zone, update_row)
        after = await update_row(
            session, row, series.version, now, {"exdates": sorted({*row.exdates, _exdate_key(at)})}
        )
        return Change("deleted", "delete_occurrence", row.id, series, after, occurrence_start=at)
    excluded = occurs_at(start=series.start, rule=series.rrule, exdates=(), at=at)
    taken = await session.scalar(
        select(Event.id).where(
            Event.owner_id == row.owner_id, Event.series_id == row.id, Event.recurrence_id_utc == at
        )
    )
    if replacement is None or not excluded or taken is not None:
        raise OccurrenceNotFound(f"the series has no occurrence starting at {at.isoformat()} to replace")
    detached = await _insert_linked(session, row, at, replacement, now, default_zone)
    return Change("created", "create", detached.id, None, detached)


async def _split(
    session: AsyncSession,
    row: Event,
    series: EventSnapshot,
    at: datetime,
    replacement: EventDraft,
    now: datetime,
    default_zone: str,
    update_row: UpdateRow,
) -> Change:
    """The occurrence at ``at`` becomes ``replacement`` (linked) and an EXDATE of the series."""
    detached = await _insert_linked(session, row, at, replacement, now, default_zone)
    await update_row(session, row, series.version, now, {"exdates": sorted({*row.exdates, _exdate_key(at)})})
    return Change("updated", OPERATION, detached.id, series, detached, occurrence_start=at)


async def _insert_linked(
    session: AsyncSession, row: Event, at: datetime, draft: EventDraft, now: datetime, default_zone: str
) -> EventSnapshot:
    fields = validate(dataclasses.replace(draft, rrule=None, exdates=()), default_zone)
    values = {"id": uuid.uuid4(), "owner_id": row.owner_id, "created_at": now, "updated_at": now,
              "version": 1, **fields.as_row_values(), "series_id": row.id,
              "recurrence_id_utc": at.astimezone(UTC)}  # fmt: skip
    await session.execute(INSERT_EVENT, values)
    return EventSnapshot.from_row(SimpleNamespace(**values))  # type: ignore[arg-type]


async def undo_detach(
    session: AsyncSession, target: AuditRecord, *, now: datetime, update_row: UpdateRow
) -> Change:
    """Undo ``detach``: delete the detached event, take the occurrence's EXDATE off the series."""
    assert target.before is not None and target.after is not None
    series_then = EventSnapshot.from_json(target.before)
    expected = EventSnapshot.from_json(target.after)
    row = await session.get(Event, target.event_id)
    series_row = await session.get(Event, series_then.id)
    if (
        row is None
        or row.owner_id != target.owner_id
        or series_row is None
        or series_row.owner_id != row.owner_id
    ):
        raise UndoConflict(_CHANGED)
    current = EventSnapshot.from_row(row)
    series_now = EventSnapshot.from_row(series_row)
    given_back = set(series_row.exdates) - {_exdate_key(x) for x in series_then.exdates}
    unchanged = (
        dataclasses.replace(series_now, exdates=series_then.exdates).content() == series_then.content()
    )
    if current.content() != expected.content() or not unchanged or len(given_back) != 1:
        raise UndoConflict(_CHANGED)
    gone = await session.execute(
        delete(Event).where(
            Event.id == current.id, Event.owner_id == row.owner_id, Event.version == current.version
        )
    )
    if gone.rowcount != 1:  # type: ignore[attr-defined]
        raise VersionConflict(current.id, expected=current.version, current=None)
    (occurrence,) = given_back
    kept = sorted(set(series_row.exdates) - given_back)
    after = await update_row(session, series_row, series_now.version, now, {"exdates": kept})
    at = datetime.fromisoformat(occurrence).astimezone(after.start.tzinfo)
    return Change("updated", "undo", after.id, current, after, occurrence_start=at, undoes_id=target.id)


async def delete_linked(session: AsyncSession, series: EventSnapshot, owner: uuid.UUID) -> EventSnapshot:
    """Delete the detached occurrences of ``series`` (in the caller's transaction, before the series
    itself); return ``series`` carrying them for the audit record (a ``SeriesWithLinked`` if any)."""
    rows = (
        await session.execute(
            select(Event)
            .where(Event.owner_id == owner, Event.series_id == series.id)
            .order_by(Event.start_utc, Event.id)  # type: ignore[arg-type]
            .with_for_update()
        )
    ).scalars().all()  # fmt: skip
    if not rows:
        return series
    linked = tuple(EventSnapshot.from_row(r) for r in rows)
    gone = [e.id for e in linked]
    await session.execute(delete(Event).where(Event.owner_id == owner, Event.id.in_(gone)))  # type: ignore[attr-defined]
    return SeriesWithLinked(
        **{f.name: getattr(series, f.name) for f in dataclasses.fields(EventSnapshot)}, linked=linked
    )


async def restore_linked(
    session: AsyncSession, before: dict[str, Any], owner: uuid.UUID, *, now: datetime, default_zone: str
) -> None:
    """Undo of a series delete, after the series is back: restore the detached occurrences deleted with it
    (``before`` is the audit record's). Raises ``UndoConflict`` if one of them exists again."""
    for data in before.get("linked", ()):
        then = EventSnapshot.from_json(data)
        if await session.get(Event, then.id) is not None:
            raise UndoConflict(_CHANGED)
        fields = validate(EventDraft.from_snapshot(then), default_zone).as_row_values()
        await session.execute(
            INSERT_EVENT,
            {"id": then.id, "owner_id": owner, "created_at": then.created_at, "updated_at": now,
             "version": then.version + 1, **fields, **await link_values(session, then, owner)},
        )  # fmt: skip


async def link_values(session: AsyncSession, event: EventSnapshot, owner: uuid.UUID) -> dict[str, Any]:
    """The link columns to restore ``event`` with: its series link if that series is still there."""
    series = await session.get(Event, event.series_id) if event.series_id is not None else None
    if series is None or series.owner_id != owner:
        return {"series_id": None, "recurrence_id_utc": None}
    return {"series_id": series.id, "recurrence_id_utc": event.recurrence_id}
