"""Free time in a part of a day that the time service begins at midnight or before dawn ("Tuesday
morning" is 00:00–12:00, 早上 04:00–12:00) is searched from 08:00: live, "what's free on tuesday morning?"
answered "- 12:00 AM–12:00 PM". Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

EN = [
    ("what's free on tuesday morning?", "tuesday morning"),
    ("am I free tomorrow morning", "tomorrow morning"),
    ("any time friday morning for an hour?", "friday morning"),
]
ZH = [
    ("周二上午有空吗", "周二上午"),
    ("明天早上有没有空", "明天早上"),
    ("週五上午有空檔嗎", "週五上午"),
]


async def _free(kit: Kit, message: str, window: str, answer: str) -> str:
    await kit.seed("Call", datetime(2025, 3, 7, 10, tzinfo=kit.tz), datetime(2025, 3, 7, 11, tzinfo=kit.tz))
    kit.script(
        call("find_free_time", {"range": window, "duration": "1 hour"}, request="calendar_question"),
        reply(answer, request="calendar_question"),
    )
    return (await kit.assistant.reply(kit.user_id, message)).text


@pytest.mark.parametrize(("message", "window"), EN, ids=[r[0] for r in EN])
async def test_a_free_morning_starts_at_eight(kit: Kit, message: str, window: str) -> None:
    text = await _free(kit, message, window, "Here you go.")
    assert "- 12:00 AM" not in text and "- 8:00" in text, text


@pytest.mark.parametrize(("message", "window"), ZH, ids=[r[0] for r in ZH])
async def test_a_chinese_free_morning_starts_at_eight(
    database,
    make_user,
    message: str,
    window: str,  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    text = await _free(zh, message, window, "好的")
    assert "- 00:00" not in text and "- 04:00" not in text and "- 08:00" in text, text


async def test_an_evening_is_searched_whole(kit: Kit) -> None:
    text = await _free(kit, "free friday evening?", "friday evening", "Here you go.")
    assert "6:00" in text, text
