"""``resolve`` near ``datetime.min``/``max``: an unresolved result, never an ``OverflowError``.

A ``now`` outside ``NOW_YEARS`` is refused up front; inside it, arithmetic that leaves ``datetime``'s range
("in 10000 years") is unresolved. The only exception ``resolve`` raises is ``TimeExpressionError``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedule_time import TimeExpressionError, resolve
from schedule_time.resolver import NOW_YEARS

TEXTS = ["tomorrow", "next year", "in 10000 days", "明年", "三天后", "9999年", "yesterday", "every monday at 9",
         "until friday", "within 2 weeks", "for 2 hours", "明天下午三点", "去年", "in 10000 years", "3pm"]  # fmt: skip
ZONES: list[tzinfo | None] = [None, ZoneInfo("Asia/Shanghai"), ZoneInfo("America/New_York"),
                              timezone(timedelta(hours=-23, minutes=-59)), timezone(timedelta(hours=23))]  # fmt: skip

EDGES = [
    (datetime(1, 1, 1, tzinfo=UTC), "now must fall in the years"),
    (datetime(9999, 12, 31, 23, tzinfo=UTC), "now must fall in the years"),
    (datetime.min.replace(tzinfo=UTC), "now must fall in the years"),
    (datetime.max.replace(tzinfo=UTC), "now must fall in the years"),
    (datetime(999, 12, 31, 23, 59, tzinfo=UTC), "now must fall in the years"),
    (datetime(9000, 1, 1, tzinfo=UTC), "now must fall in the years"),
]


@pytest.mark.parametrize(("now", "reason"), EDGES)
@pytest.mark.parametrize("text", TEXTS)
def test_a_now_at_datetimes_limits_is_unresolved(now: datetime, reason: str, text: str) -> None:
    for zone in ZONES:
        r = resolve(text, now=now, tz=zone)
        assert r.status == "unresolved" and r.reason is not None and reason in r.reason


@pytest.mark.parametrize(
    "now", [datetime(1000, 1, 1, tzinfo=UTC), datetime(8999, 12, 31, 23, 59, tzinfo=UTC)]
)
def test_the_window_edges_still_resolve_or_refuse_without_raising(now: datetime) -> None:
    for zone in ZONES:
        assert resolve("tomorrow", now=now, tz=zone).status in ("resolved", "ambiguous", "unresolved")
        assert resolve("in 10000 years", now=now, tz=zone).status == "unresolved"
    assert resolve("tomorrow", now=datetime(8999, 6, 1, 9, tzinfo=UTC)).status == "resolved"
    assert resolve("tomorrow", now=datetime(1000, 6, 1, 9, tzinfo=UTC)).status == "resolved"


def test_the_window_is_the_documented_one() -> None:
    assert (NOW_YEARS.start, NOW_YEARS.stop - 1) == (1000, 8999)


def test_a_refused_now_does_not_poison_the_next_call() -> None:
    resolve("tomorrow", now=datetime(9999, 12, 31, 23, tzinfo=UTC))
    r = resolve("tomorrow", now=datetime(2025, 3, 5, 9, tzinfo=UTC))
    assert r.status == "resolved" and r.start == datetime(2025, 3, 6, tzinfo=UTC)


def test_api_misuse_is_still_the_documented_error() -> None:
    with pytest.raises(TimeExpressionError):
        resolve("tomorrow", now=datetime(1, 1, 1))  # naive on purpose


@settings(max_examples=400, deadline=None)
@given(
    now=st.datetimes(timezones=st.sampled_from([UTC, ZoneInfo("Asia/Shanghai"), ZoneInfo("America/New_York"),
                                                timezone(timedelta(hours=14)), timezone(timedelta(hours=-12))])),
    text=st.sampled_from(TEXTS),
    zone=st.sampled_from(ZONES),
)  # fmt: skip
def test_any_now_in_datetimes_range_raises_nothing(now: datetime, text: str, zone: tzinfo | None) -> None:
    try:
        r = resolve(text, now=now, tz=zone)
    except TimeExpressionError:
        return  # the documented error (e.g. a ``now`` whose offset cannot be computed at the limits)
    assert r.status in ("resolved", "ambiguous", "unresolved")
