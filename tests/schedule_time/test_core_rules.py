"""Core rules that a table row cannot state: refusal reasons, and the composer's view of a spec."""

from __future__ import annotations

import pytest

from schedule_time import pieces as p
from schedule_time import resolve
from schedule_time.compose import compose

from .table import NOWS


def test_a_year_shift_alone_is_a_date() -> None:
    """明年 / "next year" as a bare YearShift is a date (no language needs a workaround)."""
    expr = compose([p.YearShift(1)])
    assert expr.kind == "point" and expr.left.has_date()


@pytest.mark.parametrize("text", ["2月30日", "Feb 30", "February 30th"])
def test_impossible_day_reason_names_no_placeholder_year(text: str) -> None:
    r = resolve(text, now=NOWS["tue"])
    assert r.status == "unresolved"
    assert r.reason == "February has no day 30", r.reason


@pytest.mark.parametrize(("text", "reason"), [
    ("tomorrow (Thursday)", "tomorrow is Wednesday 2026-12-02 but the weekday names Thursday 2026-12-03"),
    ("明天周四", "tomorrow is Wednesday 2026-12-02 but the weekday names Thursday 2026-12-03"),
    ("明天下周三", "tomorrow is Wednesday 2026-12-02 but the weekday names Wednesday 2026-12-09"),
])
def test_a_disagreeing_weekday_is_refused_with_both_dates(text: str, reason: str) -> None:
    r = resolve(text, now=NOWS["tue"])
    assert r.status == "unresolved" and r.reason is not None and r.reason.startswith(reason), r.reason
