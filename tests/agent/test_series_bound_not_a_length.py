"""A repeating event's bound sent as its length ("review PRs every friday at 4pm for the next 4 weeks" came
as ``when="friday 4pm", duration="4 weeks"``): the user was asked "How long should “Review PRs” be?". The
user's bounded series is the ``when`` (``guards.series_bound``): written at once, repeating until its end,
each occurrence the default hour. Scripted model, real store; NOW is Wednesday 5 March 2025 09:00 (New York)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's create, the first start, the rule's day, the last day of the series)
ROWS = [
    ("review PRs every friday at 4pm for the next 4 weeks",
     {"title": "Review PRs", "when": "friday 4pm", "duration": "4 weeks"}, datetime(2025, 3, 7, 16), "FR"),
    ("physio every monday 8am for 6 weeks",
     {"title": "Physio", "when": "monday 8am", "recurrence": "every monday", "duration": "6 weeks"},
     datetime(2025, 3, 10, 8), "MO"),
    ("put choir practice on tuesdays at 7pm for the next 3 weeks",
     {"title": "Choir practice", "when": "tuesdays at 7pm", "end": "3 weeks"}, datetime(2025, 3, 11, 19), "TU"),
    ("接下来三周每周三晚上七点上吉他课",
     {"title": "吉他课", "when": "周三晚上七点", "recurrence": "每周三", "duration": "三周"},
     datetime(2025, 3, 5, 19), "WE"),
    ("接下来两周每周五下午三点开周会", {"title": "周会", "when": "每周五下午三点", "duration": "两周"},
     datetime(2025, 3, 7, 15), "FR"),
    ("接下来四周每周四上午十点复诊", {"title": "复诊", "when": "周四上午十点", "duration": "四周"},
     datetime(2025, 3, 6, 10), "TH"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "first", "day"), ROWS, ids=[r[0] for r in ROWS])
async def test_a_series_bound_is_no_length(
    kit: Kit, text: str, create: dict[str, str], first: datetime, day: str
) -> None:
    kit.script(call("create_event", create, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert event.start == first.replace(tzinfo=NY) and event.end - event.start == first.replace(
        hour=1
    ) - first.replace(hour=0), r.text
    assert event.rrule is not None and f"BYDAY={day}" in event.rrule and "UNTIL=" in event.rrule, event.rrule


async def test_a_length_of_each_occurrence_stays(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Yoga", "when": "monday 6pm", "recurrence": "every monday",
                                     "duration": "90 minutes"}, request="add"), reply("ok"))  # fmt: skip
    await kit.assistant.reply(kit.user_id, "yoga every monday at 6pm for 90 minutes")
    [event] = await kit.events()
    assert (event.end - event.start).total_seconds() == 90 * 60 and "UNTIL" not in (event.rrule or "")
