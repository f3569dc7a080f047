"""One occurrence of a series moved onto another occurrence of the same series overlaps it like any event:
the move asks first (``agent.writes.overlaps``; live: "add daily standup at 9am starting monday || skip it
on friday" moved Monday's standup onto Friday's, unasked — two standups on Friday at 9). Scripted model; EN
and ZH. The series: daily at 9:00 from Thursday 2025-03-06, just written."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, title, message, the model's update: one occurrence moved onto a sibling's time)
ROWS = [
    (NY, "Standup", "skip it on friday",
     {"event": "Standup", "event_when": "Thursday, March 6, 9:00–10:00 AM", "when": "Friday 9:00 AM", "scope": "one"}),
    (NY, "Standup", "no standup on saturday",
     {"event": "Standup", "event_when": "March 6 9am", "when": "Saturday at 9am", "scope": "one"}),
    (NY, "Standup", "drop sunday's",
     {"event": "Standup", "event_when": "Thursday 9am", "when": "sunday 9am", "scope": "one"}),
    (SH, "站会", "周五的不开了",
     {"event": "站会", "event_when": "3月6日（周四） 09:00", "when": "周五上午九点", "scope": "one"}),
    (SH, "站会", "周六那天跳过",
     {"event": "站会", "event_when": "周四 9:00", "when": "周六九点", "scope": "one"}),
    (SH, "站會", "週日的取消",
     {"event": "站會", "event_when": "3月6日 09:00", "when": "週日上午9點", "scope": "one"}),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[2] for r in ROWS])
async def test_a_move_onto_a_sibling_asks_first(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    zone, title, said, args = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    en = zone is NY
    kit.script(call("create_event", {"title": title, "when": "tomorrow at 9am" if en else "明天早上九点",
                                     "recurrence": "every day" if en else "每天"}))  # fmt: skip
    await kit.assistant.reply(kit.user_id, f"add a daily {title} at 9am starting tomorrow" if en else f"从明天开始每天早上九点{title}")
    kit.script(call("update_event", args, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, said)
    (series,) = await kit.events()
    assert r.pending is not None and r.pending.kind == "needs_confirmation" and not r.writes, r.text
    assert series.exdates == () or not series.exdates, series
