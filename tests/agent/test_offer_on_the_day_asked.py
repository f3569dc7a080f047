"""An offer to add an event the model sent as a move of something not on the calendar is on the day the
user just asked about, when its clock lies in that day's time (``agent.writes.new_event`` with
``agent.guards.days_asked``; live: "我周六有空吗" then "那上午十点去游泳" offered the swim on Monday). Scripted
model; EN and ZH. Now is Wednesday 2025-03-05; Saturday is 2025-03-08."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, the question, its range, the follow-up, the model's update of an event not there)
ROWS = [
    (SH, "我周六有空吗", "周六", "那上午十点去游泳", {"event": "游泳", "when": "上午10点"}),
    (SH, "周六有安排吗", "周六", "那就十点去爬山吧", {"event": "爬山", "when": "十点"}),
    (SH, "週六有空嗎", "週六", "那上午十點去游泳", {"event": "游泳", "when": "上午十點"}),
    (NY, "am I free on saturday?", "saturday", "then swimming at 10am", {"event": "swimming", "when": "10am"}),
    (NY, "anything planned saturday?", "saturday", "ok, put hiking at 10", {"event": "hiking", "when": "10am"}),
    (NY, "is saturday open?", "saturday", "great, pottery class at 10am then", {"event": "pottery class", "when": "10am"}),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_the_offer_is_on_the_day_asked(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    zone, question, window, said, update = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    kit.script(
        call("find_free_time", {"range": window, "duration": "1 hour"}, request="calendar_question"),
        reply("ok", request="calendar_question"),
    )
    await kit.assistant.reply(kit.user_id, question)
    kit.script(call("update_event", update, request="change"), call("update_event", update, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, said)
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert "haven't done this part" not in r.text and "还没有处理" not in r.text, r.text  # the offer is the answer
    kit.script()
    await kit.assistant.reply(kit.user_id, "yes" if zone is NY else "好的")
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 8, 10, tzinfo=zone), r.text
