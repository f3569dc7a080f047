"""A shift said right after the event's day in one run ("move standup from monday one day later", 例会从周一推迟
一天): the time service reads that run only against the event, so the model's made-up new start ("Tuesday
12:00") is replaced by the user's shift, and a missing one is filled by it — the move is written, read
from the event's own start (agent.guards.users_times.shift_after_the_events_day). Scripted model; now is
Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, seeded title and its start (day, hour), the model's update, the new start (day, hour))
ROWS = [
    ("America/New_York", "move standup from monday one day later", "Standup", (10, 9),
     {"event": "standup", "event_when": "monday", "when": "Tuesday 12:00"}, (11, 9)),
    ("America/New_York", "push the review from friday back an hour", "Review", (7, 14),
     {"event": "review", "event_when": "friday"}, (7, 15)),
    ("Asia/Shanghai", "把例会从周一推迟一天", "例会", (10, 9), {"event": "例会", "event_when": "周一", "when": "周二 12:00"},
     (11, 9)),
    ("Asia/Shanghai", "周会从周四往后挪一天", "周会", (6, 15), {"event": "周会", "event_when": "周四"}, (7, 15)),
    ("Asia/Taipei", "瑜伽課由週二延後一週", "瑜伽課", (11, 18), {"event": "瑜伽課", "event_when": "週二", "when": "下週二"},
     (18, 18)),
    ("Asia/Taipei", "羽球從週五提前兩個小時", "羽球", (7, 19), {"event": "羽球", "event_when": "週五", "when": "週五 12:00"},
     (7, 17)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_the_shift_after_the_events_day_moves_it(database: Any, make_user: Any, row: tuple) -> None:
    tz, text, title, (day, hour), update, (new_day, new_hour) = row
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, day, hour, tzinfo=kit.tz))
    kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert (event.start.day, event.start.hour) == (new_day, new_hour), r.text


async def test_a_shift_beside_another_event_does_not_move_this_one(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Standup", datetime(2025, 3, 10, 9, tzinfo=kit.tz))
    await kit.seed("Review", datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "standup", "when": "Tuesday 12:00"}), reply("unused"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "standup is fine; move the review from friday one day later")
    starts = {e.title: (e.start.day, e.start.hour) for e in await kit.events()}
    assert starts["Standup"] == (10, 9), r.text


# (zone — New York for all: it is 09:00 there, the afternoon is today's —, message, seeded title at 14:00
# today, the model's update: no new start, and a made-up time of the
# event that the user's part of day replaces; the new start (hour, minute))
SHIFT_LEFT_OUT = [
    ("America/New_York", "the afternoon interview should start 20 min earlier", "Interview",
     {"event": "interview", "event_when": "2025-03-05 11:30"}, (13, 40)),
    ("America/New_York", "can this afternoon's review begin half an hour later?", "Review",
     {"event": "review", "event_when": "2025-03-05 10:00"}, (14, 30)),
    ("America/New_York", "下午面试提前二十分钟开始", "面试", {"event": "面试", "event_when": "2025-03-05 11:30"}, (13, 40)),
    ("America/New_York", "下午那个会晚半小时开始", "会", {"event": "会", "event_when": "2025-03-05 10:00"}, (14, 30)),
    ("America/New_York", "下午的面談晚十五分鐘開始", "面談", {"event": "面談", "event_when": "2025-03-05 11:00"}, (14, 15)),
]  # fmt: skip


@pytest.mark.parametrize("row", SHIFT_LEFT_OUT, ids=[r[1] for r in SHIFT_LEFT_OUT])
async def test_a_shift_left_out_moves_it_when_only_which_event_was_made_up(
    database: Any, make_user: Any, row: tuple
) -> None:
    tz, text, title, update, (hour, minute) = row
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 5, 14, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted and model.call_count == 1, r.text
    [event] = await kit.events()
    assert (event.start.hour, event.start.minute) == (hour, minute), r.text
