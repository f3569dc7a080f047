"""A change right after writing a series corrects the whole series — unless the user names which occurrence
("move this week's to Thursday", 周五那次改到八点): then it is that occurrence, found and scoped as any other,
and never the series (live: "add swim class every wednesday at 5pm || move this week's to thursday" moved the
whole series to Thursdays). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import SH, Kit, make_kit

EN = [
    ("swim class every monday at 5pm", "Swim class", "every monday at 5pm",
     "move this week's to tuesday", {"event_when": "this week", "when": "tuesday"}, (3, 10, 17)),
    ("run every friday at 7am", "Run", "every friday at 7am",
     "push friday's one to 8am", {"event_when": "friday", "when": "8am"}, (3, 7, 7)),
    ("book club every thursday at 6pm", "Book club", "every thursday at 6pm",
     "make next thursday's 7pm", {"event_when": "next thursday", "when": "7pm"}, (3, 6, 18)),
    ("yoga every monday at 6pm", "Yoga", "every monday at 6pm",
     "shift this week's session to wednesday", {"event_when": "this week", "when": "wednesday"}, (3, 10, 18)),
    ("standup every thursday at 8am", "Standup", "every thursday at 8am",
     "move tomorrow's to 9am", {"event_when": "tomorrow", "when": "9am"}, (3, 6, 8)),
]  # fmt: skip
ZH = [
    ("每周一下午五点游泳", "游泳", "每周一下午五点",
     "这周的挪到周四", {"event_when": "这周", "when": "周四"}, (3, 10, 17)),
    ("每周五早上七点跑步", "跑步", "每周五早上七点",
     "周五那次改到早上八点", {"event_when": "周五", "when": "早上八点"}, (3, 7, 7)),
    ("每週四晚上六點讀書會", "讀書會", "每週四晚上六點",
     "下週四那次改成晚上七點", {"event_when": "下週四", "when": "晚上七點"}, (3, 6, 18)),
    ("每周一晚上六点瑜伽", "瑜伽", "每周一晚上六点",
     "这周的瑜伽挪到周三", {"event_when": "这周", "when": "周三"}, (3, 10, 18)),
    ("每周四早上八点站会", "站会", "每周四早上八点",
     "明天那次改到早上九点", {"event_when": "明天", "when": "早上九点"}, (3, 6, 8)),
    ("每週五晚上八點聚會", "聚會", "每週五晚上八點",
     "本週的改到週六", {"event_when": "本週", "when": "週六"}, (3, 7, 20)),
]  # fmt: skip


async def _series_then_move(
    kit: Kit, first: str, title: str, when: str, second: str, move: dict[str, Any], ok: str
) -> str:
    kit.script(call("create_event", {"title": title, "when": when}, request="add"))
    await kit.assistant.reply(kit.user_id, first)
    kit.script(call("update_event", {"event": title, **move}, request="change"), reply(ok))
    return (await kit.assistant.reply(kit.user_id, second)).text


def _series_kept(events: list[Any], tz: Any, first: tuple[int, int, int]) -> bool:
    series = [e for e in events if e.recurring]
    return len(series) == 1 and series[0].start.astimezone(tz) == datetime(
        2025, first[0], first[1], first[2], tzinfo=tz
    )


@pytest.mark.parametrize(("first", "title", "when", "second", "move", "start"), EN, ids=[r[3] for r in EN])
async def test_a_named_occurrence_is_not_the_whole_series(
    kit: Kit,
    first: str,
    title: str,
    when: str,
    second: str,
    move: dict[str, Any],
    start: tuple[int, int, int],
) -> None:
    text = await _series_then_move(kit, first, title, when, second, move, "ok")
    events = await kit.events()
    assert _series_kept(events, kit.tz, start), (text, [(e.start, e.rrule) for e in events])


@pytest.mark.parametrize(("first", "title", "when", "second", "move", "start"), ZH, ids=[r[3] for r in ZH])
async def test_a_chinese_named_occurrence_is_not_the_whole_series(
    database,
    make_user,
    first: str,
    title: str,
    when: str,
    second: str,
    move: dict[str, Any],  # type: ignore[no-untyped-def]
    start: tuple[int, int, int],
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    text = await _series_then_move(zh, first, title, when, second, move, "好")
    events = await zh.events()
    assert _series_kept(events, SH, start), (text, [(e.start, e.rrule) for e in events])
