"""A new series asked about (it overlaps) and answered with a clock alone ("9am instead", 以后改成九点): the
series is written at the new clock from its first day — the repetition the first turn settled is kept, never
a one-off on that day (live: 每周一早上八点半例会, then 以后改成九点, asked "what time on Monday?"). Scripted
model; EN and ZH. Now is Wednesday 2025-03-05; Monday the 10th has a block 8:00-9:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

EN, ZH = "America/New_York", "Asia/Shanghai"

# (zone, first message, the model's create, the answer, (hour, minute) wanted)
ROWS: list[tuple[str, str, dict[str, Any], str, tuple[int, int]]] = [
    (EN, "standup every monday at 8:30am", {"title": "Standup", "when": "every monday at 8:30am"}, "9am instead",
     (9, 0)),
    (EN, "team sync every monday at 8:30am", {"title": "Team sync", "when": "every monday at 8:30am"},
     "at 9:15 then", (9, 15)),
    (EN, "planning every monday 8:30am", {"title": "Planning", "when": "every monday 8:30am"}, "10am", (10, 0)),
    (ZH, "每周一早上八点半例会", {"title": "例会", "when": "每周一早上八点半"}, "以后改成九点", (9, 0)),
    (ZH, "每周一上午八点半组会", {"title": "组会", "when": "每周一上午八点半"}, "九点一刻吧", (9, 15)),
    (ZH, "每週一早上八點半晨會", {"title": "晨會", "when": "每週一早上八點半"}, "改到十點", (10, 0)),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "first", "create", "answer", "at"), ROWS, ids=[r[3] for r in ROWS])
async def test_the_series_keeps_its_rule(
    database: Any, make_user: Any, tz: str, first: str, create: dict[str, Any], answer: str, at: tuple[int, int]
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Block", datetime(2025, 3, 10, 8, tzinfo=kit.tz), datetime(2025, 3, 10, 9, tzinfo=kit.tz))
    kit.script(call("create_event", create), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and asked.pending.kind == "needs_confirmation", asked.text
    kit.script(reply("unused"))
    r = await kit.assistant.reply(kit.user_id, answer)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = [e for e in await kit.events() if e.title != "Block"]
    local = event.start.astimezone(kit.tz)
    assert (local.day, local.hour, local.minute) == (10, *at), r.text
    assert event.rrule and "BYDAY=MO" in event.rrule, event.rrule
