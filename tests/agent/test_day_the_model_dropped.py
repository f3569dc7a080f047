"""A new event whose time the model passed without the day the user gave it.

* A day joined to its time by a dash ("next Tuesday — 7pm", 周二—晚上七点): the time service read it as a range
  from the day's midnight to the clock, so the model's "7pm" found no fuller phrase and the event landed
  today (``schedule_time.compose.dash_joined``, ``agent.fuller_phrase``).
* A past day in the clause that names the event ("the standup yesterday, it was 9:30 to 10"): the day is the
  event's, and the write is asked first as every past one is (``agent.writes.left_out.day_for_clock``); a past
  day in another clause ("rough day yesterday, so … at 6pm") stays context, and the event is today's.
* Beside the user's range, an end the model made up goes (``agent.guards.phrase_fallback``): before, the turn
  asked "When should it end?" of a user who had said it.

Scripted model; now is Wednesday 2025-03-05 09:00 in New York.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's create, the stored start and end)
DASHED = [
    ("dinner with Kat next Tuesday — 7pm", {"title": "Dinner with Kat", "when": "7pm"},
     datetime(2025, 3, 11, 19, tzinfo=NY), datetime(2025, 3, 11, 20, tzinfo=NY)),
    ("team offsite friday - 9am to 5pm", {"title": "Team offsite", "when": "9am to 5pm"},
     datetime(2025, 3, 7, 9, tzinfo=NY), datetime(2025, 3, 7, 17, tzinfo=NY)),
    ("haircut on the 14th – 10am", {"title": "Haircut", "when": "10am"},
     datetime(2025, 3, 14, 10, tzinfo=NY), datetime(2025, 3, 14, 11, tzinfo=NY)),
    ("周二—晚上七点 和小李吃饭", {"title": "和小李吃饭", "when": "晚上七点"},
     datetime(2025, 3, 11, 19, tzinfo=NY), datetime(2025, 3, 11, 20, tzinfo=NY)),
    ("3月8日 - 下午三点 体检", {"title": "体检", "when": "下午三点"},
     datetime(2025, 3, 8, 15, tzinfo=NY), datetime(2025, 3, 8, 16, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "start", "end"), DASHED, ids=[r[0] for r in DASHED])
async def test_a_day_joined_to_its_time_by_a_dash_is_the_events(
    kit: Kit, text: str, create: dict[str, Any], start: datetime, end: datetime
) -> None:
    kit.script(call("create_event", create), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert (event.start, event.end) == (start, end), r.text


# (message, the model's create, the start and end the question names)
PAST = [
    ("record the standup yesterday, it was 9:30 to 10", {"title": "Standup", "when": "9:30 to 10"},
     datetime(2025, 3, 4, 9, 30, tzinfo=NY), datetime(2025, 3, 4, 10, tzinfo=NY)),
    ("add the dentist visit I had yesterday at 4pm", {"title": "Dentist visit", "when": "4pm"},
     datetime(2025, 3, 4, 16, tzinfo=NY), datetime(2025, 3, 4, 17, tzinfo=NY)),
    ("note down the sales call from the day before yesterday, 3 till 4 in the afternoon",
     {"title": "Sales call", "when": "3 till 4 in the afternoon"},
     datetime(2025, 3, 3, 15, tzinfo=NY), datetime(2025, 3, 3, 16, tzinfo=NY)),
    # the model's own day and a made-up end beside the user's range: the user's range, on the user's day
    ("record the standup yesterday, it was 9:30 to 10",
     {"title": "Standup", "when": "Wednesday 2025-03-05 09:30", "end": "Wednesday 2025-03-05 11:00"},
     datetime(2025, 3, 4, 9, 30, tzinfo=NY), datetime(2025, 3, 4, 10, tzinfo=NY)),
    ("昨天的复盘会补记一下，下午两点到三点", {"title": "复盘会", "when": "下午两点到三点"},
     datetime(2025, 3, 4, 14, tzinfo=NY), datetime(2025, 3, 4, 15, tzinfo=NY)),
    ("把昨天和老王的午饭记上，中午十二点", {"title": "午饭", "when": "中午十二点"},
     datetime(2025, 3, 4, 12, tzinfo=NY), datetime(2025, 3, 4, 13, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "start", "end"), PAST, ids=[f"{r[0]}-{i}" for i, r in enumerate(PAST)])
async def test_a_past_day_in_the_events_clause_is_its_day_and_asked(
    kit: Kit, text: str, create: dict[str, Any], start: datetime, end: datetime
) -> None:
    kit.script(call("create_event", create), call("create_event", create), reply("Done."))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.writes == () and asked.pending is not None and await kit.events() == [], asked.text
    assert ("March " + str(start.day)) in asked.text or f"3月{start.day}日" in asked.text, asked.text
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    (event,) = await kit.events()
    assert done.writes and (event.start, event.end) == (start, end), done.text


CONTEXT = [
    ("rough day yesterday, so put a massage in at 6pm", {"title": "Massage", "when": "6pm"}),
    ("I slept badly yesterday; book a nap at 2pm", {"title": "Nap", "when": "2pm"}),
    ("昨天没睡好，帮我约个按摩，晚上八点", {"title": "按摩", "when": "晚上八点"}),
]


@pytest.mark.parametrize(("text", "create"), CONTEXT, ids=[r[0] for r in CONTEXT])
async def test_a_past_day_in_another_clause_is_context(kit: Kit, text: str, create: dict[str, Any]) -> None:
    kit.script(call("create_event", create), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert event.start.date() == datetime(2025, 3, 5).date() and r.writes, r.text
