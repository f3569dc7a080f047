"""A new event whose time the model made up is asked about; the day the message names is kept in the
question and the answer lands on it, though the message also names a time of day ("lunch", 午饭)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

ROWS = [
    (NY, "Friday I'm grabbing lunch with Dana", {"title": "Lunch with Dana", "when": "Friday at 12:00"},
     "What time on Friday, March 7?", "12:30pm", datetime(2025, 3, 7, 12, 30, tzinfo=NY)),
    (NY, "dinner with Tom on Thursday", {"title": "Dinner with Tom", "when": "Thursday 7:00 PM"},
     "What time on Thursday, March 6?", "8pm", datetime(2025, 3, 6, 20, tzinfo=NY)),
    (NY, "Saturday: breakfast with the Lees", {"title": "Breakfast with the Lees", "when": "Saturday 08:00"},
     "What time on Saturday, March 8?", "9am", datetime(2025, 3, 8, 9, tzinfo=NY)),
    (SH, "周五和小美吃午饭", {"title": "和小美吃午饭", "when": "周五 12:00"},
     "3月7日（周五）几点？", "十二点半", datetime(2025, 3, 7, 12, 30, tzinfo=SH)),
    (SH, "明天晚饭跟老王", {"title": "晚饭跟老王", "when": "明天 18:00"},
     "3月6日（周四）几点？", "晚上七点", datetime(2025, 3, 6, 19, tzinfo=SH)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_the_day_said_stays_when_the_time_is_asked(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, message, args, question, answer, start = row
    k = await make_kit(database, make_user, timezone=zone.key)
    model = k.script(call("create_event", args), call("create_event", args), reply("?"))
    asked = await k.assistant.reply(k.user_id, message)
    assert asked.text.splitlines()[-1] == question, asked.text
    r = await k.assistant.reply(k.user_id, answer)
    assert model.call_count <= 2 and r.telemetry["route"] == "gate_slot", r.text
    [event] = await k.events()
    assert event.start == start
