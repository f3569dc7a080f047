"""A series with days taken out ("every weekday except Wednesday", 除了周三每个工作日, 每天…周日除外): one weekly
series on the days left (``schedule_time.series_parts.days_excepted``). Before, the exception read as no
time and the turn asked "How often should … repeat?" of a user who had said it.
Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, Kit

# (message, the model's create, the series' days, the clock)
ROWS = [
    ("run at 7am every weekday except wednesday",
     {"title": "Run", "when": "7am", "recurrence": "every weekday except Wednesday"}, "MO,TU,TH,FR", (7, 0)),
    ("standup every day at 9:30 but not on weekends",
     {"title": "Standup", "when": "9:30", "recurrence": "every day but not on weekends"}, "MO,TU,WE,TH,FR", (9, 30)),
    ("gym daily 6pm except fridays", {"title": "Gym", "when": "6pm", "recurrence": "daily except fridays"},
     "MO,TU,WE,TH,SA,SU", (18, 0)),
    ("piano every weekday except mon and wed at 5pm",
     {"title": "Piano", "when": "every weekday except mon and wed at 5pm"}, "TU,TH,FR", (17, 0)),
    ("除了周三，每个工作日早上七点跑步", {"title": "跑步", "when": "早上七点", "recurrence": "除了周三的每个工作日"},
     "MO,TU,TH,FR", (7, 0)),
    ("每天晚上九点读书，周日除外", {"title": "读书", "when": "晚上九点", "recurrence": "每天，周日除外"},
     "MO,TU,WE,TH,FR,SA", (21, 0)),
    ("每天早上八点吃药（周末除外）", {"title": "吃药", "when": "每天早上八点（周末除外）"}, "MO,TU,WE,TH,FR", (8, 0)),
    ("除了週五，每天下午五點遛狗", {"title": "遛狗", "when": "下午五點", "recurrence": "除了週五每天"},
     "MO,TU,WE,TH,SA,SU", (17, 0)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "days", "clock"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_days_left_are_the_series(
    kit: Kit, text: str, create: dict[str, Any], days: str, clock: tuple[int, int]
) -> None:
    kit.script(call("create_event", create, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert event.rrule is not None and f"BYDAY={days}" in event.rrule, (event.rrule, r.text)
    assert event.start > NOW and (event.start.hour, event.start.minute) == clock, event.start
    assert event.start.strftime("%a")[:2].upper() in days.split(","), event.start
