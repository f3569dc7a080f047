"""A length the model cut out of the user's longer one is not the user's: 半小时 of 一个半小时, "an hour" of "an
hour and a half" (live: "改成一个半小时" after a two-hour board meeting made it 10:00–10:30 — a wrong write). The
event gets the user's whole length, or code asks; never the part. Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, what the user says, the model's ``duration``, the user's length)
ROWS = [
    (SH, "改成一个半小时", "半小时", timedelta(minutes=90)),
    (SH, "会议时间改成两个半小时", "半小时", timedelta(minutes=150)),
    (SH, "董事会开一个半小时就够了", "半小时", timedelta(minutes=90)),
    (SH, "改為一個半小時", "半小時", timedelta(minutes=90)),
    (NY, "make it an hour and a half", "an hour", timedelta(minutes=90)),
    (NY, "make it 1 hour 30 minutes", "30 minutes", timedelta(minutes=90)),
    (NY, "it should be an hour and fifteen minutes", "fifteen minutes", timedelta(minutes=75)),
    (NY, "change it to 2 hours 15 minutes", "15 minutes", timedelta(minutes=135)),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_a_part_of_the_users_length_is_not_theirs(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    zone, said, part, length = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    title = "董事会" if zone is SH else "Board meeting"
    start = datetime(2025, 3, 6, 10, tzinfo=zone)
    await kit.seed(title, start, start + timedelta(hours=2))
    kit.script(call("update_event", {"event": title, "duration": part}), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert event.start == start and event.end in (start + timedelta(hours=2), start + length)
