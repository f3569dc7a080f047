"""An update's details that its own reference already holds are how the user pointed at the event, not
new details: "the 4pm call isn't happening" sent with notes "isn't happening" writes no note, "lunch with
Noor and Tom" sent with attendees ["Noor"] drops nobody (agent.writes.pointing). Scripted model; now is
Wednesday 2025-03-05 09:00, the events are on Thursday."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the event on the calendar: title, hour, attendees; the model's update; field that stays)
ROWS = [
    ("heads up, the 4pm call isn't happening anymore, Omar is out sick", ("Call with Omar", 16, ()),
     {"event": "the 4pm call isn't happening anymore", "when": "4pm", "notes": "isn't happening anymore"}, "notes"),
    ("tomorrow's standup at the 3rd floor room is at 10 now", ("Standup", 9, ()),
     {"event": "standup at the 3rd floor room", "when": "tomorrow at 10", "location": "3rd floor room"}, "location"),
    ("lunch with Noor and Tom moved to 1pm", ("Lunch", 12, ("Noor", "Tom")),
     {"event": "lunch with Noor and Tom", "when": "1pm", "attendees": ["Noor"]}, "attendees"),
    ("跟你说一下，明天下午三点那个会不开了，领导出差了", ("周会", 15, ()),
     {"event": "明天下午三点那个会不开了", "when": "明天下午三点", "notes": "不开了"}, "notes"),
    ("明天和小王小李的饭局改到晚上七点", ("饭局", 18, ("小王", "小李")),
     {"event": "和小王小李的饭局", "when": "明天晚上七点", "attendees": ["小王"]}, "attendees"),
    ("週四那個讀書會不去了，那天要加班到很晚", ("讀書會", 19, ()),
     {"event": "週四那個讀書會不去了", "when": "週四晚上七點", "notes": "不去了"}, "notes"),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_references_own_words_change_no_detail(database: Any, make_user: Any, row: tuple) -> None:
    text, (title, hour, people), update, field = row
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    seeded = await kit.seed(title, datetime(2025, 3, 6, hour, tzinfo=kit.tz), attendees=people)
    kit.script(call("update_event", update, request="change"), reply(""), reply(""))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert getattr(event, field) == getattr(seeded, field), r.text
    assert not event.notes and not event.location, r.text


async def test_a_detail_beside_the_reference_is_written(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "dentist", "when": "4pm", "location": "Main St clinic"},
                    request="change"), reply(""))  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, "move the dentist to 4pm, it's at the Main St clinic now")
    [event] = await kit.events()
    assert event.location == "Main St clinic" and event.start.hour == 16, r.text
