"""An update whose new start is only the user's "until 6" — a phrase the time service reads as an end, never
a destination — with no end given: the phrase is the new end and the start stays
(``guards.ends.start_said_as_an_end``). "to 6" / 到六点 may be where a move goes, and stay moves. Scripted model;
now is Wednesday 2025-03-05 09:00 New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from schedule_time import reads_as_an_end
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit


@pytest.mark.parametrize(
    ("phrase", "end"),
    [("until 6", True), ("till 6pm", True), ("til 5:30", True), ("until friday", True), ("到六点为止", True),
     ("到六點為止", True), ("直到六点", True), ("to 6pm", False), ("到六点", False), ("6 until 7", False),
     ("through 5:30", False), ("before 6", False), ("6pm", False), ("ends at 6", True), ("finishing at 5:30pm", True),
     ("wraps up at 4", True), ("end at 11", True), ("the end of june", False), ("六点结束", True), ("下午五點結束", True), ("六点为止", True), ("周五结束", False),
     ("六点以前", False)],
)  # fmt: skip
def test_which_phrases_read_as_an_end(phrase: str, end: bool) -> None:
    assert reads_as_an_end(phrase) is end


# (timezone, title, message, the model's `when`, new end, new start)
ROWS = [
    ("America/New_York", "Board prep", "board prep needs longer, make it run until 6", "6", (18, 0), (16, 0)),
    ("America/New_York", "Board prep", "keep board prep going till 6:30pm", "6:30pm", (18, 30), (16, 0)),
    ("America/New_York", "Board prep", "stretch board prep until 7 tomorrow", "until 7", (19, 0), (16, 0)),
    ("Asia/Shanghai", "复盘会", "复盘会明天开到六点为止", "六点", (18, 0), (16, 0)),
    ("Asia/Shanghai", "复盘会", "复盘会延长，一直到六点为止", "到六点为止", (18, 0), (16, 0)),
    ("Asia/Shanghai", "復盤會", "復盤會直到六點", "六點", (18, 0), (16, 0)),
    ("America/New_York", "Board prep", "board prep ends at 6 now", "6", (18, 0), (16, 0)),
    ("Asia/Shanghai", "复盘会", "复盘会改成六点结束", "六点", (18, 0), (16, 0)),
    # a destination stays a move (length kept)
    ("America/New_York", "Board prep", "move board prep to 6pm", "6pm", (19, 0), (18, 0)),
    ("Asia/Shanghai", "复盘会", "复盘会改到晚上六点", "晚上六点", (19, 0), (18, 0)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[2] for r in ROWS])
async def test_until_is_the_new_end(database: Any, make_user: Any, row: Any) -> None:
    zone, title, text, when, end, start = row
    kit = await make_kit(database, make_user, timezone=zone)
    tz = NY if zone == "America/New_York" else SH
    await kit.seed(title, datetime(2025, 3, 6, 16, tzinfo=tz))  # tomorrow (in Shanghai too)
    kit.script(call("update_event", {"event": title, "when": when}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, (r.text, r.telemetry.get("checks"), r.telemetry.get("notes"))
    [event] = await kit.events()
    local_start, local_end = event.start.astimezone(tz), event.end.astimezone(tz)
    assert ((local_start.hour, local_start.minute), (local_end.hour, local_end.minute)) == (start, end), r.text


# (timezone, message with an end word, the model's `end` — the day and the clock, written out —, new end)
END_WORDS = [
    ("America/New_York", "make tomorrow's board prep finish at 6:30", "2025-03-06 18:30", (18, 30)),
    ("America/New_York", "have tomorrow's board prep ending at 7pm", "7pm", (19, 0)),
    ("America/New_York", "tomorrow's board prep wraps up at 5:30", "5:30pm", (17, 30)),
    ("Asia/Shanghai", "明天的复盘会改成六点半结束", "明天18:30", (18, 30)),
    ("Asia/Shanghai", "明天复盘会开到晚上七点为止", "明天19:00", (19, 0)),
]  # fmt: skip


@pytest.mark.parametrize("row", END_WORDS, ids=[r[1] for r in END_WORDS])
async def test_an_end_the_model_wrote_out_is_the_users_end_word(database: Any, make_user: Any, row: Any) -> None:
    # the user's end word before the clock ("finish at", 结束) is no part of the time: the model's end is theirs
    zone, text, end, (hour, minute) = row
    kit = await make_kit(database, make_user, timezone=zone)
    tz = NY if zone == "America/New_York" else SH
    title = "Board prep" if text.isascii() else "复盘会"
    await kit.seed(title, datetime(2025, 3, 6, 16, tzinfo=tz))
    kit.script(call("update_event", {"event": title, "end": end}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    local_end = event.end.astimezone(tz)
    assert (local_end.hour, local_end.minute) == (hour, minute) and event.start.astimezone(tz).hour == 16, r.text


# (timezone, message, the model's arguments beside the title, new end): the end phrase came twice — as the new
# start and as the end — or as a bare hour, often with a length the user never said; it is still the end
TWICE = [
    ("America/New_York", "let the budget review run on until 6", {"when": "until 6", "end": "6", "duration": "1 hour"}, (18, 0)),
    ("America/New_York", "budget review goes till half past 5", {"when": "till half past 5", "end": "5:30pm"}, (17, 30)),
    ("America/New_York", "the budget review should last until 7", {"end": "7"}, (19, 0)),
    ("Asia/Shanghai", "预算会开到六点为止", {"when": "到六点为止", "end": "6"}, (18, 0)),
    ("Asia/Shanghai", "預算會延長，一直開到六點為止", {"when": "六點為止", "end": "六點", "duration": "1小时"}, (18, 0)),
    ("Asia/Shanghai", "预算会改成七点结束", {"end": "7"}, (19, 0)),
]  # fmt: skip


@pytest.mark.parametrize("row", TWICE, ids=[r[1] for r in TWICE])
async def test_an_end_said_twice_or_as_a_bare_hour(database: Any, make_user: Any, row: Any) -> None:
    zone, text, args, (hour, minute) = row
    kit = await make_kit(database, make_user, timezone=zone)
    tz = NY if zone == "America/New_York" else SH
    title = "Budget review" if text.isascii() else "预算会"
    await kit.seed(title, datetime(2025, 3, 6, 16, tzinfo=tz))
    kit.script(call("update_event", {"event": title, **args}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, (r.text, r.telemetry.get("checks"))
    [event] = await kit.events()
    local_start, local_end = event.start.astimezone(tz), event.end.astimezone(tz)
    assert (local_start.hour, (local_end.hour, local_end.minute)) == (16, (hour, minute)), r.text
