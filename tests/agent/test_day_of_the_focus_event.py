"""A calendar question about a day named against the event in focus ("that day", "the day before", 那天,
第二天) reads that day: the time service reads the phrase against the event's day, whether the model passed
the phrase, copied our receipt, or answered unread (live: 那天还有别的安排吗 after a dinner on Friday was
answered with today's empty calendar). Scripted model; now is Wednesday 2025-03-05 09:00 New York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.language import simplified
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit


def _at(day: int, hour: int, tz=NY) -> datetime:  # type: ignore[no-untyped-def]
    return datetime(2025, 3, day, hour, tzinfo=tz)


# (question, how the model answers it, the day listed: a seeded event of it)
EN = [
    ("what else is on that day?", call("list_events", {"range": "that day"}, request="calendar_question"), "Standup"),
    ("anything else that same day?", call("list_events", {"range": "Friday, March 7, 7:00–8:00 PM"},
                                          request="calendar_question"), "Standup"),
    ("and is anything on the day before?", reply("You have nothing.", request="calendar_question"), "Piano"),
    ("what do I have the next day", call("list_events", {"range": "the next day"}, request="calendar_question"),
     "Brunch"),
    ("anything else that day?", call("list_events", {"range": "friday at 7pm"}, request="calendar_question"),
     "Standup"),  # the earlier message's time copied: the day the message names wins
    ("am I free the same day in the morning?", call("find_free_time", {"range": "morning", "duration": "1 hour"},
                                                   request="calendar_question"), "Standup"),
]  # fmt: skip
ZH = [
    ("那天还有别的安排吗", call("list_events", {"range": "那天"}, request="calendar_question"), "晨会"),
    ("同一天我还有什么事", call("find_free_time", {"range": "3月7日（周五） 19:00–20:00", "duration": "1小时"},
                                request="calendar_question"), "晨会"),
    ("那一天還有什麼", reply("没有别的安排。", request="calendar_question"), "晨会"),
    ("第二天有什么安排", call("list_events", {"range": "第二天"}, request="calendar_question"), "早午餐"),
    ("那天还有什么安排", call("list_events", {"range": "周五晚上七点"}, request="calendar_question"), "晨会"),
    ("同一天上午还有空吗", call("find_free_time", {"range": "上午", "duration": "1小时"}, request="calendar_question"),
     "晨会"),
]  # fmt: skip


@pytest.mark.parametrize(("question", "answer", "listed"), EN, ids=[r[0] for r in EN])
async def test_a_day_named_against_the_event_just_written_is_read(
    kit: Kit,
    question: str,
    answer,
    listed: str,  # type: ignore[no-untyped-def]
) -> None:
    await kit.seed("Standup", _at(7, 10))
    await kit.seed("Piano", _at(6, 17))
    await kit.seed("Brunch", _at(8, 11))
    await kit.seed("Gym", _at(5, 18))  # today: not the answer
    await kit.seed("Gym", _at(5, 10))
    kit.script(call("create_event", {"title": "Dinner", "when": "Friday at 7pm"}, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, "dinner friday at 7pm")
    kit.script(answer, reply("ok"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, question)
    assert listed in r.text and "Gym" not in r.text, r.text


@pytest.mark.parametrize(("question", "answer", "listed"), ZH, ids=[r[0] for r in ZH])
async def test_a_day_named_against_the_event_in_chinese_is_read(
    database,
    make_user,
    question: str,
    answer,
    listed: str,  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("晨会", _at(7, 10, SH))
    await zh.seed("早午餐", _at(8, 11, SH))
    await zh.seed("健身", _at(5, 18, SH))
    zh.script(
        call("create_event", {"title": "和老婆吃饭", "when": "周五晚上七点"}, request="add"), reply("好")
    )
    await zh.assistant.reply(zh.user_id, "周五晚上七点和老婆吃饭")
    zh.script(answer, reply("好"), reply("好"))
    r = await zh.assistant.reply(zh.user_id, question)
    shown = simplified(r.text)  # (a traditional question gets its listing in traditional script)
    assert listed in shown and "健身" not in shown, r.text
