"""A detail for the event just added, sent as a create of the very same event with the detail in it ("加个
地点：少年宫" came back as 陪孩子上钢琴课 at 周日下午三点 with location 少年宫, live), is a change of that event's
details: before, code answered "already on your calendar" and the place was lost. The stored event gets the
place, the people (added to those it has) or the notes; nothing is written twice. Scripted model; EN and ZH."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, the create, the model's create, the follow-up, the detail the model sends, the field, the value stored)
ROWS = [
    ("Asia/Shanghai", "周日下午三点陪孩子上钢琴课", {"title": "陪孩子上钢琴课", "when": "周日下午三点"},
     "加个地点：少年宫", {"location": "少年宫"}, "location", "少年宫"),
    ("Asia/Shanghai", "周日下午三点陪孩子上钢琴课", {"title": "陪孩子上钢琴课", "when": "周日下午三点"},
     "地点在少年宫三楼", {"location": "少年宫三楼"}, "location", "少年宫三楼"),
    ("Asia/Shanghai", "周四晚上七点和老王吃饭", {"title": "和老王吃饭", "when": "周四晚上七点", "attendees": ["老王"]},
     "把小李也叫上", {"attendees": ["老王", "小李"]}, "attendees", ("老王", "小李")),
    ("America/New_York", "piano lesson sunday at 3pm", {"title": "Piano lesson", "when": "sunday at 3pm"},
     "add the location: Youth Center", {"location": "Youth Center"}, "location", "Youth Center"),
    ("America/New_York", "dinner with Sam thursday at 7pm", {"title": "Dinner with Sam", "when": "thursday at 7pm",
     "attendees": ["Sam"]}, "add Priya to it too", {"attendees": ["Priya"]}, "attendees", ("Sam", "Priya")),
    ("America/New_York", "piano lesson sunday at 3pm", {"title": "Piano lesson", "when": "sunday at 3pm"},
     "note that I should bring the sheet music", {"notes": "bring the sheet music"}, "notes", "bring the sheet music"),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_a_detail_sent_as_the_same_create_changes_the_event(
    database: Any, make_user: Any, row: tuple[Any, ...]
) -> None:
    zone, first, made, said, detail, field, stored = row
    kit = await make_kit(database, make_user, timezone=zone)
    kit.script(call("create_event", made, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, first)
    (before,) = await kit.events()
    kit.script(call("create_event", {**made, **detail}, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert (event.id, event.start, event.end) == (before.id, before.start, before.end)
    assert getattr(event, field) == stored


async def test_the_same_create_with_nothing_new_is_still_already_there(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    made = {"title": "Piano lesson", "when": "sunday at 3pm"}
    kit.script(call("create_event", made, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, "piano lesson sunday at 3pm")
    kit.script(call("create_event", made, request="add"), reply("ok"), reply("ok"))
    out = await kit.assistant.reply(kit.user_id, "piano lesson sunday at 3pm please")
    assert len(await kit.events()) == 1 and "already" in out.text
