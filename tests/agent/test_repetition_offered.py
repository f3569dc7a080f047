"""Right after a write, a repetition the model read as a change and answered twice in prose that cannot stand
("每周都这样" answered "好的，我会记住你的要求。") becomes code's yes/no to make the event just written repeat
(``agent.turn.correction``; live: the user was told only "I haven't changed your calendar"). A yes writes
the series; the model never called it, so it is asked first. Scripted model; EN and ZH."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, the create message, its call, the follow-up, the model's prose, the rule the series gets)
ROWS = [
    (SH, "下周三早上8点晨跑", {"title": "晨跑", "when": "下周三早上8点"}, "每周都这样", "好的，我会记住你的要求。", "FREQ=WEEKLY"),
    (SH, "明天晚上七点练琴", {"title": "练琴", "when": "明天晚上七点"}, "以后每天都这个时间", "好的，我会帮你安排。", "FREQ=DAILY"),
    (SH, "週五下午三點游泳", {"title": "游泳", "when": "週五下午三點"}, "每週都要", "好的，我會記住。", "FREQ=WEEKLY"),
    (NY, "add a run next wednesday at 8am", {"title": "Run", "when": "next wednesday at 8am"}, "make that every week",
     "Sure, I'll remember that.", "FREQ=WEEKLY"),
    (NY, "piano practice tomorrow at 7pm", {"title": "Piano practice", "when": "tomorrow at 7pm"}, "do that daily",
     "Okay, I will schedule that for you.", "FREQ=DAILY"),
    (NY, "swim friday at 3pm", {"title": "Swim", "when": "friday at 3pm"}, "every week please",
     "Got it, I'll make sure to do that.", "FREQ=WEEKLY"),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_the_repetition_is_offered(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    zone, first, create, said, prose, rule = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    kit.script(call("create_event", create))
    await kit.assistant.reply(kit.user_id, first)
    kit.script(reply(prose, request="mixed"), reply(prose, request="mixed"))
    r = await kit.assistant.reply(kit.user_id, said)
    assert r.pending is not None and r.pending.kind == "needs_confirmation" and not r.writes, r.text
    kit.script()
    await kit.assistant.reply(kit.user_id, "yes" if zone is NY else "好的")
    (event,) = await kit.events()
    assert (event.rrule or "").startswith(rule), event
