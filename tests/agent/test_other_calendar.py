"""Someone else's calendar: code refuses the write or the read whatever the model chose. Scripted model;
the rule itself is table-driven (possessors that are times are the user's own calendar)."""

from __future__ import annotations

import pytest

from agent.model import call, reply
from agent.other_calendar import names_other_calendar
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit


@pytest.mark.parametrize(
    ("text", "other", "why"),
    [
        ("Add a meeting to Priya's calendar for Monday 10am", True, "a name's calendar"),
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
        ("把韩梅梅周六的会议改到周日", False, "left to the model: 的会议 may be the user's own meeting"),
    ],
)
def test_names_other_calendar(text: str, other: bool, why: str) -> None:
    assert names_other_calendar(text) is other, why


async def test_a_write_for_someone_elses_calendar_is_refused_by_code(kit: Kit) -> None:
    model = kit.script(call("create_event", {"title": "Meeting with Priya", "when": "Monday 10am"}))
    r = await kit.assistant.reply(kit.user_id, "Add a meeting to Priya's calendar for Monday 10am")
    assert model.call_count == 1 and await kit.events() == []
    assert r.text == "I can only see and manage your own calendar, so I haven't changed anything."


async def test_a_read_of_someone_elses_calendar_is_refused_and_the_model_text_dropped(kit: Kit) -> None:
    model = kit.script(call("list_events", {"range": "明天"}), reply("李雷明天没有安排。"))
    r = await kit.assistant.reply(kit.user_id, "帮我看看李雷的日程，明天的")
    assert model.call_count == 2
    assert r.text == "我只能查看和管理你自己的日历。" and r.telemetry["read_check"] == "refused"
