"""An update or delete whose ``event_when`` is only the time of another request's clause ("the 4pm call" of
"lunch to 1pm, the 4pm call is off" sent as the call at 1pm): the time is dropped and the event is looked up
by its name (agent.guards.clauses), never "not found at that time" while the other request is lost. Scripted
model, real store; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (time zone, lunch, call, message, the model's cancel of the call, its move of the lunch)
ROWS = [
    (NY, "Project lunch", "Call with the supplier", "push project lunch to 1pm, and the 4pm call is off",
     {"event": "call", "event_when": "1pm"}, {"event": "project lunch", "when": "1pm"}),
    (NY, "Project lunch", "Call with the supplier", "the call at 4 can go, project lunch moves to 1pm",
     {"event": "the call", "event_when": "1pm"}, {"event": "project lunch", "when": "1pm"}),
    (SH, "项目午餐", "供应商电话", "项目午餐推到下午一点，然后四点那个电话取消吧",
     {"event": "电话", "event_when": "下午一点"}, {"event": "项目午餐", "when": "下午一点"}),
    (SH, "項目午餐", "供應商電話", "四點的電話不用打了，項目午餐改到下午一點",
     {"event": "電話", "event_when": "下午一點"}, {"event": "項目午餐", "when": "下午一點"}),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_the_other_requests_time_names_no_event(database, make_user, row: tuple) -> None:  # type: ignore[no-untyped-def]
    tz, lunch, phone, message, cancel, move = row
    kit = await make_kit(database, make_user, timezone=str(tz))
    await kit.seed(lunch, datetime(2025, 3, 6, 12, tzinfo=tz))
    await kit.seed(phone, datetime(2025, 3, 6, 16, tzinfo=tz), datetime(2025, 3, 6, 16, 30, tzinfo=tz))
    kit.script(call("delete_event", cancel), call("update_event", move), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, message)
    assert [w.action for w in r.writes] == ["updated"], r.text
    assert r.pending is not None and r.pending.kind == "needs_confirmation" and phone in r.text, r.text
    done = await kit.assistant.reply(kit.user_id, "yes" if tz is NY else "好")
    assert [w.action for w in done.writes] == ["deleted"], done.text
    (left,) = await kit.events()
    assert (left.title, left.start.astimezone(tz).hour) == (lunch, 13)


async def test_an_update_with_only_the_other_time_is_about_the_named_event(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await kit.seed("项目午餐", datetime(2025, 3, 6, 12, tzinfo=SH))
    await kit.seed("供应商电话", datetime(2025, 3, 6, 16, tzinfo=SH), datetime(2025, 3, 6, 16, 30, tzinfo=SH))
    kit.script(
        call("update_event", {"event": "电话", "event_when": "下午一点", "scope": "one"}),
        call("delete_event", {"event": "电话"}),
        call("update_event", {"event": "项目午餐", "when": "下午一点"}),
        reply("unused"),
    )
    r = await kit.assistant.reply(kit.user_id, "项目午餐推到下午一点，然后四点那个电话取消吧")
    assert "没有找到" not in r.text and r.pending is not None and "供应商电话" in r.text, r.text
    assert [w.action for w in r.writes] == ["updated"], r.text


async def test_a_time_of_its_own_clause_stays(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed("Call with the supplier", datetime(2025, 3, 6, 16, tzinfo=NY))
    await kit.seed("Call with the bank", datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("delete_event", {"event": "call", "event_when": "4pm"}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "the 4pm call is off tomorrow")
    assert r.pending is not None and "Call with the supplier" in r.text and "bank" not in r.text, r.text
