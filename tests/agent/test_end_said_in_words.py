"""A time the message says is the end ("the end time should be 5pm", 结束时间应该是12点, 结束改到十一点) sent by
the model as the update's new start: the clause names the end (``schedule_time.said_as_an_end``), so it is
the new end and the start stays (agent.guards.ends.start_said_as_an_end). Scripted model; now is Wednesday
2025-03-05 09:00; the workshop runs Thursday 9:00–10:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's update "when", the new end's hour)
ROWS = [
    ("the end time should be 11am", "11am", 11),
    ("change the end to 11:30", "11:30", 11),
    ("can the ending be noon instead", "noon", 12),
    ("结束时间应该是12点", "12点", 12),
    ("结束改到十一点半", "十一点半", 11),
    ("結束時間定在中午十二點", "中午十二點", 12),
    ("结束时间应该是十一点", "周四 11:00", 11),  # the event's day made up around the user's clock
    ("the end should be at 11 instead", "Thursday 11:00", 11),
]


@pytest.mark.parametrize(("text", "when", "hour"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_end_said_is_the_new_end(
    database: Any, make_user: Any, text: str, when: str, hour: int
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    title = "Workshop" if text.isascii() else "培训"
    await kit.seed(title, datetime(2025, 3, 6, 9, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": title, "when": when}, request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["updated"], r.text
    [event] = await kit.events()
    start, end = event.start.astimezone(kit.tz), event.end.astimezone(kit.tz)
    assert (start.hour, start.minute) == (9, 0) and end.hour == hour, r.text
