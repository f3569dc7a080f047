"""A correction that names the wrong time beside the right one ("Wednesday, not Tuesday", 不是四点，五点): the
denied time is no time of the message (``schedule_time.time_phrases``), so the one time left is the
event's new one — a model that mangled it, or copied the denied one, is put right from the user's words,
and a model that made no call gets code's yes/no for that one time (agent.turn.correction).
Scripted model; now is Wednesday 2025-03-05 09:00; the haircut was written for Tuesday 4pm (March 11)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit


async def _written(database: Any, make_user: Any, zh: bool):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zh else "America/New_York")
    create = {"title": "理发" if zh else "Haircut", "when": "周二下午四点" if zh else "Tuesday 4pm"}
    kit.script(call("create_event", create), reply("ok"))
    await kit.assistant.reply(kit.user_id, "周二下午四点理发" if zh else "book me a haircut for Tuesday at 4pm")
    return kit


# (the correction, the model's update "when", the haircut's new start: (day of March, hour)); a model that
# copies the denied time is told the time this message says, and its retry (here the user's) is written
ROWS = [
    ("sorry, Wednesday not Tuesday", "Wednesday, March 11, 4:00–5:00 PM", (12, 16)),  # the old date kept
    ("no wait: 5pm, not 4pm", "4pm", (11, 17)),  # the denied time copied (had "changes nothing")
    ("it's on Monday instead of Tuesday", "Tuesday", (10, 16)),
    ("不对，是周三不是周二", "3月11日 16:00", (12, 16)),
    ("不是四点，五点", "周二 14:00", (11, 17)),
    ("不是週二，是週一", "週二", (10, 16)),
]


@pytest.mark.parametrize(("text", "when", "start"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_time_left_is_the_events_new_one(
    database: Any, make_user: Any, text: str, when: str, start: tuple[int, int]
) -> None:
    kit = await _written(database, make_user, zh=not text.isascii())
    title = "Haircut" if text.isascii() else "理发"
    model = kit.script(
        call("update_event", {"event": title, "when": when}, request="change"),
        call("update_event", {"event": title, "when": "5pm"}, request="change"),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["updated"], r.text
    if model.call_count == 2:  # sent back: the hint named the time this message says
        told = str(model.calls[1].messages[-1].content)
        assert "'5pm'" in told and "4pm" in when, told
    [event] = await kit.events()
    assert (event.start.day, event.start.hour) == start, r.text


@pytest.mark.parametrize(("text", "when", "start"), ROWS, ids=[r[0] for r in ROWS])
async def test_prose_gets_a_yes_no_for_the_time_left(
    database: Any, make_user: Any, text: str, when: str, start: tuple[int, int]
) -> None:
    kit = await _written(database, make_user, zh=not text.isascii())
    prose = reply("Understood.", request="change")
    kit.script(prose, prose)
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert [w.action for w in r.writes] == ["updated"], r.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, start[0], start[1], tzinfo=kit.tz)
