"""A new series whose start the model put on a day its rule does not name ("every Tuesday and Thursday …
starting the 9th", the 9th a Sunday) starts on the rule's first day at or after it, at the same clock: no
stray occurrence on the day given, and the receipt shows the day it really starts. Now is Wednesday
2025-03-05 09:00 in America/New_York (the 9th is a Sunday, the 14th a Friday)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's create, the first start)
ROWS: list[tuple[str, dict[str, Any], datetime]] = [
    ("swim squad every tue and thu 6 to 7am, starting the 9th", {"title": "Swim squad", "when": "6am on the 9th"},
     datetime(2025, 3, 11, 6, tzinfo=NY)),
    ("yoga every monday and wednesday at 7pm, starting on the 15th", {"title": "Yoga", "when": "the 15th 7pm"},
     datetime(2025, 3, 17, 19, tzinfo=NY)),
    ("每周二四早上六点到七点游泳，第一次是9号", {"title": "游泳", "when": "9号早上六点"},
     datetime(2025, 3, 11, 6, tzinfo=NY)),
    ("钢琴课每周六上午十点，3月14日开始", {"title": "钢琴课", "when": "3月14日上午十点", "recurrence": "每周六"},
     datetime(2025, 3, 15, 10, tzinfo=NY)),
    ("鋼琴課每週六上午十點，3月14日開始", {"title": "鋼琴課", "when": "3月14日上午十點"},
     datetime(2025, 3, 15, 10, tzinfo=NY)),
    ("badminton every other monday at 8pm from the 9th",
     {"title": "Badminton", "when": "the 9th 8pm", "recurrence": "every other monday"},
     datetime(2025, 3, 10, 20, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "first"), ROWS, ids=[r[0] for r in ROWS])
async def test_a_series_starts_on_its_first_own_day(kit: Kit, text: str, create: dict[str, Any], first: datetime) -> None:
    kit.script(call("create_event", create), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert event.rrule and event.start == first, r.text
    listed = await kit.db.events(kit.user_id).list_range(first - timedelta(days=7), first + timedelta(days=1))
    assert [e.start for e in listed] == [first], r.text  # nothing on the day given
    assert str(first.day) in r.text, r.text


@pytest.mark.parametrize(("text", "create", "pick"), [
    ("yoga every monday at 7:30 starting the 8th", {"title": "Yoga", "when": "the 8th 7:30", "recurrence": "every monday"},
     "evening"),
    ("从8号开始每周一七点半练瑜伽", {"title": "瑜伽", "when": "8号七点半", "recurrence": "每周一"}, "晚上"),
])  # fmt: skip
async def test_a_picked_start_across_a_dst_change_keeps_its_clock(
    kit: Kit, text: str, create: dict[str, Any], pick: str
) -> None:
    """The start of a picked option is read back from the stored question (a fixed UTC offset): the rule's
    first Monday, after the change to daylight time on the 9th, is still 19:30 on the wall."""
    kit.script(call("create_event", create), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert not asked.writes, asked.text
    kit.script(reply("unused"))
    r = await kit.assistant.reply(kit.user_id, pick)
    (event,) = await kit.events()
    assert event.rrule and event.start == datetime(2025, 3, 10, 19, 30, tzinfo=NY), r.text
