"""A move whose ``event_when`` finds nothing while the one event it names sits at the new time ``when``: the
model may have swapped the two, or the event may already be there, so the swapped move asks yes/no first
(agent.writes.target) — unless the user's phrase of that time stands after a move verb: then it is the
destination and the move is written at once. Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the seeded title (Friday 7 March 14:00), the model's update, the new start (day, hour))
ROWS = [
    ("the review actually happens Thursday at 10, move the Friday one there", "Review",
     {"event": "review", "event_when": "Thursday at 10am", "when": "Friday"}, (6, 10)),
    ("standup is tomorrow at 9 now, shift the Friday one", "Standup",
     {"event": "standup", "event_when": "tomorrow at 9", "when": "Friday"}, (6, 9)),
    ("评审会其实明天上午十点开，把周五那个挪过去", "评审会",
     {"event": "评审会", "event_when": "明天上午十点", "when": "周五"}, (6, 10)),
    ("讀書會其實是明天晚上七點，把週五那場挪過去", "讀書會",
     {"event": "讀書會", "event_when": "明天晚上七點", "when": "週五"}, (6, 19)),
]  # fmt: skip


async def _asked(database: Any, make_user: Any, text: str, title: str, update: dict):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user)
    await kit.seed(title, datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    return kit, model, r


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_a_swapped_move_asks_first(database: Any, make_user: Any, row: Any) -> None:
    text, title, update, (day, hour) = row
    kit, model, r = await _asked(database, make_user, text, title, update)
    assert r.writes == () and r.pending is not None and model.call_count == 1, r.text
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert done.writes and done.writes[0].persisted and model.call_count == 1, done.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, day, hour, tzinfo=kit.tz), done.text


async def test_a_no_leaves_it_where_it_is(database: Any, make_user: Any) -> None:
    text, title, update, _ = ROWS[0]
    kit, _, _ = await _asked(database, make_user, text, title, update)
    await kit.assistant.reply(kit.user_id, "no")
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 7, 14, tzinfo=kit.tz)


# (zone, message with a move verb before its only time, seeded title (Thursday 6 March 18:00), the model's
# update with that time as its event_when and no new time, the new start (day, hour))
DESTINATION_SAID = [
    ("America/New_York", "move the dentist to friday at 2pm", "Dentist",
     {"event": "dentist", "event_when": "friday at 2pm"}, (7, 14)),
    ("America/New_York", "can you push the Leo sync to friday 3pm", "Sync with Leo",
     {"event": "Leo sync", "event_when": "Friday 3pm"}, (7, 15)),
    ("America/New_York", "shift my piano lesson to next tuesday", "Piano lesson",
     {"event": "piano lesson", "event_when": "next tuesday"}, (11, 18)),
    ("Asia/Shanghai", "跟老王的饭局改下周五", "和老王吃饭", {"event": "跟老王的饭局", "event_when": "下周五"}, (14, 18)),
    ("Asia/Shanghai", "把牙医挪到周五下午两点", "牙医", {"event": "牙医", "event_when": "周五下午两点"}, (7, 14)),
    ("Asia/Taipei", "讀書會挪週五吧", "讀書會", {"event": "讀書會", "event_when": "週五"}, (7, 18)),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "title", "update", "start"), DESTINATION_SAID,
                         ids=[r[1] for r in DESTINATION_SAID])  # fmt: skip
async def test_a_destination_the_user_said_is_moved_at_once(
    database: Any, make_user: Any, tz: str, text: str, title: str, update: dict, start: tuple[int, int]
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, 18, tzinfo=kit.tz))
    kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted and r.pending is None, r.text
    [event] = await kit.events()
    assert (event.start.day, event.start.hour) == start, r.text


# (zone, message: a move of one event and a cancel of another; the model's update of the second with the
# first's new time as its event_when) — the time is the other request's, never offered as this one's move
OTHER_REQUESTS_TIME = [
    ("America/New_York", "push lunch to 1pm, and cancel the 4pm call", {"event": "call", "event_when": "1pm"}),
    ("America/New_York", "lunch to 10am; drop the 4pm call", {"event": "call", "event_when": "10am"}),
    ("Asia/Shanghai", "把午餐挪到一点，然后四点的电话取消", {"event": "电话", "event_when": "一点"}),
    ("Asia/Taipei", "午餐改到一點，四點那個電話不打了", {"event": "電話", "event_when": "一點"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "update"), OTHER_REQUESTS_TIME, ids=[r[1] for r in OTHER_REQUESTS_TIME])
async def test_another_requests_time_is_no_swapped_move(database: Any, make_user: Any, tz: str, text: str,
                                                        update: dict) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone=tz)
    lunch = "Lunch" if tz == "America/New_York" else "午餐"
    call_title = "Call with Acme" if tz == "America/New_York" else ("和Acme通电话" if tz == "Asia/Shanghai" else "和Acme通電話")
    await kit.seed(lunch, datetime(2025, 3, 6, 12, tzinfo=kit.tz))
    await kit.seed(call_title, datetime(2025, 3, 6, 16, tzinfo=kit.tz))
    kit.script(call("update_event", update), reply("unused"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    moved_the_call = r.pending is not None and r.pending.kind == "needs_confirmation" and call_title in r.text
    assert r.writes == () and not moved_the_call, r.text
    assert {e.title: e.start.hour for e in await kit.events()} == {lunch: 12, call_title: 16}
