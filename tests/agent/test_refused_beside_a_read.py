"""A question and a new event in one message: the model read, then sent the new event as writes that were
refused and never fixed (an update of a listed event the user never named; the whole clause as the name
of an event that does not exist). The turn ended on the read, and the new event was dropped without a word.
Refused writes did nothing, so the read was all the turn did: the new event's clause goes to the model
alone (``turn.clause_call``), and what it does not make is said undone (or offered as a yes/no, where the
refused update was code's "Add …?"). The rows after a free-time read failed before (the turn ended on
the slots: "the read is the answer"); those after a listing pin what code's offer already did. Scripted model; now is Wednesday
2025-03-05 09:00 in New York."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import pytest

from agent.model import Message, ToolSpec, call, reply
from agent.model.messages import UserMessage
from agent.model.scripted import ScriptedModel
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the read, the refused writes' clause as an event name, the clause's create, new start (day, hour))
ROWS = [
    ("what's on wednesday afternoon? also add a dentist thursday at 10am",
     ("list_events", {"range": "wednesday afternoon"}), "add a dentist thursday at 10am",
     {"title": "Dentist", "when": "thursday at 10am"}, (6, 10)),
    ("am I free wednesday afternoon? and put a haircut on friday at 11am",
     ("find_free_time", {"range": "wednesday afternoon", "duration": "1 hour"}), "put a haircut on friday at 11am",
     {"title": "Haircut", "when": "friday at 11am"}, (7, 11)),
    ("anything wednesday afternoon? plus lunch with Sam on friday at noon",
     ("list_events", {"range": "wednesday afternoon"}), "lunch with Sam on friday at noon",
     {"title": "Lunch with Sam", "when": "friday at noon"}, (7, 12)),
    ("周三下午有什么安排？顺便周四上午十点加个体检", ("list_events", {"range": "周三下午"}), "周四上午十点加个体检",
     {"title": "体检", "when": "周四上午十点"}, (6, 10)),
    ("週三下午有空嗎？另外週五早上十一點去剪頭髮", ("find_free_time", {"range": "週三下午", "duration": "1小时"}),
     "週五早上十一點去剪頭髮", {"title": "剪頭髮", "when": "週五早上十一點"}, (7, 11)),
    ("do I have time wednesday afternoon? also book a massage friday at 3pm",
     ("find_free_time", {"range": "wednesday afternoon", "duration": "1 hour"}), "book a massage friday at 3pm",
     {"title": "Massage", "when": "friday at 3pm"}, (7, 15)),
    ("when am I free wednesday afternoon? and add yoga saturday at 9am",
     ("find_free_time", {"range": "wednesday afternoon", "duration": "1 hour"}), "add yoga saturday at 9am",
     {"title": "Yoga", "when": "saturday at 9am"}, (8, 9)),
    ("周三下午什么时候有空？另外周六上午九点加个瑜伽", ("find_free_time", {"range": "周三下午", "duration": "1小时"}),
     "周六上午九点加个瑜伽", {"title": "瑜伽", "when": "周六上午九点"}, (8, 9)),
    ("週三下午有沒有空？順便週五下午三點加個按摩", ("find_free_time", {"range": "週三下午", "duration": "1小时"}),
     "週五下午三點加個按摩", {"title": "按摩", "when": "週五下午三點"}, (7, 15)),
    ("看看周三下午的日程，再加个周五中午十二点的午饭", ("list_events", {"range": "周三下午"}), "周五中午十二点的午饭",
     {"title": "午饭", "when": "周五中午十二点"}, (7, 12)),
]  # fmt: skip


def _model(text: str, read: tuple[str, dict], clause: str, alone: Any, alone_when: str) -> ScriptedModel:
    answers = [
        call(*read, request="calendar_question"),
        call("update_event", {"event": "Design crit", "attendees": ["Tomás"]}, request="change"),
        call("update_event", {"event": clause, "event_when": alone_when, "when": alone_when}, request="change"),
        reply("OK", request="chat"),
    ]

    def step(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Any:
        last = [m for m in messages if isinstance(m, UserMessage)][-1]
        if last.content != text:
            return alone  # the clause asked alone
        return answers.pop(0)

    return ScriptedModel(step)


@pytest.mark.parametrize(("text", "read", "clause", "create", "start"), ROWS, ids=[r[0][:32] for r in ROWS])
async def test_the_new_events_clause_is_asked_alone(
    kit: Kit, text: str, read: tuple[str, dict], clause: str, create: dict, start: tuple[int, int]
) -> None:
    await kit.seed("Design crit", datetime(2025, 3, 12, 14, tzinfo=NY))
    kit.model = kit.assistant.model = _model(
        text, read, clause, call("create_event", create, request="add"), create["when"]
    )
    r = await kit.assistant.reply(kit.user_id, text)
    day, hour = start
    assert datetime(2025, 3, day, hour, tzinfo=NY) in [e.start for e in await kit.events()], r.text
    assert [w.action for w in r.writes] == ["created"], r.text


@pytest.mark.parametrize(("text", "read", "clause", "create", "start"), ROWS, ids=[r[0][:32] for r in ROWS])
async def test_what_the_clause_alone_does_not_make_is_said_undone(
    kit: Kit, text: str, read: tuple[str, dict], clause: str, create: dict, start: tuple[int, int]
) -> None:
    await kit.seed("Design crit", datetime(2025, 3, 12, 14, tzinfo=NY))
    kit.model = kit.assistant.model = _model(text, read, clause, reply("OK", request="chat"), create["when"])
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and len(await kit.events()) == 1, r.text
    said = ("haven't done", "还没有处理", "還沒有處理", "Add “", "添加「")  # said undone, or offered as a yes/no
    assert any(s in r.text for s in said), r.text
