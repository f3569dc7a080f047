"""A reply that answers the pending question and says more: code settles the answer (the day and time the
user gave cannot be lost), one model call reads only the rest (``amend_pending``), and the rest's fields
pass the same checks as any write argument. Scripted model; every case counts the model calls."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from agent.model.errors import ModelUnavailableError
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, make_kit

TW = "Asia/Taipei"
EN, ZH = "America/New_York", "Asia/Shanghai"


@pytest.mark.parametrize(
    ("tz", "first", "title", "day", "answer", "changes", "hour", "minute", "field", "expected"),
    [
        (EN, "brunch with Omar on Friday", "Brunch with Omar", "Friday", "11:45, at the Thai place on Elm St",
         {"location": "the Thai place on Elm St"}, 11, 45, "location", "the Thai place on Elm St"),
        (EN, "coffee with Raj on Friday", "Coffee with Raj", "Friday", "10:30 in room B",
         {"location": "room B"}, 10, 30, "location", "room B"),
        (EN, "planning session on Friday", "Planning session", "Friday", "at 3 with Bob",
         {"attendees": ["Bob"]}, 15, 0, "attendees", ("Bob",)),
        (EN, "review on Friday", "Review", "Friday", "1pm - bring the slides",
         {"notes": "bring the slides"}, 13, 0, "notes", "bring the slides"),
        (EN, "standup on Friday", "Standup", "Friday", "9:15; call it Design sync",
         {"title": "Design sync"}, 9, 15, "title", "Design sync"),
        (ZH, "周五跟财务部碰个头", "跟财务部碰头", "周五", "下午三点半，喊上小刘一起",
         {"attendees": ["小刘"]}, 15, 30, "attendees", ("小刘",)),
        (ZH, "周五和老王吃饭", "和老王吃饭", "周五", "晚上七点 在老地方",
         {"location": "老地方"}, 19, 0, "location", "老地方"),
        (TW, "週五跟客戶開會", "跟客戶開會", "週五", "下午兩點，地點在三樓會議室",
         {"location": "三樓會議室"}, 14, 0, "location", "三樓會議室"),
    ],
)  # fmt: skip
async def test_a_missing_time_with_more_words(
    database: Any, make_user: Any, tz: str, first: str, title: str, day: str, answer: str,
    changes: dict[str, Any], hour: int, minute: int, field: str, expected: object,
) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", {"title": title, "when": day}))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and asked.pending.kind == "needs_value", asked.text
    model = kit.script(call("amend_pending", changes))
    done = await kit.assistant.reply(kit.user_id, answer)
    assert len(model.calls) == 1
    [event] = await kit.events()
    local = event.start.astimezone(kit.tz)
    assert (local.date(), local.hour, local.minute) == (datetime(2025, 3, 7).date(), hour, minute), done.text
    assert getattr(event, field) == expected, done.text
    assert "didn't use" not in done.text and "没有用上" not in done.text


@pytest.mark.parametrize(
    ("tz", "first", "when", "answer", "changes", "hour", "field", "expected"),
    [
        (EN, "call with Acme Friday at 7:30", "Friday at 7:30", "the evening one, it's with Ana",
         {"attendees": ["Ana"]}, 19, "attendees", ("Ana",)),
        (EN, "call with Acme Friday at 7:30", "Friday at 7:30", "morning — in the small room",
         {"location": "the small room"}, 7, "location", "the small room"),
        (EN, "call with Acme Friday at 7:30", "Friday at 7:30", "2, and note: bring the contract",
         {"notes": "bring the contract"}, 19, "notes", "bring the contract"),
        (ZH, "周五七点半和Acme通话", "周五七点半", "晚上那个，顺便叫上小王",
         {"attendees": ["小王"]}, 19, "attendees", ("小王",)),
        (ZH, "周五七点半和Acme通话", "周五七点半", "早上的吧，在会议室A",
         {"location": "会议室A"}, 7, "location", "会议室A"),
        (TW, "週五七點半和Acme通話", "週五七點半", "第一個，在三樓",
         {"location": "三樓"}, 7, "location", "三樓"),
        # Chinese typed with a space, not a comma, between the answer and the rest
        (ZH, "周五七点半和Acme通话", "周五七点半", "是晚上 小王也一起",
         {"attendees": ["小王"]}, 19, "attendees", ("小王",)),
        (ZH, "周五七点半和Acme通话", "周五七点半", "早上吧 地点在公司门口",
         {"location": "公司门口"}, 7, "location", "公司门口"),
        (TW, "週五七點半和Acme通話", "週五七點半", "晚上 在車站等她",
         {"location": "車站"}, 19, "location", "車站"),
    ],
)  # fmt: skip
async def test_a_time_choice_with_more_words(
    database: Any, make_user: Any, tz: str, first: str, when: str, answer: str, changes: dict[str, Any],
    hour: int, field: str, expected: object,
) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone=tz)
    title = "Call with Acme" if tz == EN else "和Acme通话"
    kit.script(call("create_event", {"title": title, "when": when}))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and len(asked.options) == 2, asked.text
    model = kit.script(call("amend_pending", changes))
    done = await kit.assistant.reply(kit.user_id, answer)
    assert len(model.calls) == 1
    [event] = await kit.events()
    local = event.start.astimezone(kit.tz)
    assert (local.day, local.hour, local.minute) == (7, hour, 30), done.text
    assert getattr(event, field) == expected, done.text


@pytest.mark.parametrize(
    ("tz", "first", "event", "when", "answer", "changes", "moved", "hour", "minute"),
    [
        (EN, "shift the dentist to 10am", "dentist", "10am", "second one — but change it to 10:45 instead",
         {"when": "10:45"}, 1, 10, 45),
        (EN, "can you move the dentist to 10am", "dentist", "10am", "first — actually 10:15",
         {"when": "10:15"}, 0, 10, 15),
        (ZH, "牙医改到上午九点", "牙医", "上午九点", "第一个，不过改成九点半",
         {"when": "九点半"}, 0, 9, 30),
        (TW, "牙醫改到上午九點", "牙醫", "上午九點", "第二個，改成十點吧",
         {"when": "十點"}, 1, 10, 0),
    ],
)  # fmt: skip
async def test_an_event_choice_with_a_new_time(
    database: Any, make_user: Any, tz: str, first: str, event: str, when: str, answer: str,
    changes: dict[str, Any], moved: int, hour: int, minute: int,
) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone=tz)
    title = "Dentist" if tz == EN else event
    days = [datetime(2025, 3, 6, 15, tzinfo=kit.tz), datetime(2025, 3, 13, 15, tzinfo=kit.tz)]
    for start in days:
        await kit.seed(title, start)
    kit.script(call("update_event", {"event": event, "when": when}))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and len(asked.options) == 2, asked.text
    model = kit.script(call("amend_pending", changes))
    done = await kit.assistant.reply(kit.user_id, answer)
    assert len(model.calls) == 1
    starts = sorted(e.start.astimezone(kit.tz) for e in await kit.events())
    other = days[1 - moved]
    want = days[moved].replace(hour=hour, minute=minute)
    assert sorted([other, want]) == starts, done.text


@pytest.mark.parametrize(
    ("tz", "first", "title", "day", "answer", "changes", "hour", "minute"),
    [
        (ZH, "下周二跟市场部碰个头", "跟市场部碰头", "下周二", "下午三点，叫上小刘一起",
         {"attendees": ["小刘"], "when": "下午三点"}, 15, 0),
        (TW, "下週二跟設計部開個會", "跟設計部開會", "下週二", "下午兩點，順便找小陳",
         {"attendees": ["小陳"], "when": "下午兩點"}, 14, 0),
        (EN, "sync with design next Tuesday", "Sync with design", "next Tuesday", "2pm, and add Chen",
         {"attendees": ["Chen"], "when": "2pm"}, 14, 0),
        (EN, "sync with design next Tuesday", "Sync with design", "next Tuesday", "10:45 in room B",
         {"location": "room B", "when": "10:45 today"}, 10, 45),
    ],
)  # fmt: skip
async def test_the_answers_time_copied_into_the_amendment_keeps_the_day(
    database: Any, make_user: Any, tz: str, first: str, title: str, day: str, answer: str,
    changes: dict[str, Any], hour: int, minute: int,
) -> None:  # fmt: skip
    """The model copies the answered clock (or a time the reply never said) into ``when``: the answer is
    settled already and the rest says no time, so the day the first turn gave stays."""
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", {"title": title, "when": day}))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and asked.pending.kind == "needs_value", asked.text
    kit.script(call("amend_pending", changes))
    done = await kit.assistant.reply(kit.user_id, answer)
    [event] = await kit.events()
    local = event.start.astimezone(kit.tz)
    assert (local.date(), local.hour, local.minute) == (datetime(2025, 3, 11).date(), hour, minute), done.text
    assert "didn't use" not in done.text and "没有用上" not in done.text


@pytest.mark.parametrize(
    ("tz", "first", "event", "when", "answer", "changes", "hour", "minute"),
    [
        (ZH, "牙医改到下午四点", "牙医", "下午四点", "第一个吧，但是改成四点四十", {"when": "下午4点"}, 16, 40),
        (TW, "牙醫改到下午四點", "牙醫", "下午四點", "第一個，改成四點十五吧", {"when": "下午四點"}, 16, 15),
        (EN, "move the dentist to 4pm", "dentist", "4pm", "the first one, but make it 4:30", {"when": "4pm"}, 16, 30),
    ],
)  # fmt: skip
async def test_an_old_time_in_the_amendment_gives_way_to_the_replys_own(
    database: Any, make_user: Any, tz: str, first: str, event: str, when: str, answer: str,
    changes: dict[str, Any], hour: int, minute: int,
) -> None:  # fmt: skip
    """The model sends the first turn's time while the reply names a new one: the reply's own phrase wins."""
    kit = await make_kit(database, make_user, timezone=tz)
    title = "Dentist" if tz == EN else event
    days = [datetime(2025, 3, 6, 10, tzinfo=kit.tz), datetime(2025, 3, 13, 10, tzinfo=kit.tz)]
    for start in days:
        await kit.seed(title, start)
    kit.script(call("update_event", {"event": event, "when": when}))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and len(asked.options) == 2, asked.text
    kit.script(call("amend_pending", changes))
    done = await kit.assistant.reply(kit.user_id, answer)
    starts = sorted(e.start.astimezone(kit.tz) for e in await kit.events())
    assert starts == sorted([days[0].replace(hour=hour, minute=minute), days[1]]), done.text


async def test_a_model_that_fails_on_a_new_time_asks_and_writes_nothing(
    database: Any, make_user: Any
) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    await kit.seed("Dentist", datetime(2025, 3, 13, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": "dentist", "when": "8am"}))
    await kit.assistant.reply(kit.user_id, "push the dentist to 8am")
    kit.script(ModelUnavailableError("down"))
    asked = await kit.assistant.reply(kit.user_id, "the 2nd one, though make it 8:30 instead")
    assert asked.pending is not None and asked.pending.kind == "needs_value", asked.text
    assert sorted(e.start.hour for e in await kit.events()) == [15, 15]
    done = await kit.assistant.reply(kit.user_id, "8:30am")  # the slot gate: no model call
    starts = sorted(e.start.astimezone(NY) for e in await kit.events())
    assert starts[1] == datetime(2025, 3, 13, 8, 30, tzinfo=NY), done.text


async def test_words_that_fail_the_checks_are_named(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    kit.script(call("create_event", {"title": "Lunch with Mira", "when": "Friday"}))
    await kit.assistant.reply(kit.user_id, "lunch with Mira on Friday")
    kit.script(call("amend_pending", {"location": "Golden Noodle Bar, 88 Canal St"}))  # not the user's words
    done = await kit.assistant.reply(kit.user_id, "1:15, at the noodle bar")
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 7, 13, 15, tzinfo=NY)
    assert event.location is None
    assert "at the noodle bar" in done.text and "didn't use" in done.text


async def test_an_answer_alone_never_calls_the_model(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    kit.script(call("create_event", {"title": "Drinks with Theo", "when": "Friday"}))
    await kit.assistant.reply(kit.user_id, "drinks with Theo on Friday")
    model = kit.script(reply("unused"))
    await kit.assistant.reply(kit.user_id, "6:45pm")
    assert model.calls == []
    [event] = await kit.events()
    assert event.start - datetime(2025, 3, 7, 18, 45, tzinfo=NY) == timedelta(0)


@pytest.mark.parametrize(
    ("tz", "first", "title", "answer"),
    [
        (EN, "vet for Biscuit on Friday", "Vet for Biscuit", "actually forget it, I should phone them first"),
        (EN, "vet for Biscuit on Friday", "Vet for Biscuit", "wait, let me ring them before booking, skip it for now"),
        (EN, "vet for Biscuit on Friday", "Vet for Biscuit", "no wait, I'll check with them tomorrow"),
        (ZH, "周五带球球看兽医", "带球球看兽医", "算了，我明天先打电话问问"),
        (ZH, "周五带球球看兽医", "带球球看兽医", "不用了，下午两点之前我先问问他们"),
        (TW, "週五帶球球看獸醫", "帶球球看獸醫", "先不要，我明天再說"),
    ],
)  # fmt: skip
async def test_a_reply_that_does_not_answer_writes_nothing(
    database: Any, make_user: Any, tz: str, first: str, title: str, answer: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", {"title": title, "when": first[:2] if tz != EN else "Friday"}))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None, asked.text
    model = kit.script(reply("OK, tell me the time when you know it."), reply("好的，知道时间了再告诉我。"))
    done = await kit.assistant.reply(kit.user_id, answer)  # (an English answer is tried once more)
    assert done.route != "gate_amend" and len(model.calls) <= 2
    assert await kit.events() == [], done.text


# The rest's one length is the new event's duration when the model parked it elsewhere (a note) and gave no
# end or length: (zone, first message, title, day, answer, the model's reading of the rest, minutes)
LENGTH_IN_THE_REST = [
    (EN, "physio on Friday", "Physio", "Friday", "9:15am, at the clinic on Main St. takes about 45 min",
     {"location": "the clinic on Main St", "notes": "takes about 45 min"}, 45),
    (EN, "haircut on Friday", "Haircut", "Friday", "4pm, half an hour is enough", {"notes": "half an hour"}, 30),
    (ZH, "周五去理疗", "理疗", "周五", "上午九点，在中山路的诊所，大概一个半小时",
     {"location": "中山路的诊所", "notes": "大概一个半小时"}, 90),
    (TW, "週五剪頭髮", "剪頭髮", "週五", "下午四點，半小時就好", {"notes": "半小時就好"}, 30),
]  # fmt: skip


@pytest.mark.parametrize("row", LENGTH_IN_THE_REST, ids=[r[4] for r in LENGTH_IN_THE_REST])
async def test_a_length_in_the_rest_is_the_duration(database: Any, make_user: Any, row: Any) -> None:
    tz, first, title, day, answer, changes, minutes = row
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", {"title": title, "when": day}))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and asked.pending.kind == "needs_value", asked.text
    kit.script(call("amend_pending", changes))
    done = await kit.assistant.reply(kit.user_id, answer)
    [event] = await kit.events()
    assert event.end - event.start == timedelta(minutes=minutes), done.text
