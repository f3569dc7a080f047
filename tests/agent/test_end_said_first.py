"""An end said before its clock ("the end time should be 11am", 结束时间改成十一点) with the model's change sent
as the event's new ``end``: the message names an end (``agent.user_gave.user_gave_end_time``, by
``schedule_time.said_as_an_end``), so the end is written. Before, only a range, a length or "until" counted:
the turn asked whether to move the event or end it then, or dropped the end as one only our receipt gave and
offered a move (``writes.end_or_move``, ``guards.times``). The model sending the end as ``when`` is
``test_end_said_in_words``. Scripted model; now is Wednesday 2025-03-05 09:00 in New York; the training is
tomorrow 9–10am."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's update, the new end)
ROWS = [
    ("the training's end time should be 11am", {"event": "training", "end": "11am"}, datetime(2025, 3, 6, 11, tzinfo=NY)),
    ("the finish time is 11:30", {"event": "training", "end": "11:30"}, datetime(2025, 3, 6, 11, 30, tzinfo=NY)),
    ("end time: 10:45", {"event": "training", "end": "10:45"}, datetime(2025, 3, 6, 10, 45, tzinfo=NY)),
    ("ending time should be noon", {"event": "training", "end": "noon"}, datetime(2025, 3, 6, 12, tzinfo=NY)),
    ("培训结束时间改成十一点", {"event": "培训", "end": "十一点"}, datetime(2025, 3, 6, 11, tzinfo=NY)),
    ("结束改到11点半", {"event": "培训", "end": "11点半"}, datetime(2025, 3, 6, 11, 30, tzinfo=NY)),
    ("結束時間為中午十二點", {"event": "培訓", "end": "中午十二點"}, datetime(2025, 3, 6, 12, tzinfo=NY)),
    ("结束定在十点四十五", {"event": "培训", "end": "十点四十五"}, datetime(2025, 3, 6, 10, 45, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "end"), ROWS, ids=[r[0] for r in ROWS])
async def test_an_end_said_before_its_clock_is_the_new_end(
    kit: Kit, text: str, update: dict[str, Any], end: datetime
) -> None:
    title = "Training" if text.isascii() else ("培訓" if "培訓" in str(update) else "培训")
    await kit.seed(title, datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("update_event", update, request="change"), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert r.writes and (event.start, event.end) == (datetime(2025, 3, 6, 9, tzinfo=NY), end), r.text


@pytest.mark.parametrize(
    ("create", "text", "update"),
    [
        ({"title": "培训", "when": "明天上午九点到十点"}, "培训的结束时间改为十一点",
         {"event": "培训", "event_when": "3月6日（周四） 09:00–10:00", "end": "3月6日（周四） 11:00"}),
        ({"title": "培训", "when": "明天上午九点到十点"}, "结束时间定在11点",
         {"event": "培训", "end": "3月6日（周四） 11:00"}),
        ({"title": "Training", "when": "tomorrow 9 to 10am"}, "the end time is 11am",
         {"event": "Training", "end": "11am"}),
    ],
)  # fmt: skip
async def test_an_end_in_the_receipts_words_after_a_create(
    kit: Kit, create: dict[str, Any], text: str, update: dict[str, Any]
) -> None:
    """The model's end copies the receipt's date around the user's clock: the user named an end, so it is
    no end "only our own texts gave" (dropped before, and a move to 11 offered instead)."""
    kit.script(call("create_event", create, request="add"), call("update_event", update, request="change"), reply("Done."))
    await kit.assistant.reply(kit.user_id, "加个培训，明天上午九点到十点" if not text.isascii() else "training tomorrow 9 to 10am")
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    start, end = datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 6, 11, tzinfo=NY)
    assert r.writes and (event.start, event.end) == (start, end), r.text
