"""A repetition the model passed without the days the user took out of it ("every day at 7am" of "every day at
7am except sunday") is the user's narrower series: the event must never land on a day the user excluded.
The exception may sit inside the user's time phrase or in a clause of its own (…，周日除外). Scripted model;
EN and ZH (simplified and traditional)."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

_WEEK = {"MO", "TU", "WE", "TH", "FR", "SA", "SU"}

# (message, the model's create, the weekdays the series must be on)
ROWS: list[tuple[str, dict[str, Any], set[str]]] = [
    ("run every day at 7am except sunday", {"title": "Run", "when": "every day at 7am"}, _WEEK - {"SU"}),
    ("run every day at 7am except sunday", {"title": "Run", "when": "7am", "recurrence": "every day"},
     _WEEK - {"SU"}),
    ("stretching daily at 9pm but not on saturdays", {"title": "Stretching", "when": "daily at 9pm"},
     _WEEK - {"SA"}),
    ("piano practice every day at 5pm apart from weekends", {"title": "Piano practice", "when": "5pm",
     "recurrence": "daily"}, {"MO", "TU", "WE", "TH", "FR"}),
    ("team check-in every weekday at 10am except friday", {"title": "Team check-in", "when": "every weekday at 10am"},
     {"MO", "TU", "WE", "TH"}),
    ("walk the dog every day at 8am, not on sundays", {"title": "Walk the dog", "when": "every day at 8am"},
     _WEEK - {"SU"}),
    ("每天早上七点跑步，周日除外", {"title": "跑步", "when": "每天早上七点"}, _WEEK - {"SU"}),
    ("每天晚上九点拉伸，除了周六", {"title": "拉伸", "when": "每天晚上九点"}, _WEEK - {"SA"}),
    ("除了周末每天下午五点练琴", {"title": "练琴", "when": "下午五点", "recurrence": "每天"},
     {"MO", "TU", "WE", "TH", "FR"}),
    ("每個工作日上午十點開會，週五除外", {"title": "開會", "when": "每個工作日上午十點"}, {"MO", "TU", "WE", "TH"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "days"), ROWS, ids=[f"{r[0]}|{r[1]['when']}" for r in ROWS])
async def test_the_days_taken_out_stay_out(kit: Kit, text: str, create: dict[str, Any], days: set[str]) -> None:
    kit.script(call("create_event", create), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    rule = dict(part.split("=") for part in (event.rrule or "").split(";") if "=" in part)
    assert set(rule.get("BYDAY", "").split(",")) == days, event.rrule


async def test_a_day_excepted_from_another_series_is_left_alone(kit: Kit) -> None:
    # the exception belongs to the user's other series, not to the one the model wrote
    kit.script(call("create_event", {"title": "Run", "when": "every day at 7am"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "run every day at 7am; and swim daily at 6pm except sunday")
    [event] = await kit.events()
    assert (event.rrule or "").startswith("FREQ=DAILY"), event.rrule
