"""A series changed or cancelled from one occurrence on ("move the standup to 10 from now on", "cancel my
weekly standup"): the occurrences before it stay exactly as they were.

The series is split at the occurrence start ``at`` in one write (one transaction, one audit record):

- the existing row keeps the occurrences before ``at``: its RRULE ends just before it (``UNTIL`` one second
  before ``at`` for a timed series, the day before for an all-day one; a ``COUNT`` rule gets the count of
  the occurrences before ``at`` instead) and it keeps the EXDATEs before ``at``;
- for a change, a new row (its own id; the series' title, notes, attendees …) carries the occurrences from
  ``at`` on with the change applied: it starts at ``at``, its rule is the series' (a ``COUNT`` rule gets the
  remaining count; an ``UNTIL`` moves as far as the start moves, in wall-clock time, as ``EventPatch.apply``
  moves it for any series) and the EXDATEs from ``at`` on move with it. The occurrences changed on their own
  (``storage.detached``) from ``at`` on are relinked to it;
- for a cancel there is no new row, and the occurrences changed on their own from ``at`` on are deleted.

``at`` is a place in the series' rule (an occurrence left out by an EXDATE counts: "from next Monday on"
holds whether or not next Monday's was skipped). A series whose first occurrence is ``at`` has nothing
before it: the caller changes or deletes it whole instead (``starts_at``).

Audit: a split is operation ``split_series``, action ``updated``: ``before`` is the series as it was,
``after`` the new row (with the shortened series and the relinked ids, ``SplitTail``). A cancel is
``delete_following``, action ``deleted``: ``before`` the series as it was with the deleted occurrences
(``SeriesWithLinked``), ``after`` the shortened series. Both results carry ``occurrence_start=at``. Undo
(``undo_split``) puts back exactly the previous state — the old rule and EXDATEs, no new row, the links —
and only if none of the rows changed since (``UndoConflict`` otherwise).

Occurrences are computed by dateutil (``storage.recurrence`` for the series, ``dateutil.rrule`` for the
counts of a ``COUNT`` rule), never by hand.
"""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime, time, timedelta
from types import SimpleNamespace
from typing import Any

from dateutil.rrule import rrulestr
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from storage.detached import SeriesWithLinked, UpdateRow, restore_linked
from storage.drafts import EventDraft, EventPatch, validate
from storage.errors import OccurrenceNotFound, UndoConflict, VersionConflict
from storage.models import AuditRecord, Event
from storage.recurrence import occurs_at, until_moved  # until_moved: re-exported (its tests import it here)
from storage.results import WriteResult
from storage.snapshots import EventSnapshot
from storage.writes import INSERT_EVENT, Change

__all__ = [
    "CUT",
    "OPERATIONS",
    "SPLIT",
    "SplitTail",
    "cut",
    "split",
    "split_from",
    "split_of",
    "split_point",
    "starts_at",
    "undo_split",
    "until_moved",
]

SPLIT = "split_series"
CUT = "delete_following"
OPERATIONS = frozenset({SPLIT, CUT})
_CHANGED = "the event changed after that write, so it was not undone"


@dataclasses.dataclass(frozen=True, slots=True)
class SplitTail(EventSnapshot):
    """The new row of a split, as the audit record's ``after``: with the shortened series (``head``) and the
    ids of the occurrences changed on their own that were relinked to it, so undo can check and revert all
    of them. (The write's result reads back as the plain new row.)"""

    head: EventSnapshot | None = None
    relinked: tuple[uuid.UUID, ...] = ()

    def to_json(self) -> dict[str, Any]:
        assert self.head is not None
        return {
            **EventSnapshot.to_json(self),
            "head": self.head.to_json(),
            "relinked": [str(x) for x in self.relinked],
        }


def split_point(series: EventSnapshot, at: datetime) -> datetime:
    """``at`` in the series' zone, checked to be a place in its rule (EXDATEs count as places). Raises
    ``OccurrenceNotFound``."""
    if series.rrule is None:
        raise OccurrenceNotFound("this event does not repeat; change the whole event instead")
    if not occurs_at(start=series.start, rule=series.rrule, exdates=(), at=at):
        raise OccurrenceNotFound(f"the series has no occurrence starting at {at.isoformat()}")
    return at.astimezone(series.start.tzinfo)


def starts_at(series: EventSnapshot, at: datetime) -> bool:
    """Whether ``at`` is the series' first occurrence (nothing before it to keep)."""
    return at <= series.start


def split_from(series: EventSnapshot, moment: datetime) -> datetime | None:
    """The first place of the series' rule starting at or after ``moment`` (EXDATEs count as places), or
    None when the series has none left. What "from now on" means for a series."""
    if series.rrule is None:
        return None
    if moment <= series.start:
        return series.start
    for start in _rule(series, series.rrule).xafter(moment.astimezone(series.start.tzinfo), inc=True):
        return start.astimezone(series.start.tzinfo)
    return None


