"""An ``end`` the model wrote in its own notation is the user's when it is where a clock range of theirs ends
("16:30" for 三点到四点半): no "when does it end?" after the user said it. An end no range of theirs gives
is still not theirs. Now is Wednesday 2025-03-05 09:00 in America/New_York; 周会 is Friday 3-4pm."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's call, the written start and end as (day, hour, minute))
ROWS: list[tuple[str, tuple[str, dict[str, Any]], tuple[int, int, int], tuple[int, int, int]]] = [
    ("周会改成三点到四点半", ("update_event", {"event": "周会", "when": "15:00", "end": "16:30"}), (7, 15, 0), (7, 16, 30)),
    ("把周会改到下午两点到三点半", ("update_event", {"event": "周会", "when": "14:00", "end": "15:30"}),
     (7, 14, 0), (7, 15, 30)),
    ("週會改成三點到四點半", ("update_event", {"event": "周会", "when": "15:00", "end": "16:30"}), (7, 15, 0), (7, 16, 30)),
    ("周会 make it 3 to 4:30", ("update_event", {"event": "周会", "when": "3pm", "end": "16:30"}), (7, 15, 0), (7, 16, 30)),
    ("明天三点到四点半和老王对账", ("create_event", {"title": "和老王对账", "when": "明天15:00", "end": "16:30"}),
     (6, 15, 0), (6, 16, 30)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "first", "start", "end"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_end_of_the_users_range_is_theirs(
    kit: Kit, text: str, first: tuple[str, dict[str, Any]], start: tuple[int, int, int], end: tuple[int, int, int]
) -> None:
    await kit.seed("周会", datetime(2025, 3, 7, 15, tzinfo=NY))
    kit.script(call(*first), call(*first), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    events = {e.title: (e.start, e.end) for e in await kit.events()}
    title = first[1].get("title") or first[1]["event"]
    at = [datetime(2025, 3, d, h, m, tzinfo=NY) for d, h, m in (start, end)]
    assert events[title] == tuple(at), r.text
    assert r.writes and r.writes[0].persisted, r.text


async def test_an_end_no_range_of_theirs_gives_is_not_theirs(kit: Kit) -> None:
    await kit.seed("周会", datetime(2025, 3, 7, 15, tzinfo=NY))
    made_up = call("update_event", {"event": "周会", "when": "15:00", "end": "17:00"})
    kit.script(made_up, made_up, reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "周会改成三点到四点半")
    (event,) = await kit.events()
    assert event.end != datetime(2025, 3, 7, 17, tzinfo=NY), r.text
