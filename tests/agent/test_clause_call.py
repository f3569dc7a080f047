"""A request the model left out, asked of it alone (agent.turn.clause_call): after the left-out prompt (or
beside a yes/no after a send-back) a clause of the message whose time no call used is sent as the whole
message of one more call; its write runs through the guards, held to that clause's time. Scripted model;
EN and ZH (simplified and traditional)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import ModelOutputError, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

# (zone, message, the delete the model makes of the first clause, the other clause as code sends it alone,
# the create the model makes of it, the new event's title and start hour)
DELETE_THEN_ADD = [
    ("America/New_York", "scrap tomorrow's tennis and put a massage at 6pm in its place",
     {"event": "tennis", "event_when": "tomorrow"}, "put a massage at 6pm in its place",
     {"title": "Massage", "when": "6pm"}, "Massage", 18),
    ("America/New_York", "I'm skipping tennis tomorrow; book a physio at 11am",
     {"event": "tennis", "event_when": "tomorrow"}, "book a physio at 11am",
     {"title": "Physio", "when": "11am"}, "Physio", 11),
    ("America/New_York", "no tennis tomorrow, then a call with Rui at 4pm",
     {"event": "tennis", "event_when": "tomorrow"}, "a call with Rui at 4pm",
     {"title": "Call with Rui", "when": "4pm"}, "Call with Rui", 16),
    ("Asia/Shanghai", "明天的网球不打了，然后约个下午五点的按摩",
     {"event": "网球", "event_when": "明天"}, "约个下午五点的按摩",
     {"title": "按摩", "when": "下午五点"}, "按摩", 17),
    ("Asia/Shanghai", "取消明天的网球；上午十一点加个理疗",
     {"event": "网球", "event_when": "明天"}, "上午十一点加个理疗",
     {"title": "理疗", "when": "上午十一点"}, "理疗", 11),
    ("Asia/Taipei", "明天的網球取消，改成晚上八點跟阿明吃飯",
     {"event": "網球", "event_when": "明天"}, "改成晚上八點跟阿明吃飯",
     {"title": "跟阿明吃飯", "when": "晚上八點"}, "跟阿明吃飯", 20),
    ("Asia/Taipei", "明天網球不去了，另外加一個下午三點的牙醫",
     {"event": "網球", "event_when": "明天"}, "加一個下午三點的牙醫",
     {"title": "牙醫", "when": "下午三點"}, "牙醫", 15),
    # a clause that is only a time goes with the clause before it
    ("Asia/Shanghai", "取消明天的网球，改去按摩，下午五点",
     {"event": "网球", "event_when": "明天"}, "改去按摩，下午五点",
     {"title": "按摩", "when": "下午五点"}, "按摩", 17),
    ("America/New_York", "cancel tennis tomorrow, a swim instead, 7pm",
     {"event": "tennis", "event_when": "tomorrow"}, "a swim instead, 7pm",
     {"title": "Swim", "when": "7pm"}, "Swim", 19),
]  # fmt: skip


@pytest.mark.parametrize("row", DELETE_THEN_ADD, ids=[r[1][:28] for r in DELETE_THEN_ADD])
async def test_the_add_left_out_beside_a_delete_is_asked_alone_and_written(
    database: Any, make_user: Any, row: Any
) -> None:
    zone, text, delete, clause, create, title, hour = row
    kit = await make_kit(database, make_user, timezone=zone)
    tennis = "網球" if "網球" in text else "网球" if "网球" in text else "Tennis"
    await kit.seed(tennis, datetime(2025, 3, 6, 7, tzinfo=kit.tz))
    model = kit.script(
        call("delete_event", delete),
        call("delete_event", delete),  # told about the other request, the model repeats the delete
        call("create_event", create),  # alone, the clause is one request
    )
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 3 and r.telemetry["clause_calls"] == 1, r.text
    assert model.calls[-1].messages[-1].content.casefold() == clause.casefold()
    assert [w.persisted for w in r.writes] == [True] and r.pending is not None, r.text
    assert r.pending.kind == "needs_confirmation" and tennis in r.pending.question
    assert "haven't done" not in r.text and "还没有处理" not in r.text, r.text
    made = {e.title: e.start.astimezone(kit.tz) for e in await kit.events()}
    assert made[title].hour == hour and made[title].day in (5, 6)  # at the clause's clock (today, or the
    # day the other clause names: the write path's reading of a clock with no day)
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert done.writes and done.writes[0].persisted and model.call_count == 3
    assert sorted(e.title for e in await kit.events()) == [title]


# Two adds; the model made the first and, after the prompt, nothing: the second is asked alone.
TWO_ADDS = [
    ("America/New_York", "dentist Friday at 9am, and drinks with Noor on Saturday at 7pm",
     {"title": "Dentist", "when": "Friday at 9am"},
     "drinks with Noor on Saturday at 7pm", {"title": "Drinks with Noor", "when": "Saturday at 7pm"}),
    ("Asia/Shanghai", "周五上午九点看牙，周六晚上七点和小周喝酒", {"title": "看牙", "when": "周五上午九点"},
     "周六晚上七点和小周喝酒", {"title": "和小周喝酒", "when": "周六晚上七点"}),
    ("Asia/Taipei", "週五早上九點看牙醫，週六晚上七點跟小周喝一杯", {"title": "看牙醫", "when": "週五早上九點"},
     "週六晚上七點跟小周喝一杯", {"title": "跟小周喝一杯", "when": "週六晚上七點"}),
]  # fmt: skip


@pytest.mark.parametrize("row", TWO_ADDS, ids=[r[1][:24] for r in TWO_ADDS])
async def test_the_second_add_left_out_after_the_prompt_is_asked_alone(
    database: Any, make_user: Any, row: Any
) -> None:
    zone, text, first, clause, second = row
    kit = await make_kit(database, make_user, timezone=zone)
    model = kit.script(call("create_event", first), reply("Done!"), call("create_event", second))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 3 and len(r.writes) == 2, r.text
    assert model.calls[-1].messages[-1].content == clause
    starts = sorted(e.start for e in await kit.events())
    assert starts == [datetime(2025, 3, 7, 9, tzinfo=kit.tz), datetime(2025, 3, 8, 19, tzinfo=kit.tz)]


async def test_a_clause_naming_the_event_just_changed_is_not_asked_alone(kit: Kit) -> None:
    """Both clauses are one request ("…a day later, to Sunday 9pm"): the relative phrase is a detail of the
    move made (read against the event, it lands where the event now is), not a request of its own — no
    clause call, and no further prompt about it."""
    start = datetime(2025, 3, 8, 21, tzinfo=kit.tz)
    await kit.seed("Journal", start, start + timedelta(minutes=30))
    model = kit.script(call("update_event", {"event": "journal", "when": "Sunday 9pm"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move the journal a day later, to Sunday 9pm")
    assert model.call_count == 1 and r.telemetry["clause_calls"] == 0 and len(r.writes) == 1, r.text


async def test_no_clause_is_asked_alone_after_the_model_failed(kit: Kit) -> None:
    good = call("create_event", {"title": "Gym", "when": "tomorrow 6pm"})
    model = kit.script(good, ModelOutputError("bad json"))
    r = await kit.assistant.reply(kit.user_id, "gym tomorrow 6pm, and the dentist Friday at 3pm")
    assert model.call_count == 2 and r.telemetry["clause_calls"] == 0 and len(r.writes) == 1, r.text


# Two requests mixed into one call (the cancel's event with the move's time), refused twice: each request's
# clause goes to the model alone instead of "say it again".
MIXED = [
    ("America/New_York", "kill tomorrow's 4pm call, and push lunch to 1pm",
     {"event": "call", "event_when": "2025-03-06 09:00", "when": "2025-03-06 13:00"},
     {"event": "call", "event_when": "tomorrow 4pm"}, {"event": "lunch", "when": "tomorrow 1pm"}, "Lunch", "Call"),
    ("Asia/Shanghai", "明天四点的电话不要了，午饭挪到下午一点",
     {"event": "电话", "event_when": "2025-03-06 09:00", "when": "2025-03-06 13:00"},
     {"event": "电话", "event_when": "明天四点"}, {"event": "午饭", "when": "明天下午一点"}, "午饭", "电话"),
    ("Asia/Taipei", "明天四點那通電話取消；午餐改到下午一點",
     {"event": "電話", "event_when": "2025-03-06 09:00", "when": "2025-03-06 13:00"},
     {"event": "電話", "event_when": "明天四點"}, {"event": "午餐", "when": "明天下午一點"}, "午餐", "電話"),
]  # fmt: skip


@pytest.mark.parametrize("row", MIXED, ids=[r[1][:24] for r in MIXED])
async def test_requests_mixed_into_a_failed_call_are_each_asked_alone(
    database: Any, make_user: Any, row: Any
) -> None:
    zone, text, mixed, delete, move, lunch, call_title = row
    kit = await make_kit(database, make_user, timezone=zone)
    await kit.seed(lunch, datetime(2025, 3, 6, 12, tzinfo=kit.tz))
    await kit.seed(call_title, datetime(2025, 3, 6, 16, tzinfo=kit.tz))
    model = kit.script(
        call("update_event", mixed),
        call("update_event", mixed),
        call("delete_event", delete),
        call("update_event", move),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.telemetry["clause_calls"] == 2 and model.call_count == 4, (
        r.text,
        r.telemetry["checks"],
        model.call_count,
    )
    assert [w.persisted for w in r.writes] == [True] and r.pending is not None, r.text
    assert r.pending.kind == "needs_confirmation" and call_title in r.pending.question
    starts = {e.title: e.start for e in await kit.events()}
    assert starts[lunch] == datetime(2025, 3, 6, 13, tzinfo=kit.tz), r.text
    assert "say" not in r.text and "再说" not in r.text and "再說" not in r.text, r.text  # no "say it again"


@pytest.mark.parametrize("row", MIXED, ids=[r[1][:24] for r in MIXED])
async def test_a_mixed_call_sent_twice_is_never_written(database: Any, make_user: Any, row: Any) -> None:
    """The second identical call once went on and moved the call to the lunch's new time (live eval)."""
    zone, text, mixed, _, _, lunch, call_title = row
    kit = await make_kit(database, make_user, timezone=zone)
    await kit.seed(lunch, datetime(2025, 3, 6, 12, tzinfo=kit.tz))
    await kit.seed(call_title, datetime(2025, 3, 6, 16, tzinfo=kit.tz))
    kit.script(call("update_event", mixed), call("update_event", mixed), reply(""), reply(""))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and r.pending is None, r.text
    starts = {e.title: e.start.hour for e in await kit.events()}
    assert starts == {lunch: 12, call_title: 16}


