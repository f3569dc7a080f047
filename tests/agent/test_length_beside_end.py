"""The user's one length stands for a new event's duration: a wrong duration the model wrote is replaced by it,
and an end the model made up beside it goes (``guards.phrase_fallback.from_the_users_phrase``). Scripted model; now is
Wednesday 2025-03-05 09:00 New York."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's create, the length the event gets)
ROWS = [
    ("guitar lesson friday 7:30pm, an hour and a half long",
     {"title": "Guitar lesson", "when": "friday 7:30pm", "end": "friday 8:30pm", "duration": "30 minutes"}, 90),
    ("piano friday at 5pm, it lasts 45 minutes",
     {"title": "Piano", "when": "friday at 5pm", "end": "friday 7pm", "duration": "2 hours"}, 45),
    ("周五晚上七点半上吉他课，大概两个小时",
     {"title": "吉他课", "when": "周五晚上七点半", "end": "周五晚上8点半", "duration": "30分钟"}, 120),
    ("週五下午五點鋼琴課，大約四十五分鐘",
     {"title": "鋼琴課", "when": "週五下午五點", "end": "週五晚上7點", "duration": "2小時"}, 45),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "minutes"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_users_length_wins_over_a_made_up_end(
    database: Any, make_user: Any, text: str, create: dict, minutes: int
) -> None:
    kit = await make_kit(database, make_user)
    kit.script(call("create_event", create), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert event.end - event.start == timedelta(minutes=minutes), r.text
