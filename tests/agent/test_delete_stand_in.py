"""A removal whose event is not there, while another event is at its time ("cancel tomorrow's standup" with
only "Coffee with Lee" tomorrow): the delete asks about the event it found — a wrong guess costs a "no" —
but the question read "Delete “Coffee with Lee” (…)?" as if that were the one named, and a reflexive "yes"
deleted it. It now says first that the named event is not there. Scripted model, real store; NOW is Wednesday
5 March 2025 09:00 (New York); "Coffee with Lee" (和老李喝咖啡) is tomorrow at 10."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's delete, whether the question must say the named event is not there)
ROWS = [
    ("cancel tomorrow's standup", {"event": "Standup", "event_when": "tomorrow"}, True),
    (
        "delete my dentist appointment tomorrow",
        {"event": "dentist appointment", "event_when": "tomorrow"},
        True,
    ),
    ("remove the gym session tomorrow at 10", {"event": "gym session", "event_when": "tomorrow at 10"}, True),
    ("取消明天的瑜伽课", {"event": "瑜伽课", "event_when": "明天"}, True),
    ("删掉明天的牙医", {"event": "牙医", "event_when": "明天"}, True),
    ("明天上午十点的健身不去了", {"event": "健身", "event_when": "明天上午十点"}, True),
    ("取消明天的站会", {"event": "站会", "event_when": "明天"}, True),
    ("明天的组会删掉", {"event": "组会", "event_when": "明天"}, True),
    ("cancel the coffee tomorrow", {"event": "coffee", "event_when": "tomorrow"}, False),
    ("明天的咖啡取消", {"event": "咖啡", "event_when": "明天"}, False),
]


@pytest.mark.parametrize(("text", "args", "stand_in"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_question_says_the_named_event_is_not_there(
    kit: Kit, text: str, args: dict[str, str], stand_in: bool
) -> None:
    title = "Coffee with Lee" if text.isascii() else "和老李喝咖啡"
    await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("delete_event", args, request="delete"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and title in r.text.splitlines()[-1], r.text
    named = f"“{args['event']}”" if text.isascii() else f"「{args['event']}」"
    assert (named in r.text.splitlines()[0]) is stand_in, r.text
    assert len(await kit.events()) == 1
