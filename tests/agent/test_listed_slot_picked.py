"""A time the model copies from a listed free slot without the day of the listing's heading is on the day
the user saw it under: "book the first slot for a call" after "Free …, Friday, March 7:" / "- 12:00–2:00 PM"
wrote “12:00 PM to 2:00 PM” today (live: after "what's free on friday afternoon?", and "the first" was read as
January 1 — ``schedule_time`` now reads an ordinal before "slot"/"option" as a pick, not a day). Scripted
model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

EN = [
    ("book the first slot for a call with Ana", "Call with Ana", "12:00 PM to 2:00 PM", (12, 14)),
    ("take the second opening for a run", "Run", "3:00–7:00 PM", (15, 19)),
    ("put my piano practice in the later slot", "Piano practice", "3pm to 7pm", (15, 19)),
    ("grab the 1st option for a dentist visit", "Dentist visit", "12:00 PM", (12, 13)),
]
ZH = [
    ("第一个空档约小王打电话", "和小王打电话", "12:00–14:00", (12, 14)),
    ("第二个时段去跑步", "跑步", "15:00-19:00", (15, 19)),
    ("用後面那個空檔練琴", "練琴", "15:00–19:00", (15, 19)),
    ("第一个空档安排牙医", "牙医", "12:00", (12, 13)),
]


async def _read_friday_afternoon(kit: Kit, question: str, answer: str) -> str:
    await kit.seed("Busy", datetime(2025, 3, 7, 14, tzinfo=kit.tz), datetime(2025, 3, 7, 15, tzinfo=kit.tz))
    kit.script(
        call("find_free_time", {"range": question, "duration": "1 hour"}, request="calendar_question"),
        reply(answer, request="calendar_question"),
    )
    return (await kit.assistant.reply(kit.user_id, question)).text


@pytest.mark.parametrize(("message", "title", "when", "hours"), EN, ids=[r[0] for r in EN])
async def test_a_listed_slot_is_booked_on_its_day(
    kit: Kit, message: str, title: str, when: str, hours: tuple[int, int]
) -> None:
    shown = await _read_friday_afternoon(kit, "friday afternoon", "Here you go.")
    assert "Friday, March 7" in shown, shown
    kit.script(call("create_event", {"title": title, "when": when}, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, message)
    made = [e for e in await kit.events() if e.title == title]
    assert [(e.start.astimezone(NY), e.end.astimezone(NY)) for e in made] == [
        (datetime(2025, 3, 7, hours[0], tzinfo=NY), datetime(2025, 3, 7, hours[1], tzinfo=NY))
    ], r.text


@pytest.mark.parametrize(("message", "title", "when", "hours"), ZH, ids=[r[0] for r in ZH])
async def test_a_chinese_listed_slot_is_booked_on_its_day(
    database,
    make_user,
    message: str,
    title: str,
    when: str,
    hours: tuple[int, int],  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    shown = await _read_friday_afternoon(zh, "周五下午", "好的")
    assert "3月7日" in shown, shown
    zh.script(call("create_event", {"title": title, "when": when}, request="add"), reply("好"))
    r = await zh.assistant.reply(zh.user_id, message)
    made = [e for e in await zh.events() if e.title == title]
    assert [(e.start.astimezone(SH), e.end.astimezone(SH)) for e in made] == [
        (datetime(2025, 3, 7, hours[0], tzinfo=SH), datetime(2025, 3, 7, hours[1], tzinfo=SH))
    ], r.text


PROSE_EN = [
    ("what's free on friday afternoon?", "friday afternoon",
     "There are free slots from 12:00 PM to 14:00 PM and 15:00 PM to 19:00 PM; Busy is from 14:00 PM to 15:00 PM.",
     "book the first slot for a call with Ana", "Call with Ana", "12:00 PM to 14:00 PM", (12, 14)),
    ("anything open friday afternoon", "friday afternoon",
     "You have Busy at 2 PM; you are free 12:00 PM to 14:00 PM and 15:00 PM to 19:00 PM.",
     "put a study block in the later one", "Study block", "15:00 PM to 19:00 PM", (15, 19)),
    ("when am I free on friday?", "friday", "Apart from Busy at 2 PM, you're free 9 AM to 2 PM and 3 PM to 6 PM.",
     "take the later one for the gym", "Gym", "3 PM to 6 PM", (15, 18)),
]  # fmt: skip
PROSE_ZH = [
    ("周五下午有空吗", "周五下午", "周五下午14:00有Busy，12:00到14:00和15:00到19:00有空。",
     "第一个空档约小王打电话", "和小王打电话", "12:00到14:00", (12, 14)),
    ("週五下午有空檔嗎", "週五下午", "週五下午兩點有Busy，15:00到19:00都有空。",
     "就排在後面那個時段讀書", "讀書", "15:00到19:00", (15, 19)),
    ("周五哪里有空", "周五", "周五除了14:00的Busy，9:00到14:00和15:00到18:00都有空。",
     "后面那段去健身", "健身", "15:00到18:00", (15, 18)),
]  # fmt: skip


async def _prose_then_create(
    kit: Kit, rows: tuple[str, str, str, str, str, str, tuple[int, int]], ok: str
) -> str:
    question, window, answer, message, title, when, _ = rows
    await kit.seed("Busy", datetime(2025, 3, 7, 14, tzinfo=kit.tz), datetime(2025, 3, 7, 15, tzinfo=kit.tz))
    kit.script(
        call("find_free_time", {"range": window, "duration": "1 hour"}, request="calendar_question"),
        reply(answer, request="calendar_question"),
    )
    await kit.assistant.reply(kit.user_id, question)
    kit.script(call("create_event", {"title": title, "when": when}, request="add"), reply(ok))
    return (await kit.assistant.reply(kit.user_id, message)).text


def _on(events: list, title: str, day: int, hours: tuple[int, int], tz) -> bool:  # type: ignore[no-untyped-def,type-arg]
    made = [(e.start.astimezone(tz), e.end.astimezone(tz)) for e in events if e.title == title]
    return made == [
        (datetime(2025, 3, day, hours[0], tzinfo=tz), datetime(2025, 3, day, hours[1], tzinfo=tz))
    ]


@pytest.mark.parametrize("row", PROSE_EN, ids=[r[3] for r in PROSE_EN])
async def test_a_slot_our_words_gave_without_a_day_is_on_the_day_asked(kit: Kit, row: tuple) -> None:  # type: ignore[type-arg]
    text = await _prose_then_create(kit, row, "ok")
    assert _on(await kit.events(), row[4], 7, row[6], NY), text


@pytest.mark.parametrize("row", PROSE_ZH, ids=[r[3] for r in PROSE_ZH])
async def test_a_chinese_slot_without_a_day_is_on_the_day_asked(database, make_user, row: tuple) -> None:  # type: ignore[no-untyped-def,type-arg]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    text = await _prose_then_create(zh, row, "好")
    assert _on(await zh.events(), row[4], 7, row[6], SH), text
