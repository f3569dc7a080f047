"""What the user said about the day survives the time being asked for: a time split from its day by a comma
is the user's words for one time (``time_grounding._adjacent``), and a part of the day given for "What time
on Thursday?" is Thursday's (``writes.pending.settle``). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from agent.time_grounding import is_time_grounded
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, make_kit

# (message, the model's time with a meridiem the user never said)
COMMA_SPLIT = [
    ("coffee with Rosa on Thursday, 7", "Thursday, 7 PM"),
    ("put in drinks w Sam friday, 8", "Friday 8pm"),
    ("call the plumber tomorrow, 6:30", "tomorrow 6:30 PM"),
    ("squash at the club, saturday, 7", "Saturday 7 PM"),
]


@pytest.mark.parametrize(("text", "when"), COMMA_SPLIT, ids=[r[0] for r in COMMA_SPLIT])
def test_a_time_split_from_its_day_by_a_comma_is_the_users(text: str, when: str) -> None:
    assert is_time_grounded(when, [text], now=NOW, tz=NY)


@pytest.mark.parametrize(
    ("text", "when"),
    [("3 people on friday", "Friday 3pm"), ("room 7 is free on thursday", "Thursday 7pm")],
)
def test_a_number_away_from_the_day_is_no_time(text: str, when: str) -> None:
    assert not is_time_grounded(when, [text], now=NOW, tz=NY)


@pytest.mark.parametrize(("text", "when"), COMMA_SPLIT, ids=[r[0] for r in COMMA_SPLIT])
async def test_the_meridiem_left_open_is_asked(database: Any, make_user: Any, text: str, when: str) -> None:
    kit = await make_kit(database, make_user)
    kit.script(call("create_event", {"title": "Catch-up", "when": when}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and len(r.options) == 2, r.text


# (first message, the model's time the user's words do not hold, the reply: a part of the day; the day)
PART_OF_DAY = [
    ("lunch with Ana on Friday", "Friday 1 PM", "afternoon", 7),
    ("haircut thursday", "Thursday 10:00", "in the evening", 6),
    ("周五和小王打球", "周五 12:00", "晚上", 7),
    ("週四剪頭髮", "週四 10:00", "下午", 6),
]


@pytest.mark.parametrize(("text", "when", "answer", "day"), PART_OF_DAY, ids=[r[0] for r in PART_OF_DAY])
async def test_a_part_of_the_day_for_what_time_keeps_the_day(
    database: Any, make_user: Any, text: str, when: str, answer: str, day: int
) -> None:
    kit = await make_kit(database, make_user)
    title = "Event" if text.isascii() else text[-2:]
    model = kit.script(call("create_event", {"title": title, "when": when}), reply("unused"))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and asked.pending.kind == "needs_value", asked.text
    calls = model.call_count
    again = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == calls and again.writes == () and again.pending is not None, again.text
    assert f"March {day}" in again.text or f"3月{day}日" in again.text, again.text
    done = await kit.assistant.reply(kit.user_id, "7pm" if text.isascii() else "晚上七点")
    assert done.writes and done.writes[0].persisted, done.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, day, 19, tzinfo=NY), done.text


# A start that names the day but no clock, and the message's one clock said apart (its own clause, or the same
# clause): one start. (message, the model's `when`, the start: day of March, hour, minute)
CLOCK_APART = [
    ("lunch with Ana on friday, 12:30", "friday", (7, 12, 30)),
    ("dinner with the Parks saturday evening, 7pm", "saturday evening", (8, 19, 0)),
    ("后天中午跟小美约了吃饭，12点半", "后天中午", (7, 12, 30)),
    ("週六晚上和家人聚餐，七點", "週六晚上", (8, 19, 0)),
]


@pytest.mark.parametrize(("text", "when", "start"), CLOCK_APART, ids=[r[0] for r in CLOCK_APART])
async def test_a_clock_said_apart_is_the_days(
    database: Any, make_user: Any, text: str, when: str, start: Any
) -> None:
    kit = await make_kit(database, make_user)
    title = text.split(" on ")[0].split(" saturday")[0].title() if text.isascii() else "吃饭"
    model = kit.script(call("create_event", {"title": title, "when": when}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted and model.call_count == 1, r.text
    [event] = await kit.events()
    day, hour, minute = start
    assert event.start == datetime(2025, 3, day, hour, minute, tzinfo=NY), r.text


async def test_a_clock_in_another_requests_clause_is_not_joined(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    kit.script(
        call("create_event", {"title": "Dinner", "when": "friday evening"}), reply("unused"), reply("x")
    )
    r = await kit.assistant.reply(kit.user_id, "dinner friday evening, and gym tomorrow at 7")
    assert all(e.start.hour != 7 or e.start.day != 7 for e in await kit.events()), r.text
