"""A change of an event's length ("30 minutes longer", 延长半小时, "cut 10 minutes off"): the start stays and
the end moves, whether the model passes the change itself or only its amount as a length (which once cut an
hour-long review to half an hour). Scripted model, real store; the event is Thursday 3:00-4:00 PM."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

START = datetime(2025, 3, 6, 15, tzinfo=NY)
END = datetime(2025, 3, 6, 16, tzinfo=NY)

# (message, the event's title, the model's update arguments besides `event`, the new end)
CHANGES = [
    ("make the design review 30 mins longer", "Design review", {"duration": "30 minutes"}, (16, 30)),
    ("make the design review 30 mins longer", "Design review", {"end": "30 mins longer"}, (16, 30)),
    ("can the design review run an hour longer?", "Design review", {"duration": "1 hour"}, (17, 0)),
    ("extend the design review by half an hour", "Design review", {"duration": "half an hour"}, (16, 30)),
    ("design review: cut 15 minutes off", "Design review", {"duration": "15 minutes"}, (15, 45)),
    ("design review: cut 15 minutes off", "Design review", {"end": "3:45pm"}, (15, 45)),
    ("shorten the design review by 20 min", "Design review", {"end": "20 min"}, (15, 40)),
    ("let the design review end 45 minutes later", "Design review", {"duration": "45 minutes"}, (16, 45)),
    ("把设计评审延长半小时", "设计评审", {"duration": "半小时"}, (16, 30)),
    ("设计评审缩短一刻钟", "设计评审", {"duration": "一刻钟"}, (15, 45)),
    ("设计评审晚半小时结束", "设计评审", {"end": "半小时"}, (16, 30)),
    ("設計評審延長一個小時", "設計評審", {"duration": "一個小時"}, (17, 0)),
    ("把设计评审延长半小时", "设计评审", {"when": "半小时"}, (16, 30)),  # the amount sent as a start
    ("设计评审缩短一刻钟吧", "设计评审", {"when": "一刻钟"}, (15, 45)),
    ("make the design review 30 mins longer", "Design review", {"when": "30 minutes"}, (16, 30)),
]


MOVED_AND_CHANGED = [
    ("move the design review to 4pm and make it 30 mins longer", "Design review", "4pm", "30 minutes"),
    ("把设计评审改到下午四点，再延长半小时", "设计评审", "下午四点", "半小时"),
    ("design review at 4pm instead, and half an hour longer", "Design review", "4pm", "half an hour"),
]


@pytest.mark.parametrize(("text", "title", "when", "amount"), MOVED_AND_CHANGED, ids=[r[0] for r in MOVED_AND_CHANGED])
async def test_a_move_beside_a_change_of_length_keeps_its_start(
    kit: Kit, text: str, title: str, when: str, amount: str
) -> None:
    """A ``when`` that is a start stays: the event moves there and the change of length applies to it."""
    await kit.seed(title, START, END)
    args = {"event": title.lower(), "when": when, "duration": amount}
    kit.script(call("update_event", args), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert len(r.writes) == 1, r.text
    assert (event.start, event.end) == (datetime(2025, 3, 6, 16, tzinfo=NY), datetime(2025, 3, 6, 17, 30, tzinfo=NY))


@pytest.mark.parametrize(("text", "title", "args", "end"), CHANGES, ids=[f"{r[0]}:{r[2]}" for r in CHANGES])
async def test_a_change_of_length_moves_the_end_and_keeps_the_start(
    kit: Kit, text: str, title: str, args: dict[str, str], end: tuple[int, int]
) -> None:
    await kit.seed(title, START, END)
    kit.script(call("update_event", {"event": title.lower(), **args}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert len(r.writes) == 1, r.text
    assert (event.start, event.end) == (START, datetime(2025, 3, 6, *end, tzinfo=NY))


async def test_a_new_length_is_still_a_length(kit: Kit) -> None:
    """"make it 45 minutes" names the length itself: no change of length in the words, the length stands."""
    await kit.seed("Design review", START, END)
    kit.script(call("update_event", {"event": "design review", "duration": "45 minutes"}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "make the design review 45 minutes")
    [event] = await kit.events()
    assert len(r.writes) == 1 and event.end == datetime(2025, 3, 6, 15, 45, tzinfo=NY)


FRIDAY = datetime(2025, 3, 7, 10, tzinfo=NY)

# The event named with its day or clock between the verb and the amount ("extend tomorrow's review by …"):
# the change still moves only the end, and the day still picks the event (another review is on Friday).
NAMED_WITH_A_TIME = [
    ("extend tomorrow's design review by 30 minutes", {"event_when": "tomorrow", "duration": "30 minutes"}),
    ("extend tomorrow's design review by 30 minutes", {"event": "tomorrow's design review", "end": "30 minutes"}),
    ("please shorten thursday's design review by 15 min", {"event_when": "thursday", "duration": "15 min"}),
    ("can you lengthen the design review tomorrow by an hour", {"event_when": "tomorrow", "duration": "an hour"}),
    ("prolong the 3pm design review by 45 minutes", {"event_when": "3pm", "duration": "45 minutes"}),
    ("make tomorrow's design review longer by 30 minutes", {"event_when": "tomorrow", "duration": "30 minutes"}),
]


@pytest.mark.parametrize(("text", "args"), NAMED_WITH_A_TIME, ids=[f"{r[0]}:{r[1]}" for r in NAMED_WITH_A_TIME])
async def test_a_change_of_length_around_the_events_own_time(kit: Kit, text: str, args: dict[str, str]) -> None:
    await kit.seed("Design review", START, END)
    await kit.seed("Design review", FRIDAY, FRIDAY.replace(hour=11))
    kit.script(call("update_event", {"event": "design review", **args}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    thursday, friday = sorted(await kit.events(), key=lambda e: e.start)
    assert len(r.writes) == 1, r.text
    assert friday.end == FRIDAY.replace(hour=11)
    shorter = "shorten" in text
    amount = {"30": 30, "15": 15, "an hour": 60, "45": 45}
    minutes = next(v for k, v in amount.items() if k in text)
    assert thursday.start == START
    assert thursday.end == END + (-1 if shorter else 1) * timedelta(minutes=minutes)
