"""A new start the model computed on the wrong day but at the clock the user said ("2025-03-03 15:00" for
"Monday 3pm, she's busy Friday") is the user's phrase with that clock, when exactly one phrase left names it
(agent.guards.times); the other day of the message is no new time. Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the seeded title (Friday 7 March, 10:00), the model's update, the new start's wall clock (day, hour))
ROWS = [
    ("move my coffee with Ana to Monday 3pm, she's busy Friday", "Coffee with Ana",
     {"event": "coffee with Ana", "event_when": "2025-03-03 10:00", "when": "2025-03-03 15:00"}, (10, 15)),
    ("push the design review to Thursday at 11am since Friday is packed", "Design review",
     {"event": "design review", "when": "2025-03-07 11:00"}, (6, 11)),
    ("和王老师吃饭那个挪到下周一晚上7点，她周五不行", "和王老师吃饭",
     {"event": "和王老师吃饭", "event_when": "2025-03-05 10:00", "when": "2025-03-05 19:00"}, (10, 19)),
    ("跟小李的电话改到周四上午十一点吧，他周五没空", "跟小李的电话",
     {"event": "跟小李的电话", "when": "2025-03-07 11:00"}, (6, 11)),
    ("和李老師喝茶那個挪到週四下午3點，她週五有事", "和李老師喝茶",
     {"event": "和李老師喝茶", "event_when": "2025-03-03 09:00", "when": "2025-03-03 15:00"}, (6, 15)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_users_clock_on_the_users_day(database: Any, make_user: Any, row: Any) -> None:
    text, title, update, (day, hour) = row
    kit = await make_kit(database, make_user)
    await kit.seed(title, datetime(2025, 3, 7, 10, tzinfo=kit.tz))
    await kit.seed("Other", datetime(2025, 3, 7, 13, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted and model.call_count == 1, r.text
    moved = next(e for e in await kit.events() if e.title == title)
    assert moved.start == datetime(2025, 3, day, hour, tzinfo=kit.tz), r.text


async def test_a_clock_the_user_never_said_still_goes_back(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Coffee with Ana", datetime(2025, 3, 7, 10, tzinfo=kit.tz))
    update = {"event": "coffee with Ana", "when": "2025-03-03 16:00"}
    model = kit.script(call("update_event", update), call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "move my coffee with Ana to Monday 3pm, she's busy Friday")
    assert not r.writes and model.call_count >= 2, r.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 7, 10, tzinfo=kit.tz)
