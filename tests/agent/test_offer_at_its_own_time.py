"""Two requests sent as one move ("dinner with Noor friday 8pm, and move the standup on monday to 10" as an
update of the dinner, ``event_when`` "friday 8pm", ``when`` "monday 10"): nothing is called that, so the
user is asked whether to add the new event — at the time said beside it, never at the other request's
(agent.writes.new_event). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the other event on the calendar, the model's update, the offered start: day, hour)
ROWS = [
    ("dinner with Noor friday 8pm, and move the standup on monday to 10", "Standup",
     {"event": "dinner with Noor", "event_when": "friday 8pm", "when": "monday 10"}, (7, 20)),
    ("yoga saturday 9am; also push the team sync on tuesday to 3pm", "Team sync",
     {"event": "yoga", "event_when": "saturday 9am", "when": "tuesday 3pm"}, (8, 9)),
    ("周五晚上八点和小凯吃饭，另外周一的站会改到十点", "站会",
     {"event": "和小凯吃饭", "event_when": "周五晚上八点", "when": "周一十点"}, (7, 20)),
    ("週六早上九點瑜伽，還有週二的例會改到下午三點", "例會",
     {"event": "瑜伽", "event_when": "週六早上九點", "when": "週二下午三點"}, (8, 9)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_offer_is_at_the_time_said_beside_the_event(database: Any, make_user: Any, row: tuple) -> None:
    text, other, update, (day, hour) = row
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    await kit.seed(other, datetime(2025, 3, 10, 9, 30, tzinfo=kit.tz))
    await kit.seed(other, datetime(2025, 3, 11, 9, 30, tzinfo=kit.tz))
    kit.script(call("update_event", update, request="change"), *[reply("")] * 4)
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    yes = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert [w.action for w in yes.writes] == ["created"], yes.text
    [made] = [e for e in await kit.events() if e.title != other]
    start = made.start.astimezone(kit.tz)
    assert (start.day, start.hour) == (day, hour), (r.text, yes.text)
