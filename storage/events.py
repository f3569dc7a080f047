"""``EventStore``: one user's events. Bound to a user id at construction; no method takes a user id.

Every statement filters on the bound owner, so another user's event id behaves exactly like a missing one
(``EventNotFound``). Writes go through :func:`storage.writes.run_write` (idempotency key, audit record, one
transaction, ``WriteResult.persisted``). The reads (frozen snapshots and occurrences) live in ``storage.event_reads``.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage.audit import last_undoable
from storage.detached import OPERATION as DETACH
from storage.detached import (
    delete_linked,
    detach,
    link_values,
    replace_occurrence,
    restore_linked,
    undo_detach,
)
from storage.drafts import EventDraft, EventPatch, require_aware, validate
from storage.errors import (
    InvalidInput,
    NothingToUndo,
    OccurrenceNotFound,
    UndoConflict,
    VersionConflict,
)
from storage.event_reads import EventReads, parse_id
from storage.ics_batch import write_planned
from storage.models import Event, User
from storage.recurrence import occurs_at
from storage.results import WriteResult
from storage.series_split import OPERATIONS as SPLITS
from storage.series_split import cut, split, split_point, starts_at, undo_split
from storage.snapshots import EventSnapshot
from storage.writes import INSERT_EVENT, Change, run_write

if TYPE_CHECKING:
    from storage.ics_plan import PlannedItem

__all__ = ["EventStore"]


class EventStore(EventReads):
    """The events of the user ``user_id``: the reads of ``EventReads`` and every write. ``now`` is always
    passed in; the store never reads a clock."""

    async def create(
        self, draft: EventDraft, *, now: datetime, idempotency_key: str, turn_id: str | None = None
    ) -> WriteResult:
        """Validate and insert a new event. Raises ``InvalidEvent``."""
        _check_now(now)
        # A draft with its own zone needs no default (and no user query); a missing user then fails the
        # claim's foreign key and ``run_write`` reports ``UserNotFound`` as before.
        fields = validate(draft, draft.timezone if draft.timezone is not None else await self.timezone())

        async def change(session: AsyncSession) -> Change:
            values = {"id": uuid.uuid4(), "owner_id": self._owner, "created_at": now, "updated_at": now,
                      "version": 1, **fields.as_row_values()}  # fmt: skip
            await session.execute(INSERT_EVENT, values)
            snapshot = EventSnapshot.from_row(SimpleNamespace(**values))  # type: ignore[arg-type]
            return Change("created", "create", values["id"], None, snapshot)

        request = {"op": "create", "draft": draft.to_json()}
        return await self._write(request, now, idempotency_key, turn_id, change)

    async def update(
        self,
        event_id: uuid.UUID | str,
        patch: EventPatch,
        *,
        expected_version: int,
        now: datetime,
        idempotency_key: str,
        turn_id: str | None = None,
        occurrence_start: datetime | None = None,
        from_start: datetime | None = None,
    ) -> WriteResult:
        """Apply ``patch`` to the whole event (series) if its version is ``expected_version``, or to the
        one occurrence of the series starting at ``occurrence_start`` (it becomes an event of its own,
        linked to the series, and an EXDATE of the series: ``storage.detached``), or to the occurrences
        from the one starting at ``from_start`` on (the series is split there and the occurrences before
        it stay as they were: ``storage.series_split``; the whole series when ``from_start`` is its first).
        Moving a whole series leaves its detached occurrences where they are: each was put at its time on
        purpose.

        Raises ``EventNotFound``, ``VersionConflict``, ``InvalidEvent``, ``OccurrenceNotFound``.
        """
        _check_now(now)
        event_uuid = parse_id(event_id)
        default_zone = await self.timezone()
        if occurrence_start is not None and from_start is not None:
            raise InvalidInput("give occurrence_start or from_start, not both", field="from_start")
        if occurrence_start is not None:
            require_aware(occurrence_start, "occurrence_start", InvalidInput)
        if from_start is not None:
            require_aware(from_start, "from_start", InvalidInput)

        async def change(session: AsyncSession) -> Change:
            row = await self._row(session, event_uuid)
            before = EventSnapshot.from_row(row)
            _check_version(before, expected_version)
            if occurrence_start is not None:
                return await detach(
                    session, row, occurrence_start=occurrence_start, patch=patch, now=now,
                    default_zone=default_zone, update_row=self._update_row,
                )  # fmt: skip
            if from_start is not None:
                at = split_point(before, from_start)
                if not starts_at(before, at):
                    return await split(
                        session, row, at=at, patch=patch, now=now, default_zone=default_zone,
                        update_row=self._update_row,
                    )  # fmt: skip
            fields = validate(patch.apply(before), default_zone)
            after = await self._update_row(session, row, expected_version, now, fields.as_row_values())
            return Change("updated", "update", event_uuid, before, after)

        request = {
            "op": "update",
            "id": str(event_uuid),
            "version": expected_version,
            "patch": patch.to_json(),
            **({"occurrence": occurrence_start.isoformat()} if occurrence_start is not None else {}),
            **({"from": from_start.isoformat()} if from_start is not None else {}),
        }
        return await self._write(request, now, idempotency_key, turn_id, change)

    async def delete(
        self,
        event_id: uuid.UUID | str,
        *,
        now: datetime,
        idempotency_key: str,
        occurrence_start: datetime | None = None,
        expected_version: int | None = None,
        turn_id: str | None = None,
        from_start: datetime | None = None,
    ) -> WriteResult:
        """Delete the event (the whole series, with its detached occurrences), or one occurrence of a series
        when ``occurrence_start`` names it (it becomes an EXDATE), or the occurrences from the one starting
        at ``from_start`` on (the series ends before it, with the detached occurrences from then on:
        ``storage.series_split``; the whole series when ``from_start`` is its first). A detached
        occurrence is an event of its own: deleting it leaves the series alone. Raises ``EventNotFound``,
        ``OccurrenceNotFound``, ``VersionConflict``.
        """
        _check_now(now)
        event_uuid = parse_id(event_id)
        if occurrence_start is not None and from_start is not None:
            raise InvalidInput("give occurrence_start or from_start, not both", field="from_start")
        if occurrence_start is not None:
            require_aware(occurrence_start, "occurrence_start", InvalidInput)
        if from_start is not None:
            require_aware(from_start, "from_start", InvalidInput)
        default_zone = await self.timezone() if from_start is not None else ""

        async def change(session: AsyncSession) -> Change:
            row = await self._row(session, event_uuid)
            before = EventSnapshot.from_row(row)
            if expected_version is not None:
                _check_version(before, expected_version)
            if from_start is not None:
                at = split_point(before, from_start)
                if not starts_at(before, at):
                    return await cut(
                        session, row, at=at, now=now, default_zone=default_zone, update_row=self._update_row
                    )
            if occurrence_start is None:
                deleted = await delete_linked(session, before, self._owner)
                gone = await session.execute(
                    delete(Event).where(
                        Event.id == event_uuid, Event.owner_id == self._owner, Event.version == before.version
                    )
                )
                if gone.rowcount != 1:  # type: ignore[attr-defined]
                    _raise_conflict(event_uuid, before.version)
                return Change("deleted", "delete", event_uuid, deleted, None)
            if before.rrule is None:
                raise OccurrenceNotFound("this event does not repeat; delete the whole event instead")
            if not occurs_at(
                start=before.start, rule=before.rrule, exdates=before.exdates, at=occurrence_start
            ):
                raise OccurrenceNotFound(
                    f"the series has no occurrence starting at {occurrence_start.isoformat()}"
                )
            exdates = sorted(
                {*row.exdates, occurrence_start.astimezone(before.start.tzinfo).astimezone(UTC).isoformat()}
            )
            after = await self._update_row(session, row, before.version, now, {"exdates": exdates})
            return Change(
                "deleted", "delete_occurrence", event_uuid, before, after, occurrence_start=occurrence_start
            )

        request = {
            "op": "delete",
            "id": str(event_uuid),
            "occurrence": occurrence_start.isoformat() if occurrence_start else None,
            "version": expected_version,
            **({"from": from_start.isoformat()} if from_start is not None else {}),
        }
        return await self._write(request, now, idempotency_key, turn_id, change)

    async def replace_occurrence(
        self,
        series_id: uuid.UUID | str,
        occurrence_start: datetime,
        replacement: EventDraft | None,
        *,
        now: datetime,
        idempotency_key: str,
        turn_id: str | None = None,
    ) -> WriteResult:
        """Put ``replacement`` in place of the series' occurrence starting at ``occurrence_start`` (an event
        of its own, linked, as ``update`` with ``occurrence_start`` makes), or remove the occurrence when it
        is ``None``: an .ics override (RECURRENCE-ID) as import writes it, whatever the series' version.

        Raises ``EventNotFound``, ``OccurrenceNotFound`` (also when it was already replaced or removed),
        ``InvalidEvent``.
        """
        _check_now(now)
        series_uuid = parse_id(series_id)
        require_aware(occurrence_start, "occurrence_start", InvalidInput)
        default_zone = await self.timezone()

        async def change(session: AsyncSession) -> Change:
            return await replace_occurrence(
                session, await self._row(session, series_uuid), occurrence_start=occurrence_start,
                replacement=replacement, now=now, default_zone=default_zone, update_row=self._update_row,
            )  # fmt: skip

        request = {
            "op": "replace_occurrence",
            "id": str(series_uuid),
            "occurrence": occurrence_start.isoformat(),
            "replacement": replacement.to_json() if replacement is not None else None,
        }
        return await self._write(request, now, idempotency_key, turn_id, change)

    async def import_items(
        self, items: Sequence[PlannedItem], *, now: datetime, key_prefix: str, turn_id: str | None = None
    ) -> tuple[WriteResult, ...]:
        """The items of a planned .ics import (``storage.ics_plan``) written in ONE transaction, all or
        nothing (``storage.ics_batch``); the same ``key_prefix`` again replays the committed results."""
        _check_now(now)
        return await write_planned(
            self._sessions, self._owner, items, now=now, key_prefix=key_prefix, turn_id=turn_id,
            default_zone=await self.timezone(), row_of=self._row, update_row=self._update_row,
        )  # fmt: skip

    async def undo(self, *, now: datetime, idempotency_key: str, turn_id: str | None = None) -> WriteResult:
        """Revert the user's most recent write that is not an undo and not undone yet (itself audited).

        Undoing a create deletes the event, an update restores the previous fields, a delete restores the
        event or occurrence (a series with the detached occurrences deleted with it). Raises
        ``NothingToUndo``, or ``UndoConflict`` if the event changed since.
        """
        _check_now(now)
        default_zone = await self.timezone()

        async def change(session: AsyncSession) -> Change:
            # One undo at a time per user (PostgreSQL FOR NO KEY UPDATE, which the foreign-key checks of
            # concurrent writes do not conflict with; SQLite writers are serialized anyway), so
            # parallel undos revert successive writes instead of racing for the same one.
            await session.execute(
                select(User.id).where(User.id == self._owner).with_for_update(key_share=True)
            )
            target = await last_undoable(session, self._owner)
            if target is None:
                raise NothingToUndo()
            if target.operation == DETACH:  # one occurrence changed on its own: two rows to put back
                return await undo_detach(session, target, now=now, update_row=self._update_row)
            if target.operation in SPLITS:  # a series split: the series as it was, the new row gone
                return await undo_split(
                    session, target, now=now, default_zone=default_zone, update_row=self._update_row
                )
            expected = EventSnapshot.from_json(target.after) if target.after else None
            previous = EventSnapshot.from_json(target.before) if target.before else None
            row = await session.get(Event, target.event_id)
            current = EventSnapshot.from_row(row) if row is not None and row.owner_id == self._owner else None
            if (current.content() if current else None) != (expected.content() if expected else None):
                raise UndoConflict("the event changed after that write, so it was not undone")
            if previous is None:  # undo a create
                assert current is not None
                await session.execute(
                    delete(Event).where(
                        Event.id == current.id,
                        Event.owner_id == self._owner,
                        Event.version == current.version,
                    )
                )
                return Change("deleted", "undo", target.event_id, current, None, undoes_id=target.id)
            fields = validate(EventDraft.from_snapshot(previous), default_zone).as_row_values()
            if current is None:  # undo a delete
                link = await link_values(session, previous, self._owner)
                restored = Event(
                    id=previous.id, owner_id=self._owner, created_at=previous.created_at, updated_at=now,
                    version=previous.version + 1, **fields, **link,
                )  # fmt: skip
                session.add(restored)
                await session.flush()
                await restore_linked(session, target.before, self._owner, now=now, default_zone=default_zone)
                return Change(
                    "restored",
                    "undo",
                    previous.id,
                    None,
                    EventSnapshot.from_row(restored),
                    undoes_id=target.id,
                )
            assert row is not None
            after = await self._update_row(session, row, current.version, now, fields)
            action = "restored" if target.action == "deleted" else "updated"
            return Change(action, "undo", previous.id, current, after, undoes_id=target.id)

        return await self._write({"op": "undo"}, now, idempotency_key, turn_id, change)

    async def _update_row(
        self, session: AsyncSession, row: Event, version: int, now: datetime, values: dict[str, Any]
    ) -> EventSnapshot:
        result = await session.execute(
            update(Event)
            .where(Event.id == row.id, Event.owner_id == self._owner, Event.version == version)
            .values(**values, updated_at=now, version=version + 1)
            .execution_options(synchronize_session=False)
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            _raise_conflict(row.id, version)
        await session.refresh(row)
        return EventSnapshot.from_row(row)

    async def _write(
        self, request: dict[str, Any], now: datetime, key: str, turn_id: str | None, change: Any
    ) -> WriteResult:
        return await run_write(
            self._sessions, owner_id=self._owner, idempotency_key=key, request=request, now=now,
            turn_id=turn_id, change=change,
        )  # fmt: skip


def _check_version(event: EventSnapshot, expected: int) -> None:
    if event.version != expected:
        _raise_conflict(event.id, expected, event.version)


def _raise_conflict(event_id: uuid.UUID, expected: int, current: int | None = None) -> None:
    raise VersionConflict(event_id, expected=expected, current=current)


def _check_now(now: datetime) -> None:
    require_aware(now, "now", InvalidInput)
