"""An event named only by its time ("my 3pm", "the 10 o'clock", 下午三点那个): no title words to search, so
the time the user named it by finds it — the events that start then (read by the time service), a choice
when several do, "not found" when none. Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit


@pytest.mark.parametrize(
    ("text", "arguments", "start"),
    [
        ("push my 3 o'clock to 4:30", {"event": "my 3 o'clock", "event_when": "3 o'clock", "when": "4:30pm"}, (16, 30)),
        ("move my 15:00 to 5pm", {"event": "my 15:00", "when": "5pm"}, (17, 0)),
        ("my 3pm → 4pm please", {"event": "3pm", "when": "4pm"}, (16, 0)),
        ("bump my 3pm half an hour later", {"event": "my 3pm", "when": "half an hour later"}, (15, 30)),
        ("move the one at 3 to 4:30", {"event": "the one at 3", "when": "4:30"}, (16, 30)),
        ("the one at 3pm should be at 5", {"event": "the one at 3pm", "when": "5"}, (17, 0)),
    ],
)
async def test_an_event_named_by_its_time_is_found(
    kit: Kit, text: str, arguments: dict[str, Any], start: tuple[int, int]
) -> None:
    await kit.seed("Design review", datetime(2025, 3, 5, 11, tzinfo=NY))
    await kit.seed(
        "Vendor sync", datetime(2025, 3, 5, 15, tzinfo=NY), datetime(2025, 3, 5, 15, 30, tzinfo=NY)
    )
    kit.script(call("update_event", arguments), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    moved = {e.title: e.start.astimezone(NY) for e in await kit.events()}
    assert (moved["Vendor sync"].hour, moved["Vendor sync"].minute) == start, r.text
    assert moved["Design review"].hour == 11


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("三点钟那个往后推到四点半", {"event": "三点钟那个", "event_when": "三点钟", "when": "下午四点半"}),
        ("三点那个会挪到四点半", {"event": "三点那个会", "when": "四点半"}),
        ("把明天下午3点的改成4点半", {"event": "下午3点", "event_when": "明天下午3点", "when": "4点半"}),
    ],
)
async def test_an_event_named_by_its_time_is_found_in_chinese(
    database: Any, make_user: Any, text: str, arguments: dict[str, Any]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("周报", datetime(2025, 3, 6, 11, tzinfo=SH))  # (now is 22:00 on the 5th in Shanghai)
    await zh.seed("供应商对接", datetime(2025, 3, 6, 15, tzinfo=SH), datetime(2025, 3, 6, 15, 30, tzinfo=SH))
    zh.script(call("update_event", arguments), reply("好"))
    r = await zh.assistant.reply(zh.user_id, text)
    moved = {e.title: e.start.astimezone(SH) for e in await zh.events()}
    assert (moved["供应商对接"].hour, moved["供应商对接"].minute) == (16, 30), r.text


async def test_two_events_at_that_time_are_a_choice(kit: Kit) -> None:
    await kit.seed("Vendor sync", datetime(2025, 3, 5, 15, tzinfo=NY))
    await kit.seed("Call with Ana", datetime(2025, 3, 5, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": "my 3pm", "event_when": "3pm", "when": "4pm"}))
    r = await kit.assistant.reply(kit.user_id, "push my 3pm to 4")
    assert r.writes == () and len(r.options) == 2


async def test_nothing_at_that_time_is_not_found(kit: Kit) -> None:
    await kit.seed("Vendor sync", datetime(2025, 3, 5, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": "my 2pm", "event_when": "2pm", "when": "4pm"}))
    r = await kit.assistant.reply(kit.user_id, "push my 2pm to 4")
    assert r.writes == () and "couldn't find" in r.text.casefold(), r.text


@pytest.mark.parametrize("reference", ["the 15:00", "the 3 o'clock"])
async def test_the_n_oclock_is_a_time(kit: Kit, reference: str) -> None:
    await kit.seed("Vendor sync", datetime(2025, 3, 5, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": reference, "when": "5pm"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, f"move {reference} to 5pm")
    [event] = await kit.events()
    assert event.start.astimezone(NY).hour == 17
