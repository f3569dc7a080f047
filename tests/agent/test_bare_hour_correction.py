"""Right after a write, a correction that gives only a bare hour ("ugh, meant 4") is something the user
said: the number is the hour of the change's new time (agent.guards.asked). Scripted model."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

CREATE = {"title": "Call with Omar", "when": "tomorrow 3pm"}


@pytest.mark.parametrize(
    ("correction", "when", "hour"),
    [
        ("ugh, meant 4", "tomorrow 4pm", 16),
        ("no, 5", "5pm", 17),
        ("oops I meant 2", "tomorrow 2pm", 14),
        ("wait — 11 not 3", "tomorrow 11am", 11),
    ],
)
async def test_a_bare_hour_right_after_a_write_corrects_it(kit: Kit, correction: str, when: str, hour: int) -> None:
    kit.script(call("create_event", CREATE), call("update_event", {"event": "it", "when": when}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "set up a call with Omar for tomorrow at 3pm")
    r = await kit.assistant.reply(kit.user_id, correction)
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 6, hour, tzinfo=NY), r.text


async def test_a_number_that_is_not_the_new_hour_is_not_a_correction(kit: Kit) -> None:
    kit.script(call("create_event", CREATE), call("update_event", {"event": "it", "when": "tomorrow 7pm"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "set up a call with Omar for tomorrow at 3pm")
    await kit.assistant.reply(kit.user_id, "ugh, meant 4")
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 6, 15, tzinfo=NY)


async def test_a_bare_hour_with_nothing_just_written_is_not_a_request(kit: Kit) -> None:
    await kit.seed("Call with Omar", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": "it", "when": "tomorrow 4pm"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "ugh, meant 4")
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 6, 15, tzinfo=NY)


@pytest.mark.parametrize(("correction", "when", "hour"), [("不对，是4", "明天下午4点", 16), ("改成5吧", "下午5点", 17)])
async def test_a_bare_hour_in_chinese(database, make_user, correction: str, when: str, hour: int) -> None:  # type: ignore[no-untyped-def]
    k = await make_kit(database, make_user, timezone=SH.key)
    k.script(call("create_event", {"title": "开会", "when": "明天下午三点"}), call("update_event", {"event": "它", "when": when}))
    await k.assistant.reply(k.user_id, "明天下午三点开会")
    r = await k.assistant.reply(k.user_id, correction)
    [event] = await k.events()
    assert event.start.astimezone(SH).hour == hour, r.text
