"""Someone else's calendar: code refuses the write or the read whatever the model chose. Scripted model;
the rule itself is table-driven (possessors that are times are the user's own calendar). A read the model
says is another person's (its ``whose``) is refused too, when the name is the user's words, not the user,
and no event of the calendar shares a word with it."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.language import simplified
from agent.model import call, reply
from agent.tools.other_calendar import asks_about_someone, names_other_calendar
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit


@pytest.mark.parametrize(
    ("text", "other", "why"),
    [
        ("Put a call on Marco's calendar for Tuesday 9am", True, "a name's calendar"),
        ("What's on Bob's schedule tomorrow?", True, "a name's schedule"),
        ("put it in her calendar", True, "a pronoun's calendar"),
        ("add it to my wife's calendar", True, "my wife is someone else"),
        ("帮我看看李雷的日程", True, "verbs before a name"),
        ("李雷明天的日程", True, "a name, then a time"),
        ("我老婆的日程", True, "我 + someone"),
        ("王小明下周的行程是什么", True, "a name, then a week"),
        ("what is on my calendar", False, "mine"),
        ("what's on tomorrow's schedule", False, "a day"),
        ("this week's agenda", False, "a week"),
        ("next week's schedule", False, "a week, two words"),
        ("Monday's schedule", False, "a weekday"),
        ("the day's schedule", False, "a stretch of time"),
        ("帮我查明天的日程", False, "asking verbs + a day"),
        ("看一下下周的行程", False, "the week after next"),
        ("我们的日历", False, "ours"),
        ("这个月的日程", False, "this month"),
        ("Add lunch with Bob tomorrow at noon", False, "a person, but my calendar"),
        ("Bob's birthday party on Friday", False, "a possessive that is not a calendar"),
        ("把李华周五的会议改到周六", False, "left to the model: 的会议 may be the user's own meeting"),
    ],
)
def test_names_other_calendar(text: str, other: bool, why: str) -> None:
    assert names_other_calendar(text) is other, why


@pytest.mark.parametrize(
    ("text", "someone", "why"),
    [
        ("帮我看看王芳后天有什么安排", True, "a name, then a day, no 的"),
        ("李雷明天有空吗", True, "is a name free"),
        ("老板周五下午有空吗", True, "the boss, then a time"),
        ("王小明下周一忙不忙", True, "busy or not"),
        ("What does Priya have tomorrow?", True, "what does a name have"),
        ("Is Bob free on Friday?", True, "is a name free"),
        ("Is Zhang San available tomorrow at 3", True, "a two-word name"),
        ("when is Li Lei available next week", True, "when is a name available"),
        ("明天有什么安排", False, "only a time"),
        ("周三下午有什么安排？顺便帮我加个牙医", False, "a weekday and a part of day: all time"),
        ("下周三下午三点有空吗", False, "a long time expression"),
        ("帮我看看明天有什么安排", False, "asking words, then a time"),
        ("所以后天下午有什么安排", False, "a connective, then a time"),
        ("我明天有空吗", False, "me"),
        ("你下周三有空吗", False, "the assistant is asked about my calendar"),
        ("我们周末有什么安排", False, "us"),
        ("最近有什么安排", False, "no time expression: left to the model"),
        ("明天下午三点以后有什么安排", False, "a time with 以后"),
        ("Is Monday free?", False, "a weekday is a time"),
        ("Is Christmas free?", False, "a holiday is a time"),
        ("Is it free tomorrow", False, "a pronoun that is not a person"),
        ("What do I have tomorrow", False, "mine"),
        ("is bob free", False, "no capital: not taken as a name"),
    ],
)
def test_asks_about_someone(text: str, someone: bool, why: str) -> None:
    assert asks_about_someone(text) is someone, why


async def test_a_question_about_someones_day_is_not_answered_from_my_calendar(kit: Kit) -> None:
    model = kit.script(call("list_events", {"range": "后天"}), reply("王芳后天没有安排。"))
    r = await kit.assistant.reply(kit.user_id, "帮我看看王芳后天有什么安排")
    assert model.call_count == 1  # the refusal answers: the model is not asked to word it
    assert r.text == "我只能查看和管理你自己的日历。" and r.telemetry["read_check"] == "refused"


async def test_a_write_naming_a_person_is_not_refused_by_the_question_rule(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Lunch with Bob", "when": "tomorrow at noon"}), reply("Done."))
    await kit.assistant.reply(kit.user_id, "Is Bob free for lunch? Add lunch with Bob tomorrow at noon")
    assert [e.title for e in await kit.events()] == ["Lunch with Bob"]


async def test_a_write_for_someone_elses_calendar_is_refused_by_code(kit: Kit) -> None:
    model = kit.script(call("create_event", {"title": "Call with Marco", "when": "Tuesday 9am"}))
    r = await kit.assistant.reply(kit.user_id, "Put a call on Marco's calendar for Tuesday 9am")
    assert model.call_count == 1 and await kit.events() == []
    assert r.text == "I can only see and manage your own calendar, so I haven't changed anything."


async def test_a_read_of_someone_elses_calendar_is_refused_and_the_model_text_dropped(kit: Kit) -> None:
    model = kit.script(call("list_events", {"range": "明天"}), reply("李雷明天没有安排。"))
    r = await kit.assistant.reply(kit.user_id, "帮我看看李雷的日程，明天的")
    assert model.call_count == 1
    assert r.text == "我只能查看和管理你自己的日历。" and r.telemetry["read_check"] == "refused"


@pytest.mark.parametrize(
    ("text", "range_"),
    [
        ("Can you check Omar's calendar for tomorrow?", "tomorrow"),
        ("is Maria busy on Friday?", "Friday"),
        ("帮我查一下韩梅梅明天有什么安排", "明天"),
    ],
)
async def test_a_refused_read_ends_the_turn_with_the_refusal(kit, text: str, range_: str) -> None:  # type: ignore[no-untyped-def]
    """A model that reads again after code refused someone else's calendar is not asked a third time: the
    refusal is the answer, in one round trip."""
    read = call("list_events", {"range": range_})
    model = kit.script(read, read, read)
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and r.writes == ()
    assert r.text in ("I can only see and manage your own calendar.", "我只能查看和管理你自己的日历。"), (
        r.text
    )


# (message the word rules miss, the model's read with its ``whose``): the model's reading, held to facts
WHOSE_SOMEONE = [
    ("how does Priya look on Thursday", "list_events", {"range": "Thursday", "whose": "Priya"}),
    ("is the boss around tomorrow afternoon", "find_free_time",
     {"range": "tomorrow afternoon", "duration": "1 hour", "whose": "the boss"}),
    ("老周下礼拜三有没有时间", "list_events", {"range": "下礼拜三", "whose": "老周"}),
    ("韩梅梅明天都在干嘛", "list_events", {"range": "明天", "whose": "韩梅梅"}),
    ("小林後天有空檔嗎", "find_free_time", {"range": "後天", "duration": "1小时", "whose": "小林"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "tool", "args"), WHOSE_SOMEONE, ids=[r[0] for r in WHOSE_SOMEONE])
async def test_a_read_the_model_says_is_someone_elses_is_refused(kit: Kit, text: str, tool: str, args: dict) -> None:
    assert not (names_other_calendar(text) or asks_about_someone(text))  # the word rules do not see these
    model = kit.script(call(tool, args), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and r.telemetry["read_check"] == "refused", r.text
    assert simplified(r.text) in ("I can only see and manage your own calendar.", "我只能查看和管理你自己的日历。"), r.text


# (message, the model's read with a ``whose`` that is no other person's calendar, an event seeded or None)
WHOSE_MINE = [
    ("when is my dentist", {"range": "next week", "whose": "dentist"}, "Dentist"),
    ("我跟牙医约的哪天", {"range": "下周", "whose": "牙医"}, "看牙医"),
    ("what's on tomorrow", {"range": "tomorrow", "whose": "me"}, None),
    ("明天我有什么安排", {"range": "明天", "whose": "我"}, None),
    ("anything with Omar tomorrow?", {"range": "tomorrow", "whose": "Omar"}, "Coffee with Omar"),
    ("what's on friday", {"range": "friday", "whose": "Dana"}, None),  # a name the user never said
    ("what's on friday", {"range": "friday", "whose": "none"}, None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "args", "title"), WHOSE_MINE, ids=[f"{r[0]}|{r[1]['whose']}" for r in WHOSE_MINE])
async def test_a_whose_that_is_the_user_or_an_event_is_read(kit: Kit, text: str, args: dict, title: str | None) -> None:
    if title is not None:
        await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=kit.tz))
    kit.script(call("list_events", args), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.telemetry["read_check"] != "refused" and "own calendar" not in r.text and "自己的日历" not in r.text, r.text
