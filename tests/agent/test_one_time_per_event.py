"""One time per event: a create whose time argument lists several times ("9am and 5pm", 早上九点和晚上九点)
goes back to the model once with the items, to make one call per time; both events are then written. Before,
the write path asked "When should … be?" / "How often should … repeat?" about what the user had said. A
model that sends the list again is asked as before; a time that reads as one ("every Monday and Wednesday",
"between 9 and 5") is no list. Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import timedelta

import pytest

from agent.model import ModelResponse, ToolCall, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

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


# (message, the model's create with the list's two times as start and end, the two creates it then makes)
ENDS = [
    ("interviews tomorrow at 10am and 3pm", {"title": "Interview", "when": "tomorrow at 10am", "end": "tomorrow at 3pm"},
     ({"title": "Interview", "when": "tomorrow at 10am"}, {"title": "Interview", "when": "tomorrow at 3pm"}), [10, 15]),
    ("standup every monday at 9 and 4", {"title": "Standup", "when": "monday at 9am", "end": "monday at 4pm"},
     ({"title": "Standup", "when": "9am", "recurrence": "every monday"},
      {"title": "Standup", "when": "4pm", "recurrence": "every monday"}), [9, 16]),
    ("calls with the vendors friday at 11 and 2pm", {"title": "Vendor call", "when": "friday at 11am", "end": "2pm"},
     ({"title": "Vendor call", "when": "friday at 11am"}, {"title": "Vendor call", "when": "friday at 2pm"}), [11, 14]),
    ("明天上午十点和下午三点各有一个面试", {"title": "面试", "when": "明天上午十点", "end": "下午三点"},
     ({"title": "面试", "when": "明天上午十点"}, {"title": "面试", "when": "明天下午三点"}), [10, 15]),
    ("每天早上八点和晚上八点吃药", {"title": "吃药", "when": "早上八点", "end": "晚上八点", "recurrence": "每天"},
     ({"title": "吃药", "when": "早上八点", "recurrence": "每天"}, {"title": "吃药", "when": "晚上八点", "recurrence": "每天"}),
     [8, 20]),
    ("週五上午十一點和下午兩點跟廠商通話", {"title": "跟廠商通話", "when": "週五上午十一點", "end": "下午兩點"},
     ({"title": "跟廠商通話", "when": "週五上午十一點"}, {"title": "跟廠商通話", "when": "週五下午兩點"}), [11, 14]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "ranged", "creates", "hours"), ENDS, ids=[e[0] for e in ENDS])
async def test_two_listed_times_are_no_start_and_end(
    kit: Kit, text: str, ranged: dict, creates: tuple[dict, dict], hours: list[int]
) -> None:
    kit.script(call("create_event", ranged, request="add"), _both(creates), reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    assert sorted(e.start.hour for e in await kit.events()) == hours, answer.text
    assert all(e.end - e.start <= timedelta(hours=1) for e in await kit.events()), answer.text


async def test_a_range_keeps_its_end(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Workshop", "when": "friday 10am", "end": "3pm"}), reply("ok"))
    answer = await kit.assistant.reply(kit.user_id, "workshop friday from 10am to 3pm")
    ((event),) = await kit.events()
    assert (event.start.hour, event.end.hour) == (10, 15), answer.text


# (message, the model's second create with the later item alone, the day it is written on)
DAYS = [
    ("interviews tomorrow at 10am and 3pm", {"title": "Interview", "when": "3pm"}, 6),
    ("明天上午十点和下午三点各有一个面试", {"title": "面试", "when": "下午三点"}, 6),
    ("dentist next friday at 9 and 4:30pm", {"title": "Dentist", "when": "4:30pm"}, 14),
    ("下周三上午十点和下午两点开会", {"title": "开会", "when": "下午两点"}, 12),
    ("haircut and nails saturday at 11 and 1pm", {"title": "Nails", "when": "1pm"}, 8),
    ("后天上午九点和下午四点各有一个会", {"title": "会", "when": "下午四点"}, 7),
]  # fmt: skip


@pytest.mark.parametrize(("text", "later", "day"), DAYS, ids=[d[0] for d in DAYS])
async def test_a_later_item_is_on_the_lists_day(kit: Kit, text: str, later: dict, day: int) -> None:
    kit.script(call("create_event", later, request="add"), reply("Done."), reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    assert [e.start.astimezone(NY).day for e in await kit.events()] == [day], answer.text


@pytest.mark.parametrize(
    ("text", "listed", "answer", "hour"),
    [
        ("interviews tomorrow at 10am and 3pm", {"title": "Interview", "when": "tomorrow at 10am", "end": "tomorrow at 3pm"},
         "tomorrow 3pm", 15),
        ("明天上午十点和下午三点各有一个面试", {"title": "面试", "when": "明天上午十点和下午三点"}, "明天上午十点", 10),
    ],
    ids=["en", "zh"],
)  # fmt: skip
async def test_which_one_is_asked_when_the_retry_fails(kit: Kit, text: str, listed: dict, answer: str, hour: int) -> None:
    model = kit.script(call("create_event", listed, request="add"), reply("The error says the end is twice."))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and not await kit.events(), asked.text
    assert ("One event has one time" in asked.text) or ("一个日程只有一个时间" in asked.text), asked.text
    calls = len(model.calls)
    done = await kit.assistant.reply(kit.user_id, answer)
    assert len(model.calls) == calls, done.text  # merged by code
    assert [e.start.hour for e in await kit.events()] == [hour], done.text
