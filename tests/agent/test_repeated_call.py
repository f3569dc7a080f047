"""A call the model sends twice word for word in one answer runs once (``turn.tool_messages.distinct_calls``): the
second ran against what the first had just written — live, a move of a pending create made the event, then
asked whether to add it again beside itself. Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import ModelResponse, call, reply
from agent.model.messages import ToolCall
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit


def twice(name: str, args: dict[str, Any], request: str) -> ModelResponse:
    calls = (
        ToolCall(id="c1", name=name, arguments=dict(args)),
        ToolCall(id="c2", name=name, arguments=dict(args)),
    )
    return ModelResponse(tool_calls=calls, finish_reason="tool_calls", request=request)


@pytest.mark.parametrize(
    ("message", "name", "args"),
    [
        (
            "lunch with Omar friday at 1pm",
            "create_event",
            {"title": "Lunch with Omar", "when": "friday at 1pm"},
        ),
        ("put pilates on friday 6pm", "create_event", {"title": "Pilates", "when": "friday 6pm"}),
        ("vet appointment friday 10am", "create_event", {"title": "Vet appointment", "when": "friday 10am"}),
    ],
)
async def test_a_create_sent_twice_adds_one_event(
    kit: Kit, message: str, name: str, args: dict[str, Any]
) -> None:
    kit.script(twice(name, args, "add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, message)
    events = await kit.events()
    assert len(events) == 1 and events[0].title == args["title"], r.text
    assert "overlaps" not in r.text and "Add it anyway" not in r.text, r.text


@pytest.mark.parametrize(
    ("first", "create", "second", "update", "hour"),
    [
        ("call with Ana thursday at 3pm", {"title": "Call with Ana", "when": "thursday at 3pm"},
         "move my 3pm to 5", {"event": "Call with Ana", "event_when": "thursday at 3pm", "when": "thursday at 5pm"}, 17),
        ("tea with Jo thursday at 3pm", {"title": "Tea with Jo", "when": "thursday at 3pm"},
         "push it to 4pm", {"event": "Tea with Jo", "when": "thursday at 4pm"}, 16),
        ("sync with Li thursday at 3pm", {"title": "Sync with Li", "when": "thursday at 3pm"},
         "make that 2pm", {"event": "Sync with Li", "when": "thursday at 2pm"}, 14),
    ],
)  # fmt: skip
async def test_a_move_sent_twice_while_an_overlap_is_asked_moves_once(
    kit: Kit, first: str, create: dict[str, Any], second: str, update: dict[str, Any], hour: int
) -> None:
    await kit.seed("Code review", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", create, request="add"))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert "Add it anyway?" in asked.text, asked.text
    kit.script(twice("update_event", update, "change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, second)
    made = [e for e in await kit.events() if e.title == create["title"]]
    assert [e.start.astimezone(NY).hour for e in made] == [hour], r.text
    assert "overlaps" not in r.text, r.text


@pytest.mark.parametrize(
    ("message", "args"),
    [
        ("周五下午一点和老周吃饭", {"title": "和老周吃饭", "when": "周五下午一点"}),
        ("周五晚上六点普拉提", {"title": "普拉提", "when": "周五晚上六点"}),
        ("週五上午十點帶貓看獸醫", {"title": "帶貓看獸醫", "when": "週五上午十點"}),
    ],
)
async def test_a_chinese_create_sent_twice_adds_one_event(
    database, make_user, message: str, args: dict[str, Any]
) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    zh.script(twice("create_event", args, "add"), reply("好"))
    r = await zh.assistant.reply(zh.user_id, message)
    events = await zh.events()
    assert len(events) == 1 and events[0].start == datetime(
        2025, 3, 7, events[0].start.astimezone(SH).hour, tzinfo=SH
    ), r.text
    assert "冲突" not in r.text and "衝突" not in r.text, r.text
