"""A create of the title just written, which the model itself read as a request to add (its ``request``
"add"), is a second event, never a move of the first (live: a second standup asked for "the same time" on
another day moved the first one). A create the model read as a change stays a correction of it
(``agent.writes.last_write_correction``). Scripted model, real store; now is Wednesday 2025-03-05 09:00 New York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit


def _at(day: int, hour: int, tz=NY) -> datetime:  # type: ignore[no-untyped-def]
    return datetime(2025, 3, day, hour, tzinfo=tz)


@pytest.mark.parametrize(
    ("first", "create", "second", "again", "starts"),
    [
        (
            "standup thursday at 9",
            {"title": "Standup", "when": "Thursday at 9"},
            "plus one on friday at 9",
            {"title": "Standup", "when": "Friday at 9"},
            [_at(6, 9), _at(7, 9)],
        ),
        (
            "yoga thursday at 7am",
            {"title": "Yoga", "when": "Thursday at 7am"},
            "again on tuesday at 7am",
            {"title": "Yoga", "when": "Tuesday at 7am"},
            [_at(6, 7), _at(11, 7)],
        ),
        (
            "piano lesson thursday 4pm",
            {"title": "Piano lesson", "when": "Thursday 4pm"},
            "book a second piano lesson friday 4pm",
            {"title": "Piano lesson", "when": "Friday 4pm"},
            [_at(6, 16), _at(7, 16)],
        ),
        (
            "haircut thursday 10am",
            {"title": "Haircut", "when": "Thursday 10am"},
            "I want another on monday at 10am",
            {"title": "Haircut", "when": "Monday at 10am"},
            [_at(6, 10), _at(10, 10)],
        ),
    ],
)
async def test_another_of_the_event_just_written_is_added(
    kit: Kit, first: str, create: dict, second: str, again: dict, starts: list[datetime]
) -> None:
    kit.script(call("create_event", create, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, first)
    kit.script(call("create_event", again, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, second)
    events = sorted(await kit.events(), key=lambda e: e.start)
    assert [e.start for e in events] == starts, r.text
    assert all(e.title == create["title"] for e in events)


@pytest.mark.parametrize(
    ("first", "create", "second", "again", "starts"),
    [
        (
            "周四上午十点面试",
            {"title": "面试", "when": "周四上午十点"},
            "周五上午十点再加一场",
            {"title": "面试", "when": "周五上午十点"},
            [_at(6, 10, SH), _at(7, 10, SH)],
        ),
        (
            "周四晚上八点读书会",
            {"title": "读书会", "when": "周四晚上八点"},
            "下周一晚上八点也来一个",
            {"title": "读书会", "when": "下周一晚上八点"},
            [_at(6, 20, SH), _at(10, 20, SH)],
        ),
        (
            "週四下午三點剪頭髮",
            {"title": "剪頭髮", "when": "週四下午三點"},
            "週五下午三點再約一次",
            {"title": "剪頭髮", "when": "週五下午三點"},
            [_at(6, 15, SH), _at(7, 15, SH)],
        ),
    ],
)
async def test_another_in_chinese_is_added(
    database,
    make_user,
    first: str,
    create: dict,
    second: str,
    again: dict,
    starts: list[datetime],  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    zh.script(call("create_event", create, request="add"), reply("好"))
    await zh.assistant.reply(zh.user_id, first)
    zh.script(call("create_event", again, request="add"), reply("好"))
    r = await zh.assistant.reply(zh.user_id, second)
    events = sorted(await zh.events(), key=lambda e: e.start)
    assert [e.start for e in events] == starts, r.text


async def test_a_create_the_model_read_as_a_change_still_corrects(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Gym", "when": "Thursday at 6pm"}, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, "gym thursday at 6pm")
    kit.script(call("create_event", {"title": "Gym", "when": "5pm"}, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "no wait, 5pm")
    events = await kit.events()
    assert [e.start for e in events] == [_at(6, 17)], r.text
