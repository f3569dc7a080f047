"""Corrections of the event just written that the model's update half-carries.

* The message names someone spelled or said almost like one of the event's people and the update leaves the
  attendees as they are: back to the model once, naming the person (agent.writes.named_values; the table
  rows are in tests/agent/test_named_values.py); a second answer that is the same update is written as is.
* The update has no time of its own left (a made-up new time, dropped by grounding, or none at all) and the
  message says one length: the length is the change (agent.writes.left_out.length_of_a_correction), never
  "nothing to change". An event the last turn did not write is not filled this way.

Scripted model, real store; now is Wednesday 2025-03-05 09:00 in New York.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit


async def test_the_same_update_again_keeps_the_person(kit: Kit) -> None:
    create = {"title": "Lunch", "when": "thursday 1pm", "attendees": ["Jon"]}
    update = {"event": "lunch", "when": "2pm"}
    model = kit.script(call("create_event", create), call("update_event", update), call("update_event", update))
    await kit.assistant.reply(kit.user_id, "lunch with Jon thursday 1pm")
    r = await kit.assistant.reply(kit.user_id, "Joan says 2pm works better")
    assert model.call_count == 3 and r.writes, r.text
    (event,) = await kit.events()
    assert (event.start.hour, event.attendees) == (14, ("Jon",))


# (first message, its create, the correction, the model's update, the stored start and end clock)
LENGTHS: list[tuple[str, dict[str, Any], str, dict[str, Any], tuple[int, int], tuple[int, int]]] = [
    ("dentist thursday 3pm", {"title": "Dentist", "when": "thursday 3pm"},
     "oh and block two hours for it", {"event": "dentist", "when": "thursday 5pm to 7pm"}, (15, 0), (17, 0)),
    ("call with the bank friday 10am", {"title": "Call with the bank", "when": "friday 10am"},
     "it'll take 45 minutes", {"event": "call with the bank", "event_when": "friday 10am"}, (10, 0), (10, 45)),
    ("周四下午三点看牙", {"title": "看牙", "when": "周四下午三点"},
     "对了，留一个半小时", {"event": "看牙", "when": "周四下午五点到六点半"}, (15, 0), (16, 30)),
    ("週五上午十點剪頭髮", {"title": "剪頭髮", "when": "週五上午十點"},
     "大概要兩個鐘頭", {"event": "剪頭髮", "event_when": "週五上午十點"}, (10, 0), (12, 0)),
]  # fmt: skip


@pytest.mark.parametrize("row", LENGTHS, ids=[r[2] for r in LENGTHS])
async def test_a_length_is_the_change_of_the_event_just_written(kit: Kit, row: tuple) -> None:
    first, create, correction, update, start, end = row
    model = kit.script(call("create_event", create), call("update_event", update), reply("unused"))
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, correction)
    assert model.call_count == 2 and [w.action for w in r.writes] == ["updated"], r.text
    (event,) = await kit.events()
    local = event.start.astimezone(NY), event.end.astimezone(NY)
    assert ((local[0].hour, local[0].minute), (local[1].hour, local[1].minute)) == (start, end), r.text


async def test_a_length_is_not_filled_into_an_event_the_last_turn_did_not_write(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    model = kit.script(call("update_event", {"event": "dentist", "when": "thursday 5pm to 7pm"}),
                       reply("How long should it be?"))  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, "the dentist needs two hours blocked")
    assert r.writes == () and model.call_count == 2, r.text
    (event,) = await kit.events()
    assert event.end.astimezone(NY).hour == 16
