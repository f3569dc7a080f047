"""A length said as the offset of a time ("three hours from 9 on Friday", "an hour from noon tomorrow"): the
time service reads the phrase as one point (Duckling's "15 minutes from 1pm" is 1:15pm), but when the model
reads it as a block — the start and its length — the length is the user's own words, not a made-up one
that grounding drops (agent.time_grounding.covers). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's create, the event's start (day of March, hour, minute), its length in minutes)
ROWS = [
    ("hold three hours from 9 on friday for offsite prep",
     {"title": "Offsite prep", "when": "Friday 9am", "duration": "3 hours"}, (7, 9, 0), 180),
    ("set aside an hour from noon tomorrow for the quarterly numbers",
     {"title": "Quarterly numbers", "when": "tomorrow noon", "duration": "1 hour"}, (6, 12, 0), 60),
    ("keep forty-five minutes from 3pm friday for code review",
     {"title": "Code review", "when": "3pm friday", "duration": "45 minutes"}, (7, 15, 0), 45),
    ("周五九点起三个钟头准备团建", {"title": "准备团建", "when": "周五九点", "duration": "3小时"}, (7, 9, 0), 180),
    ("从明天下午两点起留出两个小时写报告", {"title": "写报告", "when": "明天下午两点", "duration": "2小时"}, (6, 14, 0), 120),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "start", "minutes"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_length_of_a_block_is_kept(
    database: Any, make_user: Any, text: str, create: dict[str, Any], start: tuple[int, int, int], minutes: int
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    kit.script(call("create_event", create, request="add"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["created"], r.text
    [event] = await kit.events()
    local = event.start.astimezone(kit.tz)
    assert (local.day, local.hour, local.minute) == start, r.text
    assert event.end - event.start == timedelta(minutes=minutes), r.text
