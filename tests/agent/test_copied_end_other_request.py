"""A copied end is a new end only with the message's own time for it: a time another call of the answer
uses, or one said in another event's clause, is that request's. "Lunch to 1pm, and the 4pm call is off"
came as a lunch move and an update of the call to its own end (16:30); the one time "left" for the call
was the lunch's 1pm, and the call was written 4pm to 1pm the next day. Now is Wednesday 2025-03-05 09:00
in America/New_York; lunch is 12-1pm, the call 4-4:30pm."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, lunch's title, the lunch move, the call's title, the call's update with its own end)
ROWS = [
    ("午饭挪到下午一点，四点的电话取消吧", "午饭", "下午一点", "客户电话", {"when": "16:30"}),
    ("push lunch to 1pm and scrap the 4pm call", "Lunch", "1pm", "Client call", {"when": "4:30pm"}),
    ("午餐改到下午一點，下午四點的電話不用打了", "午餐", "下午一點", "客戶電話", {"when": "16:30"}),
    ("lunch to 1pm; drop the 4 o'clock call", "Lunch", "1pm", "Client call", {"when": "2025-03-05 16:30"}),
]


@pytest.mark.parametrize(("text", "lunch", "move", "other", "update"), ROWS, ids=[r[0] for r in ROWS])
async def test_another_requests_time_is_no_new_end(
    kit: Kit, text: str, lunch: str, move: str, other: str, update: dict[str, str]
) -> None:
    await kit.seed(lunch, datetime(2025, 3, 5, 12, tzinfo=NY))
    await kit.seed(other, datetime(2025, 3, 5, 16, tzinfo=NY), datetime(2025, 3, 5, 16, 30, tzinfo=NY))
    kit.script(
        call("update_event", {"event": lunch, "when": move}),
        call("update_event", {"event": other, "event_when": "4pm", **update}),
        call("update_event", {"event": other, "event_when": "4pm", **update}),
        reply("ok"),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    events = {e.title: (e.start, e.end) for e in await kit.events()}
    assert events[other] == (datetime(2025, 3, 5, 16, tzinfo=NY), datetime(2025, 3, 5, 16, 30, tzinfo=NY)), r.text
    assert events[lunch][0] == datetime(2025, 3, 5, 13, tzinfo=NY), r.text
