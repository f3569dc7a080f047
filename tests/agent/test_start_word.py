"""A new event's time said with a start word ("starting at 7pm", 晚上七点开始, 七点起) is its start — before, the
open bound read as "after 7pm" and the user was asked "What time?" right after saying it. "after 7pm" is a
window, not a start: still asked (agent.timing.resolve_start, schedule_time.reads_as_a_start). Scripted
model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's create, the start written: day, hour, minute — None: nothing written, a question)
ROWS = [
    ("team dinner friday, starting at 7pm", {"title": "Team dinner", "when": "friday starting at 7pm"}, (7, 19, 0)),
    ("standup tomorrow starting 9:30am", {"title": "Standup", "when": "tomorrow starting 9:30am"}, (6, 9, 30)),
    ("家长会后天晚上七点开始", {"title": "家长会", "when": "后天晚上七点开始"}, (7, 19, 0)),
    ("週五晚上六點半開始聚餐", {"title": "聚餐", "when": "週五晚上六點半開始"}, (7, 18, 30)),
    ("周六下午两点起在家里打扫", {"title": "打扫", "when": "周六下午两点起"}, (8, 14, 0)),
    ("dinner friday after 7pm", {"title": "Dinner", "when": "friday after 7pm"}, None),
    ("周五晚上七点以后吃饭", {"title": "吃饭", "when": "周五晚上七点以后"}, None),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_a_start_word_gives_the_start(database: Any, make_user: Any, row: tuple) -> None:
    text, create, start = row
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    kit.script(call("create_event", create, request="add"), reply(""), reply(""))
    r = await kit.assistant.reply(kit.user_id, text)
    events = await kit.events()
    if start is None:
        assert events == [] and r.pending is not None, r.text
        return
    assert len(events) == 1, r.text
    begins = events[0].start.astimezone(kit.tz)
    assert (begins.day, begins.hour, begins.minute) == start, r.text
    assert events[0].end - events[0].start == timedelta(hours=1), r.text
