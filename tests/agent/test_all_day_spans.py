"""A new event over whole days: a range of two or more days written as one ("from the 10th to the 14th",
下周一到周三) or a day and a length of whole days the user gave (周五请假一天, "for 3 days starting Monday") is
an all-day event over those days (``agent.timing._span_of_days``, ``writes.timing._whole_days_from``). Before,
each was asked "When should … be?" of a user who had said the days. One day, a period or a window with no
time of day is still asked. Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit


def _day(month: int, day: int) -> datetime:
    return datetime(2025, month, day, tzinfo=NY)


# (message, the model's create, first day, the day after the last)
WRITTEN = [
    ("vacation from the 10th to the 14th", {"title": "Vacation", "when": "from the 10th to the 14th"},
     _day(3, 10), _day(3, 15)),
    ("I'm at the conference March 17-19", {"title": "Conference", "when": "March 17-19"}, _day(3, 17), _day(3, 20)),
    ("10号到14号去旅游", {"title": "旅游", "when": "10号到14号"}, _day(3, 10), _day(3, 15)),
    ("下周一到周三出差", {"title": "出差", "when": "下周一到周三"}, _day(3, 10), _day(3, 13)),
    ("週五到下週一去露營", {"title": "露營", "when": "週五到下週一"}, _day(3, 7), _day(3, 11)),
    ("周五请假一天", {"title": "请假", "when": "周五", "duration": "一天"}, _day(3, 7), _day(3, 8)),
    ("conference for 3 days starting monday", {"title": "Conference", "when": "monday", "duration": "3 days"},
     _day(3, 10), _day(3, 13)),
    ("taking two days off from thursday", {"title": "Days off", "when": "thursday", "duration": "two days"},
     _day(3, 6), _day(3, 8)),
    ("下周二开始培训两天", {"title": "培训", "when": "下周二", "duration": "两天"}, _day(3, 11), _day(3, 13)),
]  # fmt: skip

# (message, the model's create): a time of day is still the user's to give
ASKED = [
    ("dentist between the 10th and the 14th", {"title": "Dentist", "when": "between the 10th and the 14th"}),
    ("dentist on friday", {"title": "Dentist", "when": "friday"}),
    ("周五见牙医", {"title": "见牙医", "when": "周五"}),
    ("lunch with Bo next week", {"title": "Lunch with Bo", "when": "next week"}),
    ("周五和小王吃饭，一个小时", {"title": "和小王吃饭", "when": "周五", "duration": "一个小时"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "first", "after"), WRITTEN, ids=[r[0] for r in WRITTEN])
async def test_whole_days_are_an_all_day_event(
    kit: Kit, text: str, create: dict[str, Any], first: datetime, after: datetime
) -> None:
    kit.script(call("create_event", create, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert (event.all_day, event.start, event.end) == (True, first, after), r.text


@pytest.mark.parametrize(("text", "create"), ASKED, ids=[r[0] for r in ASKED])
async def test_a_day_or_window_without_a_time_is_asked(kit: Kit, text: str, create: dict[str, Any]) -> None:
    kit.script(call("create_event", create, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and await kit.events() == [], r.text


# (first message, the model's create, the answer to "What time on …?" / "…几点？")
ALL_DAY_ANSWERS = [
    ("block friday off", {"title": "Day off", "when": "friday"}, "all day"),
    ("friday: out of office", {"title": "Out of office", "when": "friday"}, "all-day"),
    ("mom's birthday friday", {"title": "Mom's birthday", "when": "friday"}, "the whole day."),
    ("周五请假", {"title": "请假", "when": "周五"}, "全天"),
    ("周五去看展", {"title": "去看展", "when": "周五"}, "一整天吧"),
    ("週五搬家", {"title": "搬家", "when": "週五"}, "整天"),
]


@pytest.mark.parametrize(("text", "create", "answer"), ALL_DAY_ANSWERS, ids=[r[2] for r in ALL_DAY_ANSWERS])
async def test_all_day_answers_the_missing_time(kit: Kit, text: str, create: dict[str, Any], answer: str) -> None:
    model = kit.script(call("create_event", create, request="add"), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and not asked.writes, asked.text
    done = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 1 and done.writes and done.writes[0].persisted, done.text
    [event] = await kit.events()
    assert (event.all_day, event.start, event.end) == (True, _day(3, 7), _day(3, 8)), done.text
