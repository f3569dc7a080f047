"""A move to a clock with two readings ("to 8:45", 改到八点) asks morning or evening *of the event's own
day*: the readings came from today (an event next week was offered "tomorrow 8:45 AM" or "today 8:45 PM",
and the pick moved it to another week). Scripted model; now is Wednesday 2025-03-05 09:00; own phrasings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (timezone, title, its start (day of March, hour), message, the model's when, the evening reading's hour, minute)
ROWS = [
    ("America/New_York", "Dentist", (13, 15), "move the dentist to 8:45", "8:45", 20, 45),
    ("America/New_York", "Piano lesson", (10, 16), "push piano lesson to 7", "7", 19, 0),
    ("Asia/Shanghai", "牙医", (13, 15), "牙医改到八点", "八点", 20, 0),
    ("Asia/Shanghai", "钢琴课", (10, 16), "钢琴课挪到七点半", "七点半", 19, 30),
    ("Asia/Taipei", "鋼琴課", (10, 16), "鋼琴課改到七點", "七點", 19, 0),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_both_readings_are_on_the_events_day(database: Any, make_user: Any, row: Any) -> None:
    zone, title, (day, hour), text, when, evening, minute = row
    kit = await make_kit(database, make_user, timezone=zone)
    await kit.seed(title, datetime(2025, 3, day, hour, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": title, "when": when}))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and len(asked.options) == 2, asked.text
    assert all(o.start.astimezone(kit.tz).day == day for o in asked.options), asked.text
    done = await kit.assistant.reply(kit.user_id, "2")  # the evening one
    assert done.writes and done.writes[0].persisted, done.text
    [event] = await kit.events()
    start = event.start.astimezone(kit.tz)
    assert (start.day, start.hour, start.minute) == (day, evening, minute), done.text
