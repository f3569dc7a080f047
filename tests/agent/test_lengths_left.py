"""A length the user gave is never a start, and the one length left is the duration: an ungrounded ``when``
beside "half an hour is enough" is the message's one other time phrase; an ungrounded ``duration`` ("30
minutes" for "three quarters of an hour") is the user's length (agent.guards.times). Scripted model."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the model's create, the start (day of March, hour, minute), the length in minutes)
ROWS = [
    ("America/New_York", "call with the Oslo team on Monday at 9 in the morning, half an hour is enough",
     {"title": "Call with the Oslo team", "when": "Monday at 9:30"}, (10, 9, 0), None),
    ("America/New_York", "book a haircut for 10.30 tomorrow morning; it takes roughly three quarters of an hour",
     {"title": "Haircut", "when": "tomorrow 10:30am", "duration": "30 minutes"}, (6, 10, 30), 45),
    ("America/New_York", "physio friday at 4pm, should run about 45 minutes",
     {"title": "Physio", "when": "friday at 4pm", "duration": "1 hour"}, (7, 16, 0), 45),
    ("Asia/Shanghai", "周一上午九点和奥斯陆团队开会，半小时就够了",
     {"title": "和奥斯陆团队开会", "when": "周一 9:30"}, (10, 9, 0), None),
    ("Asia/Shanghai", "后天上午十点理发，大概要三刻钟",
     {"title": "理发", "when": "后天上午十点", "duration": "30分钟"}, (7, 10, 0), 45),
    ("Asia/Taipei", "週五下午兩點看牙，大概一個半小時",
     {"title": "看牙", "when": "週五下午兩點", "duration": "1小時"}, (7, 14, 0), 90),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_a_length_is_no_start_and_the_one_length_is_the_duration(
    database: Any, make_user: Any, row: Any
) -> None:
    tz, text, create, (day, hour, minute), minutes = row
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(call("create_event", create), reply("ok"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted and model.call_count <= 2, r.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, day, hour, minute, tzinfo=kit.tz), r.text
    if minutes is not None:
        assert event.end - event.start == timedelta(minutes=minutes), r.text
