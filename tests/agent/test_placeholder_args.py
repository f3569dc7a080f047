"""An optional argument the model fills with a placeholder ("none", recurrence "once", attendees ["none"])
is left out (``tools.args``): "none" is no words of the user's, so grounding sent it back, and a repetition
the user said was then asked about ("How often should … repeat?") instead of kept. Own phrasings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from agent.tools.args import STOP_REPEATING, CreateEventArgs, UpdateEventArgs
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, make_kit


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ({"recurrence": "none"}, {"recurrence": None}),
        ({"recurrence": "Once"}, {"recurrence": None}),
        ({"recurrence": "不重复"}, {"recurrence": None}),
        ({"recurrence": "every day"}, {"recurrence": "every day"}),
        ({"location": "N/A", "notes": "null"}, {"location": None, "notes": None}),
        ({"location": "无", "notes": "没有"}, {"location": None, "notes": None}),
        ({"attendees": ["none"]}, {"attendees": []}),
        ({"attendees": ["Ana", "Leo"]}, {"attendees": ["Ana", "Leo"]}),
        ({"notes": "once a week check the filter"}, {"notes": "once a week check the filter"}),
        ({"location": "Once Upon a Bagel"}, {"location": "Once Upon a Bagel"}),
    ],
)
def test_a_placeholder_is_no_value(given: dict, kept: dict) -> None:
    args = CreateEventArgs(title="Walk", when="tomorrow 7am", **given)
    assert {k: getattr(args, k) for k in kept} == kept


# A repetition value that says "does not repeat" in other words, with words around it that change nothing:
# an update's is a stop (``STOP_REPEATING``, asked first), a new event's is no repetition.
NO_REPETITION = ["一次性", "一次性的", "不要重复了", "不再重複了", "单次的", "只一次", "a one-time thing", "just once",
                 "only once", "one-off", "a one-off event", "non-recurring", "doesn't repeat", "stop repeating"]  # fmt: skip
REPETITIONS = ["once a week", "once a month", "every monday", "只在周一", "每周一次", "just on mondays"]


@pytest.mark.parametrize("value", NO_REPETITION)
def test_no_repetition_in_other_words(value: str) -> None:
    assert UpdateEventArgs(event="Yoga", recurrence=value).recurrence == STOP_REPEATING
    assert CreateEventArgs(title="Yoga", when="7pm", recurrence=value).recurrence is None


@pytest.mark.parametrize("value", REPETITIONS)
def test_a_repetition_is_never_read_as_none(value: str) -> None:
    assert UpdateEventArgs(event="Yoga", recurrence=value).recurrence == value
    assert CreateEventArgs(title="Yoga", when="7pm", recurrence=value).recurrence == value


def test_an_updates_placeholder_attendees_leave_them_as_they_are() -> None:
    # [] would clear the event's people; a placeholder list is no change at all
    assert UpdateEventArgs(event="Walk", attendees=["none"]).attendees is None


# (timezone, message with a repetition, the model's create with a placeholder repetition, the rule)
ROWS = [
    ("Asia/Shanghai", "从下周一开始每天早上8点吃维生素，记一下，5分钟就行",
     {"title": "吃维生素", "when": "下周一早上8点", "duration": "5分钟", "recurrence": "none", "location": "无"}, "FREQ=DAILY"),
    ("Asia/Shanghai", "以后每周三晚上七点练琴", {"title": "练琴", "when": "周三晚上七点", "recurrence": "不重复"}, "FREQ=WEEKLY"),
    ("America/New_York", "starting monday, stretch every day at 7am for 10 minutes",
     {"title": "Stretch", "when": "monday at 7am", "duration": "10 minutes", "recurrence": "none"}, "FREQ=DAILY"),
    ("America/New_York", "water the plants every saturday at 9am",
     {"title": "Water the plants", "when": "saturday at 9am", "recurrence": "once", "notes": "none"}, "FREQ=WEEKLY"),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_the_users_repetition_is_kept_past_a_placeholder(database: Any, make_user: Any, row: Any) -> None:
    zone, text, create, rule = row
    kit = await make_kit(database, make_user, timezone=zone)
    kit.script(call("create_event", create), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert event.rrule is not None and event.rrule.startswith(rule), event.rrule
    assert event.notes is None and event.location is None


async def test_placeholder_people_leave_the_events_people(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Lunch", datetime(2025, 3, 6, 12, tzinfo=NY), attendees=["Ana"])
    kit.script(call("update_event", {"event": "Lunch", "when": "1pm", "attendees": ["none"]}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "push lunch tomorrow to 1pm")
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert list(event.attendees) == ["Ana"] and event.start.astimezone(NY).hour == 13


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("none", None),
        ("N/A", None),
        ("never", "never"),
        ("Once", "never"),
        ("does not repeat", "never"),
        ("不重复", "never"),
        ("不重複", "never"),
        ("every other week", "every other week"),
    ],
)
def test_an_updates_no_repetition_stops_it(given: str, kept: str | None) -> None:
    # in an update "never" is a value (the repetition stops, asked first: ``writes.repetition``); "none" is
    # still the model's placeholder
    assert UpdateEventArgs(event="Standup", recurrence=given).recurrence == kept
