"""A clock range without a part of day ("7 to 8:30") is asked as morning or evening, and each option is the
whole range: shown with its own end and written with it once picked — never an hour from the start, and
never on another day than the one the words (or the event moved) say. Now is Wednesday 2025-03-05 09:00 in
America/New_York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's call, the pick, the labels' ends, the written start and end)
ROWS: list[tuple[str, tuple[str, dict[str, Any]], str, tuple[str, str], datetime, datetime]] = [
    ("gym tomorrow is 7 to 8:30 now", ("update_event", {"event": "Gym", "when": "7pm", "end": "8:30pm"}), "2",
     ("7:00–8:30 AM", "7:00–8:30 PM"), datetime(2025, 3, 6, 19, tzinfo=NY), datetime(2025, 3, 6, 20, 30, tzinfo=NY)),
    ("swim tomorrow 7 to 8:30", ("create_event", {"title": "Swim", "when": "tomorrow 7pm", "end": "8:30pm"}),
     "evening", ("7:00–8:30 AM", "7:00–8:30 PM"), datetime(2025, 3, 6, 19, tzinfo=NY),
     datetime(2025, 3, 6, 20, 30, tzinfo=NY)),
    ("明天七点到八点半健身", ("create_event", {"title": "健身", "when": "明天七点到八点半"}), "1",
     ("07:00–08:30", "19:00–20:30"), datetime(2025, 3, 6, 7, tzinfo=NY), datetime(2025, 3, 6, 8, 30, tzinfo=NY)),
    ("明天的Gym改成七點到八點半", ("update_event", {"event": "Gym", "when": "19:00", "end": "20:30"}), "晚上",
     ("07:00–08:30", "19:00–20:30"), datetime(2025, 3, 6, 19, tzinfo=NY), datetime(2025, 3, 6, 20, 30, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "first", "pick", "labels", "start", "end"), ROWS, ids=[r[0] for r in ROWS])
async def test_each_option_is_the_whole_range(
    kit: Kit, text: str, first: tuple[str, dict[str, Any]], pick: str, labels: tuple[str, str], start: datetime,
    end: datetime,
) -> None:  # fmt: skip
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.script(call(*first), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert len(asked.options) == 2, asked.text
    lines = asked.text.splitlines()[1:]
    assert all(label in line for label, line in zip(labels, lines, strict=True)), asked.text
    assert all(o.start.astimezone(NY).day == start.day for o in asked.options), asked.text
    done = await kit.assistant.reply(kit.user_id, pick)
    events = {e.title: (e.start, e.end) for e in await kit.events()}
    title = first[1].get("title") or "Gym"
    assert events.get(title) == (start, end), (asked.text, done.text)
