"""Alarms, timers and bookings are not events: code refuses the create whatever the model chose. Scripted
model."""

from __future__ import annotations

import pytest

from agent.model import call
from agent.out_of_scope import asks_for_alarm, asks_to_book, asks_to_send
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


@pytest.mark.parametrize(
    ("text", "booking"),
    [
        ("Book me a flight to Denver on Monday morning", True),
        ("帮我订一张周日去杭州的机票", True),
        ("book a table at Nopa for 7pm Friday", True),
        ("get me a taxi to the airport at 6am", True),
        ("buy two tickets for the concert", True),
        ("Book a one-way ticket to Paris", True),
        ("预订周五晚上的酒店", True),
        ("帮我买周六的电影票", True),
        ("Book a call with Acme on Friday at 7:30", False),  # a meeting
        ("book the dentist for tuesday 3pm", False),
        ("reserve the conference room for 2pm", False),
        ("订会议室开会", False),
        ("I booked a flight to Chicago on Friday at 9am", False),  # done: an event to add
        ("book my flight to Chicago on my calendar for Friday 9am", False),  # the calendar is asked for
    ],
)
def test_asks_to_book(text: str, booking: bool) -> None:
    assert asks_to_book(text) is booking


async def test_a_booking_request_is_not_written_as_an_event(kit: Kit) -> None:
    args = {"title": "Flight to Denver", "when": "Monday morning", "location": "Denver"}
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, "Book me a flight to Denver on Monday morning")
    assert model.call_count == 1 and await kit.events() == [] and r.writes == ()
    assert r.text.startswith("I can't book or buy anything") and r.pending is None


@pytest.mark.parametrize(
    ("text", "sending"),
    [
        ("email the group that tomorrow's meeting is cancelled", True),  # about a meeting, still a message
        ("send Bob a text about dinner", True),
        ("发邮件通知大家明天的会取消", True),
        ("给张三发个微信说我晚点到", True),
        ("remind me to text Bob at 5pm", False),  # a reminder event
        ("send an invite to Bob for lunch tomorrow at noon", False),  # the event, with Bob
        ("Schedule a message review tomorrow at 3", False),
        ("add a call with the messaging team tomorrow at 3", False),
        ("put 'email Bob' on my calendar tomorrow at 9", False),
    ],
)
def test_asks_to_send(text: str, sending: bool) -> None:
    assert asks_to_send(text) is sending


async def test_a_message_to_send_is_not_written_as_an_event(kit: Kit) -> None:
    args = {"title": "Team Meeting", "when": "tomorrow", "notes": "Meeting is off"}
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, "email the group that tomorrow's meeting is cancelled")
    assert model.call_count == 1 and await kit.events() == [] and r.pending is None
    assert r.text.startswith("I can't send emails or messages")
