"""Invariants (hypothesis): ordered, aware, in the requested zone, deterministic, future-preferring,
and every expression that resolves on its own is a slot reply."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from schedule_time import is_slot_reply, resolve

ZONES = [ZoneInfo(z) for z in ("Asia/Shanghai", "America/New_York", "Europe/London", "Australia/Sydney")]

# Expressions built from the documented vocabulary (English here; a language module may add its own).
RELATIVE = ["tomorrow", "today", "next friday", "friday", "this weekend", "next week", "tonight",
            "tomorrow morning", "in 3 days", "in 2 hours", "next month", "3pm", "at 3", "noon",
            "tomorrow at 5pm", "monday at 9am", "dec 5", "the 15th", "christmas", "march", "this week",
            "end of the month", "next year", "3-4pm", "tomorrow from 2 to 4pm", "7 to 9:30", "2 to 3:30pm", "in half an hour",
            "every monday at 9", "weekdays at 9am", "midnight", "this afternoon"]

nows = st.builds(
    lambda seconds, zone: datetime(2020, 1, 1, tzinfo=UTC).astimezone(zone) + timedelta(seconds=seconds),
    st.integers(min_value=0, max_value=10 * 365 * 86400), st.sampled_from(ZONES))


@settings(max_examples=300, deadline=None)
@given(text=st.sampled_from(RELATIVE), now=nows, zone=st.sampled_from(ZONES))
def test_resolved_ranges_are_ordered_aware_and_in_zone(text: str, now: datetime, zone: ZoneInfo) -> None:
    r = resolve(text, now=now, tz=zone)
    assert r.status in ("resolved", "ambiguous")
    spans = [(r.start, r.end)] if r.status == "resolved" else [(c.start, c.end) for c in r.candidates]
    for start, end in spans:
        assert start is not None and end is not None
        assert start < end
        for d in (start, end):
            assert d.tzinfo is not None
            assert d.tzinfo == zone


@settings(max_examples=200, deadline=None)
@given(text=st.sampled_from(RELATIVE), now=nows)
def test_deterministic(text: str, now: datetime) -> None:
    assert resolve(text, now=now) == resolve(text, now=now)


FUTURE = ["tomorrow", "next friday", "friday", "next week", "in 3 days", "3pm", "dec 5", "the 15th",
          "christmas", "march", "tomorrow at 5pm", "next month", "next year", "tonight", "at 3"]


@settings(max_examples=300, deadline=None)
@given(text=st.sampled_from(FUTURE), now=nows)
def test_prefer_future_never_before_todays_start(text: str, now: datetime) -> None:
    r = resolve(text, now=now)
    starts = [r.start] if r.status == "resolved" else [c.start for c in r.candidates]
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    for s in starts:
        assert s is not None
        # a month/year period may start earlier in the current period ("march" in March)
        assert s >= today or r.grain in ("month", "year", "week")


@settings(max_examples=200, deadline=None)
@given(text=st.sampled_from(RELATIVE), now=nows)
def test_what_resolves_on_its_own_is_a_slot_reply(text: str, now: datetime) -> None:
    if resolve(text, now=now).status != "unresolved":
        assert is_slot_reply(text)
