"""A new event whose day is said in one place and its time as a range of bare hours in another ("note
down yesterday's bank call - we spoke 2 to 3 in the afternoon", 上周五的面试记一下，是下午两点到三点):
the range is a time of day though no piece of it is a clock, so the day and the range make the event's
start (agent.guards.phrase_fallback._day_and_clock_apart) instead of "When should … be?". Scripted model; now is
Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's create with a made-up time, the event's start and end (day, hour))
ROWS = [
    ("note down yesterday's bank call - we spoke 2 to 3 in the afternoon",
     {"title": "Call with the bank", "when": "Wednesday 2025-03-05 15:00"}, (4, 14), (4, 15)),
    ("friday's planning session - it goes from 10 to 12 in the morning",
     {"title": "Planning session", "when": "2025-03-07 11:00"}, (7, 10), (7, 12)),
    ("下周一的评审记一下，时间是下午两点到四点", {"title": "评审", "when": "周一 14:30"}, (10, 14), (10, 16)),
    ("週五的面試幫我記一下，是上午十點到十一點", {"title": "面試", "when": "週五 09:00"}, (7, 10), (7, 11)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "start", "end"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_day_and_the_range_make_the_start(
    database: Any, make_user: Any, text: str, create: dict[str, Any], start: tuple[int, int], end: tuple[int, int]
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    kit.script(call("create_event", create, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    if r.pending is not None:  # a past time asks first
        assert "?" in r.text and not r.writes, r.text
        r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "是的")
    assert [w.action for w in r.writes] == ["created"], r.text
    [event] = await kit.events()
    s, e = event.start.astimezone(kit.tz), event.end.astimezone(kit.tz)
    assert ((s.day, s.hour), (e.day, e.hour)) == (start, end), r.text
