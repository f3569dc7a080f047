"""A read of 今明两天 / 明后天 (consecutive days named by their first characters): the time service reads
the span, so the listing covers those days. Before, the phrase read as no time, and the words before
有什么安排 / 的行程 were taken for a person's name: the read was refused as someone else's calendar.
Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's range, the titles listed)
ROWS = [
    ("今明两天有什么安排", "今明两天", ["瑜伽", "健身"]),
    ("明后天都有啥事", "明后天", ["健身", "游泳"]),
    ("帮我看看今明兩天的行程", "今明兩天", ["瑜伽", "健身"]),
    ("明后两天忙不忙", "明后两天", ["健身", "游泳"]),
    ("今明后三天的日程", "今明后三天", ["瑜伽", "健身", "游泳"]),
]


@pytest.mark.parametrize(("text", "range_", "listed"), ROWS, ids=[r[0] for r in ROWS])
async def test_a_run_of_days_is_read(kit: Kit, text: str, range_: str, listed: list[str]) -> None:
    await kit.seed("瑜伽", datetime(2025, 3, 5, 15, tzinfo=NY))
    await kit.seed("健身", datetime(2025, 3, 6, 18, tzinfo=NY))
    await kit.seed("游泳", datetime(2025, 3, 7, 10, tzinfo=NY))
    await kit.seed("周末聚餐", datetime(2025, 3, 8, 18, tzinfo=NY))
    kit.script(call("list_events", {"range": range_}), reply("好的"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert "自己的日历" not in r.text, r.text
    shown = [title for title in ["瑜伽", "健身", "游泳", "周末聚餐"] if title in r.text]
    assert shown == listed, r.text
