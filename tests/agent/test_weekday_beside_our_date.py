"""The user's weekday beside a date of our receipt ("Friday, March 6, 6:00 PM" for "swimming friday 6pm",
after a receipt for Thursday, March 6): the value reads as no time (that 6 March is a Thursday), and was
written a year out, on the next 6 March that is a Friday. The user's own phrase inside the value is the
time (``fuller_phrase.readable_part``); and commas between a weekday, a date and a clock are no list of
times. Scripted model, real store; NOW is Wednesday 5 March 2025 09:00 (New York)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (the next message, the model's create, the start the user said)
ROWS = [
    ("also add swimming friday 6pm", {"title": "Swimming", "when": "Friday, March 6, 6:00 PM"},
     datetime(2025, 3, 7, 18, tzinfo=NY)),
    ("swimming on friday at 6pm too", {"title": "Swimming", "when": "Friday, March 6 at 6pm"},
     datetime(2025, 3, 7, 18, tzinfo=NY)),
    ("and a haircut saturday at 10am", {"title": "Haircut", "when": "Saturday, March 7, 10:00 AM"},
     datetime(2025, 3, 8, 10, tzinfo=NY)),
    ("book tennis for friday at 6pm as well", {"title": "Tennis", "when": "Fri, March 6, 6pm"},
     datetime(2025, 3, 7, 18, tzinfo=NY)),
    ("yoga friday 6pm please", {"title": "Yoga", "when": "Friday March 6th at 6 PM"},
     datetime(2025, 3, 7, 18, tzinfo=NY)),
    ("周五晚上六点游泳", {"title": "游泳", "when": "3月6日（周五） 18:00"}, datetime(2025, 3, 7, 18, tzinfo=NY)),
    ("周六上午十点理发", {"title": "理发", "when": "3月7日（周六） 10:00"}, datetime(2025, 3, 8, 10, tzinfo=NY)),
    ("再加一个周五下午六点游泳", {"title": "游泳", "when": "周五 3月6日 18:00"}, None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "start"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_users_weekday_is_not_moved_a_year(
    kit: Kit, text: str, create: dict[str, str], start: datetime | None
) -> None:
    kit.script(
        call("create_event", {"title": "Piano lesson", "when": "tomorrow 5pm"}, request="add"),
        call("create_event", create, request="add"),
        reply("ok"),
    )
    await kit.assistant.reply(kit.user_id, "piano lesson tomorrow 5pm", conversation_id="c")
    r = await kit.assistant.reply(kit.user_id, text, conversation_id="c")
    made = [e for e in await kit.events() if e.title == create["title"]]
    if start is None:  # (its words are no part of the value: back to the model, then asked — never 2026)
        assert made == [] and r.pending is not None, r.text
    else:
        assert [e.start for e in made] == [start], r.text
