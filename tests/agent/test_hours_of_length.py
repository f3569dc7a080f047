"""Hours of length written "1h", "2h", "~1h" right after a clock ("tomorrow 3pm ~1h", "15:00, 2h"): the event is
that long. "~1h" read as a range to 1 o'clock made a ten-hour event; "Thursday 8h" stays 8 o'clock. Scripted
model, real store; NOW is Wednesday 5 March 2025 09:00 (New York)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's arguments besides the title, the start and end hours)
ROWS = [
    ("call with Ana tomorrow 3pm ~1h", {"when": "tomorrow 3pm ~1h"}, (15, 16)),
    ("call with Ana tomorrow 3pm ~1h", {"when": "tomorrow 3pm", "duration": "~1h"}, (15, 16)),
    ("sync tomorrow 15:00, 2h", {"when": "tomorrow 15:00, 2h"}, (15, 17)),
    ("planning tomorrow 10am 1.5h", {"when": "tomorrow 10am 1.5h"}, (10, 11.5)),
]


@pytest.mark.parametrize(("text", "args", "hours"), ROWS, ids=[f"{r[0]}:{r[1]}" for r in ROWS])
async def test_hours_after_a_clock_are_its_length(
    kit: Kit, text: str, args: dict[str, str], hours: tuple[float, float]
) -> None:
    kit.script(call("create_event", {"title": text.split(" tomorrow")[0].capitalize(), **args}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert len(r.writes) == 1, r.text
    start = datetime(2025, 3, 6, int(hours[0]), int(hours[0] % 1 * 60), tzinfo=NY)
    end = datetime(2025, 3, 6, int(hours[1]), int(hours[1] % 1 * 60), tzinfo=NY)
    assert (event.start, event.end) == (start, end), r.text
