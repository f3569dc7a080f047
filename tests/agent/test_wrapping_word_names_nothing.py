"""A word that only wraps a title ("with", "the", "for", "and") names no event: "meeting with HR" is not
"Tennis with Omar" (live: "I have a meeting with HR on wednesday at 11", sent as an update, was asked "Do
you mean “Tennis with Omar”?" — and a yes would have moved the tennis). The reference finds nothing, and the
update of an event the user has not got is offered as a new one, or asked about. Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, make_kit

# (the stored title, what the user says, the model's reference)
ROWS = [
    ("Tennis with Omar", "I have a meeting with HR on wednesday at 11", "meeting with HR"),
    ("Lunch with the team", "there's a call with the bank on wednesday at 11", "call with the bank"),
    ("Flowers for mom", "I've got a dinner for two on wednesday at 11", "dinner for two"),
    ("Drinks and snacks", "wednesday at 11 is coffee and cake", "coffee and cake"),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[2] for r in ROWS])
async def test_a_wrapping_word_alone_finds_no_event(database: Any, make_user: Any, row: tuple[str, str, str]) -> None:
    stored, said, reference = row
    kit = await make_kit(database, make_user, timezone="America/New_York")
    start = datetime(2025, 3, 8, 10, tzinfo=NY)
    await kit.seed(stored, start, datetime(2025, 3, 8, 11, 30, tzinfo=NY))
    kit.script(call("update_event", {"event": reference, "when": "Wednesday at 11"}, request="change"), reply("ok"))
    out = await kit.assistant.reply(kit.user_id, said)
    assert stored not in out.text
    assert [(e.title, e.start) for e in await kit.events()] == [(stored, start)]


async def test_a_shared_name_still_finds_the_event(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed("Tennis with Omar", datetime(2025, 3, 8, 10, tzinfo=NY), datetime(2025, 3, 8, 11, tzinfo=NY))
    kit.script(call("update_event", {"event": "tennis with Omar", "when": "11am"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "move tennis with Omar to 11am")
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 8, 11, tzinfo=NY)
