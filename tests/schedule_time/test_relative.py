"""``resolve(..., relative_to=(start, end))``: moves of an event and "same time" on another day (README
"Relative to an event"). The rows are in ``rows_relative.py`` (each checked with and without the event)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from schedule_time import TimeExpressionError, resolve

from .rows_relative import EN, EVENT, ZH
from .table import NOWS, Row, check

NOW = NOWS["tue"]


@pytest.mark.parametrize(("text", "with_event", "without", "reason"), EN + ZH, ids=[r[0] for r in EN + ZH])
def test_relative_row(text: str, with_event: str, without: str, reason: str) -> None:
    assert reason
    check(Row(text, "tue", with_event, reason), resolve(text, now=NOW, relative_to=EVENT))
    check(Row(text, "tue", without, reason), resolve(text, now=NOW))


def test_enough_rows_per_language() -> None:
    assert len(EN) >= 15 and len(ZH) >= 15


def test_moves_across_daylight_saving() -> None:
    ny = ZoneInfo("America/New_York")
    now = datetime(2026, 3, 5, 9, 0, tzinfo=ny)
    event = (datetime(2026, 3, 7, 10, 0, tzinfo=ny), datetime(2026, 3, 7, 11, 30, tzinfo=ny))   # Saturday, EST
    r = resolve("push it back one day", now=now, relative_to=event)   # Sunday 8 March is EDT: same wall clock
    assert (r.start, r.end) == (datetime(2026, 3, 8, 10, 0, tzinfo=ny), datetime(2026, 3, 8, 11, 30, tzinfo=ny))
    r = resolve("16 hours later", now=now, relative_to=event)   # elapsed time: 02:00 EST + 1 h lost = 03:00 EDT
    assert r.start == datetime(2026, 3, 8, 3, 0, tzinfo=ny) and r.end - r.start == timedelta(hours=1, minutes=30)


def test_bad_frames_are_misuse() -> None:
    for bad in ((NOW,), (NOW, NOW.replace(tzinfo=None)), (NOW, NOW - timedelta(minutes=1)), "tomorrow"):
        with pytest.raises(TimeExpressionError):
            resolve("an hour later", now=NOW, relative_to=bad)  # type: ignore[arg-type]
