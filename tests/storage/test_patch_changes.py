"""``EventPatch.changes``: whether an update would store anything new (an update to the values an event
already has writes nothing). Table-driven over timed and all-day events."""

from __future__ import annotations

import uuid
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from storage import EventPatch, EventSnapshot
from tests.storage.fixtures import NOW

SH, NY = ZoneInfo("Asia/Shanghai"), ZoneInfo("America/New_York")
START = datetime(2026, 12, 1, 15, tzinfo=SH)
MEETING = EventSnapshot(
    id=uuid.uuid4(), title="和张三开会", start=START, end=START + timedelta(hours=1), all_day=False,
    timezone="Asia/Shanghai", location=None, notes=None, attendees=("张三",), rrule=None, exdates=(),
    created_at=NOW, updated_at=NOW, version=1,
)  # fmt: skip
DAY = EventSnapshot(
    id=uuid.uuid4(), title="团建", start=datetime(2026, 12, 5, tzinfo=SH), end=datetime(2026, 12, 6, tzinfo=SH),
    all_day=True, timezone="Asia/Shanghai", location=None, notes=None, attendees=(), rrule=None, exdates=(),
    created_at=NOW, updated_at=NOW, version=1,
)  # fmt: skip


@pytest.mark.parametrize(
    ("event", "patch", "changes", "why"),
    [
        (MEETING, EventPatch(), False, "an empty patch"),
        (MEETING, EventPatch(start=START, end=START + timedelta(hours=1)), False, "the same times"),
        (MEETING, EventPatch(start=START.astimezone(NY)), False, "the same instant in another zone"),
        (MEETING, EventPatch(attendees=["张三"]), False, "the same attendees, as a list"),
        (MEETING, EventPatch(title="和张三开会", attendees=("张三",)), False, "the same title and attendees"),
        (MEETING, EventPatch(start=START + timedelta(minutes=30)), True, "a new start"),
        (MEETING, EventPatch(end=START + timedelta(hours=2)), True, "a new end"),
        (MEETING, EventPatch(title="和李四开会"), True, "a new title"),
        (MEETING, EventPatch(attendees=()), True, "attendees removed"),
        (MEETING, EventPatch(notes="带电脑"), True, "notes added"),
        (MEETING, EventPatch(location=None), False, "no location, as before"),
        (MEETING, EventPatch(rrule="FREQ=WEEKLY"), True, "now repeating"),
        (MEETING, EventPatch(title=""), True, "an invalid value is the store's to refuse"),
        (DAY, EventPatch(start=date(2026, 12, 5), end=date(2026, 12, 6)), False, "the same all-day date"),
        (DAY, EventPatch(start=date(2026, 12, 6)), True, "another day"),
    ],
)
def test_patch_changes(event: EventSnapshot, patch: EventPatch, changes: bool, why: str) -> None:
    assert patch.changes(event) is changes, why
