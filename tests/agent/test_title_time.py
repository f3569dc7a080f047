"""A new event's title loses the time phrases that say when it starts (``agent.writes.title_time``); a
holiday, a meal, another event's time, a repetition with no clock and a title with nothing else stay. Now is Wednesday
2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from agent.writes.title_time import title_without_its_time
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, make_kit


def _at(day: int, hour: int, minute: int = 0, month: int = 3) -> datetime:
    return datetime(2025, month, day, hour, minute, tzinfo=NY)


# (the model's title, the event's start, the title kept)
ROWS = [
    ("Pilates at 8am tomorrow", _at(6, 8), "Pilates"),
    ("Laundry tonight", _at(5, 20), "Laundry"),
    ("haircut at 4pm", _at(7, 16), "haircut"),
    ("Tuesday standup with Omar", _at(11, 9), "Standup with Omar"),
    ("Vet on the 20th", _at(20, 10), "Vet"),
    ("Piano lesson, Saturday 10:30", _at(8, 10, 30), "Piano lesson"),
    ("大后天下午四点半看房", _at(8, 16, 30), "看房"),
    ("週六早上九點爬山", _at(8, 9), "爬山"),
    ("明天晚上八点的读书会", _at(6, 20), "读书会"),
    ("周五下午和小赵对账", _at(7, 14), "和小赵对账"),
    # a range from the event's own start (live: 「周五下午两点到四点培训」)
    ("周五下午两点到四点培训", _at(7, 14), "培训"),
    ("明天上午9点到11点體檢", _at(6, 9), "體檢"),
    ("Training Friday 2-4pm", _at(7, 14), "Training"),
    ("Focus block 9-11am", _at(6, 9), "Focus block"),
    ("Yoga 7-8am", _at(6, 9), "Yoga 7-8am"),  # another time than the event's: kept
    # a repetition at the event's own clock: when it is, shown as "(repeating)"; a meal in it names the event
    ("Standup every Monday at 9am", _at(10, 9), "Standup"),
    ("Lunch every weekday at noon", _at(5, 12), "Lunch"),
    ("Gym every day at 6pm", _at(5, 18), "Gym"),
    ("Pills daily at 8", _at(5, 20), "Pills"),
    ("每周一上午九点站会", _at(10, 9), "站会"),
    ("每天晚上八点吃药", _at(5, 20), "吃药"),
    ("每周五晚上七点家庭聚餐", _at(7, 19), "家庭聚餐"),
    # what stays
    ("Standup every Monday at 9am", _at(10, 10), "Standup every Monday at 9am"),  # not this event's clock
    ("Thanksgiving dinner", _at(27, 18, month=11), "Thanksgiving dinner"),
    ("端午聚餐", _at(31, 18, month=5), "端午聚餐"),
    ("Prep for Friday's demo", _at(6, 15), "Prep for Friday's demo"),  # another day's event
    ("Weekly review", _at(10, 9), "Weekly review"),
    ("Evening walk", _at(5, 19), "Evening walk"),  # a kind of walk, not a day
    ("Q2 kickoff", _at(6, 10), "Q2 kickoff"),
    ("4pm", _at(6, 16), "4pm"),  # nothing else would be left
    ("周五8点", _at(7, 20), "周五8点"),
    ("Lunch on Friday", _at(7, 12), "Lunch on Friday"),  # a meal names the event
]


@pytest.mark.parametrize(("title", "start", "kept"), ROWS, ids=[r[0] for r in ROWS])
def test_the_events_own_time_leaves_its_title(title: str, start: datetime, kept: str) -> None:
    assert title_without_its_time(title, start, all_day=False, now=NOW, tz=NY) == kept


@pytest.mark.parametrize(
    ("text", "create", "title"),
    [
        ("pilates tomorrow at 8am", {"title": "Pilates at 8am tomorrow", "when": "tomorrow at 8am"}, "Pilates"),
        ("周六早上九点去爬山", {"title": "周六早上九点爬山", "when": "周六早上九点"}, "爬山"),
    ],
)
async def test_a_created_title_without_its_time(
    database: Any, make_user: Any, text: str, create: dict[str, Any], title: str
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    kit.script(call("create_event", create), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert event.title == title and (f"“{title}”" in r.text or f"「{title}」" in r.text), r.text
