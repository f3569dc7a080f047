"""``resolve(..., night_owl_hour=...)``: the window in which "tomorrow" is asked about (README "Tomorrow after
midnight"); the table rows are in ``rows_midnight.py``."""

from __future__ import annotations

from datetime import datetime

import pytest

from schedule_time import TimeExpressionError, analyse, resolve
from schedule_time.resolver import NIGHT_OWL_HOUR

from .table import NOWS, SHANGHAI


def test_the_default_window_ends_at_four() -> None:
    assert NIGHT_OWL_HOUR == 4
    assert resolve("tomorrow", now=datetime(2026, 12, 2, 3, 59, tzinfo=SHANGHAI)).status == "ambiguous"
    assert resolve("tomorrow", now=datetime(2026, 12, 2, 4, 0, tzinfo=SHANGHAI)).status == "resolved"


def test_zero_turns_it_off_and_a_later_hour_widens_it() -> None:
    r = resolve("明天", now=NOWS["wed_0001"], night_owl_hour=0)
    assert r.status == "resolved" and r.start == datetime(2026, 12, 3, tzinfo=SHANGHAI)
    five = datetime(2026, 12, 2, 5, 30, tzinfo=SHANGHAI)
    assert resolve("tomorrow", now=five).status == "resolved"
    r = resolve("tomorrow", now=five, night_owl_hour=6)
    assert r.status == "ambiguous"
    assert [c.start.day for c in r.candidates] == [2, 3]   # today (the night owl's tomorrow) first
    assert r.reason and "ask" in r.reason


def test_the_window_is_read_on_the_requested_zones_clock() -> None:
    # 01:00 in Shanghai is 17:00 the day before in London: not after midnight there
    from zoneinfo import ZoneInfo
    r = resolve("tomorrow", now=NOWS["wed_0001"], tz=ZoneInfo("Europe/London"))
    assert r.status == "resolved"


@pytest.mark.parametrize("bad", [-1, 13, 2.5, "4", None])
def test_a_bad_hour_is_api_misuse(bad: object) -> None:
    with pytest.raises(TimeExpressionError):
        resolve("tomorrow", now=NOWS["wed_0001"], night_owl_hour=bad)  # type: ignore[arg-type]


def test_analyse_and_moves_see_the_same_ambiguity() -> None:
    found = analyse("lunch tomorrow at 1pm", now=NOWS["wed_0001"])
    assert [p.resolution.status for p in found] == ["ambiguous"]
    event = (datetime(2026, 12, 2, 14, tzinfo=SHANGHAI), datetime(2026, 12, 2, 15, tzinfo=SHANGHAI))
    r = resolve("tomorrow", now=NOWS["tue"], relative_to=event)
    assert r.status == "resolved"   # 10:00: outside the window, the event moves to the calendar's tomorrow
