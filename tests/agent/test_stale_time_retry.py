"""A correction right after a write whose calls took the old time twice, though the message says its own:
code proposes the event just written at the message's one time as a yes/no (or the write path settles it),
never asks "what time?" about a time the user just gave. Scripted model (its reading: a change), real store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (the create, its title and time words, the correction, the stale time the model sent twice, the new clock)
STALE = [
    ("后天上午十点和老刘碰头", "和老刘碰头", "后天上午十点", "不对，是十一点", "上午十点", "11:00"),
    ("周四下午两点和小王对稿", "和小王对稿", "周四下午两点", "弄错了，应该是三点", "14:00", "15:00"),
    ("明天下午三点见客户", "见客户", "明天下午三点", "不是三点，是四点", "周四 16:00", "16:00"),
    ("call with Ines tomorrow at 10am", "Call with Ines", "tomorrow at 10am", "correction: 11 o'clock", "10am",
     "11:00"),
    ("dentist thursday 2pm", "Dentist", "thursday 2pm", "oops, it's at 3", "Thursday 14:00", "3:00"),
    ("yoga saturday 9am", "Yoga", "saturday 9am", "wrong time, should be 10", "9:00", "10:00"),
]


@pytest.mark.parametrize(("first", "title", "when", "second", "stale", "clock"), STALE, ids=[r[3] for r in STALE])
async def test_the_old_time_twice_becomes_a_yes_no_at_the_new_one(
    kit: Kit, first: str, title: str, when: str, second: str, stale: str, clock: str
) -> None:
    kit.script(call("create_event", {"title": title, "when": when}, request="add"))
    await kit.assistant.reply(kit.user_id, first)
    [created] = await kit.events()
    retry = call("update_event", {"event": title, "when": stale}, request="change")
    kit.script(retry, call("update_event", {"event": title, "when": stale}, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, second, now=datetime(2025, 3, 5, 9, 1, tzinfo=NY))
    assert title in r.text and clock in r.text, r.text  # the user's time, never "what time?"
    [event] = await kit.events()
    if r.writes:  # settled by the write path itself (the model's old time read as the event's own)
        assert event.start != created.start and event.end - event.start == created.end - created.start, r.text
    else:  # code's yes/no: nothing written until the user says yes
        assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
        assert (event.start, event.end) == (created.start, created.end)
