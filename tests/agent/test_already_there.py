"""A create of an event that is already there — the same title at the same start and end — is never written
twice: the model hears it once (it copied our receipt for "another one next Friday, same time"), and a create
that still copies it is answered "already on your calendar" (``agent.writes.duplicate``; live: "“Team Lunch”
overlaps “Team Lunch”. Add it anyway?"). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.language import simplified
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

EN = [
    ("team lunch friday at noon", {"title": "Team lunch", "when": "friday at noon"},
     "and one more friday at noon", {"title": "Team lunch", "when": "Friday, March 7, 12:00–1:00 PM"}),
    ("book club thursday 7pm", {"title": "Book club", "when": "thursday 7pm"},
     "put another book club in thursday 7pm", {"title": "Book club", "when": "thursday 7pm"}),
    ("physio friday 8am", {"title": "Physio", "when": "friday 8am"},
     "physio again friday 8am please", {"title": "Physio", "when": "friday 8am"}),
]  # fmt: skip
ZH = [
    ("周五中午十二点团队午餐", {"title": "团队午餐", "when": "周五中午十二点"},
     "周五中午十二点再加一个", {"title": "团队午餐", "when": "周五中午十二点"}),
    ("周四晚上七点读书会", {"title": "读书会", "when": "周四晚上七点"},
     "周四晚上七点再来一场读书会", {"title": "读书会", "when": "周四晚上七点"}),
    ("週五早上八點復健", {"title": "復健", "when": "週五早上八點"},
     "週五早上八點再排一次復健", {"title": "復健", "when": "週五早上八點"}),
]  # fmt: skip


@pytest.mark.parametrize(("first", "create", "second", "copy"), EN, ids=[r[2] for r in EN])
async def test_a_copy_of_the_event_just_written_is_not_written_twice(
    kit: Kit, first: str, create: dict[str, Any], second: str, copy: dict[str, Any]
) -> None:
    kit.script(call("create_event", create, request="add"))
    await kit.assistant.reply(kit.user_id, first)
    kit.script(
        call("create_event", copy, request="add"), call("create_event", copy, request="add"), reply("ok")
    )
    r = await kit.assistant.reply(kit.user_id, second)
    assert len(await kit.events()) == 1, r.text
    assert r.text.startswith(f"“{create['title']}” is already on your calendar"), r.text


@pytest.mark.parametrize(("first", "create", "second", "copy"), ZH, ids=[r[2] for r in ZH])
async def test_a_chinese_copy_is_not_written_twice(
    database,
    make_user,
    first: str,
    create: dict[str, Any],
    second: str,
    copy: dict[str, Any],  # type: ignore[no-untyped-def]
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    zh.script(call("create_event", create, request="add"))
    await zh.assistant.reply(zh.user_id, first)
    zh.script(
        call("create_event", copy, request="add"), call("create_event", copy, request="add"), reply("好")
    )
    r = await zh.assistant.reply(zh.user_id, second)
    assert len(await zh.events()) == 1, r.text
    assert "已经在日历上了" in simplified(r.text), r.text


async def test_the_retry_at_its_own_time_is_written(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Team lunch", "when": "friday at noon"}, request="add"))
    await kit.assistant.reply(kit.user_id, "team lunch friday at noon")
    copy = {"title": "Team lunch", "when": "Friday, March 7, 12:00–1:00 PM"}
    again = {"title": "Team lunch", "when": "next friday at noon"}
    kit.script(
        call("create_event", copy, request="add"), call("create_event", again, request="add"), reply("ok")
    )
    r = await kit.assistant.reply(kit.user_id, "and another next friday at noon")
    starts = sorted(e.start.astimezone(NY) for e in await kit.events())
    assert starts == [datetime(2025, 3, 7, 12, tzinfo=NY), datetime(2025, 3, 14, 12, tzinfo=NY)], r.text
    assert SH  # (both zones import from the fixtures)


@pytest.mark.parametrize("answer", ["Sure, I added another one.", "OK.", "Let me know if you need anything else."])
async def test_a_retry_in_words_is_told_the_event_is_there(kit: Kit, answer: str) -> None:
    kit.script(call("create_event", {"title": "Team lunch", "when": "friday at noon"}, request="add"))
    await kit.assistant.reply(kit.user_id, "team lunch friday at noon")
    copy = {"title": "Team lunch", "when": "Friday, March 7, 12:00–1:00 PM"}
    kit.script(call("create_event", copy, request="add"), reply(answer))
    r = await kit.assistant.reply(kit.user_id, "and one more friday at noon")
    assert len(await kit.events()) == 1, r.text
    assert r.text.startswith("“Team lunch” is already on your calendar"), r.text


@pytest.mark.parametrize("answer", ["好的，已经再加了一个。", "好。", "还有其他需要吗？"])
async def test_a_chinese_retry_in_words_is_told_the_event_is_there(database, make_user, answer: str) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    zh.script(call("create_event", {"title": "团队午餐", "when": "周五中午十二点"}, request="add"))
    await zh.assistant.reply(zh.user_id, "周五中午十二点团队午餐")
    copy = {"title": "团队午餐", "when": "周五中午十二点"}
    zh.script(call("create_event", copy, request="add"), reply(answer))
    r = await zh.assistant.reply(zh.user_id, "周五中午十二点再加一个")
    assert len(await zh.events()) == 1, r.text
    assert "已经在日历上了" in simplified(r.text), r.text
