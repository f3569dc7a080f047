"""A bare amount of a move is minutes ("push the review back 30", "delay it by 15"): the event moves by that
much and keeps its length; it was "When should … be?" right after the user said. Scripted model, real store;
the review is Thursday 10:00-11:00 (NOW is Wednesday 09:00)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

START = datetime(2025, 3, 6, 10, tzinfo=NY)

# (message, the model's `when`, the new start)
MOVES = [
    ("push the review back 30", "back 30", (10, 30)),
    ("can you delay it by 15", "delay it by 15", (10, 15)),
    ("review: bring it forward 10 please", "bring it forward 10", (9, 50)),
    ("the review: push it back 30 please", "push it back 30", (10, 30)),
]


@pytest.mark.parametrize(("text", "when", "start"), MOVES, ids=[f"{r[0]}:{r[1]}" for r in MOVES])
async def test_a_bare_amount_moves_by_minutes(kit: Kit, text: str, when: str, start: tuple[int, int]) -> None:
    await kit.seed("Review", START)
    kit.script(call("update_event", {"event": "review", "when": when}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert len(r.writes) == 1, r.text
    assert (event.start.hour, event.start.minute) == start
    assert event.end - event.start == START.replace(hour=11) - START
