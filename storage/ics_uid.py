"""kairos UIDs (``<id>@kairos``): export writes each event's id into its UID, so that an import can tell an
item of this calendar's own export (a backup restored, a file imported again) from any other calendar's."""

from __future__ import annotations

import uuid

UID_SUFFIX = "@kairos"


def kairos_uid(event_id: uuid.UUID) -> str:
    """The UID export writes for the event (or series) ``event_id``."""
    return f"{event_id}{UID_SUFFIX}"


def event_id_of(uid: str | None) -> uuid.UUID | None:
    """The event id a kairos UID (``<id>@kairos``, as export writes them) names; ``None`` for other UIDs."""
    return _uuid(uid.removesuffix(UID_SUFFIX)) if uid is not None and uid.endswith(UID_SUFFIX) else None


def _uuid(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except ValueError:
        return None
