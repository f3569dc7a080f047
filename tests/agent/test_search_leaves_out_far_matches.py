"""A search answers with the events its words name, not with titles far below the best match that only
share letters with them (live: "what time is my haircut?" listed “Vet visit for Biscuit” under “Haircut”).
Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

EN = [
    ("when is my haircut?", "haircut", "Haircut", "Vet visit for Biscuit"),
    ("what day is lunch with Sam?", "lunch", "Lunch with Sam", "Launch review"),
    ("when's the dentist?", "dentist", "Dentist", "Dinner with Dennis"),
]
ZH = [
    ("牙医是哪天？", "牙医", "看牙医", "医院体检"),
    ("读书会几点", "读书会", "周末读书会", "读书笔记整理"),
    ("我什么时候复诊", "复诊", "医院复诊", "复印材料"),
    ("瑜伽課是什麼時候", "瑜伽課", "瑜伽課", "瑜伽墊採購"),
]


async def _search(kit: Kit, message: str, query: str, title: str, other: str, answer: str) -> str:
    await kit.seed(title, datetime(2025, 3, 8, 11, tzinfo=kit.tz), datetime(2025, 3, 8, 12, tzinfo=kit.tz))
    await kit.seed(other, datetime(2025, 3, 6, 9, tzinfo=kit.tz), datetime(2025, 3, 6, 10, tzinfo=kit.tz))
    kit.script(
        call("search_events", {"query": query}, request="calendar_question"),
        reply(answer, request="calendar_question"),
    )
    return (await kit.assistant.reply(kit.user_id, message)).text


@pytest.mark.parametrize(("message", "query", "title", "other"), EN, ids=[r[0] for r in EN])
async def test_a_search_lists_only_what_its_words_name(
    kit: Kit, message: str, query: str, title: str, other: str
) -> None:
    text = await _search(kit, message, query, title, other, "Here it is.")
    assert title in text and other not in text, text


@pytest.mark.parametrize(("message", "query", "title", "other"), ZH, ids=[r[0] for r in ZH])
async def test_a_chinese_search_lists_only_what_its_words_name(
    database,
    make_user,
    message: str,
    query: str,
    title: str,
    other: str,  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    text = await _search(zh, message, query, title, other, "找到了。")
    assert title in text and other not in text, text


async def test_titles_near_the_best_all_stay(kit: Kit) -> None:
    await kit.seed(
        "Team meeting", datetime(2025, 3, 6, 9, tzinfo=kit.tz), datetime(2025, 3, 6, 10, tzinfo=kit.tz)
    )
    text = await _search(
        kit, "when are my team meetings?", "team meeting", "Weekly team meeting", "Gym", "Here."
    )
    assert "Weekly team meeting" in text and "Team meeting" in text and "Gym" not in text, text
