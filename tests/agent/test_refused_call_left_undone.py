"""A two-request message whose second request the model sent as a change of the wrong event, sent back and
refused again: that call carried out nothing, so its time is still the message's undone request — its
clause goes to the model alone, and if that fails too the reply says it was not done. Before, the refused
call's arguments counted as the request's, and the reply showed only the first receipt: the request was
lost without a word (agent.turn.unsaid.carried, agent.turn.clause_call). Scripted model; now is Wednesday
2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the event to move (title, day, hour), the create, the move's new (day, hour), the model's
# right call for the clause alone)
ROWS = [
    ("America/New_York", "put yoga in at 7pm tonight, and shift the Dana call to 3pm", ("Call with Dana", 5, 14),
     {"title": "Yoga", "when": "7pm tonight"}, (5, 15), {"event": "Dana call", "when": "3pm"}),
    ("America/New_York", "book a haircut friday at 5pm and bring the dentist forward to 10am", ("Dentist", 7, 11),
     {"title": "Haircut", "when": "friday at 5pm"}, (7, 10), {"event": "dentist", "when": "10am"}),
    ("Asia/Shanghai", "明晚七点加个瑜伽，再把和小李的电话挪到下午三点", ("和小李通电话", 6, 14),
     {"title": "瑜伽", "when": "明晚七点"}, (6, 15), {"event": "和小李的电话", "when": "下午三点"}),
    ("Asia/Taipei", "週五下午五點剪頭髮，牙醫改到上午十點", ("牙醫", 7, 11),
     {"title": "剪頭髮", "when": "週五下午五點"}, (7, 10), {"event": "牙醫", "when": "上午十點"}),
]  # fmt: skip
IDS = [r[1] for r in ROWS]


async def _turn(database: Any, make_user: Any, row: tuple, alone: Any):  # type: ignore[no-untyped-def]
    zone, text, (title, day, hour), create, _, right = row
    kit = await make_kit(database, make_user, timezone=zone)
    await kit.seed(title, datetime(2025, 3, day, hour, tzinfo=kit.tz))
    wrong = {"event": create["title"], "when": right["when"]}  # the new time, on the event just created
    kit.script(
        call("create_event", create),
        call("update_event", wrong),
        call("update_event", {"event": create["title"], "when": create["when"]}),
        alone,
    )
    return kit, await kit.assistant.reply(kit.user_id, text)


@pytest.mark.parametrize("row", ROWS, ids=IDS)
async def test_the_refused_request_is_asked_alone(database: Any, make_user: Any, row: tuple) -> None:
    title, create, (new_day, new_hour), right = row[2][0], row[3], row[4], row[5]
    kit, r = await _turn(database, make_user, row, call("update_event", right))
    assert r.telemetry["clause_calls"] == 1, (r.text, r.telemetry["checks"])
    starts = {e.title: e.start for e in await kit.events()}
    assert starts[title] == datetime(2025, 3, new_day, new_hour, tzinfo=kit.tz), r.text
    assert create["title"] in starts, r.text


@pytest.mark.parametrize("row", ROWS, ids=IDS)
async def test_undone_after_all_it_is_said(database: Any, make_user: Any, row: tuple) -> None:
    title, day, hour = row[2]
    kit, r = await _turn(database, make_user, row, reply("Sure!"))
    assert [w.action for w in r.writes] == ["created"], r.text
    assert "haven't done" in r.text or "还没" in r.text or "還沒" in r.text, r.text
    starts = {e.title: e.start for e in await kit.events()}
    assert starts[title] == datetime(2025, 3, day, hour, tzinfo=kit.tz), r.text
