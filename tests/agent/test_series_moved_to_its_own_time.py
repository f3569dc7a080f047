"""A "move" of a series, or of one of its occurrences, to the time it already has ("skip this saturday" sent
as an update of Tennis to Saturday 9:00) writes nothing and says no "Updated": it is an update that changes
nothing (the model is told, and a removal the user asked for can follow). Live: the series was stored again,
its version bumped, and the reply said "Updated “Tennis”". Scripted model; EN and ZH. Now is Wednesday
2025-03-05 (Saturday the 8th)."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

EN, ZH = "America/New_York", "Asia/Shanghai"

# (zone, first message, the model's create, the message, the model's update)
ROWS: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    (EN, "add tennis every saturday at 9am", {"title": "Tennis", "when": "every saturday at 9am"},
     "skip this saturday", {"event": "Tennis", "when": "Saturday, March 8, 9:00–10:00 AM", "scope": "series"}),
    (EN, "add tennis every saturday at 9am", {"title": "Tennis", "when": "every saturday at 9am"},
     "I can't make tennis this saturday", {"event": "Tennis", "when": "this saturday 9am", "scope": "one"}),
    (EN, "choir practice every saturday 9am", {"title": "Choir practice", "when": "every saturday 9am"},
     "no choir this saturday", {"event": "Choir practice", "event_when": "this saturday", "when": "Saturday 9am"}),
    (ZH, "每周六上午九点打网球", {"title": "打网球", "when": "每周六上午九点"},
     "这周六不去了", {"event": "打网球", "when": "3月8日（周六） 09:00–10:00", "scope": "series"}),
    (ZH, "每周六上午九点打网球", {"title": "打网球", "when": "每周六上午九点"},
     "这周六的网球不打了", {"event": "打网球", "when": "这周六上午九点", "scope": "one"}),
    (ZH, "每週六上午九點合唱練習", {"title": "合唱練習", "when": "每週六上午九點"},
     "這週六的合唱練習取消", {"event": "合唱練習", "event_when": "這週六", "when": "週六上午九點"}),
    (EN, "add tennis every saturday at 9am", {"title": "Tennis", "when": "every saturday at 9am"},
     "tennis is off this saturday", {"event": "Tennis", "when": "Saturday, March 8, 9:00 AM", "scope": "series"}),
    (EN, "yoga every saturday at 9am", {"title": "Yoga", "when": "every saturday at 9am"},
     "drop saturday's yoga", {"event": "Yoga", "when": "Saturday, March 8, 9:00–10:00 AM", "scope": "all"}),
    (ZH, "每周六上午九点打网球", {"title": "打网球", "when": "每周六上午九点"},
     "周六网球取消", {"event": "打网球", "when": "3月8日（周六） 09:00", "scope": "series"}),
    (ZH, "每周六上午九点练瑜伽", {"title": "练瑜伽", "when": "每周六上午九点"},
     "这周六先不练了", {"event": "练瑜伽", "when": "3月8日（周六） 09:00–10:00", "scope": "整个系列"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "first", "create", "text", "update"), ROWS, ids=[r[3] for r in ROWS])
async def test_nothing_is_written(
    database: Any, make_user: Any, tz: str, first: str, create: dict[str, Any], text: str, update: dict[str, Any]
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", create), reply("ok"))
    made = await kit.assistant.reply(kit.user_id, first)
    assert made.writes and made.writes[0].persisted, made.text
    kit.script(call("update_event", update), reply("ok"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes, r.text
    assert "Updated" not in r.text and "已更新" not in r.text, r.text
    [event] = await kit.events()
    assert event.version == 1 and event.rrule
