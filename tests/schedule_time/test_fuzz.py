"""Fuzz: arbitrary unicode and very long inputs give a resolution (never an exception), with no
pathological slowness.

The time bounds are CPU time of this process (``time.process_time``), not wall clock, and generous:
they catch an input that makes a regex backtrack or a loop run away (seconds), not a slow shared
machine. Every scanner and the holiday patterns are compiled in a module fixture before any timing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedule_time import is_slot_reply, resolve
from schedule_time.language import warm_up

NOW = datetime(2026, 11, 29, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
CPU_BOUND = 0.5   # seconds of CPU per call; a normal call takes well under a millisecond
WORDS = ["tomorrow", "at", "3pm", "next", "friday", "-", "to", "every", "in", "days", "明天", "下午", "点",
         "15", "2026-12-05", "/", ":", "feb", "30", "ago", "between", "and", "for", "hours", "the",
         # Chinese amounts and counts next to decimals (a count's builder once read "2.5" as a numeral)
         "2.5", "12.25", "3.14", "晚上", "晚", "几", "两三", "未来", "每", "天", "周", "号", "个", "小时", "年代", "工作周"]


@pytest.fixture(scope="module", autouse=True)
def _warm() -> Iterator[None]:
    """Compile the scanners and the holiday patterns (first use costs 100s of ms) before timing."""
    warm_up()
    for text in ("christmas", "春节", "next thanksgiving", "國慶節晚上", "tomorrow at 3pm", "明天下午三点"):
        resolve(text, now=NOW)
        is_slot_reply(text)
    yield


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200))
def test_random_unicode_is_handled(text: str) -> None:
    t0 = time.process_time()
    r = resolve(text, now=NOW)
    assert r.status in ("resolved", "ambiguous", "unresolved")
    is_slot_reply(text)
    assert time.process_time() - t0 < CPU_BOUND, text


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join) | st.lists(st.sampled_from(WORDS), max_size=6).map("".join))
def test_word_salad_is_handled(text: str) -> None:
    r = resolve(text, now=NOW)
    assert r.status in ("resolved", "ambiguous", "unresolved")
    if r.status == "unresolved":
        assert r.reason


def test_very_long_input_is_refused_fast() -> None:
    t0 = time.process_time()
    r = resolve("tomorrow " * 10_000, now=NOW)
    assert r.status == "unresolved" and "longer" in (r.reason or "")
    assert not is_slot_reply("3pm " * 10_000)
    assert time.process_time() - t0 < CPU_BOUND


# Event ids in a message ("move event 923a7369-94e3-bf91-… to friday 3pm"): dashes between hex groups whose
# numbers make no one time. ``dash_joined`` (which the agent also calls outside ``compose``'s try) built a
# spec of each side and raised "two bare numbers" for one id in about thirty — a crashed turn.
IDS = ["923a7369-94e3-bf91-1a61-dbe22e44158b", "3d4882a5-ce5b-2a92-31f5-1707da45e18a",
       "597a1ecf-fcf0-0fec-b91e-e9e5efe09f07"]


@pytest.mark.parametrize("event_id", IDS)
def test_a_dash_between_numbers_of_an_id_never_raises(event_id: str) -> None:
    from agent.fuller_phrase import fuller_phrase
    from schedule_time.compose import dash_joined
    from schedule_time.language import normalise, scan

    text = f"reschedule event {event_id} for 3pm friday"
    assert dash_joined(scan(normalise(text)).pieces)
    fuller_phrase("3pm friday", text, now=NOW, tz=NOW.tzinfo)  # type: ignore[arg-type]
    assert resolve(text, now=NOW).status in ("resolved", "ambiguous", "unresolved")


@settings(max_examples=300, deadline=None)
@given(st.uuids())
def test_any_id_with_a_time_never_raises(event_id: object) -> None:
    from schedule_time.compose import dash_joined
    from schedule_time.language import normalise, scan

    dash_joined(scan(normalise(f"move {event_id} - friday - 3pm")).pieces)