def split_of(result: WriteResult) -> datetime | None:
    """The occurrence start a committed write split its series at (``split`` or ``cut``; read from the
    result alone, so a replayed result answers the same), or None for every other write. A split's event
    is the new row; a cut's is the shortened series, which ``at`` is no EXDATE of (a removed single
    occurrence is). A split whose new row no longer repeats (the repetition stopped there) is one too: a
    row of its own, linked to no series, unlike an occurrence changed on its own."""
    at, event = result.occurrence_start, result.event
    if at is None or result.undo_of is not None:
        return None
    if not event.recurring:
        return at if result.action == "updated" and event.series_id is None else None
    if result.action == "updated" or (result.action == "deleted" and at not in event.exdates):
        return at
    return None


async def split(
    session: AsyncSession,
    row: Event,
    *,
    at: datetime,
    patch: EventPatch,
    now: datetime,
    default_zone: str,
    update_row: UpdateRow,
) -> Change:
    """Split ``row`` (a series, version checked, ``at`` a checked place after its first) at ``at``: the
    occurrences from ``at`` on become a new row with ``patch`` applied. Raises ``InvalidEvent``."""
    series = EventSnapshot.from_row(row)
    head_rule, tail_rule = _rules(series, at)
    tail_base = dataclasses.replace(
        series,
        start=at,
        end=_end_of(series, at),
        rrule=tail_rule,
        exdates=tuple(x for x in series.exdates if x >= at),
        series_id=None,
        recurrence_id=None,
    )
    fields = validate(patch.apply(tail_base), default_zone)  # the UNTIL moves with the start there
    values = {"id": uuid.uuid4(), "owner_id": row.owner_id, "created_at": now, "updated_at": now,
              "version": 1, **fields.as_row_values()}  # fmt: skip
    await session.execute(INSERT_EVENT, values)
    tail = EventSnapshot.from_row(SimpleNamespace(**values))  # type: ignore[arg-type]
    linked = await _linked_from(session, row, at)
    if linked:
        ids = [e.id for e in linked]
        await session.execute(
            update(Event)
            .where(Event.owner_id == row.owner_id, Event.id.in_(ids))  # type: ignore[attr-defined]
            .values(series_id=tail.id)
            .execution_options(synchronize_session=False)
        )
    head = await _shorten(session, row, series, head_rule, at, now, default_zone, update_row)
    after = SplitTail(**_fields(tail), head=head, relinked=tuple(e.id for e in linked))
    return Change("updated", SPLIT, tail.id, series, after, occurrence_start=at)


async def cut(
    session: AsyncSession,
    row: Event,
    *,
    at: datetime,
    now: datetime,
    default_zone: str,
    update_row: UpdateRow,
) -> Change:
    """Delete the occurrences of ``row`` (a series, version checked, ``at`` a checked place after its
    first) from ``at`` on, with the occurrences changed on their own from then on."""
    series = EventSnapshot.from_row(row)
    head_rule, _ = _rules(series, at)
    linked = await _linked_from(session, row, at)
    if linked:
        gone = [e.id for e in linked]
        await session.execute(delete(Event).where(Event.owner_id == row.owner_id, Event.id.in_(gone)))  # type: ignore[attr-defined]
    before = SeriesWithLinked(**_fields(series), linked=linked) if linked else series
    head = await _shorten(session, row, series, head_rule, at, now, default_zone, update_row)
    return Change("deleted", CUT, series.id, before, head, occurrence_start=at)


async def undo_split(
    session: AsyncSession, target: AuditRecord, *, now: datetime, default_zone: str, update_row: UpdateRow
) -> Change:
    """Undo ``split`` or ``cut``: the series' rule and EXDATEs as they were, the new row deleted and the
    relinked occurrences linked back (a split), the deleted occurrences restored (a cut)."""
    assert target.before is not None and target.after is not None
    previous = EventSnapshot.from_json(target.before)
    head_then = EventSnapshot.from_json(target.after["head"] if target.operation == SPLIT else target.after)
    head_row = await session.get(Event, previous.id)
    if head_row is None or head_row.owner_id != target.owner_id:
        raise UndoConflict(_CHANGED)
    head_now = EventSnapshot.from_row(head_row)
    if head_now.content() != head_then.content():
        raise UndoConflict(_CHANGED)
    if target.operation == SPLIT:
        await _drop_tail(session, target)
    fields = validate(EventDraft.from_snapshot(previous), default_zone).as_row_values()
    restored = await update_row(session, head_row, head_now.version, now, fields)
    if target.operation == CUT:
        await restore_linked(session, target.before, target.owner_id, now=now, default_zone=default_zone)
        return Change("restored", "undo", restored.id, head_now, restored, undoes_id=target.id)
    return Change("updated", "undo", restored.id, head_now, restored, undoes_id=target.id)


