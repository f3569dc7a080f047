"""A message with two requests: the second request's words parked in the first call's location, notes or
attendees are dropped (``writes.siblings``) — by position: they stand only in a clause that names another
call of the answer or says a start this call does not use. Details said beside the call's own event, or in
a clause with no time of its own, stay. Scripted model, real store; now is Wednesday 2025-03-05 09:00 in
America/New_York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import ModelResponse, ToolCall, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit, make_kit


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=NY)


# (zone, seeded title, message, the model's first call — the second request follows in a later answer)
PARKED = [
    ("America/New_York", "Call with Dana", "move my call with Dana to 4 and add yoga at 7 tonight",
     {"event": "call with Dana", "when": "4", "location": "yoga", "notes": "add yoga at 7 tonight"}),
    ("America/New_York", "Budget review", "push the budget review to 3pm, also drinks with Omar at the Ritz at 6",
     {"event": "budget review", "when": "3pm", "location": "the Ritz", "attendees": ["Omar"]}),
    ("Asia/Shanghai", "和老陈开会", "把周五和老陈的会改到三点，另外晚上八点加个健身",
     {"event": "和老陈的会", "event_when": "周五", "when": "三点", "location": "健身"}),
    ("Asia/Taipei", "讀書會", "週五的讀書會改到晚上八點，再約週六下午兩點在誠品看展",
     {"event": "讀書會", "when": "晚上八點", "location": "誠品"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "title", "text", "update"), PARKED, ids=[r[2] for r in PARKED])
async def test_the_other_requests_words_are_not_written_into_this_event(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 7, 14, tzinfo=kit.tz))  # Friday
    kit.script(call("update_event", update), reply("Done."), reply("Done."))  # (asked about the time left)
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    (event,) = await kit.events()
    assert (event.location, event.notes, event.attendees) == (None, None, ()), event


async def test_two_calls_in_one_answer_keep_each_their_own_place(kit: Kit) -> None:
    both = ModelResponse(
        tool_calls=(
            ToolCall("c0", "create_event", {"title": "Dentist", "when": "friday 10am", "location": "Zuni"}),
            ToolCall("c1", "create_event", {"title": "Lunch", "when": "friday at 1", "location": "Zuni"}),
        ),
        finish_reason="tool_calls",
    )
    kit.script(both, reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "dentist friday 10am and lunch at Zuni at 1")
    assert len(r.writes) == 2, r.text
    places = {e.title: e.location for e in await kit.events()}
    assert places == {"Dentist": None, "Lunch": "Zuni"}


@pytest.mark.parametrize(
    ("text", "update", "field", "value"),
    [
        ("move the call with Dana to 4, it's at the cafe now", {"event": "call with Dana", "when": "4",
         "location": "the cafe"}, "location", "the cafe"),
        ("call with Dana to 4pm, and it's with Priya too", {"event": "call with Dana", "when": "4pm",
         "attendees": ["Priya"]}, "attendees", ("Priya",)),
        ("和Dana的电话改到下午四点，地点在星巴克", {"event": "Dana", "when": "下午四点", "location": "星巴克"},
         "location", "星巴克"),
    ],
)  # fmt: skip
async def test_a_detail_in_a_clause_with_no_time_of_its_own_stays(
    kit: Kit, text: str, update: dict, field: str, value: Any
) -> None:
    await kit.seed("Call with Dana", _at(5, 14))
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    (event,) = await kit.events()
    assert getattr(event, field) == value


async def test_a_place_said_beside_each_event_stays_with_both(kit: Kit) -> None:
    both = ModelResponse(
        tool_calls=(
            ToolCall("c0", "create_event", {"title": "Lunch with Sam", "when": "friday at noon",
                                            "location": "Nando's"}),
            ToolCall("c1", "create_event", {"title": "Dinner", "when": "friday at 7pm", "location": "Nando's"}),
        ),
        finish_reason="tool_calls",
    )  # fmt: skip
    kit.script(both, reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "lunch with Sam at Nando's friday at noon and dinner at Nando's at 7pm")
    assert len(r.writes) == 2, r.text
    assert {e.location for e in await kit.events()} == {"Nando's"}
