"""A read whose range is not the user's words, or reads as no one window, reads the window the message's own
time phrases cover (agent.tools.reads): a read writes nothing, so reading what the user named is no guess,
where an error made the model ask for "the time in quotes". Scripted model; now is Wednesday 2025-03-05
09:00 in New York."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest

from agent.model import ToolResultMessage, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the model's read, the titles the read must return)
ROWS = [
    ("America/New_York", "schedule for tmrw?", ("list_events", {"range": "next Wednesday"}), {"Dentist"}),
    ("America/New_York", "anything on this Saturday or Sunday?",
     ("list_events", {"range": "Saturday or Sunday"}), {"Soccer", "Grandma"}),
    ("America/New_York", "what's on thursday", ("list_events", {"range": "2025-03-12"}), {"Dentist"}),
    ("Asia/Shanghai", "周六和周日有什么安排", ("list_events", {"range": "周末两天"}), {"Soccer", "Grandma"}),
    ("Asia/Taipei", "明天的行程有哪些", ("list_events", {"range": "下週三"}), {"Dentist"}),
    ("America/New_York", "am I free tomorrow afternoon?",
     ("find_free_time", {"range": "Friday afternoon", "duration": "1 hour"}), {"Dentist"}),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_a_read_reads_the_window_the_user_named(database: Any, make_user: Any, row: Any) -> None:
    tz, text, (tool, args), titles = row
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=kit.tz))  # (22:00 on 5 March in Asia: the same
    # tomorrow)
    await kit.seed("Soccer", datetime(2025, 3, 8, 10, tzinfo=kit.tz))
    await kit.seed("Grandma", datetime(2025, 3, 9, 12, tzinfo=kit.tz))
    model = kit.script(call(tool, args), reply("ok"))
    await kit.assistant.reply(kit.user_id, text)
    [result] = [json.loads(m.content) for m in model.calls[1].messages if isinstance(m, ToolResultMessage)]
    assert result.get("ok", True), result
    assert {e["title"] for e in result.get("events", [])} == titles, result


async def test_no_time_in_the_message_is_still_the_models_to_fix(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    model = kit.script(call("list_events", {"range": "next Wednesday"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "what's on my calendar?")
    [result] = [json.loads(m.content) for m in model.calls[1].messages if isinstance(m, ToolResultMessage)]
    assert result["error"] == "ungrounded_time"
