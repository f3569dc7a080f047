"""A new event's start the model wrote in its own form ("Wednesday 2025-03-05 7:15" for "tonight 7:15"), in
a message with another request's time ("…, and move the dentist to 2pm"): the user's phrase in the clause
that names the event is its start (``agent.guards.phrase_fallback``). Before, two phrases left meant no
guess, and the turn asked "When should it be?" of a user who had said it. The model's clock must be that
phrase's on a 12-hour face (07:15 of "tonight 7:15": the user's clock copied without its evening); a clock the user never said still goes back
(``test_users_clock``). Scripted model; now is Wednesday
2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's create, the start written)
ROWS = [
    ("add yoga tonight 7:15, and move the dentist to 2pm", {"title": "Yoga", "when": "Wednesday 2025-03-05 7:15"},
     datetime(2025, 3, 5, 19, 15, tzinfo=NY)),
    ("put a swim in tomorrow 7am, and the dentist goes to 3pm", {"title": "Swim", "when": "Thursday 2025-03-06 07:00:00"},
     datetime(2025, 3, 6, 7, tzinfo=NY)),
    ("lunch with Sam friday at 12:30, and push the dentist to 4", {"title": "Lunch with Sam", "when": "2025-03-07 12:30"},
     datetime(2025, 3, 7, 12, 30, tzinfo=NY)),
    ("瑜伽今晚七点一刻加上，牙医挪到下午两点", {"title": "瑜伽", "when": "2025-03-05 07:15"},
     datetime(2025, 3, 5, 19, 15, tzinfo=NY)),
    ("明早七点加个游泳，牙医改到下午三点", {"title": "游泳", "when": "2025-03-06 07:00"}, datetime(2025, 3, 6, 7, tzinfo=NY)),
    ("下周一上午十点和老王开会，另外把牙医推到四点", {"title": "和老王开会", "when": "2025-03-10 10:00:00"},
     datetime(2025, 3, 10, 10, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "start"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_time_in_the_events_clause_is_its_start(
    kit: Kit, text: str, create: dict[str, Any], start: datetime
) -> None:
    await kit.seed("Dentist" if text.isascii() else "牙医", datetime(2025, 3, 5, 11, tzinfo=NY))
    kit.script(call("create_event", create, request="add"), call("create_event", create, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    created = [e for e in await kit.events() if e.title == create["title"]]
    assert r.writes and [e.start for e in created] == [start], r.text
