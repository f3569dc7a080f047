"""A bare hour said as an event's end ("the end time should be 11", 培训的结束时间改成11): the number is the
end's hour (``guards.bare_hour.hour_said_as_an_end``, by the time service's ``said_as_an_end``). A lone "11"
is no time phrase, so the model's end ("11", "11:00") read as not the user's words and the turn asked "When
should it end?" of a user who had said it. A number not said as the end grounds nothing.
Scripted model; now is Wednesday 2025-03-05 09:00 in New York; the training is Thursday 9-10 AM."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

START = datetime(2025, 3, 6, 9, tzinfo=NY)

# (message, the model's end, the new end's hour)
ROWS = [
    ("the training's end time should be 11", "11", 11),
    ("change the training's end time to 12", "12:00", 12),
    ("training: end time 3", "3", 15),
    ("培训的结束时间改成11", "11", 11),
    ("培训结束时间定在12", "12:00", 12),
    ("培訓的結束時間改為11", "11", 11),
]


async def _seeded(kit: Kit, text: str) -> str:
    title = "Training" if text.isascii() else ("培訓" if "訓" in text else "培训")
    await kit.seed(title, START, START.replace(hour=10))
    return title


@pytest.mark.parametrize(("text", "end", "hour"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_bare_hour_is_the_end(kit: Kit, text: str, end: str, hour: int) -> None:
    title = await _seeded(kit, text)
    kit.script(call("update_event", {"event": title, "end": end}, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert (event.start, event.end) == (START, START.replace(hour=hour)), r.text


@pytest.mark.parametrize("text", ["the training has 11 people now", "培训现在有11个人"])
async def test_a_number_not_said_as_the_end_grounds_nothing(kit: Kit, text: str) -> None:
    title = await _seeded(kit, text)
    kit.script(call("update_event", {"event": title, "end": "11"}, request="change"),
               call("update_event", {"event": title, "end": "11"}, request="change"), reply("ok"))  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert not r.writes and event.end == START.replace(hour=10), r.text
