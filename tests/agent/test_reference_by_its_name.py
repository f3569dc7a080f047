"""A reference that names whom or what an event is about picks the title that shares that word over one that
shares only the kind of event: "call with mom" is not "Call with Omar" (live: "move it to 7" after writing
“call with mom” asked which of the two was meant). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

EN = [
    ("call with mom", "Call with Omar"),
    ("chat with bob", "Chat with Rob"),
    ("coffee with liz", "Coffee with Lisa"),
    ("sync with ops", "Sync with Oscar"),
    ("lunch with dad", "Lunch with Sam"),
]
ZH = [
    ("和Mia的电话", "和Mike的电话"),
    ("跟Leo吃饭", "跟Ana吃饭"),
    ("與Kim的會議", "與Tom的會議"),
]


@pytest.mark.parametrize(("title", "other"), EN, ids=[r[0] for r in EN])
async def test_the_event_named_is_moved_not_asked_about(kit: Kit, title: str, other: str) -> None:
    await kit.seed(other, datetime(2025, 3, 7, 14, tzinfo=NY), datetime(2025, 3, 7, 15, tzinfo=NY))
    await kit.seed(
        title.capitalize(), datetime(2025, 3, 9, 18, tzinfo=NY), datetime(2025, 3, 9, 19, tzinfo=NY)
    )
    kit.script(call("update_event", {"event": title, "when": "sunday at 7pm"}, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, f"move the {title} to sunday at 7pm")
    by_title = {e.title: e.start.astimezone(NY) for e in await kit.events()}
    assert by_title[title.capitalize()] == datetime(2025, 3, 9, 19, tzinfo=NY), r.text
    assert by_title[other] == datetime(2025, 3, 7, 14, tzinfo=NY), r.text


@pytest.mark.parametrize(("title", "other"), ZH, ids=[r[0] for r in ZH])
async def test_a_chinese_reference_with_a_name_moves_that_event(
    database,
    make_user,
    title: str,
    other: str,  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed(other, datetime(2025, 3, 7, 14, tzinfo=SH), datetime(2025, 3, 7, 15, tzinfo=SH))
    await zh.seed(title, datetime(2025, 3, 9, 18, tzinfo=SH), datetime(2025, 3, 9, 19, tzinfo=SH))
    zh.script(call("update_event", {"event": title, "when": "周日晚上七点"}, request="change"), reply("好"))
    r = await zh.assistant.reply(zh.user_id, f"把{title}改到周日晚上七点")
    by_title = {e.title: e.start.astimezone(SH) for e in await zh.events()}
    assert by_title[title] == datetime(2025, 3, 9, 19, tzinfo=SH), r.text
    assert by_title[other] == datetime(2025, 3, 7, 14, tzinfo=SH), r.text


async def test_a_reference_sharing_only_the_kind_still_asks(kit: Kit) -> None:
    await kit.seed("Call with Omar", datetime(2025, 3, 7, 14, tzinfo=NY), datetime(2025, 3, 7, 15, tzinfo=NY))
    await kit.seed("Call with Ana", datetime(2025, 3, 9, 18, tzinfo=NY), datetime(2025, 3, 9, 19, tzinfo=NY))
    kit.script(
        call("update_event", {"event": "the call", "when": "sunday at 7pm"}, request="change"), reply("ok")
    )
    r = await kit.assistant.reply(kit.user_id, "move the call to sunday at 7pm")
    assert "Which one" in r.text, r.text
