"""One time per event: a create whose time argument lists several times ("9am and 5pm", 早上九点和晚上九点)
goes back to the model once with the items, to make one call per time; both events are then written. Before,
the write path asked "When should … be?" / "How often should … repeat?" about what the user had said. A
model that sends the list again is asked as before; a time that reads as one ("every Monday and Wednesday",
"between 9 and 5") is no list. Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

import pytest

from agent.model import ModelResponse, ToolCall, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

# (message, the model's create with the list, the two creates it makes when told, the hours written)
ROWS = [
    ("take my pills every day at 9am and 5pm",
     {"title": "Take pills", "when": "9am and 5pm", "recurrence": "every day"},
     ({"title": "Take pills", "when": "9am", "recurrence": "every day"},
      {"title": "Take pills", "when": "5pm", "recurrence": "every day"}), [9, 17]),
    ("take my pills every day at 9am and 5pm",
     {"title": "Take pills", "when": "9am", "recurrence": "every day at 9am and 5pm"},
     ({"title": "Take pills", "when": "9am", "recurrence": "every day"},
      {"title": "Take pills", "when": "5pm", "recurrence": "every day"}), [9, 17]),
    ("interviews tomorrow at 10 and 3", {"title": "Interview", "when": "tomorrow at 10 and 3"},
     ({"title": "Interview", "when": "tomorrow at 10am"}, {"title": "Interview", "when": "tomorrow at 3pm"}), [10, 15]),
    ("dinner with mom on saturday and sunday at 7pm", {"title": "Dinner with mom", "when": "saturday and sunday at 7pm"},
     ({"title": "Dinner with mom", "when": "saturday at 7pm"}, {"title": "Dinner with mom", "when": "sunday at 7pm"}),
     [19, 19]),
    ("每天早上九点和晚上九点吃药", {"title": "吃药", "when": "早上九点和晚上九点", "recurrence": "每天"},
     ({"title": "吃药", "when": "早上九点", "recurrence": "每天"}, {"title": "吃药", "when": "晚上九点", "recurrence": "每天"}),
     [9, 21]),
    ("明天上午十点和下午三点各有一个面试", {"title": "面试", "when": "明天上午十点和下午三点"},
     ({"title": "面试", "when": "明天上午十点"}, {"title": "面试", "when": "明天下午三点"}), [10, 15]),
]  # fmt: skip


def _both(creates: tuple[dict, dict]) -> ModelResponse:
    calls = tuple(ToolCall(f"c{i}", "create_event", args) for i, args in enumerate(creates))
    return ModelResponse(tool_calls=calls, finish_reason="tool_calls", request="add")


@pytest.mark.parametrize(("text", "listed", "creates", "hours"), ROWS, ids=[f"{r[0]}-{i}" for i, r in enumerate(ROWS)])
async def test_a_list_goes_back_and_each_time_is_written(
    kit: Kit, text: str, listed: dict, creates: tuple[dict, dict], hours: list[int]
) -> None:
    kit.script(call("create_event", listed, request="add"), _both(creates), reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    assert sorted(e.start.hour for e in await kit.events()) == hours, answer.text
    checks = (await kit.records("turn"))[-1].payload["checks"]
    assert {"name": "one_time_per_event", "verdict": "send_back", "code": "several_times"} in checks


async def test_the_list_sent_again_is_asked(kit: Kit) -> None:
    listed = {"title": "Take pills", "when": "9am and 5pm", "recurrence": "every day"}
    model = kit.script(call("create_event", listed, request="add"), call("create_event", listed, request="add"))
    answer = await kit.assistant.reply(kit.user_id, "take my pills every day at 9am and 5pm")
    assert answer.pending is not None and not await kit.events(), answer.text
    assert len(model.calls) == 2


@pytest.mark.parametrize(
    ("text", "create"),
    [
        ("swim every monday and wednesday at 7am", {"title": "Swim", "when": "7am", "recurrence": "every monday and wednesday"}),
        ("workshop friday between 9 and 5", {"title": "Workshop", "when": "friday between 9 and 5"}),
        ("每周二和周四晚上八点打球", {"title": "打球", "when": "晚上八点", "recurrence": "每周二和周四"}),
    ],
    ids=["days", "range", "zh-days"],
)  # fmt: skip
async def test_one_time_is_no_list(kit: Kit, text: str, create: dict) -> None:
    kit.script(call("create_event", create, request="add"), reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    checks = (await kit.records("turn"))[-1].payload["checks"]
    assert not any(c.get("name") == "one_time_per_event" for c in checks), answer.text
    assert len(await kit.events()) == 1, answer.text
