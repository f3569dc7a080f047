"""``corrected_answer``: a correction's own words at the edges of a time answer carry no time; between two
times they are words, and with no time left there is no answer."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from schedule_time import corrected_answer, resolve

NOW = datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


@pytest.mark.parametrize(("text", "answer", "start"), [
    ("actually sunday", "sunday", "2026-12-06T00:00"),
    ("sorry, I meant 5pm", "5pm", "2026-12-01T17:00"),
    ("sunday at 9am, actually", "sunday at 9am", "2026-12-06T09:00"),
    ("oops, wait: friday", "friday", "2026-12-04T00:00"),
    ("I mean 10:30 rather", "10:30", "2026-12-01T10:30"),
    ("Actually — the 12th", "the 12th", "2026-12-12T00:00"),
    ("其实是周日", "周日", "2026-12-06T00:00"),
    ("我是说下午五点", "下午五点", "2026-12-01T17:00"),
    ("應該是週五", "週五", "2026-12-04T00:00"),
    ("我說的是明天上午十點", "明天上午十點", "2026-12-02T10:00"),
    ("周日，其实", "周日", "2026-12-06T00:00"),
])  # fmt: skip
def test_the_time_inside_a_correction(text: str, answer: str, start: str) -> None:
    assert corrected_answer(text) == answer
    found = resolve(answer, now=NOW)
    assert found.start is not None and found.start.strftime("%Y-%m-%dT%H:%M") == start, found


@pytest.mark.parametrize("text", [
    "sunday",  # no correction words: the caller's own slot check reads it
    "actually, bob is coming",  # no time left
    "9am — I mean 9:30am, in the lobby",  # words of another kind after the time
    "其实我不去了",
    "actually",
    "",
])  # fmt: skip
def test_no_answer(text: str) -> None:
    assert corrected_answer(text) is None
