"""A clock the user left open ("at 8": morning or evening) is the user's to settle: a model that picks one
reading ("8 AM") gets the user's phrase back, the turn asks which, and nothing is written. A time the user
did settle (their "8pm", or the option they answered) is written at once. Scripted model."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

NY, SH = "America/New_York", "Asia/Shanghai"


@pytest.mark.parametrize(
    ("tz", "message", "title", "when"),
    [
        (NY, "electrician stops by thursday at 8", "Electrician", "Thursday at 8:00 AM"),
        (NY, "sync w/ Priya sat at 8", "Sync with Priya", "Saturday 8am"),
        (NY, "Book the car wash for Friday at seven", "Car wash", "Friday 7:00 PM"),
        (NY, "friday 8:30 call with the bank", "Call with the bank", "Friday 8:30 PM"),
        (SH, "周四8点修热水器", "修热水器", "周四上午8点"),
        (SH, "星期六八点跟小李通个电话", "跟小李通电话", "星期六晚上8点"),
        (SH, "週五7點半 牙醫", "牙醫", "週五19:30"),
    ],
)
async def test_a_reading_the_model_picked_is_asked(
    database: Any, make_user: Any, tz: str, message: str, title: str, when: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", {"title": title, "when": when}), reply("Done!"))
    asked = await kit.assistant.reply(kit.user_id, message)
    assert asked.pending is not None and len(asked.options) == 2, asked.text
    assert {o.start.hour % 12 for o in asked.options} == {asked.options[0].start.hour % 12}
    assert await kit.events() == []
    done = await kit.assistant.reply(kit.user_id, "2")  # the option number: zero model calls
    [event] = await kit.events()
    assert event.start == asked.options[1].start, done.text


@pytest.mark.parametrize(
    ("tz", "message", "title", "when"),
    [
        (NY, "electrician stops by thursday at 8am", "Electrician", "Thursday at 8:00 AM"),
        (NY, "sync w/ Priya sat 8 in the evening", "Sync with Priya", "Saturday 8pm"),
        (SH, "周四早上8点修热水器", "修热水器", "周四上午8点"),
        (SH, "星期六晚上八点跟小李通个电话", "跟小李通电话", "星期六晚上8点"),
    ],
)
async def test_a_reading_the_user_settled_is_written(
    database: Any, make_user: Any, tz: str, message: str, title: str, when: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", {"title": title, "when": when}), reply("Done!"))
    done = await kit.assistant.reply(kit.user_id, message)
    assert done.pending is None, done.text
    [event] = await kit.events()
    assert event.start.hour in (8, 20)
