"""An ``end`` only the assistant's own texts give — another event's end in a listing ("the workshop 9 to 12")
— is no change of length when the user named no end or length: "move the checkup to monday, same time" sent
with end "Monday 12pm" kept the checkup's hour and wrote it 8 to 12. The event keeps its length; an end the
user says ("till 10") is still theirs. Now is Wednesday 2025-03-05 09:00 in America/New_York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (question, its range, the change, the model's update, the written end (day, hour))
ROWS: list[tuple[str, str, str, dict[str, Any], tuple[int, int]]] = [
    ("what do I have tomorrow morning?", "tomorrow morning", "move the checkup to monday, same time",
     {"event": "Checkup", "when": "Monday 8am", "end": "Monday 12pm"}, (10, 9)),
    ("what do I have tomorrow morning?", "tomorrow morning", "push the checkup to monday",
     {"event": "Checkup", "when": "Monday 8:00 AM", "end": "12:00 PM"}, (10, 9)),
    ("明天上午有什么安排", "明天上午", "把体检挪到下周一，时间不变", {"event": "体检", "when": "下周一 8点", "end": "下周一 12点"},
     (10, 9)),
    ("明天上午有什麼安排", "明天上午", "體檢改到下週一同一時間", {"event": "体检", "when": "下週一 8點", "end": "12:00"}, (10, 9)),
    ("what do I have tomorrow morning?", "tomorrow morning", "move the checkup to monday 8 till 10",
     {"event": "Checkup", "when": "Monday 8am", "end": "10am"}, (10, 10)),
]  # fmt: skip


@pytest.mark.parametrize(("question", "window", "text", "args", "end"), ROWS, ids=[r[2] for r in ROWS])
async def test_an_end_only_shown_is_no_new_length(
    kit: Kit, question: str, window: str, text: str, args: dict[str, Any], end: tuple[int, int]
) -> None:
    title = args["event"]
    await kit.seed(title, datetime(2025, 3, 6, 8, tzinfo=NY))
    await kit.seed("Workshop", datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 6, 12, tzinfo=NY))
    update = call("update_event", args)
    kit.script(call("list_events", {"range": window}), reply("8 to 9, then the workshop 9 to 12."), update, update,
               reply("ok"))  # fmt: skip
    await kit.assistant.reply(kit.user_id, question)
    r = await kit.assistant.reply(kit.user_id, text)
    moved = next(e for e in await kit.events() if e.title == title)
    assert (moved.start, moved.end) == (datetime(2025, 3, 10, 8, tzinfo=NY), datetime(2025, 3, *end, tzinfo=NY)), r.text
