"""A request to add answered with a free-time read goes back to the model naming the right tool
(agent.asks_to_add). Table-driven for the reading; scripted model for the turn."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest

from agent.asks_to_add import asks_to_add, states_a_plan
from agent.model import ToolResultMessage, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import SH, make_kit


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("这周日全天家庭日，帮我占上", True),
        ("帮我安排一下明天下午的会", True),
        ("add lunch with Ana tomorrow at noon", True),
        ("Block off Friday afternoon for the offsite", True),
        ("Can you add lunch tomorrow?", False),  # a question: the model's read may be what was asked
        ("这周四什么时候有空？想打个一小时的电话", False),
        ("周二上午有什么会？顺便帮我加个周五下午三点的体检", False),
        ("後天七點半開會", False),  # a plan said, no word asking to add
        ("明天下午我有空", False),
        ("what's on tomorrow", False),
    ],
)
def test_a_request_to_add_is_told_from_a_question(text: str, asks: bool) -> None:
    assert asks_to_add(text) is asks


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("後天七點半開會", True),
        ("明天和设计师对一下稿子", True),
        ("dinner with Kat Friday at 8", True),
        ("明天的安排", False),  # asks to see the calendar
        ("帮我看看明天", False),
        ("show me Friday", False),
        ("tomorrow's schedule", False),
        ("明天下午我有空", False),  # about free time
        ("明天有事", False),
        ("what about Friday", False),  # a question
        ("後天開會嗎", False),
    ],
)
def test_a_plan_is_told_from_a_request_to_read(text: str, plan: bool) -> None:
    assert states_a_plan(text) is plan


async def test_a_free_time_read_for_a_stated_plan_goes_back_naming_create(database, make_user) -> None:  # type: ignore[no-untyped-def]
    """Live eval: "明天和设计师对一下稿子" was read as free time and answered "好的，我会继续处理你的请求。"; the
    create asks for the time instead."""
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(
        call("find_free_time", {"range": "明天", "duration": "1 hour"}),
        call("create_event", {"title": "和设计师对稿", "when": "明天"}),
    )
    r = await zh.assistant.reply(zh.user_id, "明天和设计师对一下稿子")
    first = [m for m in model.calls[1].messages if isinstance(m, ToolResultMessage)][-1]
    assert json.loads(first.content)["error"] == "wrong_tool"
    assert model.call_count == 2 and r.writes == () and r.pending is not None, r.text


async def test_a_request_to_see_a_day_sent_to_free_time_is_read(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(
        call("find_free_time", {"range": "明天", "duration": "1 hour"}), reply("明天没有安排。")
    )
    r = await zh.assistant.reply(zh.user_id, "明天的安排")
    first = [m for m in model.calls[1].messages if isinstance(m, ToolResultMessage)][-1]
    assert "error" not in json.loads(first.content) and r.writes == ()


async def test_a_free_time_read_for_a_request_to_add_goes_back_naming_create(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(
        call("find_free_time", {"range": "周日全天", "duration": "1小时"}),
        call("create_event", {"title": "家庭日", "when": "这周日全天"}),
    )
    r = await zh.assistant.reply(zh.user_id, "这周日全天家庭日，帮我占上")
    assert model.call_count == 2 and len(r.writes) == 1
    first = [m for m in model.calls[1].messages if isinstance(m, ToolResultMessage)][-1]
    assert json.loads(first.content)["error"] == "wrong_tool"
    [event] = await zh.events()
    assert event.title == "家庭日" and event.all_day and event.start.date() == date(2025, 3, 9)


async def test_a_free_time_question_is_still_read(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(
        call("find_free_time", {"range": "周四", "duration": "1小时"}), reply("周四全天都有空。")
    )
    r = await zh.assistant.reply(zh.user_id, "这周四什么时候有空？想打个一小时的电话")
    assert model.call_count == 2 and r.writes == () and await zh.events() == []


async def test_a_time_asked_for_after_a_made_up_one_keeps_the_users_day_and_company(
    database, make_user
) -> None:  # type: ignore[no-untyped-def]
    """Live eval: "明天和设计师对一下稿子" came as create_event(when="明天 14:00") twice (14:00 is the model's);
    the user was asked for the time and said "下午三点半": the event landed today, without the 设计师."""
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    zh.script(
        call("create_event", {"title": "对稿子", "when": "明天 14:00"}),
        call("create_event", {"title": "对稿子", "when": "明天 14:00", "attendees": ["设计师"]}),
    )
    first = await zh.assistant.reply(zh.user_id, "明天和设计师对一下稿子")
    assert first.writes == () and first.pending is not None, first.text
    second = await zh.assistant.reply(zh.user_id, "下午三点半")
    assert len(second.writes) == 1, second.text
    [event] = await zh.events()
    assert event.start == datetime(2025, 3, 6, 15, 30, tzinfo=SH) and event.attendees == ("设计师",)
