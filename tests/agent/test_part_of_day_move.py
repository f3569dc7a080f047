"""A move to a day's part with no clock ("move it to Thursday afternoon", 改到周四下午) keeps the event's own
clock when that part of the day holds it — as "move it to Thursday" keeps it — and asks the time when it does
not (a 3pm meeting moved to "Thursday morning"). Now is Wednesday 2025-03-05 09:00 in America/New_York; the
meeting is Friday 3-4pm."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

ROWS = [
    ("周会改到周四下午", "周四下午", datetime(2025, 3, 6, 15, tzinfo=NY)),
    ("move the 周会 to thursday afternoon", "thursday afternoon", datetime(2025, 3, 6, 15, tzinfo=NY)),
    ("週會挪到下週一下午", "下週一下午", datetime(2025, 3, 10, 15, tzinfo=NY)),
    ("push the 周会 to the next day in the afternoon", "the next day in the afternoon", datetime(2025, 3, 8, 15, tzinfo=NY)),
]


@pytest.mark.parametrize(("text", "when", "start"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_part_of_day_that_holds_its_clock_keeps_it(kit: Kit, text: str, when: str, start: datetime) -> None:
    await kit.seed("周会", datetime(2025, 3, 7, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": "周会", "when": when}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert event.start == start, r.text


@pytest.mark.parametrize(("text", "when"), [("move the 周会 to thursday morning", "thursday morning"), ("周会改到周四早上", "周四早上")])
async def test_a_part_of_day_without_its_clock_asks_the_time(kit: Kit, text: str, when: str) -> None:
    seeded = await kit.seed("周会", datetime(2025, 3, 7, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": "周会", "when": when}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert event.start == seeded.start and r.pending is not None, r.text
