"""A move and a cancel in one message: the cancel sent as an update that changes nothing ends as a yes/no to
delete (agent.writes.no_change), and the move the model never made is asked of it alone, its clause as the
message (agent.turn.clause_call); made there, it is written; answered in prose, it is said undone, not lost
(the turn's left-out line after a send-back, agent.turn.loop). Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the lunch's and the call's titles, the model's update of the call with no value, a word of the
# move's clause the reply must quote, the move as the model makes it from its clause alone)
ROWS = [
    ("push lunch to 1pm and kill the 4pm call", "Lunch", "Call", {"event": "call", "event_when": "2025-03-05 16:00"},
     "lunch", {"event": "lunch", "when": "1pm"}),
    ("cancel my call at 4pm, and move lunch to 1pm", "Lunch", "Call", {"event": "call", "event_when": "4pm"},
     "lunch", {"event": "Lunch", "when": "1pm"}),
    ("drop the 4 o'clock call; lunch should be at 1pm instead", "Lunch", "Call",
     {"event": "4 o'clock call", "event_when": "4 o'clock"}, "lunch", {"event": "lunch", "when": "1pm"}),
    ("午饭挪到下午一点，然后把四点的电话取消", "午饭", "电话", {"event": "电话", "event_when": "2025-03-05 16:00",
     "scope": "series"}, "午饭", {"event": "午饭", "when": "下午一点"}),
    ("四點那個電話取消掉，午餐改到下午一點", "午餐", "電話", {"event": "電話", "event_when": "四點"}, "午餐",
     {"event": "午餐", "when": "下午一點"}),
    ("把下午四点的电话去掉；午餐推到一点钟", "午餐", "电话", {"event": "电话", "event_when": "下午四点"}, "午餐",
     {"event": "午餐", "when": "一点钟"}),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_cancel_asks_and_the_move_left_out_is_said(database: Any, make_user: Any, row: Any) -> None:
    text, lunch, call_title, update, word, _ = row
    kit = await make_kit(database, make_user)  # (New York clock; the words' language is the reply's)
    await kit.seed(lunch, datetime(2025, 3, 5, 12, tzinfo=kit.tz))
    await kit.seed(call_title, datetime(2025, 3, 5, 16, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and r.pending is not None and model.call_count == 3, r.text
    assert model.calls[-1].messages[-1].content == _clause(text, word)  # the move's clause, alone
    assert r.telemetry["clause_calls"] == 1
    assert call_title in r.text.splitlines()[0] and word in r.text.splitlines()[-1], r.text
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好的")
    assert done.writes and done.writes[0].persisted and model.call_count == 3, done.text
    [left] = await kit.events()
    assert (left.title, left.start) == (
        lunch,
        datetime(2025, 3, 5, 12, tzinfo=kit.tz),
    )  # the move: not guessed


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_move_asked_alone_is_written_beside_the_cancels_question(
    database: Any, make_user: Any, row: Any
) -> None:
    text, lunch, call_title, update, _, move = row
    kit = await make_kit(database, make_user)
    await kit.seed(lunch, datetime(2025, 3, 5, 12, tzinfo=kit.tz))
    await kit.seed(call_title, datetime(2025, 3, 5, 16, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), call("update_event", update), call("update_event", move))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.persisted for w in r.writes] == [True] and r.pending is not None, r.text
    assert model.call_count == 3 and call_title in r.text and "haven't" not in r.text, r.text
    assert "还没有处理" not in r.text, r.text
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好的")
    assert done.writes and done.writes[0].persisted and model.call_count == 3, done.text
    [left] = await kit.events()
    assert (left.title, left.start) == (lunch, datetime(2025, 3, 5, 13, tzinfo=kit.tz))


async def test_a_write_for_another_time_from_the_clause_call_is_refused(
    database: Any, make_user: Any
) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Lunch", datetime(2025, 3, 5, 12, tzinfo=kit.tz))
    await kit.seed("Call", datetime(2025, 3, 5, 16, tzinfo=kit.tz))
    update = {"event": "call", "event_when": "4pm"}
    model = kit.script(  # alone, the clause is answered with a write for the other clause's time
        call("update_event", update),
        call("update_event", update),
        call("create_event", {"title": "Call", "when": "4pm"}),
    )
    r = await kit.assistant.reply(kit.user_id, "push lunch to 1pm and kill the 4pm call")
    assert r.writes == () and model.call_count == 3 and "haven't" in r.text, r.text
    assert sorted(e.title for e in await kit.events()) == ["Call", "Lunch"]


def _clause(text: str, word: str) -> str:
    from agent.language import clauses

    return next(c for c in clauses(text) if word.casefold() in c.casefold())


async def test_a_move_done_beside_the_cancel_is_not_said_undone(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Lunch", datetime(2025, 3, 5, 12, tzinfo=kit.tz))
    await kit.seed("Call", datetime(2025, 3, 5, 16, tzinfo=kit.tz))
    kit.script(
        call("update_event", {"event": "lunch", "when": "1pm"}),
        call("update_event", {"event": "4pm call", "when": "4pm"}),
        reply("Done, both handled."),
    )
    r = await kit.assistant.reply(kit.user_id, "move lunch to 1pm and drop the 4pm call")
    assert [w.persisted for w in r.writes] == [True] and r.pending is not None, r.text
    assert "haven't" not in r.text and "Call" in r.text, r.text
