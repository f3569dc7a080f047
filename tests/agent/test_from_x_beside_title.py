"""A "from X on" whose X stands right before the event's name ("starting monday the standup moves to 10am"):
the name is cut out of the message as a clause break, so X is "monday", never "monday … 10am" (a time of day,
which is no "from X on"). Before, the name was cut out as a space, the words around it read as one time,
and the turn asked "just this one, or every Standup?" about a change the user had scoped, or changed the
series from today. Scripted model; now is Wednesday 2025-03-05 09:00 in New York; a weekday standup at
9:30 since February."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

WEEKDAYS = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"

# (message, the model's update, the new clock)
ROWS = [
    ("starting monday the standup moves to 10am",
     {"event": "standup", "event_when": "monday", "when": "10am", "scope": "series"}, (10, 0)),
    ("starting monday the standup moves to 10am", {"event": "standup", "when": "10am"}, (10, 0)),
    ("effective monday standup moves to 10:15", {"event": "standup", "when": "10:15"}, (10, 15)),
    ("beginning monday standup at 10am", {"event": "standup", "when": "10am", "scope": "series"}, (10, 0)),
    ("as of monday the standup shifts to 10:30", {"event": "standup", "when": "10:30"}, (10, 30)),
    ("as of next monday standup will be at 10", {"event": "standup", "when": "10", "event_when": "next monday"},
     (10, 0)),
    ("beginning next week the standup is at 10am", {"event": "standup", "when": "10am", "scope": "series"}, (10, 0)),
    ("下周一开始站会改到上午十点", {"event": "站会", "when": "上午十点", "scope": "series"}, (10, 0)),
    ("下周一开始站会改到上午十点", {"event": "站会", "event_when": "下周一", "when": "上午十点"}, (10, 0)),
    ("下週一開始站会改到上午十點", {"event": "站会", "when": "上午十點"}, (10, 0)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "clock"), ROWS, ids=[f"{r[0]}-{i}" for i, r in enumerate(ROWS)])
async def test_the_series_changes_from_x(kit: Kit, text: str, update: dict, clock: tuple[int, int]) -> None:
    title = "站会" if "站会" in text else "Standup"
    start = datetime(2025, 2, 3, 9, 30, tzinfo=NY)
    await kit.seed(title, start, datetime(2025, 2, 3, 9, 45, tzinfo=NY), rrule=WEEKDAYS)
    kit.script(call("update_event", update, request="change"), reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    events = sorted(await kit.events(), key=lambda e: e.start)
    assert [e.start.astimezone(NY).strftime("%m-%d %H:%M") for e in events] == [
        "02-03 09:30", f"03-10 {clock[0]:02d}:{clock[1]:02d}"
    ], answer.text  # fmt: skip
    assert events[0].rrule is not None and "UNTIL=" in events[0].rrule, answer.text  # the week before kept
