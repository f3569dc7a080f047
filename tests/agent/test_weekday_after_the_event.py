"""A move to "the following Monday" / "the Monday after" / 之后的周一 lands on the first such day after the
event, at its own time — not the first such day after today (live: an interview on the 15th "moved to the
following monday" was put on the 7th). Scripted model; EN and ZH. Now is Wednesday 2025-03-05; the event is
on Thursday the 20th."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

EN, ZH = "America/New_York", "Asia/Shanghai"

# (zone, title, the message, the model's update, (day, hour) wanted)
ROWS: list[tuple[str, str, str, dict[str, Any], tuple[int, int]]] = [
    (EN, "Interview with Chen", "move the interview with chen to the following monday",
     {"event": "Interview with Chen", "when": "the following monday"}, (24, 15)),
    (EN, "Site visit", "push the site visit to the friday after",
     {"event": "Site visit", "when": "the friday after"}, (21, 15)),
    (EN, "Board review", "move the board review to the following tuesday at 10am",
     {"event": "Board review", "when": "the following tuesday at 10am"}, (25, 10)),
    (ZH, "面试", "面试改到之后的周一", {"event": "面试", "when": "之后的周一"}, (24, 15)),
    (ZH, "看房", "看房挪到那之后的星期五", {"event": "看房", "when": "那之后的星期五"}, (21, 15)),
    (ZH, "复盘会", "复盘会改到以后的周二上午十点", {"event": "复盘会", "when": "以后的周二上午十点"}, (25, 10)),
    # the model's value cut to the weekday alone: the user's fuller phrase, read against the event
    (EN, "Interview with Chen", "move the interview with chen to the following monday",
     {"event": "Interview with Chen", "when": "Monday"}, (24, 15)),
    (EN, "Site visit", "push the site visit to the friday after", {"event": "Site visit", "when": "friday"}, (21, 15)),
    (EN, "Board review", "the board review should be the following tuesday",
     {"event": "Board review", "when": "tuesday"}, (25, 15)),
    (ZH, "面试", "面试改到之后的周一", {"event": "面试", "when": "周一"}, (24, 15)),
    (ZH, "看房", "看房挪到那之后的星期五", {"event": "看房", "when": "星期五"}, (21, 15)),
    (ZH, "复盘会", "复盘会改到以后的周二", {"event": "复盘会", "when": "周二"}, (25, 15)),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "title", "text", "update", "at"), ROWS, ids=[r[2] for r in ROWS])
async def test_the_weekday_after_the_event(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict[str, Any], at: tuple[int, int]
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 20, 15, tzinfo=kit.tz), datetime(2025, 3, 20, 16, tzinfo=kit.tz))
    kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    local = event.start.astimezone(kit.tz)
    assert (local.day, local.hour) == at, r.text


async def test_a_range_holding_the_day_is_no_fuller_move(database: Any, make_user: Any) -> None:
    # "from thursday to monday" holds "monday" but reads as a range, not a move of the event: Monday it is
    kit = await make_kit(database, make_user, timezone=EN)
    await kit.seed("Dentist", datetime(2025, 3, 20, 15, tzinfo=kit.tz), datetime(2025, 3, 20, 16, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "Dentist", "when": "monday"}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "move the dentist from thursday to monday")
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert (event.end - event.start).total_seconds() == 3600 and event.start.astimezone(kit.tz).weekday() == 0
