"""A question the model read and answered with a read, then kept trying writes nobody asked for until it ran
out of rounds: the read is the answer, not "say it more simply" (live: "and the day before?" after a recital
was read, then an update of the recital refused, then the read again). Scripted model."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.language import simplified
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

NOW_TEXT = "Wednesday 2025-03-05 09:00"


def _rounds(read: dict, update: dict):  # type: ignore[no-untyped-def]
    return (
        call("find_free_time", read, request="calendar_question"),
        call("update_event", update, request="change"),
        call("find_free_time", read, request="calendar_question"),
        reply("x"),
    )


@pytest.mark.parametrize(
    ("question", "listed"),
    [
        ("and the day before?", "Standup"),
        ("what about the day after?", "Brunch"),
        ("anything else that same day?", "Lunch"),
    ],
)
async def test_the_read_answers_when_the_model_runs_out_of_rounds(
    kit: Kit, question: str, listed: str
) -> None:
    await kit.seed("Standup", datetime(2025, 3, 18, 10, tzinfo=NY))
    await kit.seed("Lunch", datetime(2025, 3, 19, 12, tzinfo=NY))
    await kit.seed("Brunch", datetime(2025, 3, 20, 11, tzinfo=NY))
    kit.script(call("create_event", {"title": "Piano recital", "when": "the 19th at 3pm"}, request="add"))
    await kit.assistant.reply(kit.user_id, "piano recital on the 19th at 3pm")
    read = {"range": NOW_TEXT, "duration": "1 hour"}
    kit.script(*_rounds(read, {"event": "Piano recital", "when": "Tue 2025-03-18 18:00"}))
    r = await kit.assistant.reply(kit.user_id, question)
    assert listed in r.text and "more simply" not in r.text, r.text
    assert [e.start.hour for e in await kit.events() if e.title == "Piano recital"] == [15]


@pytest.mark.parametrize(
    ("question", "listed"), [("第二天呢？", "早午餐"), ("那天还有啥", "午饭"), ("同一天還有什麼事", "午饭")]
)
async def test_the_read_answers_in_chinese(database, make_user, question: str, listed: str) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("午饭", datetime(2025, 3, 19, 12, tzinfo=SH))
    await zh.seed("早午餐", datetime(2025, 3, 20, 11, tzinfo=SH))
    zh.script(call("create_event", {"title": "钢琴演奏会", "when": "19号下午三点"}, request="add"))
    await zh.assistant.reply(zh.user_id, "19号下午三点钢琴演奏会")
    read = {"range": "2025年3月5日 09:00", "duration": "1小时"}
    zh.script(*_rounds(read, {"event": "钢琴演奏会", "when": "3月18日 18:00"}))
    r = await zh.assistant.reply(zh.user_id, question)
    assert listed in simplified(r.text) and "简单" not in simplified(r.text), r.text
