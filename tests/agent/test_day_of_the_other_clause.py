"""A new event's clock with no day, in a message whose one day is said in its other request ("move tomorrow's
standup to 10 and add gym at 6pm"): the clock is that day's (agent.writes.left_out.day_for_clock) — also when
the model wrote the clock in its own form ("6:00 PM" for "6pm", "下午6点" for 六点), which the user's words still
ground. Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the standup's title, the model's update, the model's create, the new event's start (day, hour))
ROWS = [
    ("move tomorrow's standup to 10 and add gym at 6pm", "Standup",
     {"event": "standup", "event_when": "tomorrow", "when": "10"}, {"title": "Gym", "when": "6:00 PM"}, (6, 18)),
    ("the standup the day after tomorrow goes to 10am, and add a run at 7pm", "Standup",
     {"event": "standup", "event_when": "the day after tomorrow", "when": "10am"},
     {"title": "Run", "when": "19:00"}, (7, 19)),
    ("明天的例会改到十点，再加一个晚上六点的健身", "例会",
     {"event": "例会", "event_when": "明天", "when": "十点"}, {"title": "健身", "when": "18:00"}, (6, 18)),
    ("後天的週會改到十點，再加一個晚上七點的晚餐", "週會",
     {"event": "週會", "event_when": "後天", "when": "十點"}, {"title": "晚餐", "when": "19:00"}, (7, 19)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "title", "update", "create", "start"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_clock_is_on_the_day_the_message_names(
    database: Any, make_user: Any, text: str, title: str, update: dict[str, Any], create: dict[str, Any],
    start: tuple[int, int],
) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    day = 6 if ("tomorrow's" in text or "明天" in text) else 7
    await kit.seed(title, datetime(2025, 3, day, 9, 30, tzinfo=kit.tz))
    kit.script(call("update_event", update, request="change"), call("create_event", create, request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert sorted(w.action for w in r.writes) == ["created", "updated"], r.text
    new = next(e for e in await kit.events() if e.title != title)
    local = new.start.astimezone(kit.tz)
    assert (local.day, local.hour) == start, r.text
