"""Right after a write, "make it 7" / 改成七点 is seven o'clock: an update the model sends with the receipt's
"7:30 PM" (the end beside a 6:30 start) moves the event to 7:00, never 7:30, and never makes 7 its end
(``agent.guards.bare_hour``, ``agent.guards.ends``; live: a 6:30 dinner moved to 7:30). Scripted model; EN and
ZH. The dinner: Saturday 2025-03-08 18:30–19:30."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, make_kit

ROWS = [
    ("make it 7", "Saturday, March 8, 7:30–8:30 PM", (19, 0)),
    ("make it 7", "7:30 PM", (19, 0)),
    ("no, 7 pm", "7:30 PM", (19, 0)),
    ("change it to 7 instead", "7:30pm", (19, 0)),
    ("改成七点", "19:30", (19, 0)),
    ("改成7", "3月8日（周六） 19:30–20:30", (19, 0)),
    ("改到晚上七点吧", "19:30", (19, 0)),
    ("改成七點", "晚上7:30", (19, 0)),
    ("make it 7:30", "7:30 PM", (19, 30)),  # the control: the user's own minutes
]


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]} {r[1]}" for r in ROWS])
async def test_the_hour_said_is_on_the_hour(database: Any, make_user: Any, row: tuple[str, str, tuple[int, int]]) -> None:
    said, when, (hour, minute) = row
    kit = await make_kit(database, make_user, timezone="America/New_York")
    title = "Dinner with parents" if said.isascii() else "和爸妈吃饭"
    kit.script(call("create_event", {"title": title, "when": "saturday at 6:30pm" if said.isascii() else "周六晚上六点半"}))
    await kit.assistant.reply(kit.user_id, "add dinner with parents saturday at 6:30pm" if said.isascii() else
                              "周六晚上六点半和爸妈吃饭")  # fmt: skip
    kit.script(call("update_event", {"event": title, "when": when}), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    start = datetime(2025, 3, 8, hour, minute, tzinfo=NY)
    assert (event.start, event.end - event.start) == (start, datetime(2025, 3, 8, 19, 30) - datetime(2025, 3, 8, 18, 30))
