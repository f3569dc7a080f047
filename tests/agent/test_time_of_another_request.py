"""Two new events in one message, one given a day and the other a clock ("dentist tomorrow, and a haircut at
3pm"): the model sent the first at the day *and* the other's clock, which the message's words joined allow.
Its own clauses never give that start, so it is not written there — the model is told, and the user asked —
while the other is written (agent.writes.siblings.time_of_another_request). Scripted model; now is
Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import ModelResponse, ToolCall, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the first create (its start joined with the other's clock), the second create)
ROWS = [
    ("dentist tomorrow, and a haircut at 3pm", {"title": "Dentist", "when": "2025-03-06 15:00"},
     {"title": "Haircut", "when": "3pm"}),
    ("gym on friday, plus lunch with Omar at 1pm", {"title": "Gym", "when": "friday 1pm"},
     {"title": "Lunch with Omar", "when": "1pm"}),
    ("明天去看牙，另外下午三点理发", {"title": "看牙", "when": "明天下午三点"}, {"title": "理发", "when": "下午三点"}),
    ("週五健身，還有中午十二點跟小林吃飯", {"title": "健身", "when": "週五中午十二點"},
     {"title": "跟小林吃飯", "when": "中午十二點"}),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_a_start_from_the_other_requests_clock_is_not_written(database: Any, make_user: Any, row: tuple) -> None:
    text, first, second = row
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    both = ModelResponse(tool_calls=(ToolCall("c1", "create_event", first), ToolCall("c2", "create_event", second)),
                         request="add")  # fmt: skip
    kit.script(both, reply(""), reply(""), reply(""))
    r = await kit.assistant.reply(kit.user_id, text)
    titles = [e.title for e in await kit.events()]
    assert first["title"] not in titles, r.text
    assert second["title"] in titles, r.text


async def test_one_event_keeps_its_day_and_clock_said_apart(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    kit.script(ModelResponse(tool_calls=(ToolCall("c1", "create_event", {"title": "吃饭", "when": "后天中午12点"}),),
                             request="add"), reply(""))  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, "后天中午跟阿芳吃饭，12点")
    assert [e.title for e in await kit.events()] == ["吃饭"], r.text


@pytest.mark.parametrize(
    ("text", "old", "create"),
    [
        ("cancel tomorrow's tennis, and yoga at 7pm instead", "Tennis", {"title": "Yoga", "when": "tomorrow 7pm"}),
        ("明天的网球取消，改成晚上七点练瑜伽", "网球", {"title": "练瑜伽", "when": "明天晚上七点"}),
        ("週四的讀書會不去了，改成晚上八點看電影", "讀書會", {"title": "看電影", "when": "週四晚上八點"}),
    ],
)
async def test_a_day_said_with_the_other_request_is_shared(
    database: Any, make_user: Any, text: str, old: str, create: dict[str, Any]
) -> None:
    """The day of a swap is both requests' ("cancel tomorrow's X, Y at 7pm instead"): only a clock is a clause's own."""
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    await kit.seed(old, datetime(2025, 3, 6, 18, tzinfo=kit.tz))
    both = ModelResponse(tool_calls=(ToolCall("c1", "delete_event", {"event": old}), ToolCall("c2", "create_event", create)),
                         request="change")  # fmt: skip
    kit.script(both, reply(""), reply(""))
    r = await kit.assistant.reply(kit.user_id, text)
    assert create["title"] in [e.title for e in await kit.events()], r.text
