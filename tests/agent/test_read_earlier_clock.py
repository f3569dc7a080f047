"""A read reply that gives the one event a sentence names a clock only an earlier message of the user's said
is replaced (``agent.checks.read_facts``; live: "下周二上午十点和王总见面 || 改到十一点 || 周二我有什么安排" was
answered "你周二上午十点和王总见面" — ten was the user's, two messages before the meeting moved to eleven).
A clock of this message, of the reads, or in a sentence that names no event stands. Table-driven for the
check; scripted model for the turn. Now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.checks.read_check import Listed, Listing
from agent.checks.read_facts import misstates
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

NOW = datetime(2025, 3, 5, 9, tzinfo=NY)


def tuesday(title: str) -> Listing:  # the event moved from 10 to 11 on Tuesday 2025-03-11
    start, end = datetime(2025, 3, 11, 11, tzinfo=NY), datetime(2025, 3, 11, 12, tzinfo=NY)
    return Listing(datetime(2025, 3, 11, tzinfo=NY), datetime(2025, 3, 12, tzinfo=NY), (Listed(title, start, end),))


EN = ("Coffee with Ana", ["add coffee with Ana next tuesday at 10", "move it to 11", "what do I have on tuesday?"])
ZH = ("和王总见面", ["下周二上午十点和王总见面", "改到十一点", "周二我有什么安排"])
ZH_TW = ("和王總見面", ["下週二上午十點和王總見面", "改成十一點", "週二有什麼安排"])


@pytest.mark.parametrize(
    ("case", "text", "wrong"),
    [
        (EN, "You have coffee with Ana at 10 AM on Tuesday.", True),
        (EN, "On Tuesday: Coffee with Ana, 10–11 AM.", True),
        (EN, "Coffee with Ana is at 10:00 on Tuesday.", True),
        (ZH, "你周二上午十点和王总见面。", True),
        (ZH, "周二10:00：和王总见面", True),
        (ZH_TW, "週二上午十點和王總見面。", True),
        (EN, "You have coffee with Ana at 11 AM on Tuesday.", False),
        (ZH, "周二上午十一点和王总见面。", False),
        (ZH_TW, "週二11:00–12:00和王總見面。", False),
    ],
)
def test_a_clock_only_an_earlier_message_gave_the_named_event_is_wrong(
    case: tuple[str, list[str]], text: str, wrong: bool
) -> None:
    title, said = case
    assert misstates(text, [tuesday(title)], [], said, now=NOW, tz=NY) is wrong


def test_a_clock_of_this_message_stands() -> None:
    title, said = EN
    asked = [*said[:-1], "is coffee with Ana still at 10 on tuesday?"]
    assert not misstates("No, coffee with Ana is at 11 AM now, not 10 AM.", [tuesday(title)], [], asked,
                         now=NOW, tz=NY)  # fmt: skip


def test_a_sentence_that_names_no_event_may_use_an_earlier_clock() -> None:
    title, said = EN
    assert not misstates("Tuesday at 10 AM is free.", [tuesday(title)], [], said, now=NOW, tz=NY)


@pytest.mark.parametrize(
    ("zone", "turns", "calls", "answer", "stale", "title"),
    [
        (NY, EN[1], ({"title": "Coffee with Ana", "when": "next tuesday at 10"}, {"event": "Coffee with Ana", "when": "11"},
                     {"range": "tuesday"}), "You have coffee with Ana at 10 AM on Tuesday.", "10 AM", "Coffee with Ana"),
        (SH, ZH[1], ({"title": "和王总见面", "when": "下周二上午十点"}, {"event": "和王总见面", "when": "十一点"},
                     {"range": "周二"}), "你周二上午十点和王总见面。", "上午十点", "和王总见面"),
    ],
)  # fmt: skip
async def test_the_turn_answers_with_the_listing(database, make_user, zone, turns, calls, answer, stale, title) -> None:  # type: ignore[no-untyped-def]
    kit: Kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    kit.script(call("create_event", calls[0]))
    await kit.assistant.reply(kit.user_id, turns[0])
    kit.script(call("update_event", calls[1]))
    await kit.assistant.reply(kit.user_id, turns[1])
    kit.script(call("list_events", calls[2], request="calendar_question"), reply(answer, request="calendar_question"))
    r = await kit.assistant.reply(kit.user_id, turns[2])
    assert stale not in r.text and title in r.text, r.text
