"""A list of one series at several times ("every Monday at 9 and 4", 每天早上八点和晚上八点) still says a
repetition and no end: the time service reads it as no one time (two times of day are a list), so the user's
words are read by its items. Two different repetitions ("every Monday and daily") say none."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from agent.user_gave import user_gave_end, user_gave_recurrence

NY = ZoneInfo("America/New_York")
NOW = datetime(2025, 3, 5, 9, tzinfo=NY)

ROWS = [
    ("standup every monday at 9 and 4", True),
    ("pills every day at 9am and 5pm", True),
    ("每天早上八点和晚上八点吃药", True),
    ("每周一上午九点和下午五点站会", True),
    ("interviews tomorrow at 10am and 3pm", False),
    ("gym every monday and daily stretches", False),
]


@pytest.mark.parametrize(("text", "repeats"), ROWS, ids=[r[0] for r in ROWS])
def test_a_series_at_several_times_says_a_repetition(text: str, repeats: bool) -> None:
    assert user_gave_recurrence(text, now=NOW, tz=NY) is repeats
    assert not user_gave_end(text, now=NOW, tz=NY)  # the second time is no end
