"""A correction of a new start ("no wait, 3pm", 不对，是三点) that the model sends as the receipt copied — the
event's own start in ``when`` and its current end in ``end`` — moves the event (``agent.guards.starts``;
live: "不对，是三点" after 14:00–15:00 came as when="…14:00–15:00", end="…15:00", and the user was told "I
couldn't work out the details"). The user's "3pm" happens to ground the copied end; it is no end the user
gave. "till 3" stays an end. Scripted model; EN and ZH. The event, just written: Monday 2025-03-10
14:00–15:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

ROWS = [
    (SH, "不对，是三点", "3月10日（周一） 14:00–15:00", "15:00"),
    (SH, "不对，是三点", "14:00", "下午三点"),
    (SH, "搞错了，应该是下午三点", "14:00", "15:00"),
    (SH, "不對，是三點", "3月10日 14:00", "15:00"),
    (NY, "no wait, 3pm", "Monday, March 10, 2:00–3:00 PM", "3:00 PM"),
    (NY, "oops, I meant 3pm", "2pm", "3pm"),
    (NY, "sorry, make that 3:00 pm", "Monday 2:00 PM", "3:00 PM"),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[1] + " " + r[3] for r in ROWS])
async def test_the_copied_receipt_is_a_move(database: Any, make_user: Any, row: tuple[Any, str, str, str]) -> None:
    zone, said, when, end = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    kit.script(call("create_event", {"title": "项目会", "when": "下周一下午两点" if zone is SH else "next monday 2pm"}))
    await kit.assistant.reply(kit.user_id, "下周一下午两点开项目会" if zone is SH else "add 项目会 next monday 2pm")
    kit.script(
        call("update_event", {"event": "项目会", "when": when, "end": end}, request="change"),
        reply("The event is already scheduled then.", request="change"),
    )
    r = await kit.assistant.reply(kit.user_id, said)
    if r.pending is not None and r.pending.kind == "needs_confirmation":
        kit.script()
        r = await kit.assistant.reply(kit.user_id, "yes" if zone is NY else "好")
    (event,) = await kit.events()
    assert (event.start, event.end) == (datetime(2025, 3, 10, 15, tzinfo=zone), datetime(2025, 3, 10, 16, tzinfo=zone)), r.text


async def test_an_end_the_user_gives_stays_an_end(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed("项目会", datetime(2025, 3, 10, 14, tzinfo=NY), datetime(2025, 3, 10, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": "项目会", "when": "2pm", "end": "3pm"}, request="change"), reply("ok"))
    await kit.assistant.reply(kit.user_id, "no wait, it runs till 3")
    (event,) = await kit.events()
    assert (event.start, event.end) == (datetime(2025, 3, 10, 14, tzinfo=NY), datetime(2025, 3, 10, 15, tzinfo=NY))
