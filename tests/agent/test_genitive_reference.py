"""A reference by day and time in the genitive ("Friday's 2 o'clock call", "today’s 3pm" with a phone's
apostrophe, 周五两点的电话) finds the event at that time that day — the time service reads the genitive as one
time; a genitive that names a person ("Dana's 3pm") and matches no title is not found, never the event that
happens to be at 3. Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the model's update)
BY_GENITIVE = [
    ("America/New_York", "move Friday's 2 o'clock call to 3", {"event": "Friday's 2 o'clock call", "when": "3pm"}),
    ("America/New_York", "bump Friday’s 2pm meeting to 3", {"event": "Friday’s 2pm meeting", "when": "Friday 3pm"}),
    ("America/New_York", "can friday's 2pm start at 3 instead", {"event": "friday's 2pm", "when": "3pm"}),
    ("Europe/London", "shift Friday's 14:00 to 15:00", {"event": "Friday's 14:00", "when": "15:00"}),
    ("Asia/Shanghai", "把周五两点的电话改到三点", {"event": "周五两点的电话", "when": "三点"}),
    ("Asia/Shanghai", "周五下午两点那个会挪到三点", {"event": "周五下午两点那个会", "when": "下午三点"}),
    ("Asia/Taipei", "週五兩點的會改到三點", {"event": "週五兩點的會", "when": "三點"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "update"), BY_GENITIVE, ids=[r[1] for r in BY_GENITIVE])
async def test_a_genitive_day_and_time_finds_the_event(
    database: Any, make_user: Any, tz: str, text: str, update: dict
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Acme sync", datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    await kit.seed("Dentist", datetime(2025, 3, 7, 10, tzinfo=kit.tz))
    kit.script(call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 1, r.text
    moved = {e.title: e.start for e in await kit.events()}
    assert moved == {
        "Acme sync": datetime(2025, 3, 7, 15, tzinfo=kit.tz),
        "Dentist": datetime(2025, 3, 7, 10, tzinfo=kit.tz),
    }


NAMED = [
    ("move Dana's 2pm to 3", {"event": "Dana's 2pm", "when": "3pm"}, "Dana"),
    ("push Marco’s 2 o'clock to 3", {"event": "Marco’s 2 o'clock", "when": "3pm"}, "Marco"),
    ("Priya's Friday 2pm should be at 3", {"event": "Priya's Friday 2pm", "when": "Friday 3pm"}, "Priya"),
]


@pytest.mark.parametrize(("text", "update", "name"), NAMED, ids=[r[0] for r in NAMED])
async def test_a_genitive_name_that_no_title_has_is_not_found(
    database: Any, make_user: Any, text: str, update: dict, name: str
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed("Dentist", datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    kit.script(call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and name in r.text, r.text
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 7, 14, tzinfo=kit.tz)
