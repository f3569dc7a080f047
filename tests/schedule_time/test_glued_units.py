"""A one-letter unit glued to a name is no length: "4S店" (a car dealer), "3D影院", "iPhone 4Sale" are not 4
seconds or 3 days. A unit letter followed by a space, a digit or punctuation still is ("45m", "2h30m", "in 30s")."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from schedule_time import analyse
from schedule_time.language import normalise, scan
from schedule_time.pieces import Duration

NOW = datetime(2025, 3, 5, 9, 0, tzinfo=ZoneInfo("Asia/Shanghai"))

NOT_LENGTHS = [
    "下周二早上九点去4S店做保养",
    "週五下午三點把車開到4S店",
    "明天晚上去3D影院看电影",
    "下午两点修5G基站",
    "take the car to the 4Sshop at 10",
    "Friday 7pm 3Dprinting club",
    "4Sale meetup on Monday",
    "明早九点送车去4s店",
]
LENGTHS = [
    ("meeting for 45m", "45m"),
    ("call for 2h tomorrow", "2h"),
    ("block 90m on Friday", "90m"),
    ("a break of 30s", "30s"),
    ("trip of 3d", "3d"),
    ("a 1.5h workshop", "1.5h"),
    ("45m, then lunch", "45m"),
    ("focus time for 2h.", "2h"),
]


@pytest.mark.parametrize("text", NOT_LENGTHS)
def test_a_unit_letter_glued_to_a_word_is_no_length(text: str) -> None:
    assert not any(isinstance(p, Duration) for p in scan(normalise(text)).pieces)
    assert not any(p.kind == "duration" for p in analyse(text, now=NOW))


@pytest.mark.parametrize(("text", "length"), LENGTHS)
def test_a_unit_letter_standing_alone_is_a_length(text: str, length: str) -> None:
    assert any(isinstance(p, Duration) for p in scan(normalise(text)).pieces)
    assert any(length in p.text for p in analyse(text, now=NOW))


# A number pair with a one-digit second half ("1:1", "3:1") names a meeting or a ratio: no clock, no hour.
# (the hour each phrase of the text starts at, by kind of phrase; none where the text says no time)
PAIRS = [
    ("1:1 with Priya", []),
    ("a 3:1 ratio", []),
    ("thursday 1:1 with Priya", [("day", 0)]),
    ("fortnightly thursday 1:1 with Priya", [("recurrence", 0)]),
    ("weekly 1:1 on Monday at 10", [("recurrence", 10)]),
    ("2:1 review at 4pm", [("clock", 16)]),
    ("1:1s every friday at 9am", [("recurrence", 9)]),
    ("at 9:05", [("clock", 9)]),
    ("12:30 lunch", [("clock", 12)]),
]


@pytest.mark.parametrize(("text", "readings"), PAIRS, ids=[r[0] for r in PAIRS])
def test_a_number_pair_is_no_clock(text: str, readings: list[tuple[str, int]]) -> None:
    phrases = analyse(text, now=NOW)
    found = [(p.kind, p.resolution.start.hour if p.resolution.start else None) for p in phrases]
    assert found == readings, [p.text for p in phrases]
