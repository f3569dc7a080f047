"""A reply that promises a write in a turn that persisted none never reaches the user as it is: the model
hears once that it called no tool, and a second promise is replaced by an honest "I haven't changed your
calendar" (live: "项目评审" after a write was answered "好的，我会在明天下午两点为项目评审安排时间。" and nothing
was written). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.language import simplified
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit, make_kit

EN = [
    ("call it the quarterly sync", "Sure, I'll rename it to Quarterly sync."),
    ("hmm, 5 would be better", "Got it — I'll move it to 5pm."),
    ("the project review then", "OK, I will schedule the project review for tomorrow at 2."),
]
ZH = [
    ("项目评审", "好的，我会在明天下午两点为项目评审安排时间。"),
    ("叫周会吧", "好的，我这就帮你改名为周会。"),
    ("算了吧", "没问题，我会把它删掉。"),
]


@pytest.mark.parametrize(("message", "promise"), EN, ids=[r[0] for r in EN])
async def test_a_promised_write_that_was_never_made_is_not_told(kit: Kit, message: str, promise: str) -> None:
    kit.script(call("create_event", {"title": "Meeting", "when": "tomorrow at 2pm"}, request="add"))
    await kit.assistant.reply(kit.user_id, "add a meeting tomorrow at 2pm")
    kit.script(reply(promise, request="change"), reply(promise, request="change"))
    r = await kit.assistant.reply(kit.user_id, message)
    assert promise not in r.text and "haven't changed your calendar" in r.text, r.text
    assert [(e.title, e.start.astimezone(NY)) for e in await kit.events()] == [
        ("Meeting", datetime(2025, 3, 6, 14, tzinfo=NY))
    ]


@pytest.mark.parametrize(("message", "promise"), ZH, ids=[r[0] for r in ZH])
async def test_a_chinese_promised_write_is_not_told(database, make_user, message: str, promise: str) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    zh.script(call("create_event", {"title": "会议", "when": "明天下午两点"}, request="add"))
    await zh.assistant.reply(zh.user_id, "明天下午两点开会")
    zh.script(reply(promise, request="change"), reply(promise, request="change"))
    r = await zh.assistant.reply(zh.user_id, message)
    assert promise not in r.text and "还没有更改你的日历" in simplified(r.text), r.text
    assert len(await zh.events()) == 1


async def test_the_model_hears_it_and_may_make_the_write(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Meeting", "when": "tomorrow at 2pm"}, request="add"))
    await kit.assistant.reply(kit.user_id, "add a meeting tomorrow at 2pm")
    kit.script(
        reply("Sure, I'll rename it to Quarterly sync.", request="change"),
        call("update_event", {"event": "Meeting", "title": "Quarterly sync"}, request="change"),
        reply("Renamed."),
    )
    r = await kit.assistant.reply(kit.user_id, "call it the quarterly sync")
    assert [e.title for e in await kit.events()] == ["Quarterly sync"], r.text


async def test_a_conditional_offer_stands(kit: Kit) -> None:
    offer = "I'll add it if you tell me the time."
    kit.script(reply(offer, request="chat"), reply(offer, request="chat"))
    r = await kit.assistant.reply(kit.user_id, "could you put a dentist visit in for me")
    assert r.text == offer, r.text
