"""A new event whose day and clock the message says apart ("add friday's team dinner, it starts at 7pm"),
sent with a start the user never said: the message's two time phrases are the one event's, so they are
its start — no "When?" after the user said when (agent.guards.times). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's create, the start and end written: day, hour, minute, end hour, end minute)
ROWS = [
    ("add friday's team dinner, it starts at 7pm", {"title": "Team dinner", "when": "2025-03-07 19:30"},
     (7, 19, 0, 20, 0)),
    ("put tomorrow's vet visit in, we booked 10:30 to 11:15", {"title": "Vet visit", "when": "2025-03-06 09:00"},
     (6, 10, 30, 11, 15)),
    ("log yesterday's standup please - it went from 9 to 9:30am", {"title": "Standup", "when": "2025-03-04 10:00"},
     (4, 9, 0, 9, 30)),
    ("把后天的家长会加上，时间是晚上七点", {"title": "家长会", "when": "2025-03-07 18:00"}, (7, 19, 0, 20, 0)),
    ("週五的聚餐記一下，時間是晚上六點半", {"title": "聚餐", "when": "2025-03-07 19:00"}, (7, 18, 30, 19, 30)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_day_and_the_clock_said_apart_are_the_start(database: Any, make_user: Any, row: tuple) -> None:
    text, create, (day, hour, minute, end_hour, end_minute) = row
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    kit.script(call("create_event", create, request="add"), reply(""), reply(""))
    r = await kit.assistant.reply(kit.user_id, text)
    if r.pending is not None:  # a past time asks first
        r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    events = await kit.events()
    assert len(events) == 1, r.text
    [event] = events
    start, end = event.start.astimezone(kit.tz), event.end.astimezone(kit.tz)
    assert (start.day, start.hour, start.minute) == (day, hour, minute), r.text
    assert (end.hour, end.minute) == (end_hour, end_minute), r.text

