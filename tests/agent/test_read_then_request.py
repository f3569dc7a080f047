"""A question and a request in one message, answered by the read alone: the request's clause (a time no
read used) goes to the model alone, whose own reading of it decides — a request is carried out (a delete
asks first), a statement gets no write. Before, the request was lost behind the listing without a word
(agent.turn.endings.only_read, agent.turn.clause_call). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the read, the clause alone, the model's call for it, the write's action or pending kind)
ROWS = [
    ("America/New_York", "what's on tuesday? also add a call with Mina friday at 2pm",
     {"range": "tuesday"}, "add a call with Mina friday at 2pm",
     call("create_event", {"title": "Call with Mina", "when": "friday at 2pm"}, request="add"), "created"),
    ("America/New_York", "anything on monday? and cancel the gym on thursday",
     {"range": "monday"}, "cancel the gym on thursday",
     call("delete_event", {"event": "gym", "event_when": "thursday"}, request="change"), "needs_confirmation"),
    ("Asia/Shanghai", "下周二有什么安排？另外周五下午两点加个和米娜的电话",
     {"range": "下周二"}, "周五下午两点加个和米娜的电话",
     call("create_event", {"title": "和米娜的电话", "when": "周五下午两点"}, request="add"), "created"),
    ("Asia/Taipei", "下週一忙嗎？順便把週四的健身取消",
     {"range": "下週一"}, "把週四的健身取消",
     call("delete_event", {"event": "健身", "event_when": "週四"}, request="change"), "needs_confirmation"),
]  # fmt: skip


async def _kit(database: Any, make_user: Any, tz: str):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Gym" if tz == "America/New_York" else "健身", datetime(2025, 3, 6, 18, tzinfo=kit.tz))
    return kit


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_the_request_beside_the_question_is_asked_alone(database: Any, make_user: Any, row: tuple) -> None:
    tz, text, read, clause, answer, outcome = row
    kit = await _kit(database, make_user, tz)
    model = kit.script(call("list_events", read, request="calendar_question"), reply(""), answer)
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.telemetry["clause_calls"] == 1, (r.text, r.telemetry["checks"])
    assert str(model.calls[2].messages[-1].content) == clause
    if outcome == "created":
        assert [w.action for w in r.writes] == ["created"], r.text
    else:
        assert r.pending is not None and r.pending.kind == outcome and not r.writes, r.text
        assert len(await kit.events()) == 1


@pytest.mark.parametrize(
    ("tz", "text", "read"),
    [
        ("America/New_York", "what's on tuesday? I'm off on friday anyway", {"range": "tuesday"}),
        ("Asia/Shanghai", "下周二有什么安排？反正周五我休息", {"range": "下周二"}),
    ],
)
async def test_a_statement_beside_the_question_writes_nothing(
    database: Any, make_user: Any, tz: str, text: str, read: dict
) -> None:
    kit = await _kit(database, make_user, tz)
    kit.script(call("list_events", read, request="calendar_question"), reply(""), reply("", request="chat"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and r.pending is None, r.text
    assert "haven't done" not in r.text and "还没有处理" not in r.text, r.text
    assert len(await kit.events()) == 1
