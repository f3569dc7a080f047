"""One occurrence of a series changed on its own ("move just tomorrow's standup to 10").

The series keeps its rule and gets an EXDATE for the occurrence; the changed occurrence becomes an event
of its own (the series' fields with the patch applied, no rule). Both rows change in the write's one
transaction under one audit record, operation ``update_occurrence``: ``before`` is the series as it was,
``after`` the new event. Undo reverses both — it deletes the new event and gives the occurrence back to
the series — and only if neither changed since (``UndoConflict`` otherwise), like every undo.

(An iCalendar RECURRENCE-ID override would keep the link in the file; the detached event is exported as
an ordinary event.)
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from sqlalchemy import delete, insert
from sqlalchemy.ext.asyncio import AsyncSession

from storage.drafts import EventPatch, validate
from storage.errors import OccurrenceNotFound, UndoConflict, VersionConflict
from storage.models import AuditRecord, Event
from storage.recurrence import occurs_at
from storage.snapshots import EventSnapshot
from storage.writes import Change

__all__ = ["OPERATION", "detach", "undo_detach"]

OPERATION = "update_occurrence"

UpdateRow = Callable[[AsyncSession, Event, int, datetime, dict[str, Any]], Awaitable[EventSnapshot]]
_INSERT_EVENT = insert(Event.__table__)  # type: ignore[attr-defined]


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
    fields = validate(patch.apply(one), default_zone)
    values = {"id": uuid.uuid4(), "owner_id": row.owner_id, "created_at": now, "updated_at": now,
              "version": 1, **fields.as_row_values()}  # fmt: skip
    await session.execute(_INSERT_EVENT, values)
    detached = EventSnapshot.from_row(SimpleNamespace(**values))  # type: ignore[arg-type]
    await update_row(session, row, series.version, now, {"exdates": sorted({*row.exdates, _exdate_key(at)})})
    return Change("updated", OPERATION, values["id"], series, detached, occurrence_start=at)


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
        raise UndoConflict("the event changed after that write, so it was not undone")
    current = EventSnapshot.from_row(row)
    series_now = EventSnapshot.from_row(series_row)
    given_back = set(series_row.exdates) - {_exdate_key(x) for x in series_then.exdates}
    unchanged = (
        dataclasses.replace(series_now, exdates=series_then.exdates).content() == series_then.content()
    )
    if current.content() != expected.content() or not unchanged or len(given_back) != 1:
        raise UndoConflict("the event changed after that write, so it was not undone")
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
