"""A reference that matched no title is not the one event that happens to be at its time when it says what
the event is (体检, 洗牙: title_match.names_a_subject_zh) or when its words and its time come from two
clauses of the message ("what's on thursday afternoon? also add a dentist friday 10am"): that event is asked
about by name ("Do you mean …?"), never changed on the time alone (agent.writes.references._by_time). A
reference that is only a time and a pointer (周四下午那个) still finds the event at that time. Scripted model,
real store; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

REVIEW = datetime(2025, 3, 6, 14, tzinfo=SH)

# (title on the calendar, message, the model's calls)
ROWS = [
    ("产品评审", "周四下午有什么安排？另外周五上午十点加个体检",
     [call("find_free_time", {"range": "周四下午", "duration": "1小时"}),
      call("update_event", {"event": "体检", "event_when": "周四下午", "when": "周五上午10:00"})]),
    ("產品評審", "週四下午有啥？順便週五早上九點加個洗牙",
     [call("list_events", {"range": "週四下午"}),
      call("update_event", {"event": "洗牙", "event_when": "週四下午", "when": "週五早上九點"})]),
    ("产品评审", "把体检挪到周五上午十点", [call("update_event", {"event": "体检", "event_when": "周四下午", "when": "周五上午十点"})]),
    ("产品评审", "周四下午的读书会取消", [call("delete_event", {"event": "读书会", "event_when": "周四下午"})]),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
async def test_a_named_subject_is_not_the_event_at_its_time(database, make_user, row: tuple) -> None:  # type: ignore[no-untyped-def]
    title, message, calls = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await kit.seed(title, REVIEW)
    kit.script(*calls, reply(""), reply(""), reply(""))
    r = await kit.assistant.reply(kit.user_id, message)
    assert r.writes == (), r.text
    (event,) = await kit.events()
    assert event.start == REVIEW and event.title == title, r.text


async def test_a_time_and_a_pointer_find_the_event_at_that_time(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await kit.seed("产品评审", REVIEW)
    model = kit.script(call("update_event", {"event": "周四下午那个", "when": "周五上午十点"}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "周四下午那个挪到周五上午十点")
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"], r.text
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 7, 10, tzinfo=SH)


# (message, the model's calls) — English: the reference's words and its time come from two clauses
EN_ROWS = [
    ("what's on thursday afternoon? also add a dentist friday 10am",
     [call("list_events", {"range": "thursday afternoon"}),
      call("update_event", {"event": "dentist", "event_when": "thursday afternoon", "when": "friday 10am"})]),
    ("anything thursday afternoon? and put a haircut in on friday at 9",
     [call("find_free_time", {"range": "thursday afternoon", "duration": "1 hour"}),
      call("update_event", {"event": "haircut", "event_when": "thursday afternoon", "when": "friday at 9"})]),
    ("thursday afternoon: what have I got. plus a vet visit friday 11am",
     [call("list_events", {"range": "thursday afternoon"}),
      call("delete_event", {"event": "vet visit", "event_when": "thursday afternoon"})]),
]  # fmt: skip


@pytest.mark.parametrize("row", EN_ROWS, ids=[r[0] for r in EN_ROWS])
async def test_a_reference_and_a_time_of_two_clauses_are_not_one_event(database, make_user, row: tuple) -> None:  # type: ignore[no-untyped-def]
    message, calls = row
    kit = await make_kit(database, make_user, timezone="America/New_York")
    review = datetime(2025, 3, 6, 14, tzinfo=NY)
    await kit.seed("Design review", review)
    kit.script(*calls, reply(""), reply(""), reply(""))
    r = await kit.assistant.reply(kit.user_id, message)
    assert r.writes == (), r.text
    (event,) = await kit.events()
    assert event.start == review and event.title == "Design review", r.text
