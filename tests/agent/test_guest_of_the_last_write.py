"""A new event's attendee that only an earlier message named, for the event just written, is that event's
guest, not this one's: live, "add gym tuesday 7pm" right after "add coffee with Priya tuesday 8am" wrote
Priya into the gym session. "One more at the same time" keeps the title and its guest. Scripted model; now is
Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

EN = [
    ("coffee with Priya tuesday 8am", {"title": "Coffee with Priya", "when": "tuesday 8am", "attendees": ["Priya"]},
     "add gym tuesday 7pm", {"title": "Gym", "when": "tuesday 7pm", "attendees": ["Priya"]}),
    ("lunch with Tom friday at noon", {"title": "Lunch with Tom", "when": "friday at noon", "attendees": ["Tom"]},
     "add dentist friday 3pm", {"title": "Dentist", "when": "friday 3pm", "attendees": ["Tom"]}),
    ("call with Ana monday 10am", {"title": "Call with Ana", "when": "monday 10am", "attendees": ["Ana"]},
     "also a run monday 6pm", {"title": "Run", "when": "monday 6pm", "attendees": ["Ana"]}),
]  # fmt: skip
ZH = [
    ("明天上午十点和小王喝咖啡", {"title": "和小王喝咖啡", "when": "明天上午十点", "attendees": ["小王"]},
     "明天晚上七点健身", {"title": "健身", "when": "明天晚上七点", "attendees": ["小王"]}),
    ("周五中午十二点和老李吃饭", {"title": "和老李吃饭", "when": "周五中午十二点", "attendees": ["老李"]},
     "周五下午三点看牙医", {"title": "看牙医", "when": "周五下午三点", "attendees": ["老李"]}),
    ("週一早上十點跟Amy開會", {"title": "跟Amy開會", "when": "週一早上十點", "attendees": ["Amy"]},
     "週一晚上六點跑步", {"title": "跑步", "when": "週一晚上六點", "attendees": ["Amy"]}),
]  # fmt: skip


async def _two_creates(
    kit: Kit, first: str, create: dict[str, Any], second: str, then: dict[str, Any]
) -> dict[str, Any]:
    kit.script(call("create_event", create, request="add"))
    await kit.assistant.reply(kit.user_id, first)
    kit.script(call("create_event", then, request="add"))
    r = await kit.assistant.reply(kit.user_id, second)
    return {e.title: e.attendees for e in await kit.events()} | {"_text": r.text}


@pytest.mark.parametrize(("first", "create", "second", "then"), EN, ids=[r[2] for r in EN])
async def test_the_last_events_guest_is_not_carried_over(
    kit: Kit, first: str, create: dict[str, Any], second: str, then: dict[str, Any]
) -> None:
    found = await _two_creates(kit, first, create, second, then)
    assert found[then["title"]] == () and found[create["title"]] == tuple(create["attendees"]), found


@pytest.mark.parametrize(("first", "create", "second", "then"), ZH, ids=[r[2] for r in ZH])
async def test_a_chinese_last_events_guest_is_not_carried_over(
    database,
    make_user,
    first: str,
    create: dict[str, Any],
    second: str,
    then: dict[str, Any],  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    found = await _two_creates(zh, first, create, second, then)
    assert found[then["title"]] == () and found[create["title"]] == tuple(create["attendees"]), found


async def test_one_more_of_the_same_keeps_its_guest(kit: Kit) -> None:
    first = {"title": "Coffee with Priya", "when": "tuesday 8am", "attendees": ["Priya"]}
    again = {"title": "Coffee with Priya", "when": "wednesday 8am", "attendees": ["Priya"]}
    kit.script(call("create_event", first, request="add"))
    await kit.assistant.reply(kit.user_id, "coffee with Priya tuesday 8am")
    kit.script(call("create_event", again, request="add"))
    r = await kit.assistant.reply(kit.user_id, "one more on wednesday 8am")
    assert [e.attendees for e in await kit.events()] == [("Priya",), ("Priya",)], r.text


async def test_a_guest_named_again_stays(kit: Kit) -> None:
    kit.script(
        call("create_event", {"title": "Coffee with Priya", "when": "tuesday 8am", "attendees": ["Priya"]})
    )
    await kit.assistant.reply(kit.user_id, "coffee with Priya tuesday 8am")
    kit.script(
        call("create_event", {"title": "Gym", "when": "tuesday 7pm", "attendees": ["Priya"]}, request="add")
    )
    r = await kit.assistant.reply(kit.user_id, "add gym with Priya tuesday 7pm")
    assert [e.attendees for e in await kit.events() if "Gym" in e.title] == [("Priya",)], r.text
