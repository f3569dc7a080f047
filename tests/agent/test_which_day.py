""""Which day is my X?" asks for a time and names none (哪一天 holds no 一天 "one day"): when the model answers
it with a free-time read over a range it made up (and the event's name as ``whose``), the events the user's
words name answer it (``tools.reads.find_free_time``). Scripted model; own phrasings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (timezone, the event's title, the user's question, what the model put in ``whose``)
ROWS = [
    ("Asia/Shanghai", "体检", "体检是在哪一天来着", "体检"),
    ("Asia/Shanghai", "年会", "我的年会定在哪一天", "年会"),
    ("Asia/Shanghai", "體檢", "體檢在哪一天", "我"),
    ("Asia/Shanghai", "看牙医", "我跟牙医约的是哪一天", "牙医"),
    ("Asia/Shanghai", "理发", "理发约在哪天", "理发"),
    ("America/New_York", "Physio", "which day is my physio again?", "physio"),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[2] for r in ROWS])
async def test_which_day_finds_the_named_event(database: Any, make_user: Any, row: Any) -> None:
    zone, title, question, whose = row
    kit = await make_kit(database, make_user, timezone=zone)
    tz = NY if zone == "America/New_York" else SH
    await kit.seed(title, datetime(2025, 3, 12, 10, tzinfo=tz))  # a week from now, a Wednesday
    await kit.seed("Other thing" if question.isascii() else "别的事", datetime(2025, 3, 5, 15, tzinfo=tz))
    range_ = "Wednesday 2025-03-05 10:00"
    kit.script(
        call("find_free_time", {"range": range_, "duration": "1 hour", "whose": whose}),
        reply("Free from 10:00 to 18:00 on Wednesday." if question.isascii() else "周三 10:00 至 18:00 有空。"),
    )
    r = await kit.assistant.reply(kit.user_id, question)
    assert "12" in r.text and title in r.text, r.text
    assert not r.writes
