"""A new event at an open time ("friday after 7pm", 周五晚上七点以后, "before noon tomorrow") has no start to
write: the question names the day ("What time on Friday, March 7?"), and the answer is read on that day
inside the bound — "8" after "after 7pm" is 20:00, with no model call. Before, the question was "When should
… be?", a bare "8" went to the model, "8:30" was written at 8:30 AM and 八点 landed on the wrong day.
Scripted model; now is Wednesday 2025-03-05 09:00 New York (22:00 in Shanghai); own phrasings."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (timezone, message, the model's create, the day the question names, the answer, the start (day, hour, minute))
ROWS = [
    ("America/New_York", "drinks with Lee friday after 7pm", {"title": "Drinks with Lee", "when": "friday after 7pm"},
     "Friday, March 7", "8", (7, 20, 0)),
    ("America/New_York", "drinks with Lee friday after 7pm", {"title": "Drinks with Lee", "when": "friday after 7pm"},
     "Friday, March 7", "8:30", (7, 20, 30)),
    ("America/New_York", "ring the bank before noon tomorrow", {"title": "Ring the bank", "when": "before noon tomorrow"},
     "Thursday, March 6", "at 10", (6, 10, 0)),
    ("America/New_York", "drinks with Lee friday after 7pm", {"title": "Drinks with Lee", "when": "friday after 7pm"},
     "Friday, March 7", "saturday 9pm", (8, 21, 0)),
    ("Asia/Shanghai", "周五晚上七点以后和小王喝茶", {"title": "和小王喝茶", "when": "周五晚上七点以后"}, "3月7日", "八点", (7, 20, 0)),
    ("Asia/Shanghai", "明天中午以前给银行打电话", {"title": "给银行打电话", "when": "明天中午以前"}, "3月6日", "十点", (6, 10, 0)),
    ("Asia/Taipei", "週五晚上七點以後跟小王喝茶", {"title": "跟小王喝茶", "when": "週五晚上七點以後"}, "3月7日", "8", (7, 20, 0)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[1]}|{r[4]}" for r in ROWS])
async def test_the_answer_is_read_on_the_day_inside_the_bound(database: Any, make_user: Any, row: Any) -> None:
    zone, text, create, day, answer, (date, hour, minute) = row
    kit = await make_kit(database, make_user, timezone=zone)
    kit.script(call("create_event", create), reply("unused"))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and day in asked.text and not asked.writes, asked.text
    model = kit.script()
    done = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 0 and done.writes and done.writes[0].persisted, done.text
    [event] = await kit.events()
    start = event.start.astimezone(kit.tz)
    assert (start.day, start.hour, start.minute) == (date, hour, minute), done.text
