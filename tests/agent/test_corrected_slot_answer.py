"""An answer to "what time?" that corrects the question with the words of a correction around its time —
"actually Sunday", "no, Sunday", 其实是周日, 不对，周日 — is still only a time: code fills the slot with no model
call (the time service reads a correction's own words as no time; a bare "no" clause before slot words is the
"no" to what the question said). Live: "actually sunday" to "What time on Saturday?" went to the model, which
refused twice. Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

REFUSALS = (reply("I can't help with that.", request="chat"),) * 3


@pytest.mark.parametrize(
    ("answer", "then"),
    [
        ("actually sunday", "What time on Sunday, March 9?"),
        ("no, sunday", "What time on Sunday, March 9?"),
        ("sorry, I meant sunday", "What time on Sunday, March 9?"),
        ("sunday, actually", "What time on Sunday, March 9?"),
        ("nope, 10am", "Created “Bike ride” — Saturday, March 8, 10:00–11:00 AM."),
        ("actually 10:30", "Created “Bike ride” — Saturday, March 8, 10:30–11:30 AM."),
    ],
)
async def test_a_corrected_answer_fills_the_slot(kit: Kit, answer: str, then: str) -> None:
    kit.script(call("create_event", {"title": "Bike ride", "when": "Saturday morning"}, request="add"))
    asked = await kit.assistant.reply(kit.user_id, "bike ride saturday morning")
    assert asked.text == "What time on Saturday, March 8?", asked.text
    kit.script(*REFUSALS)
    r = await kit.assistant.reply(kit.user_id, answer)
    assert r.text == then and r.route == "gate_slot", r.text


@pytest.mark.parametrize(
    ("answer", "then"),
    [
        ("不对，周日", "3月9日（周日）几点？"),
        ("其实是周日", "3月9日（周日）几点？"),
        ("我是说周日", "3月9日（周日）几点？"),
        ("應該是週日", "3月9日（週日）幾點？"),
        ("不对，十点半", "已创建「骑车」：3月8日（周六） 10:30–11:30"),
        ("其实是十点", "已创建「骑车」：3月8日（周六） 10:00–11:00"),
    ],
)
async def test_a_corrected_answer_in_chinese_fills_the_slot(
    database, make_user, answer: str, then: str
) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    zh.script(call("create_event", {"title": "骑车", "when": "周六上午"}, request="add"))
    asked = await zh.assistant.reply(zh.user_id, "周六上午骑车")
    assert asked.text == "3月8日（周六）几点？", asked.text
    zh.script(*REFUSALS)
    r = await zh.assistant.reply(zh.user_id, answer)
    assert r.text == then and r.route == "gate_slot", r.text
