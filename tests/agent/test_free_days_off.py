"""Free time on days off: a window of whole days that holds no working day ("Saturday", "this weekend", 周日)
is searched at the working hours' clock on those days — a Sunday with nothing on it is free (live: "周日还有空吗"
was answered that there was no free time at all, the working hours being Monday to Friday). Scripted model;
now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

EN = [
    ("am I free on saturday?", "saturday", "Saturday, March 8"),
    ("anything open this weekend?", "this weekend", "Sunday, March 9"),
    ("is sunday free for a 2 hour hike", "sunday", "Sunday, March 9"),
]
ZH = [
    ("周六有空吗", "周六", "3月8日"),
    ("这周末有空吗", "这周末", "3月9日"),
    ("週日有空嗎", "週日", "3月9日"),
]


async def _free(kit: Kit, message: str, window: str, answer: str) -> str:
    kit.script(
        call("find_free_time", {"range": window, "duration": "1 hour"}, request="calendar_question"),
        reply(answer, request="calendar_question"),
    )
    return (await kit.assistant.reply(kit.user_id, message)).text


@pytest.mark.parametrize(("message", "window", "day"), EN, ids=[r[0] for r in EN])
async def test_a_day_off_with_nothing_on_is_free(kit: Kit, message: str, window: str, day: str) -> None:
    text = await _free(kit, message, window, "Sorry, there is no free time.")
    assert day in text and "9:00 AM–6:00 PM" in text, text


@pytest.mark.parametrize(("message", "window", "day"), ZH, ids=[r[0] for r in ZH])
async def test_a_chinese_day_off_with_nothing_on_is_free(
    database,
    make_user,
    message: str,
    window: str,
    day: str,  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    text = await _free(zh, message, window, "抱歉，没有空闲时间。")
    assert day in text and "09:00–18:00" in text, text


async def test_a_week_keeps_the_working_days(kit: Kit) -> None:
    text = await _free(kit, "when am I free next week?", "next week", "Here.")
    assert "Saturday" not in text and "Monday, March 10" in text, text
