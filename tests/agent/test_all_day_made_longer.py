"""An all-day event given a length of whole days stays all day: "make it two days" after a one-day offsite
spans Friday and Saturday (live: it became a 48-hour timed block, "March 14, 12:00 AM – March 16, 12:00 AM").
Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (time zone, the title, what the user says, the model's update, the days it spans)
ROWS = [
    ("America/New_York", "Team offsite", "make it two days", {"when": "Friday, March 16 (all day)"}, 2),
    ("America/New_York", "Team offsite", "actually it's 3 days long", {"duration": "3 days"}, 3),
    ("America/New_York", "Team offsite", "it runs for two days", {"duration": "2 days"}, 2),
    ("Asia/Shanghai", "团建", "改成两天", {"duration": "两天"}, 2),
    ("Asia/Shanghai", "团建", "其实是三天", {"duration": "3天"}, 3),
    ("Asia/Shanghai", "團建", "要辦兩天", {"duration": "2天"}, 2),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[2] for r in ROWS])
async def test_whole_days_keep_an_all_day_event_all_day(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    zone, title, said, update, days = row
    kit = await make_kit(database, make_user, timezone=zone)
    when = "march 14" if zone == "America/New_York" else "3月14日"
    kit.script(call("create_event", {"title": title, "when": when, "duration": "all day"}, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, f"{title} {when} all day" if zone == "America/New_York" else f"{when}全天{title}")
    (made,) = await kit.events()
    assert made.all_day
    kit.script(call("update_event", {"event": title, **update}, request="change"), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert event.all_day
    assert (event.start.date(), event.end.date()) == (date(2025, 3, 14), date(2025, 3, 14 + days))
