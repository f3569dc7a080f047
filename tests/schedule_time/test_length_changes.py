"""``split_length_change``: a change of length whose verb and amount the event's own time splits."""

from __future__ import annotations

import pytest

from schedule_time import split_length_change

ROWS = [
    ("extend tomorrow's design review by 30 minutes", "30 minutes longer"),
    ("please shorten thursday's standup by 15 min", "15 min shorter"),
    ("can you lengthen the review tomorrow by an hour", "an hour longer"),
    ("prolong the 3pm call by 45 minutes", "45 minutes longer"),
    ("trim my 4 o'clock by 10 mins", "10 mins shorter"),
    ("Extend the Friday planning session by another half hour", "half hour longer"),
    ("extended next week's offsite by a day", "a day longer"),
    ("extend it by 30 minutes", "30 minutes longer"),  # (the scan reads this whole too)
    # none: no verb, a sentence between, two changes, no amount
    ("push tomorrow's review by 30 minutes", None),
    ("extend the review. Tomorrow by 30 minutes", None),
    ("extend the review by 30 min and shorten the standup by 10 min", None),
    ("extend tomorrow's review until 5", None),
    ("把明天的评审延长半小时", None),
    ("", None),
]


@pytest.mark.parametrize(("text", "change"), ROWS, ids=[r[0] or "empty" for r in ROWS])
def test_split_length_change(text: str, change: str | None) -> None:
    assert split_length_change(text) == change
