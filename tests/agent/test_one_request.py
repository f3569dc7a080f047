"""An update whose new time is in the clause of another event goes back to the model once; a new time in
a clause that names no other event (or the model's same call again) goes on."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# zone, the two events (the one moved by mistake first), message, the mixed update, the model's retry
MIXED = [
    (SH, ("客户电话", "团队午餐"), "四点的客户电话不要了，团队午餐挪到下午一点半",
     {"event": "客户电话", "when": "下午一点半"}, call("delete_event", {"event": "客户电话"})),
    (SH, ("客戶電話", "團隊午餐"), "客戶電話取消，團隊午餐改到下午一點半",
     {"event": "客戶電話", "when": "下午一點半"}, call("delete_event", {"event": "客戶電話"})),
    (NY, ("Client call", "Team lunch"), "drop the 4pm client call, and push team lunch to 1:30pm",
     {"event": "client call", "when": "1:30pm"}, call("delete_event", {"event": "client call"})),
    (NY, ("Client call", "Team lunch"), "cancel the client call and then move team lunch to 1:30pm",
     {"event": "client call", "when": "1:30pm"}, call("update_event", {"event": "team lunch", "when": "1:30pm"})),
]  # fmt: skip


@pytest.mark.parametrize("row", MIXED, ids=[r[2] for r in MIXED])
async def test_a_time_from_another_events_clause_goes_back_once(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, (moved, other), message, mixed, retry = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(moved, datetime(2025, 3, 5, 16, tzinfo=zone), datetime(2025, 3, 5, 16, 30, tzinfo=zone))
    await k.seed(other, datetime(2025, 3, 5, 12, tzinfo=zone), datetime(2025, 3, 5, 13, tzinfo=zone))
    model = k.script(call("update_event", mixed), retry, reply(""))
    await k.assistant.reply(k.user_id, message)
    assert model.call_count >= 2 and "another_request" in str(model.calls[1].messages[-1])
    starts = {e.title: e.start for e in await k.events()}
    assert starts.get(moved, datetime(2025, 3, 5, 16, tzinfo=zone)) == datetime(2025, 3, 5, 16, tzinfo=zone)


SAME = [
    (NY, "Review", "move the review to friday, at 3pm", {"event": "review", "when": "friday at 3pm"}),
    (NY, "Review", "the review: friday 3pm instead", {"event": "review", "when": "friday 3pm"}),
    (SH, "周会", "把周四的周会，改到周五下午三点", {"event": "周会", "when": "周五下午三点"}),
    (SH, "评审会", "评审会挪一下，周五下午三点吧", {"event": "评审会", "when": "周五下午三点"}),
]  # fmt: skip


@pytest.mark.parametrize("row", SAME, ids=[r[2] for r in SAME])
async def test_a_time_in_a_clause_naming_no_other_event_goes_on(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, title, message, args = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(title, datetime(2025, 3, 6, 16, tzinfo=zone))
    await k.seed("Lunch" if zone is NY else "午餐", datetime(2025, 3, 6, 12, tzinfo=zone))
    model = k.script(call("update_event", args))
    r = await k.assistant.reply(k.user_id, message)
    assert model.call_count == 1 and len(r.writes) == 1, r.text


# The reference says its own time ("the 4pm call", 四点那个电话): a made-up ``event_when`` is dropped, never
# replaced by the time of another clause (the lunch's new time found the lunch, and its delete was asked).
OWN_TIME = [
    (NY, "scrap the 4pm call, then shift team lunch to 1:30pm", "4pm call", "Wednesday 2025-03-05 04:00", "Client call"),
    (NY, "delete my 4pm client call and put team lunch at 1:30pm", "4pm client call", "2025-03-05", "Client call"),
    (SH, "四点那个电话取消，团队午餐改到一点半", "四点那个电话", "2025-03-05 09:00", "客户电话"),
    (SH, "下午四点的客户电话删掉，团队午餐挪到一点半", "下午四点的客户电话", "周三 10:00", "客户电话"),
]  # fmt: skip


@pytest.mark.parametrize("row", OWN_TIME, ids=[r[1] for r in OWN_TIME])
async def test_a_reference_with_its_own_time_finds_that_event(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, message, reference, made_up, title = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(title, datetime(2025, 3, 5, 16, tzinfo=zone), datetime(2025, 3, 5, 16, 30, tzinfo=zone))
    lunch = "Team lunch" if zone is NY else "团队午餐"
    await k.seed(lunch, datetime(2025, 3, 5, 12, tzinfo=zone), datetime(2025, 3, 5, 13, tzinfo=zone))
    k.script(call("delete_event", {"event": reference, "event_when": made_up}), reply(""), reply(""))  # (+ lunch alone)
    r = await k.assistant.reply(k.user_id, message)
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert title in r.text and lunch not in r.text.splitlines()[0], r.text


# A made-up ``event_when`` is not replaced by the time of another clause: the title alone finds the event.
# A meal in a reference (午餐, lunch) is the event's name, not only a time of day.
OTHER_CLAUSE = [
    (SH, "团队午餐", "团队午餐改到下午一点半；四点那个电话不打了", {"event": "午餐", "when": "下午一点半"}),
    (SH, "團隊午餐", "團隊午餐改到下午一點半，四點那個電話取消", {"event": "午餐", "when": "下午一點半"}),
    (NY, "Team lunch", "team lunch to 1:30pm; the 4pm call is off", {"event": "team lunch", "when": "1:30pm"}),
    (NY, "Team lunch", "move lunch to 1:30pm, then cancel the 4pm call", {"event": "lunch", "when": "1:30pm"}),
    (SH, "部门晚饭", "晚饭挪到七点半，然后四点的电话取消", {"event": "晚饭", "when": "七点半"}),
]  # fmt: skip


@pytest.mark.parametrize("row", OTHER_CLAUSE, ids=[r[2] for r in OTHER_CLAUSE])
async def test_a_made_up_event_time_never_takes_another_clauses_time(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, meal, message, args = row
    k = await make_kit(database, make_user, timezone=zone.key)
    begin = 18 if "晚饭" in meal else 12
    await k.seed(meal, datetime(2025, 3, 6, begin, tzinfo=zone), datetime(2025, 3, 6, begin + 1, tzinfo=zone))
    call_title = "Client call" if zone is NY else "和客户通电话"
    await k.seed(call_title, datetime(2025, 3, 6, 16, tzinfo=zone), datetime(2025, 3, 6, 16, 30, tzinfo=zone))
    k.script(call("update_event", {**args, "event_when": "2025-03-06 09:00"}), reply(""), reply(""))  # (+ the call)
    await k.assistant.reply(k.user_id, message)
    starts = {e.title: e.start for e in await k.events()}
    assert starts[call_title] == datetime(2025, 3, 6, 16, tzinfo=zone)
    assert starts[meal] != datetime(2025, 3, 6, begin, tzinfo=zone)


# A rename whose reference is the new title (no event has that name yet): not another event's clause.
RENAMES = [
    (SH, "面试", "后天那个面试，标题改成「终面-李雷」", {"event": "终面-李雷", "title": "终面-李雷", "when": "后天"}),
    (SH, "面試", "後天那個面試，標題改成「二面-王芳」", {"event": "二面-王芳", "title": "二面-王芳", "when": "後天"}),
    (NY, "Interview", "Friday's interview, rename it to Final round - Ana", {"event": "Final round - Ana", "title": "Final round - Ana", "when": "Friday"}),
]  # fmt: skip


@pytest.mark.parametrize("row", RENAMES, ids=[r[2] for r in RENAMES])
async def test_a_rename_by_its_new_title_is_not_sent_back(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, title, message, args = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(title, datetime(2025, 3, 7, 10, tzinfo=zone), datetime(2025, 3, 7, 11, tzinfo=zone))
    model = k.script(call("update_event", args))
    r = await k.assistant.reply(k.user_id, message)
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    assert [e.title for e in await k.events()] == [args["title"]]
