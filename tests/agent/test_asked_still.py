"""A question about the event a pending yes/no is about keeps the question (``agent.turn.asked_still``; live:
"when's the next standup?" right after "… overlaps … Add it anyway?" ended in "I couldn't finish that
request" and the pending question was dropped). The reply says the event is not on the calendar and asks
again; a yes then adds it. A question about another event ends the pending question as before. Scripted
model; EN and ZH. Now is Wednesday 2025-03-05; the overlap is on Monday 2025-03-10."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

FAILING = ("find_free_time", {"range": "next month", "duration": "1 hour"})  # a range the user never said

# (zone, the question, the model's calls for it — each a read —, its reply)
ROWS = [
    (NY, "when's the standup?", [("search_events", {"query": "standup"})], "You have no standup."),
    (NY, "is the team standup on monday?", [("list_events", {"range": "monday"})], "Monday: the weekly sync."),
    (NY, "what time did I give the standup?", [FAILING, FAILING, FAILING], "The standup is at 9:15."),
    (SH, "站会是几点？", [("search_events", {"query": "站会"})], "没有找到站会。"),
    (SH, "周一的站会加上了吗", [("list_events", {"range": "周一"})], "周一有周会。"),
    (SH, "站會定了沒", [FAILING, FAILING, FAILING], "站会在九点一刻。"),
]


async def _asked(kit: Kit, zone: Any) -> None:
    title, other = ("Team standup", "Weekly sync") if zone is NY else ("站会", "周会")
    await kit.seed(other, datetime(2025, 3, 10, 9, tzinfo=zone), datetime(2025, 3, 10, 10, tzinfo=zone))
    kit.script(call("create_event", {"title": title, "when": "monday at 9:15" if zone is NY else "周一九点一刻"},
                    request="add"))  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, "add team standup monday at 9:15" if zone is NY else "周一九点一刻开站会")
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_a_question_about_the_pending_event_asks_again(database: Any, make_user: Any, row: Any) -> None:
    zone, question, calls, answer = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    await _asked(kit, zone)
    kit.script(*(call(n, a, request="calendar_question") for n, a in calls), reply(answer, request="calendar_question"))
    r = await kit.assistant.reply(kit.user_id, question)
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    said = ("isn't on your calendar yet",) if zone is NY else ("还没有加到日历上", "還沒有加到日曆上")  # (the user's script)
    assert any(s in r.text for s in said), r.text
    assert len(await kit.events()) == 1 and "couldn't finish" not in r.text  # nothing written, an answer
    kit.script()
    r = await kit.assistant.reply(kit.user_id, "yes" if zone is NY else "加吧")
    assert len(await kit.events()) == 2, r.text


async def test_a_question_about_another_event_ends_the_pending_question(kit: Kit) -> None:
    await _asked(kit, NY)
    await kit.seed("Dentist", datetime(2025, 3, 12, 9, tzinfo=NY), datetime(2025, 3, 12, 10, tzinfo=NY))
    kit.script(
        call("search_events", {"query": "dentist"}, request="calendar_question"),
        reply("The dentist is on Wednesday, March 12 at 9 AM.", request="calendar_question"),
    )
    r = await kit.assistant.reply(kit.user_id, "when's the dentist?")
    assert r.pending is None and "yet" not in r.text, r.text
