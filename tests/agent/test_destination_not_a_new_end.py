"""A new time the user says the event goes to ("change it to 4:30", 改成四点半) is never a new end, even when the
model's ``when`` is the event's current end (live: "改成四点半" after a 15:00–16:00 haircut, sent as
``when="16:00"``, made it 15:00–16:30). The event moves, or code asks; it never keeps its start and grows.
Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, what the user says, the model's ``when``: the event's current end, in its words)
ROWS = [
    (SH, "改成四点半", "16:00"),
    (SH, "改到下午四点半吧", "下午4点"),
    (SH, "挪到四点半", "16:00"),
    (SH, "幫我改成四點半", "16:00"),
    (NY, "make it 4:30", "4pm"),
    (NY, "change it to 4:30", "4:00 PM"),
    (NY, "could you push it to 4:30", "Monday 4pm"),
    (NY, "switch it to 4:30 pm", "4pm"),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_a_destination_is_not_a_new_end(database: Any, make_user: Any, row: tuple[Any, str, str]) -> None:
    zone, said, copied = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    title = "理发" if zone is SH else "Haircut"
    await kit.seed(title, datetime(2025, 3, 10, 15, tzinfo=zone), datetime(2025, 3, 10, 16, tzinfo=zone))
    kit.script(call("update_event", {"event": title, "when": copied}), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert (event.start, event.end) in (
        (datetime(2025, 3, 10, 15, tzinfo=zone), datetime(2025, 3, 10, 16, tzinfo=zone)),  # asked
        (datetime(2025, 3, 10, 16, 30, tzinfo=zone), datetime(2025, 3, 10, 17, 30, tzinfo=zone)),  # moved
    )


async def test_an_end_word_still_makes_a_new_end(database: Any, make_user: Any) -> None:
    # the control: "until 4:30" after the same copied end is the new end (agent.guards.ends)
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed("Haircut", datetime(2025, 3, 10, 15, tzinfo=NY), datetime(2025, 3, 10, 16, tzinfo=NY))
    kit.script(call("update_event", {"event": "Haircut", "when": "4pm"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "oh, it goes until 4:30")
    (event,) = await kit.events()
    assert (event.start, event.end) == (datetime(2025, 3, 10, 15, tzinfo=NY), datetime(2025, 3, 10, 16, 30, tzinfo=NY))
