"""A reference by title with a clock and no day ("19:00 to 21:00" copied from a listing, 七点那个) finds the
named event at that clock on its own day, not only today (agent.writes.references._at_its_clock).
Scripted model; now is Wednesday 2025-03-05 09:00 in New York; the dinner is Friday 19:00–21:00."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

FRIDAY_7PM = datetime(2025, 3, 7, 19)

# (message, the model's call, the dinner's start afterwards: None when deleted; whether it asks yes/no first)
ROWS = [
    (
        "they called it off, remove that one",
        call("delete_event", {"event": "Dinner at Nopa", "event_when": "19:00 to 21:00"}),
        True,
    ),
    ("drop the 7pm dinner", call("delete_event", {"event": "dinner", "event_when": "7pm"}), True),
    (
        "move the 7 o'clock dinner to 8pm",
        call("update_event", {"event": "dinner", "event_when": "7 o'clock", "when": "8pm"}),
        False,
    ),
    ("把七点的晚饭取消", call("delete_event", {"event": "晚饭", "event_when": "七点"}), True),
    (
        "晚上七點的晚飯改到晚上八點",
        call("update_event", {"event": "晚飯", "event_when": "晚上七點", "when": "晚上八點"}),
        False,
    ),
]


async def _kit(database: Any, make_user: Any, title: str):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user)
    start = FRIDAY_7PM.replace(tzinfo=kit.tz)
    await kit.seed(title, start, start + timedelta(hours=2))
    await kit.seed("Standup", datetime(2025, 3, 5, 10, tzinfo=kit.tz))
    return kit


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_named_event_at_that_clock(database: Any, make_user: Any, row: Any) -> None:
    text, model_call, deletes = row
    title = "Dinner at Nopa" if text.isascii() else "和家人晚饭"
    kit = await _kit(database, make_user, title)
    kit.script(model_call, reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    if deletes:  # a delete always asks first, naming the event found
        assert title in r.text and "?" in r.text.replace("？", "?") and not r.writes, r.text
        kit.script(reply("unused"))
        r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
        assert r.writes and r.writes[0].persisted, r.text
        assert [e.title for e in await kit.events()] == ["Standup"]
    else:
        assert r.writes and r.writes[0].persisted, r.text
        dinner = next(e for e in await kit.events() if e.title == title)
        assert (dinner.start, dinner.end - dinner.start) == (
            (FRIDAY_7PM + timedelta(hours=1)).replace(tzinfo=kit.tz),
            timedelta(hours=2),
        )


async def test_the_same_clock_on_two_days_is_a_choice(database: Any, make_user: Any) -> None:
    kit = await _kit(database, make_user, "Dinner at Nopa")
    saturday = datetime(2025, 3, 8, 19, tzinfo=kit.tz)
    await kit.seed("Dinner at Nopa", saturday, saturday + timedelta(hours=2))
    kit.script(call("delete_event", {"event": "Dinner at Nopa", "event_when": "7pm"}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "delete the 7pm dinner at Nopa")
    assert not r.writes and "March 7" in r.text and "March 8" in r.text, r.text


async def test_a_clock_the_event_is_not_at_finds_nothing(database: Any, make_user: Any) -> None:
    kit = await _kit(database, make_user, "Dinner at Nopa")
    kit.script(call("delete_event", {"event": "Dinner at Nopa", "event_when": "6pm"}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "delete the 6pm dinner at Nopa")
    assert not r.writes and len(await kit.events()) == 2, r.text
