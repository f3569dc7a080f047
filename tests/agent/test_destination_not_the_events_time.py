"""Where the event goes is never its current time: a move whose ``event_when`` and ``when`` the model made
up (or copied from the prompt's "Now:") takes the user's destination phrase as the new start — also when
the model's reference was cut across the move ("会挪到礼拜五") and so holds that phrase. Before, the phrase
counted as a word of the event's name or as its current time, both made-up values were dropped, and the
update went back to the model with "the user asked nothing to change". Scripted model; own phrasings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (timezone, message, the model's update, the event moved, its new (day of March, hour))
ROWS = [
    ("Asia/Shanghai", "把跟老吴的会挪到礼拜五", {"event": "会挪到礼拜五", "event_when": "2025-03-05 22:00",
     "when": "2025-03-08 10:00"}, "预算评审（老吴）", (7, 10)),
    ("Asia/Shanghai", "老吴的评审往后挪到周五", {"event": "评审往后挪到周五", "event_when": "2025-03-05 22:00",
     "when": "2025-03-09 10:00"}, "预算评审（老吴）", (7, 10)),
    ("Asia/Taipei", "把老吳那個評審改到週五", {"event": "評審改到週五", "event_when": "2025-03-05 20:00", "when": "週六"},
     "預算評審（老吳）", (7, 10)),
    ("America/New_York", "move my call with Priya to friday", {"event": "call with Priya",
     "event_when": "2025-03-05 13:00", "when": "2025-03-08 10:00"}, "Call with Priya", (7, 15)),
    ("America/New_York", "can you push the budget review over to friday", {"event": "budget review",
     "event_when": "2025-03-05 09:00", "when": "2025-03-09"}, "Budget review", (7, 10)),
    ("America/New_York", "shift Priya's call to friday please", {"event": "Priya's call to friday",
     "when": "2025-03-08 10:00"}, "Call with Priya", (7, 15)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_the_destination_is_the_new_start(database: Any, make_user: Any, row: Any) -> None:
    zone, text, update, title, (day, hour) = row
    kit = await make_kit(database, make_user, timezone=zone)
    if text.isascii():
        await kit.seed("Call with Priya", datetime(2025, 3, 6, 15, tzinfo=kit.tz))
        await kit.seed("Budget review", datetime(2025, 3, 6, 10, tzinfo=kit.tz))
    else:
        await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=kit.tz))
        await kit.seed("部门午餐", datetime(2025, 3, 6, 12, tzinfo=kit.tz))
    kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    starts = {e.title: e.start.astimezone(kit.tz) for e in await kit.events()}
    assert (starts[title].day, starts[title].hour) == (day, hour), starts
    assert kit.model.call_count == 1
