"""A location or a note that says nothing but a time or a length (every word of it read by the time service)
is no place and no note: the event's time fields carry it (agent.writes.store.only_time_words). Scripted
model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from agent.model import call, reply
from agent.writes.store import only_time_words
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit, one_create

# (message, the model's create with a time parked in a detail, the event's length)
ROWS = [
    ("sync with Oskar Thursday 11am, ninety minutes",
     {"title": "Sync with Oskar", "when": "Thursday 11am", "notes": "ninety minutes"}, timedelta(minutes=90)),
    ("padel friday 6pm for 2 hours", {"title": "Padel", "when": "friday 6pm", "notes": "for 2 hours"},
     timedelta(hours=2)),
    ("review Monday at 2, about 45 min", {"title": "Review", "when": "Monday at 2pm", "location": "45 min"},
     timedelta(minutes=45)),
    ("dentist tuesday 8:30am", {"title": "Dentist", "when": "tuesday 8:30am", "notes": "Tuesday 8:30am"},
     timedelta(hours=1)),
    ("周四上午十点和老陈对方案，一个半小时", {"title": "和老陈对方案", "when": "周四上午十点", "notes": "一个半小时"},
     timedelta(minutes=90)),
    ("周五下午三点面试，四十分钟", {"title": "面试", "when": "周五下午三点", "location": "四十分钟"},
     timedelta(minutes=40)),
    ("週六早上九點爬山，兩個小時", {"title": "爬山", "when": "週六早上九點", "notes": "兩個小時"}, timedelta(hours=2)),
    ("下周一晚上七点吃饭", {"title": "吃饭", "when": "下周一晚上七点", "location": "下周一晚上"}, timedelta(hours=1)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "length"), ROWS, ids=[r[0] for r in ROWS])
async def test_a_time_parked_in_a_detail_is_dropped(
    database: Any, make_user: Any, text: str, create: dict[str, Any], length: timedelta
) -> None:
    _, event = await one_create(database, make_user, text, create)
    assert event.notes is None and event.location is None, (event.notes, event.location)
    assert event.end - event.start == length


@pytest.mark.parametrize(
    ("value", "only_times"),
    [
        ("hour and a half", True),
        ("Friday at 3", True),
        ("明天下午", True),
        ("一个半小时", True),
        ("Fjord room", False),
        ("3楼会议室", False),
        ("Pier 39", False),
        ("bring the 2 contracts", False),
        ("带两份合同", False),
        ("", False),
    ],
)
def test_only_time_words(value: str, only_times: bool) -> None:
    assert only_time_words(value) is only_times


async def test_a_real_place_beside_the_time_is_kept(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    create = {"title": "Sync", "when": "Thursday 11am", "location": "room 4B", "notes": "bring the slides"}
    kit.script(call("create_event", create), reply("ok"))
    await kit.assistant.reply(kit.user_id, "sync Thursday 11am in room 4B, bring the slides")
    [event] = await kit.events()
    assert (event.location, event.notes) == ("room 4B", "bring the slides")