# A write and a question; the model wrote, and the question's clause alone reads as a question: code lists
# that clause's window and the listing answers it.
QUESTION_LEFT = [
    ("America/New_York", "add a dentist Thursday at 10am, and what have I got Friday afternoon?",
     {"title": "Dentist", "when": "Thursday at 10am"}, "what have I got Friday afternoon"),
    ("Asia/Shanghai", "加一个周四上午十点的牙医，顺便看看周五下午有啥", {"title": "牙医", "when": "周四上午十点"},
     "看看周五下午有啥"),
    ("Asia/Taipei", "週四早上十點加個牙醫，另外週五下午有什麼事", {"title": "牙醫", "when": "週四早上十點"},
     "週五下午有什麼事"),
]  # fmt: skip


@pytest.mark.parametrize("row", QUESTION_LEFT, ids=[r[1][:24] for r in QUESTION_LEFT])
async def test_a_question_clause_asked_alone_is_answered_by_code_s_listing(
    database: Any, make_user: Any, row: Any
) -> None:
    zone, text, create, clause = row
    kit = await make_kit(database, make_user, timezone=zone)
    await kit.seed("Design crit", datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    model = kit.script(
        call("create_event", create, request="add"),
        reply("Done.", request="add"),
        call("find_free_time", {"range": clause}, request="calendar_question"),  # not the read asked for
    )
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 3 and model.calls[-1].messages[-1].content == clause, r.text
    assert len(r.writes) == 1 and "Design crit" in r.text, r.text
    assert "haven't done" not in r.text and "还没有处理" not in r.text, r.text


# A cancel and an add sent as one update to the event's own time ("changes nothing"), and then an empty
# answer: each request's clause goes to the model alone, instead of "no answer from the model".
SWAP_SENT_AS_A_MOVE = [
    ("America/Chicago", "drop tomorrow's squash and book a massage at 7pm instead", "Squash",
     {"event": "squash", "event_when": "tomorrow", "when": "tomorrow 7pm"},
     {"event": "squash", "event_when": "tomorrow"}, {"title": "Massage", "when": "tomorrow 7pm"}, "Massage"),
    ("America/Chicago", "no squash tomorrow, a pottery class at 7pm in its place", "Squash",
     {"event": "squash", "when": "7pm"},
     {"event": "squash", "event_when": "tomorrow"}, {"title": "Pottery class", "when": "7pm"}, "Pottery class"),
    ("Asia/Shanghai", "明天壁球不打了，晚上七点改去做按摩", "壁球",
     {"event": "壁球", "event_when": "明天", "when": "明天晚上七点"},
     {"event": "壁球", "event_when": "明天"}, {"title": "按摩", "when": "晚上七点"}, "按摩"),
    ("Asia/Taipei", "明天的壁球取消，晚上七點換成陶藝課", "壁球",
     {"event": "壁球", "event_when": "明天", "when": "晚上七點"},
     {"event": "壁球", "event_when": "明天"}, {"title": "陶藝課", "when": "晚上七點"}, "陶藝課"),
]  # fmt: skip


NO_ANSWERS = [
    "",
    "This update changes nothing. If the user asks to remove it, call delete_event for it.",
    "这次更新没有改变任何内容，我会调用 delete_event 删除它。",
]
"""What the model answered after it was told its move changes nothing: nothing, or code's hint repeated."""


@pytest.mark.parametrize("answer", NO_ANSWERS, ids=["empty", "echo_en", "echo_zh"])
@pytest.mark.parametrize("row", SWAP_SENT_AS_A_MOVE, ids=[r[1][:24] for r in SWAP_SENT_AS_A_MOVE])
async def test_no_answer_after_a_move_that_changes_nothing_asks_each_clause_alone(
    database: Any, make_user: Any, row: Any, answer: str
) -> None:
    zone, text, seeded, move, delete, create, title = row
    kit = await make_kit(database, make_user, timezone=zone)
    await kit.seed(seeded, datetime(2025, 3, 6, 19, tzinfo=kit.tz))
    model = kit.script(
        call("update_event", move), reply(answer), call("delete_event", delete), call("create_event", create)
    )
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 4 and r.telemetry["clause_calls"] == 2, (r.text, r.telemetry["checks"])
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert seeded in r.pending.question, r.text
    assert "language model" not in r.text and "语言模型" not in r.text, r.text
    made = {e.title: e.start.astimezone(kit.tz) for e in await kit.events()}
    assert made == {seeded: datetime(2025, 3, 6, 19, tzinfo=kit.tz)}  # nothing deleted or added before the
    # yes: the add overlaps the event it replaces, so it waits behind the delete's question
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert model.call_count == 4 and [w.persisted for w in done.writes] == [True, True], done.text
    made = {e.title: e.start.astimezone(kit.tz) for e in await kit.events()}
    assert list(made) == [title] and made[title].hour == 19, (made, done.text)
