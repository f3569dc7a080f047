"""An all-day event moved to a day ("move the offsite to monday", 把团建改到下周一) stays all day: it was
written as a timed event from midnight to midnight ("Monday, March 10, 12:00 AM–12:00 AM"). A clock time
given with the day makes it timed, as the user said. Scripted model, real store; NOW is Wednesday 5 March 2025
09:00 (New York); the offsite is Friday 14 March, all day (two days in the last row)."""

from __future__ import annotations

from datetime import date

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

# (message, the model's update values, the new first day, all day still)
ROWS = [
    ("move the offsite to monday", {"when": "Monday"}, date(2025, 3, 10), True),
    ("push the offsite to next tuesday", {"when": "next Tuesday"}, date(2025, 3, 11), True),
    (
        "can the offsite be on thursday instead",
        {"when": "thursday", "scope": "series"},
        date(2025, 3, 6),
        True,
    ),
    ("把团建改到下周一", {"when": "下周一"}, date(2025, 3, 10), True),
    ("团建挪到周四", {"when": "周四"}, date(2025, 3, 6), True),
    ("团建换到下周二吧", {"when": "下周二"}, date(2025, 3, 11), True),
    ("move the offsite to monday at 9am", {"when": "monday at 9am"}, date(2025, 3, 10), False),
]


@pytest.mark.parametrize(("text", "args", "day", "all_day"), ROWS, ids=[r[0] for r in ROWS])
async def test_an_all_day_event_moved_to_a_day_stays_all_day(
    kit: Kit, text: str, args: dict[str, str], day: date, all_day: bool
) -> None:
    title = "Offsite" if text.isascii() else "团建"
    await kit.seed(title, date(2025, 3, 14), date(2025, 3, 15))
    kit.script(call("update_event", {"event": title, **args}, request="update"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert event.all_day is all_day and event.start.date() == day, r.text
    if all_day:
        assert (event.end.date() - event.start.date()).days == 1 and "12:00 AM" not in r.text, r.text


async def test_a_two_day_event_keeps_its_days(kit: Kit) -> None:
    await kit.seed("Offsite", date(2025, 3, 13), date(2025, 3, 15))
    kit.script(
        call("update_event", {"event": "Offsite", "when": "next monday"}, request="update"), reply("ok")
    )
    r = await kit.assistant.reply(kit.user_id, "move the offsite to next monday")
    [event] = await kit.events()
    assert event.all_day and (event.start.date(), event.end.date()) == (
        date(2025, 3, 10),
        date(2025, 3, 12),
    ), r.text
