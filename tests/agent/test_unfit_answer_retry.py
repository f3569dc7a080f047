"""A first answer in words that cannot reach the user (empty, the message repeated, talk about "the user",
the wrong language) gets one more try with what was wrong (agent.turn.unfit_retry); the second answer goes
through the same checks, and a second unfit one is replaced as before. Scripted model, real store."""

from __future__ import annotations

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

# (time zone, message, the unfit first answer, the second answer, a piece of the reply)
ROWS = [
    ("Asia/Shanghai", "早安呀", "Good morning! How can I help you today?", "早安！今天想安排点什么？", "早安"),
    ("Asia/Shanghai", "晚上好～", "", "晚上好！需要我看看日程吗？", "晚上好"),
    ("America/New_York", "hey there", "", "Hi! What can I do for your calendar?", "Hi!"),
    ("America/New_York", "what sort of things do you handle", "The user wants to know what I can do.",
     "I can add, move and cancel events, and tell you what's on.", "I can add"),
    ("America/New_York", "hello again", "hello again", "Hello! What should I look at?", "Hello!"),
    ("Asia/Shanghai", "最近有点累", "用户说他有点累。", "辛苦了，要不要帮你看看哪天有空休息？", "辛苦了"),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_an_unfit_first_answer_is_tried_once_more(database, make_user, row: tuple) -> None:  # type: ignore[no-untyped-def]
    timezone, message, first, second, piece = row
    kit = await make_kit(database, make_user, timezone=timezone)
    model = kit.script(reply(first, request="chat"), reply(second, request="chat"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, message)
    assert model.call_count == 2 and piece in r.text and r.writes == (), r.text
    assert "answer_again" not in r.text and "Your answer" not in r.text


async def test_a_request_echoed_gets_its_tool_on_the_second_try(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = kit.script(reply("周六和小赵打羽毛球", request="mixed"),
                       call("create_event", {"title": "和小赵打羽毛球", "when": "周六"}), reply("unused"))  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, "周六和小赵打羽毛球")
    assert model.call_count == 2 and r.pending is not None and r.pending.kind == "needs_value", r.text


async def test_a_second_unfit_answer_is_replaced_as_before(kit: Kit) -> None:
    model = kit.script(reply("", request="chat"), reply("", request="chat"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "hey")
    assert model.call_count == 2 and r.text.strip() and r.writes == (), r.text


async def test_a_fit_answer_is_one_call(kit: Kit) -> None:
    model = kit.script(reply("Hi! What can I do for you?", request="chat"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "hey")
    assert model.call_count == 1 and r.text.startswith("Hi!"), r.text
