"""A correction of an event's end that the model sends as a move to the event's current end (copied from the
receipt) becomes a new end, the start kept (agent.guards.ends). Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, create message, its create, correction, the model's copied end, the new end)
ROWS = [
    (SH, "后天上午九点到十点做培训", {"title": "培训", "when": "后天上午九点", "end": "十点"},
     "弄错了，得开到十一点", "10:00", datetime(2025, 3, 7, 11, tzinfo=SH)),
    (SH, "后天上午九点到十点做培训", {"title": "培训", "when": "后天上午九点", "end": "十点"},
     "不对，开到十一点半", "十点", datetime(2025, 3, 7, 11, 30, tzinfo=SH)),
    (SH, "後天上午九點到十點開會", {"title": "開會", "when": "後天上午九點", "end": "十點"},
     "說錯了，到十一點結束", "10點", datetime(2025, 3, 7, 11, tzinfo=SH)),
    (SH, "后天上午九点到十点做培训", {"title": "培训", "when": "后天上午九点", "end": "十点"},
     "延长到十二点吧", "上午10:00", datetime(2025, 3, 7, 12, tzinfo=SH)),
    (NY, "workshop on Friday 9 to 10am", {"title": "Workshop", "when": "Friday 9am", "end": "10am"},
     "oops, it runs until 11", "10am", datetime(2025, 3, 7, 11, tzinfo=NY)),
    (NY, "workshop on Friday 9 to 10am", {"title": "Workshop", "when": "Friday 9am", "end": "10am"},
     "sorry, make it finish at 11:30", "10:00 AM", datetime(2025, 3, 7, 11, 30, tzinfo=NY)),
    (NY, "workshop on Friday 9 to 10am", {"title": "Workshop", "when": "Friday 9am", "end": "10am"},
     "let it go till noon", "Friday 10am", datetime(2025, 3, 7, 12, tzinfo=NY)),
    (NY, "workshop on Friday 9 to 10am", {"title": "Workshop", "when": "Friday 9am", "end": "10am"},
     "actually it ends at 10:45", "10am", datetime(2025, 3, 7, 10, 45, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_a_move_to_the_events_own_end_is_a_new_end(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, first, create, correction, copied, end = row
    k = await make_kit(database, make_user, timezone=zone.key)
    model = k.script(
        call("create_event", create), call("update_event", {"event": create["title"], "when": copied}), reply("ok")
    )
    await k.assistant.reply(k.user_id, first)
    [before] = await k.events()
    r = await k.assistant.reply(k.user_id, correction)
    assert model.call_count == 2 and r.writes and r.writes[0].persisted, r.text
    [event] = await k.events()
    assert (event.start, event.end) == (before.start, end), r.text


async def test_a_move_to_the_events_start_is_not_an_end(database, make_user) -> None:  # type: ignore[no-untyped-def]
    # the copied value is the current start, and the one phrase left reads as a start (not "until 11"): it
    # is the move — never a new end of 11am
    k = await make_kit(database, make_user, timezone=NY.key)
    model = k.script(
        call("create_event", {"title": "Workshop", "when": "Friday 9am", "end": "10am"}),
        call("update_event", {"event": "Workshop", "when": "9am"}),
        call("update_event", {"event": "Workshop", "when": "Friday 11am"}),
        reply("ok"),
    )
    await k.assistant.reply(k.user_id, "workshop on Friday 9 to 10am")
    r = await k.assistant.reply(k.user_id, "no, Friday 11am")
    assert model.call_count >= 2, r.text
    [event] = await k.events()
    assert (event.start, event.end) == (datetime(2025, 3, 7, 11, tzinfo=NY), datetime(2025, 3, 7, 12, tzinfo=NY))


@pytest.mark.parametrize(
    ("text", "when"),
    [("move it to 4pm", "4pm"), ("第二個挪到下午四點吧", "明天下午四點"), ("make it start at 4", "tomorrow 4pm")],
)
async def test_a_new_start_that_is_the_old_end_is_a_move(kit, text: str, when: str) -> None:  # type: ignore[no-untyped-def]
    # a 3-4pm event moved to 4pm: the model's `when` is the user's new time, which happens to be the end
    event = await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("update_event", {"event": str(event.id), "when": when}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, f"tomorrow's dentist: {text}")
    [moved] = await kit.events()
    assert (moved.start, moved.end) == (datetime(2025, 3, 6, 16, tzinfo=NY), datetime(2025, 3, 6, 17, tzinfo=NY)), r.text


# (zone, correction, the model's `when`: a range from the old end to the new one, the new end)
RANGES = [
    (SH, "说错了，应该到十一点", "3月7日（周五） 10:00–11:00", datetime(2025, 3, 7, 11, tzinfo=SH)),
    (SH, "不对，开到十一点半", "10:00-11:30", datetime(2025, 3, 7, 11, 30, tzinfo=SH)),
    (NY, "oops, it goes until 11:30", "Friday 10:00 AM - 11:30 AM", datetime(2025, 3, 7, 11, 30, tzinfo=NY)),
    (NY, "sorry, it ends at noon", "10am to 12pm Friday", datetime(2025, 3, 7, 12, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize("row", RANGES, ids=[r[1] for r in RANGES])
async def test_a_range_from_the_old_end_to_a_new_one_is_a_new_end(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, correction, when, end = row
    k = await make_kit(database, make_user, timezone=zone.key)
    create = (
        {"title": "培训", "when": "后天上午九点", "end": "十点"} if zone is SH
        else {"title": "Workshop", "when": "Friday 9am", "end": "10am"}
    )  # fmt: skip
    k.script(call("create_event", create), call("update_event", {"event": create["title"], "when": when}), reply("ok"))
    await k.assistant.reply(k.user_id, "后天上午九点到十点做培训" if zone is SH else "workshop on Friday 9 to 10am")
    [before] = await k.events()
    r = await k.assistant.reply(k.user_id, correction)
    [event] = await k.events()
    assert (event.start, event.end) == (before.start, end), r.text


# (zone, message: a move and a cancel, the model's update: its reference holds the new time's phrase and its
# `when` names that clock in other words, the new start)
BESIDE_A_CANCEL = [
    (NY, "drop my 4pm call, and push lunch to 1pm", "push lunch to 1pm", "2025-03-05 13:00"),
    (NY, "lunch should be at 1pm; scrap the 4pm call", "lunch should be at 1pm", "Wednesday 13:00"),
    (NY, "can you move lunch to 1 and cancel the call at 4pm", "move lunch to 1", "13:00"),
    (SH, "取消四点的电话，午饭改到下午一点", "午饭改到下午一点", "2025-03-05 13:00"),
    (SH, "午飯挪到下午1點，四點那個電話不要了", "午飯挪到下午1點", "3月5日 13:00"),
]  # fmt: skip


@pytest.mark.parametrize("row", BESIDE_A_CANCEL, ids=[r[1] for r in BESIDE_A_CANCEL])
async def test_a_new_start_beside_another_requests_time_is_not_an_end(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    # a noon–1pm lunch moved to 1pm while a 4pm call is cancelled: the "4pm" is the call's, never the lunch's
    # new end; the `when` names the clock the user gave the lunch
    zone, text, reference, when = row
    k = await make_kit(database, make_user, timezone=zone.key)
    lunch = await k.seed("Lunch" if zone is NY else "午饭", datetime(2025, 3, 5, 12, tzinfo=zone))
    await k.seed("Call" if zone is NY else "电话", datetime(2025, 3, 5, 16, tzinfo=zone))
    k.script(call("update_event", {"event": reference, "when": when}), reply("ok"), reply(""), reply(""))  # (+ clauses alone)
    r = await k.assistant.reply(k.user_id, text)
    moved = next(e for e in await k.events() if e.id == lunch.id)
    assert (moved.start, moved.end) != (lunch.start, datetime(2025, 3, 5, 16, tzinfo=zone)), r.text
    assert moved.end != datetime(2025, 3, 5, 16, tzinfo=zone), r.text
    if r.writes and r.writes[0].persisted:  # moved by the user's clock, or asked: never stretched to 4pm
        assert (moved.start, moved.end) == (datetime(2025, 3, 5, 13, tzinfo=zone), datetime(2025, 3, 5, 14, tzinfo=zone))
