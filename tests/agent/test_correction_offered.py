"""A correction right after a write that the model read as a change yet answered twice in prose becomes
code's yes/no for moving the event just written (agent.turn.correction) — never a write without a yes.
Scripted model; now is Wednesday 2025-03-05 09:00; the haircut was written for Tuesday 4pm."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (the correction, the haircut's new start afterwards: (day of March, hour))
ROWS = [
    ("no, same slot next week please", (18, 16)),
    ("wait, make it an hour later", (11, 17)),
    ("oops — I meant 5pm", (11, 17)),
    ("不对，往后挪一天", (12, 16)),
    ("不是，下週同一時間", (18, 16)),
]


async def _written(database: Any, make_user: Any, text: str):  # type: ignore[no-untyped-def]
    zh = not text.isascii()
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zh else "America/New_York")
    create = {"title": "理发" if zh else "Haircut", "when": "周二下午四点" if zh else "Tuesday 4pm"}
    kit.script(call("create_event", create), reply("ok"))
    await kit.assistant.reply(kit.user_id, "周二下午四点理发" if zh else "book me a haircut for Tuesday at 4pm")
    return kit


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_code_asks_to_move_the_event_just_written(database: Any, make_user: Any, row: Any) -> None:
    text, (day, hour) = row
    kit = await _written(database, make_user, text)
    prose = reply("Understood.", request="change")
    kit.script(prose, prose)
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and "?" in r.text.replace("？", "?"), r.text  # asked, nothing written yet
    [event] = await kit.events()
    assert event.start.day == 11
    kit.script(reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert (event.start, event.end - event.start) == (
        datetime(2025, 3, day, hour, tzinfo=kit.tz),
        timedelta(hours=1),
    )


async def test_a_no_leaves_the_event(database: Any, make_user: Any) -> None:
    kit = await _written(database, make_user, "x")
    prose = reply("Understood.", request="change")
    kit.script(prose, prose)
    await kit.assistant.reply(kit.user_id, "no, same slot next week please")
    kit.script(reply("ok"))
    await kit.assistant.reply(kit.user_id, "no")
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 11, 16, tzinfo=kit.tz)


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        ("thanks, see you next week", "chat"),  # the model's reading is no change
    ],
)
async def test_other_shapes_are_left_to_the_model(
    database: Any, make_user: Any, text: str, reading: str
) -> None:
    kit = await _written(database, make_user, text)
    prose = reply("Sure.", request=reading)
    kit.script(prose, prose)
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and "?" not in r.text, r.text


@pytest.mark.parametrize(
    ("text", "answer", "day"),
    [
        ("no, Monday or Friday would be better", "friday", 7),
        ("不对，周一或者周五比较好", "周一", 10),
    ],
)
async def test_alternatives_are_offered_not_picked(
    database: Any, make_user: Any, text: str, answer: str, day: int
) -> None:
    """Two times offered as alternatives: not code's to pick, so code asks which (each at the event's own
    time), and the answer moves it."""
    kit = await _written(database, make_user, text)
    prose = reply("Sure.", request="change")
    kit.script(prose, prose)
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and r.pending is not None and ("4:00" in r.text or "16:00" in r.text), r.text
    r = await kit.assistant.reply(kit.user_id, answer)
    [event] = await kit.events()
    assert len(r.writes) == 1 and (event.start.day, event.start.hour) == (day, 16), r.text
