"""Alarms and timers are not events: code refuses the create whatever the model chose. Scripted model."""

from __future__ import annotations

import pytest

from agent.model import call
from agent.out_of_scope import asks_for_alarm
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit


@pytest.mark.parametrize(
    ("text", "alarm"),
    [
        ("please set two alarms, one at 12 pm and the next at 1 pm", True),
        ("set a timer for 10 minutes", True),
        ("wake me up at 6", True),
        ("明天早上六点的闹钟", True),
        ("定个定时器，20分钟", True),
        ("put an alarm for the dentist on my calendar", False),  # the calendar is asked for
        ("明天上午十点开会，设个闹钟提醒", False),  # a meeting
        ("lunch with Ana tomorrow at noon", False),
        ("Alarmingly busy week, add gym on Friday at 6pm", False),  # a word, not an alarm
    ],
)
def test_asks_for_alarm(text: str, alarm: bool) -> None:
    assert asks_for_alarm(text) is alarm


async def test_an_alarm_request_is_not_written_as_an_event(kit: Kit) -> None:
    model = kit.script(call("create_event", {"title": "Alarm", "when": "12 pm"}))
    r = await kit.assistant.reply(kit.user_id, "please set two alarms, one at 12 pm and the next at 1 pm")
    assert model.call_count == 1 and await kit.events() == []
    assert r.text.startswith("I can't set alarms or timers")


async def test_a_calendar_request_that_mentions_an_alarm_is_written(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Dentist", "when": "tomorrow at 3pm"}))
    await kit.assistant.reply(kit.user_id, "put the dentist tomorrow at 3pm on my calendar with an alarm")
    assert [e.title for e in await kit.events()] == ["Dentist"]
