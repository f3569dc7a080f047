"""A bare clock for a move, settled by the event's name ("make it 7:30" for "Dinner" at 7 PM): the evening
candidate was read on today's date, so the event's own day never matched it and the user was asked "7:30
AM or PM?". The words are tried against the event's day (``writes.timing.settle_time``). Scripted model,
real store; NOW is Wednesday 5 March 2025 09:00 (New York); the event is tomorrow."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (the event, its hour, message, the model's update values, the new start)
ROWS = [
    ("Dinner", 19, "make it 7:30 and add the location Luigi's",
     {"when": "Thursday, March 6, 7:30 PM", "location": "Luigi's"}, (19, 30)),
    ("Dinner with Ana", 19, "push it to 8:15", {"when": "8:15"}, (20, 15)),
    ("Team dinner", 19, "can we do 8:30 instead", {"when": "8:30"}, (20, 30)),
    ("晚餐", 18, "改成六点半", {"when": "六点半"}, (18, 30)),
    ("Breakfast meeting", 8, "move it to 7:45", {"when": "7:45"}, (7, 45)),
    ("晚饭", 19, "改到七点半", {"when": "七点半"}, (19, 30)),
    ("和小李吃晚饭", 19, "挪到八点一刻", {"when": "八点一刻"}, (20, 15)),
    ("早餐会", 8, "提到七点三刻", {"when": "七点三刻"}, (7, 45)),
]  # fmt: skip


@pytest.mark.parametrize(("title", "hour", "text", "args", "start"), ROWS, ids=[r[2] for r in ROWS])
async def test_the_events_name_settles_morning_or_evening(
    kit: Kit, title: str, hour: int, text: str, args: dict[str, str], start: tuple[int, int]
) -> None:
    await kit.seed(title, datetime(2025, 3, 6, hour, tzinfo=NY))
    kit.script(call("update_event", {"event": title, **args}, request="update"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 6, *start, tzinfo=NY), r.text
