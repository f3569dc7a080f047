"""An event named only by a clock ("my 5pm", 下午五点那个) is one that starts then. One that only runs through
that time (a 4:30–6:00 retro for "my 5pm") is asked about by name, never changed on the time alone (live:
"move my 5pm on friday to 6" moved a 4:30 retro to 6). One that starts at the clock is still the target.
Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, what the user says, the model's arguments)
ROWS = [
    (NY, "move my 5pm on friday to 6", {"event": "5pm on Friday", "when": "6pm"}),
    (NY, "push my 5 o'clock friday to 6", {"event": "Friday 5pm", "when": "6pm"}),
    (NY, "can the friday 5pm thing go to 6 instead", {"event": "friday 5pm", "when": "6pm"}),
    (SH, "把周五下午五点那个改到六点", {"event": "周五下午五点", "when": "六点"}),
    (SH, "周五五点的那个挪到六点", {"event": "周五五点", "when": "下午6点"}),
    (SH, "週五下午五點那個改成六點", {"event": "週五下午五點", "when": "六點"}),
]


def _zone_name(zone: Any) -> str:
    return "Asia/Shanghai" if zone is SH else "America/New_York"


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_an_event_running_through_the_clock_is_asked_about(
    database: Any, make_user: Any, row: tuple[Any, str, dict[str, str]]
) -> None:
    zone, said, args = row
    kit = await make_kit(database, make_user, timezone=_zone_name(zone))
    await kit.seed("Retro", datetime(2025, 3, 7, 16, 30, tzinfo=zone), datetime(2025, 3, 7, 18, tzinfo=zone))
    kit.script(call("update_event", args), reply("ok"))
    out = await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 7, 16, 30, tzinfo=zone)
    assert "Retro" in out.text and out.pending is not None


@pytest.mark.parametrize("row", ROWS[:1] + ROWS[3:4], ids=["en", "zh"])
async def test_an_event_starting_at_the_clock_is_the_one(
    database: Any, make_user: Any, row: tuple[Any, str, dict[str, str]]
) -> None:
    zone, said, args = row
    kit = await make_kit(database, make_user, timezone=_zone_name(zone))
    await kit.seed("Retro", datetime(2025, 3, 7, 17, tzinfo=zone), datetime(2025, 3, 7, 18, tzinfo=zone))
    kit.script(call("update_event", args), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 7, 18, tzinfo=zone)
