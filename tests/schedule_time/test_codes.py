"""A code that begins with letters no rule knows — a room ("B2-14"), a flight ("UA123"), a version ("v2.5"),
a ticket ("JIRA-1234"), an id ("2ff6ff47-d9c5-…") — is no date or time: "B2-14" had read as 14 February,
"JIRA-1234" as 12:34, an event id's digits as days of the year. The message's real times still read;
words the time service knows keep their glued digits ("Q3 2025", "H1", "3pm")."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from schedule_time import analyse, resolve, time_phrases

NOW = datetime(2025, 3, 5, 9, 0, tzinfo=ZoneInfo("America/New_York"))

# (message, the time phrases read in it)
MESSAGES = [
    ("meeting in room B2-14 friday at 3pm", ["friday at 3pm"]),
    ("flight UA123 on friday", ["friday"]),
    ("ticket JIRA-1234 review tomorrow 2pm", ["tomorrow 2pm"]),
    ("v2.5 release party friday 6pm", ["friday 6pm"]),
    ("pr-567 demo monday 3pm", ["monday 3pm"]),
    ("在B3-12会议室周五下午三点开会", ["周五下午三点"]),
    ("把编号2ff6ff47-d9c5-4cb4-9a8f-4ae04508c0f0的日程删掉", []),
    ("delete event 7ab1cc09-d2e3-4f5a-9b8c-1d2e3f4a5b6c", []),
    ("週五上午十點在A5-301教室考試", ["週五上午十點"]),
    ("gate C17 boarding tomorrow at 6:40am", ["tomorrow at 6:40am"]),
]


@pytest.mark.parametrize(("text", "phrases"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_a_codes_digits_are_no_time(text: str, phrases: list[str]) -> None:
    read = [p.text.lower() for p in analyse(text, now=NOW) if p.resolution.status != "unresolved"]
    assert read == [p.lower() for p in phrases]
    assert all(any(p in t for t in time_phrases(text)) for p in (x.lower() for x in phrases))


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Q3 2025", datetime(2025, 7, 1, tzinfo=NOW.tzinfo)),
        ("H1 2026", datetime(2026, 1, 1, tzinfo=NOW.tzinfo)),
        ("3pm", datetime(2025, 3, 5, 15, tzinfo=NOW.tzinfo)),
        ("10am-11am", datetime(2025, 3, 5, 10, tzinfo=NOW.tzinfo)),
    ],
)
def test_known_words_keep_their_digits(text: str, start: datetime) -> None:
    r = resolve(text, now=NOW)
    assert r.status == "resolved" and r.start == start, r


@pytest.mark.parametrize("code", ["B2-14", "UA123", "v2.5", "JIRA-1234", "c0d4-4bb4"])
def test_a_code_alone_is_unresolved(code: str) -> None:
    assert resolve(code, now=NOW).status == "unresolved"
