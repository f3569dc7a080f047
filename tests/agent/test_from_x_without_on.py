"""A "from X" with no end and no "on" ("from next week, standup is at 10am", "cancel yoga from next week",
从下周站会改到十点): the time service's phrase "from X" (a start with no "to Y" after it) is a "from X on" for
a repeating event, so the change applies from X's first occurrence and the ones before stay. Before, only
"from X on"/"onwards" and 从X开始/起 were read: the change was written to the series from today (this week's
occurrences too), or the scope was asked. "from Monday to Tuesday" is still a range, and "to 10 from next
Monday" a move to 10 from then. Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

WEEKDAYS = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"

# (message, the model's update, the new clock)
MOVES = [
    ("from next week, standup is at 10am", {"event": "standup", "when": "10am", "scope": "series"}, "10:00"),
    ("from monday the standup will be at 10", {"event": "standup", "when": "10"}, "10:00"),
    ("move the standup to 10:30 from next monday",
     {"event": "standup", "when": "10:30", "event_when": "next monday"}, "10:30"),
    ("standup is at 10 from next week", {"event": "standup", "when": "10", "scope": "series"}, "10:00"),
    ("从下周站会改到十点", {"event": "站会", "when": "十点", "scope": "series"}, "10:00"),
    ("把站会改到上午十点，从下周一", {"event": "站会", "when": "上午十点"}, "10:00"),
    ("從下週一站会改到十點半", {"event": "站会", "when": "十點半", "scope": "series"}, "10:30"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "clock"), MOVES, ids=[m[0] for m in MOVES])
async def test_a_move_from_x(kit: Kit, text: str, update: dict, clock: str) -> None:
    title = "站会" if "站会" in text else "Standup"
    await kit.seed(title, datetime(2025, 2, 3, 9, 30, tzinfo=NY), datetime(2025, 2, 3, 9, 45, tzinfo=NY), rrule=WEEKDAYS)
    kit.script(call("update_event", update, request="change"), reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    events = sorted(await kit.events(), key=lambda e: e.start)
    assert [e.start.astimezone(NY).strftime("%m-%d %H:%M") for e in events] == ["02-03 09:30", f"03-10 {clock}"], answer.text
    assert events[0].rrule is not None and "UNTIL=" in events[0].rrule, answer.text  # this week kept


# (message, the model's delete)
CANCELS = [
    ("cancel yoga from next week", {"event": "yoga", "scope": "series"}),
    ("from next week no more yoga", {"event": "yoga", "scope": "series"}),
    ("从下周瑜伽取消", {"event": "瑜伽", "scope": "series"}),
    ("从下周起瑜伽取消", {"event": "瑜伽", "scope": "series"}),
]


@pytest.mark.parametrize(("text", "delete"), CANCELS, ids=[c[0] for c in CANCELS])
async def test_a_cancel_from_x(kit: Kit, text: str, delete: dict) -> None:
    title = "瑜伽" if "瑜伽" in text else "Yoga"
    await kit.seed(title, datetime(2025, 2, 5, 18, 0, tzinfo=NY), rrule="FREQ=WEEKLY;BYDAY=WE")
    kit.script(call("delete_event", delete, request="change"), reply("Done."))
    first = await kit.assistant.reply(kit.user_id, text)
    if first.pending is not None:  # a series' end is confirmed first
        await kit.assistant.reply(kit.user_id, "yes")
    (event,) = await kit.events()
    until = dict(part.split("=") for part in (event.rrule or "").split(";")).get("UNTIL", "")
    # this week's (Wednesday March 5, 6pm) stays; next week's (March 12) and later are gone
    assert "20250305T230000Z" <= until < "20250312T220000Z", (first.text, event.rrule)


@pytest.mark.parametrize(
    "text", ["move the standup from monday to tuesday", "standup from 9:30 to 10 today"], ids=["days", "clocks"]
)
def test_a_range_is_no_from_x(text: str) -> None:
    from agent.writes.series_scope import starts_from
    from tests.agent.fixtures import NOW

    assert starts_from(text, now=NOW, tz=NY) is None
