"""Deleting one occurrence of a series asks about that one, and says the rest stays (before: the question
read like a delete of the whole event, "删除「周会」（12月7日（周一） 09:00–10:00）吗？"). A yes deletes that
occurrence only. Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, title, what the user says, the model's event_when, the yes, what the question says)
ROWS = [
    (SH, "周会", "下周一不开了", "周一", "是", "只删除「周会」3月10日（周一） 09:00–10:00这一次吗？"),
    (SH, "週會", "下週一的週會取消", "下週一", "好", "只刪除「週會」"),
    (SH, "周会", "3月10号那次周会不用开了", "3月10号", "对", "其余的保留"),
    (NY, "Team sync", "skip it next monday", "monday", "yes", "Delete only the “Team sync” on Monday, March 10"),
    (NY, "Team sync", "cancel monday's team sync, just that one", "monday", "yes please", "rest of the series stays"),
    (NY, "Team sync", "no team sync on march 10", "march 10", "sure", "Delete only the “Team sync”"),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[2] for r in ROWS])
async def test_one_occurrence_is_asked_about_as_one(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    zone, title, said, when, yes, asked = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    start = datetime(2025, 3, 3, 9, tzinfo=zone)
    await kit.seed(title, start, datetime(2025, 3, 3, 10, tzinfo=zone), rrule="FREQ=WEEKLY;BYDAY=MO")
    kit.script(call("delete_event", {"event": title, "event_when": when}, request="change"), reply("ok"))
    out = await kit.assistant.reply(kit.user_id, said)
    assert asked in out.text
    await kit.assistant.reply(kit.user_id, yes)
    (series,) = await kit.events()
    assert series.start == start and series.rrule == "FREQ=WEEKLY;BYDAY=MO"
    assert series.exdates == (datetime(2025, 3, 10, 9, tzinfo=zone),)
