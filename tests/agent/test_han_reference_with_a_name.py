"""A Chinese reference that shares no run of Han characters with the event's title but shares a Latin name
("和Amy那顿饭" for “和Amy吃晚餐”) names that event: the fuzzy score over Han characters is low for any title,
so the shared name is what counts (agent.writes.references._named_by). Before, "not found at that time".
Scripted model; now is Wednesday 2025-03-05 09:00 (Shanghai 22:00)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, the event's title, message, the model's update, the new start (day, hour))
ROWS = [
    ("Asia/Shanghai", "和Amy吃晚餐", "和Amy那顿饭改到下周三", {"event": "和Amy那顿饭", "when": "下周三"}, (12, 18)),
    ("Asia/Taipei", "和Amy吃晚餐", "Amy的聚餐延到下週三", {"event": "Amy的聚餐", "when": "下週三"}, (12, 18)),
    ("Asia/Shanghai", "David来访", "和David的会面挪到周五", {"event": "和David的会面", "when": "周五"}, (7, 18)),
    ("Asia/Shanghai", "见Kevin", "Kevin那个约改到明天下午三点", {"event": "Kevin那个约", "when": "明天下午三点"}, (6, 15)),
    ("Asia/Taipei", "陪Lisa看房", "跟Lisa的行程改到週五", {"event": "跟Lisa的行程", "when": "週五"}, (7, 18)),
    ("Asia/Shanghai", "和Amy吃晚餐", "跟Amy的聚会改到下周三", {"event": "跟Amy的聚会", "when": "下周三"}, (12, 18)),
    ("Asia/Taipei", "和Ben打球", "跟Ben的約改到週五", {"event": "跟Ben的約", "when": "週五"}, (7, 18)),
    ("Asia/Shanghai", "Sarah生日派对", "跟Sarah那个活动挪到周五", {"event": "跟Sarah那个活动", "when": "周五"}, (7, 18)),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "title", "text", "update", "at"), ROWS, ids=[r[2] for r in ROWS])
async def test_a_shared_name_finds_the_event(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict, at: tuple[int, int]
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 10, 18, tzinfo=kit.tz))
    await kit.seed("健身", datetime(2025, 3, 10, 7, tzinfo=kit.tz))
    kit.script(call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["updated"], r.text
    starts = {e.title: e.start for e in await kit.events()}
    assert starts[title] == datetime(2025, 3, at[0], at[1], tzinfo=kit.tz), r.text
    assert starts["健身"] == datetime(2025, 3, 10, 7, tzinfo=kit.tz)


async def test_a_name_no_title_has_is_not_found(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await kit.seed("和Amy吃晚餐", datetime(2025, 3, 10, 18, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "跟Anna的饭局", "when": "周五"}))
    r = await kit.assistant.reply(kit.user_id, "跟Anna的饭局改到周五")
    assert not r.writes, r.text
    [kept] = await kit.events()
    assert kept.start == datetime(2025, 3, 10, 18, tzinfo=kit.tz)
