"""An ordinal that points into the list the last turn showed ("the second thing on that list", "the 2nd
event") reads to the time service as a day of the month. When the turn changed the event at that position,
the ordinal is that reference, not a request left undone: before, the reply said "I haven't done this part
of your message" right after the receipt of that very change (agent.turn.unsaid._a_position_shown).
Scripted model; now is Wednesday 2025-03-05 09:00, the list is Friday's three events."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

EVENTS = [("Standup", 9), ("Lunch with Ines", 12), ("Design review", 15)]

# (message, the position it names (0-based), the new time the model passes, the new hour)
ROWS = [
    ("move the second thing on that list to 4pm", 1, "4pm", 16),
    ("the first one on the list: make it 10am instead", 0, "10am", 10),
    ("push the 3rd event to 5pm please", 2, "5pm", 17),
    ("ok, the second entry should be at 1pm", 1, "1pm", 13),
]


async def _listed(database: Any, make_user: Any):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="America/New_York")
    for title, hour in EVENTS:
        await kit.seed(title, datetime(2025, 3, 7, hour, tzinfo=kit.tz))
    return kit


@pytest.mark.parametrize(("text", "position", "when", "hour"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_position_of_the_changed_event_is_no_request_left_undone(
    database: Any, make_user: Any, text: str, position: int, when: str, hour: int
) -> None:
    kit = await _listed(database, make_user)
    title = EVENTS[position][0]
    kit.script(
        call("list_events", {"range": "Friday"}, request="calendar_question"),
        reply("Here is Friday."),
        call("update_event", {"event": title, "when": when}),
        reply(""),
    )
    await kit.assistant.reply(kit.user_id, "what's on friday?")
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["updated"], r.text
    assert "haven't done" not in r.text, r.text
    starts = {e.title: e.start for e in await kit.events()}
    assert starts[title] == datetime(2025, 3, 7, hour, tzinfo=kit.tz)


async def test_the_position_decides_though_the_model_changed_another_event(database: Any, make_user: Any) -> None:
    """The ordinal names the second event, the model changed the first: the place in the list decides
    (agent.writes.position) — the second event moves, the first stays."""
    kit = await _listed(database, make_user)
    kit.script(
        call("list_events", {"range": "Friday"}, request="calendar_question"),
        reply("Here is Friday."),
        call("update_event", {"event": "Standup", "when": "4pm"}),
        reply(""),
        reply(""),
    )
    await kit.assistant.reply(kit.user_id, "what's on friday?")
    r = await kit.assistant.reply(kit.user_id, "move the second thing on that list to 4pm")
    assert [w.action for w in r.writes] == ["updated"] and "haven't done" not in r.text, r.text
    starts = {e.title: e.start.hour for e in await kit.events()}
    assert starts == {"Standup": 9, "Lunch with Ines": 16, "Design review": 15}, r.text
