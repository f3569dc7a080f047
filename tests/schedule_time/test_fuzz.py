"""Fuzz: arbitrary unicode and very long inputs give a resolution (never an exception) quickly."""

from __future__ import annotations

import time
from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from schedule_time import is_slot_reply, resolve
from schedule_time.language import warm_up

NOW = datetime(2026, 11, 29, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
# Scanners compile once per process (about a second); time calls only after that.
warm_up()
WORDS = ["tomorrow", "at", "3pm", "next", "friday", "-", "to", "every", "in", "days", "明天", "下午", "点",
         "15", "2026-12-05", "/", ":", "feb", "30", "ago", "between", "and", "for", "hours", "the"]


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200))
def test_random_unicode_is_handled(text: str) -> None:
    t0 = time.perf_counter()
    r = resolve(text, now=NOW)
    assert r.status in ("resolved", "ambiguous", "unresolved")
    is_slot_reply(text)
    assert time.perf_counter() - t0 < 0.05


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join))
def test_word_salad_is_handled(text: str) -> None:
    r = resolve(text, now=NOW)
    assert r.status in ("resolved", "ambiguous", "unresolved")
    if r.status == "unresolved":
        assert r.reason


def test_very_long_input_is_refused_fast() -> None:
    t0 = time.perf_counter()
    r = resolve("tomorrow " * 10_000, now=NOW)
    assert r.status == "unresolved" and "longer" in (r.reason or "")
    assert not is_slot_reply("3pm " * 10_000)
    assert time.perf_counter() - t0 < 0.05
