"""A change of how an event repeats that came with the event's own current time copied from our receipt
("make it weekly" sent with when="Friday, March 7, 4:00–5:00 PM"): the copied time moves nothing and asks
nothing — the repetition changes, the event stays where it is. Scripted model; EN and ZH. Now is Wednesday
2025-03-05 (Friday the 7th)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

EN, ZH = "America/New_York", "Asia/Shanghai"

# (zone, first message, the model's create, the change, the model's update, the start hour, the rule wanted)
ROWS: list[tuple[str, str, dict[str, Any], str, dict[str, Any], int, str]] = [
    (EN, "piano lesson friday 4pm", {"title": "Piano lesson", "when": "friday 4pm"}, "make it weekly",
     {"event": "Piano lesson", "when": "Friday, March 7, 4:00–5:00 PM", "recurrence": "weekly"}, 16, "FREQ=WEEKLY"),
    (EN, "review every friday at 4pm", {"title": "Review", "when": "every friday at 4pm"}, "every other week instead",
     {"event": "Review", "when": "Friday, March 7, 4:00–5:00 PM (repeating)", "recurrence": "every other week"},
     16, "INTERVAL=2"),
    (EN, "team sync friday 10am", {"title": "Team sync", "when": "friday 10am"}, "repeat it every week",
     {"event": "Team sync", "when": "Friday, March 7, 10:00–11:00 AM", "recurrence": "every week"}, 10, "FREQ=WEEKLY"),
    (ZH, "周五下午四点钢琴课", {"title": "钢琴课", "when": "周五下午四点"}, "改成每周一次",
     {"event": "钢琴课", "when": "3月7日（周五） 16:00–17:00", "recurrence": "每周"}, 16, "FREQ=WEEKLY"),
    (ZH, "每周五下午四点周会", {"title": "周会", "when": "每周五下午四点"}, "改成隔周",
     {"event": "周会", "when": "3月7日（周五） 16:00–17:00（重复）", "recurrence": "隔周"}, 16, "INTERVAL=2"),
    (ZH, "周五上午十点组会", {"title": "组会", "when": "周五上午十点"}, "以后每周都开",
     {"event": "组会", "when": "3月7日（周五） 10:00–11:00", "recurrence": "每周"}, 10, "FREQ=WEEKLY"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "first", "create", "text", "update", "hour", "wanted"), ROWS, ids=[r[3] for r in ROWS])
async def test_the_copied_time_moves_nothing(
    database: Any, make_user: Any, tz: str, first: str, create: dict[str, Any], text: str,
    update: dict[str, Any], hour: int, wanted: str,
) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", create), reply("ok"))
    made = await kit.assistant.reply(kit.user_id, first)
    assert made.writes and made.writes[0].persisted, made.text
    kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 7, hour, tzinfo=kit.tz), r.text
    assert wanted in (event.rrule or ""), (r.text, event.rrule)