async def _drop_tail(session: AsyncSession, target: AuditRecord) -> None:
    """Delete a split's new row (unchanged since) and link its relinked occurrences back to the series."""
    assert target.after is not None
    expected = EventSnapshot.from_json(target.after)
    relinked = {uuid.UUID(x) for x in target.after.get("relinked", ())}
    tail_row = await session.get(Event, expected.id)
    if tail_row is None or tail_row.owner_id != target.owner_id:
        raise UndoConflict(_CHANGED)
    tail = EventSnapshot.from_row(tail_row)
    linked = set(
        (
            await session.execute(
                select(Event.id).where(Event.owner_id == target.owner_id, Event.series_id == tail.id)
            )
        ).scalars()
    )
    if tail.content() != expected.content() or linked != relinked:
        raise UndoConflict(_CHANGED)
    if relinked:
        await session.execute(
            update(Event)
            .where(Event.owner_id == target.owner_id, Event.id.in_(relinked))  # type: ignore[attr-defined]
            .values(series_id=uuid.UUID(target.after["head"]["id"]))
            .execution_options(synchronize_session=False)
        )
    gone = await session.execute(
        delete(Event).where(
            Event.id == tail.id, Event.owner_id == target.owner_id, Event.version == tail.version
        )
    )
    if gone.rowcount != 1:  # type: ignore[attr-defined]
        raise VersionConflict(tail.id, expected=tail.version, current=None)


async def _shorten(
    session: AsyncSession,
    row: Event,
    series: EventSnapshot,
    rule: str,
    at: datetime,
    now: datetime,
    default_zone: str,
    update_row: UpdateRow,
) -> EventSnapshot:
    """The series ends before ``at``: its new rule, the EXDATEs before ``at``."""
    head = dataclasses.replace(series, rrule=rule, exdates=tuple(x for x in series.exdates if x < at))
    fields = validate(EventDraft.from_snapshot(head), default_zone).as_row_values()
    return await update_row(session, row, series.version, now, fields)


async def _linked_from(session: AsyncSession, row: Event, at: datetime) -> tuple[EventSnapshot, ...]:
    """The occurrences of ``row`` changed on their own whose original start is ``at`` or later."""
    rows = (
        await session.execute(
            select(Event)
            .where(Event.owner_id == row.owner_id, Event.series_id == row.id)
            .order_by(Event.start_utc, Event.id)  # type: ignore[arg-type]
            .with_for_update()
        )
    ).scalars().all()  # fmt: skip
    return tuple(
        EventSnapshot.from_row(r)
        for r in rows
        if r.recurrence_id_utc is not None and r.recurrence_id_utc >= at.astimezone(UTC)
    )


def _rules(series: EventSnapshot, at: datetime) -> tuple[str, str]:
    """The rules of the occurrences before ``at`` and of those from ``at`` on."""
    assert series.rrule is not None
    parts = dict(p.split("=", 1) for p in series.rrule.split(";"))
    tail = dict(parts)
    if "COUNT" in parts:
        before = _count_before(series, at)
        tail["COUNT"] = str(int(parts["COUNT"]) - before)
        if before:
            return _joined({**parts, "COUNT": str(before)}), _joined(tail)
        del parts["COUNT"]  # only the first start, which this rule does not produce, is before ``at``
    if series.all_day:
        until = (at.date() - timedelta(days=1)).strftime("%Y%m%d")
    else:
        until = (at - timedelta(seconds=1)).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    return _joined({**parts, "UNTIL": until}), _joined(tail)


def _count_before(series: EventSnapshot, at: datetime) -> int:
    """How many starts the rule itself (COUNT counts those, not an extra first start) gives before ``at``."""
    assert series.rrule is not None
    return sum(1 for _ in _rule(series, series.rrule).between(series.start, at, inc=True) if _ < at)


def _rule(series: EventSnapshot, text: str) -> Any:
    """The dateutil rule of ``series`` (its UNTIL read as the instant it is), from its first start."""
    parts = dict(p.split("=", 1) for p in text.split(";"))
    until = parts.pop("UNTIL", None)
    rule = rrulestr(_joined(parts), dtstart=series.start)
    if until is not None:
        moment = datetime.strptime(until, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
        rule = rule.replace(until=moment.astimezone(series.start.tzinfo))
    return rule


def _end_of(series: EventSnapshot, at: datetime) -> datetime:
    """The end of the occurrence starting at ``at``: the series' exact duration, or its number of days."""
    if series.all_day:
        day = at.date() + (series.end_date - series.start_date)
        return datetime.combine(day, time(0), tzinfo=at.tzinfo).astimezone(UTC).astimezone(at.tzinfo)
    return (at.astimezone(UTC) + series.duration).astimezone(at.tzinfo)


def _joined(parts: dict[str, str]) -> str:
    return ";".join(f"{k}={v}" for k, v in parts.items())


def _fields(event: EventSnapshot) -> dict[str, Any]:
    return {f.name: getattr(event, f.name) for f in dataclasses.fields(EventSnapshot)}
