"""The indexed overlap query: candidate events for ``[start, end)`` of one owner.

Two narrow ranges of ``ix_events_owner_span`` (see ``storage.models``): short single events by a start
window (``start - SHORT_SPAN < start_utc < end``), long events and recurring series by start only (few
rows); ``series_end_utc > start`` bounds both. The statements are built once and take bound parameters
``owner``, ``start``, ``end`` and ``short_start``. They return Core rows, not ORM objects: most candidates
of a busy calendar are series without an occurrence in the range, so snapshots are built only for hits.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Select, bindparam, select, union_all

from storage.models import SHORT_SPAN, Event

__all__ = ["candidate_params", "candidate_statement"]

_COLUMNS: Any = Event.__table__.c  # type: ignore[attr-defined]
#: What ``EventSnapshot.from_row`` reads (bookkeeping columns left out: less to convert per candidate).
_SNAPSHOT_COLUMNS = [c for c in _COLUMNS if c.name not in {"owner_id", "series_end_utc", "long_span"}]


def _build(include_all_day: bool) -> Any:
    def part(long_span: bool) -> Select[Any]:
        query = select(*_SNAPSHOT_COLUMNS).where(
            _COLUMNS.owner_id == bindparam("owner"), _COLUMNS.long_span.is_(long_span)
        )
        if not long_span:
            query = query.where(_COLUMNS.start_utc > bindparam("short_start"))
        query = query.where(
            _COLUMNS.start_utc < bindparam("end"), _COLUMNS.series_end_utc > bindparam("start")
        )
        return query if include_all_day else query.where(_COLUMNS.all_day.is_(False))

    return union_all(part(False), part(True))


_STATEMENTS = {flag: _build(flag) for flag in (False, True)}


def candidate_statement(include_all_day: bool) -> Any:
    """The prepared overlap statement (all-day events included or not)."""
    return _STATEMENTS[include_all_day]


def candidate_params(owner: uuid.UUID, start: datetime, end: datetime) -> dict[str, Any]:
    """Bound parameters of :func:`candidate_statement` for ``[start, end)``."""
    return {"owner": owner, "start": start, "end": end, "short_start": start - SHORT_SPAN}
