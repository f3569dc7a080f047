"""An event named by a part of the day ("Lunch with Ana", "Morning run", "Dinner with Bo") is named when the
user says that word ("lunch is on friday"), though the word alone is a time too: a change whose new start
the model wrote in its own words (the whole date from the calendar) takes the user's phrase, read against
the event, instead of asking "when?". Now is Wednesday 2025-03-05 09:00 in America/New_York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (seeded title, its start, message, the model's new start, the written start)
ROWS = [
    ("Lunch with Ana", datetime(2025, 3, 6, 12, tzinfo=NY), "move lunch to 1pm", "Thursday, March 6, 1:00 PM",
     datetime(2025, 3, 6, 13, tzinfo=NY)),
    ("Lunch with Ana", datetime(2025, 3, 6, 12, tzinfo=NY), "no, lunch is on friday not thursday",
     "Friday, March 7, 12:00 PM", datetime(2025, 3, 7, 12, tzinfo=NY)),
    ("Dinner with Bo", datetime(2025, 3, 6, 19, tzinfo=NY), "dinner is at 8pm now", "2025-03-06 20:00",
     datetime(2025, 3, 6, 20, tzinfo=NY)),
    ("Morning run", datetime(2025, 3, 6, 7, tzinfo=NY), "push my morning run to 7:45", "Thu Mar 6 07:45",
     datetime(2025, 3, 6, 7, 45, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("title", "at", "text", "when", "start"), ROWS, ids=[r[2] for r in ROWS])
async def test_the_part_of_day_word_names_the_event(
    kit: Kit, title: str, at: datetime, text: str, when: str, start: datetime
) -> None:
    await kit.seed(title, at)
    update = call("update_event", {"event": title, "when": when})
    kit.script(update, update, reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert event.start == start, r.text
    assert r.writes and r.writes[0].action == "updated", r.text


async def test_a_question_at_that_part_of_day_writes_nothing(kit: Kit) -> None:
    await kit.seed("Lunch with Ana", datetime(2025, 3, 6, 12, tzinfo=NY))
    before = await kit.events()
    kit.script(call("update_event", {"event": "Lunch with Ana", "when": "Thursday 1pm"}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "what do I have at lunch tomorrow?")
    assert await kit.events() == before and not r.writes, r.text
