"""A length change's "to" ("extend it to 5", 延长到五点) is where the event now ends: its start stays (live:
"延长到五点" after a 14:00–16:00 training moved it to 17:00–19:00). The model sends the new clock as ``when``,
or a range whose start is the event's own start copied; either way the event grows, never moves. "move it to
5" stays a move. Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, what the user says, the model's ``when``)
ROWS = [
    (SH, "延长到五点", "下午5点"),
    (SH, "延长到五点", "周五下午两点到五点"),
    (SH, "培训帮我延长到下午五点吧", "17:00"),
    (SH, "會議延長到五點", "下午5點"),
    (SH, "这个会开到五点", "14:00-17:00"),
    (NY, "extend it to 5", "5pm"),
    (NY, "extend it to 5", "Friday 2-5pm"),
    (NY, "can you extend the training to 5pm", "5:00 PM"),
    (NY, "let it run to 5", "2pm to 5pm"),
]


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[1]}|{r[2]}" for r in ROWS])
async def test_a_length_change_to_a_clock_keeps_the_start(
    database: Any, make_user: Any, row: tuple[Any, str, str]
) -> None:
    zone, said, when = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    title = "培训" if zone is SH else "Training"
    await kit.seed(title, datetime(2025, 3, 7, 14, tzinfo=zone), datetime(2025, 3, 7, 16, tzinfo=zone))
    kit.script(call("update_event", {"event": title, "when": when}), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert (event.start, event.end) == (datetime(2025, 3, 7, 14, tzinfo=zone), datetime(2025, 3, 7, 17, tzinfo=zone))


@pytest.mark.parametrize(("zone", "said", "when"), [(NY, "move it to 5", "5pm"), (SH, "改到五点", "下午5点")])
async def test_a_move_to_a_clock_still_moves(database: Any, make_user: Any, zone: Any, said: str, when: str) -> None:
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    title = "培训" if zone is SH else "Training"
    await kit.seed(title, datetime(2025, 3, 7, 14, tzinfo=zone), datetime(2025, 3, 7, 16, tzinfo=zone))
    kit.script(call("update_event", {"event": title, "when": when}), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert (event.start, event.end) == (datetime(2025, 3, 7, 17, tzinfo=zone), datetime(2025, 3, 7, 19, tzinfo=zone))
