"""Corrections of the event just written, end to end in two turns (scripted model, real store): right after
a write, an update whose reference finds nothing ("actually make it 4" echoed as the reference, a title in
other words) is about the event the previous turn wrote, and a create of the same title with a new time in
the message's words is a move of it, never a second event, never "not found". Facts only: the previous turn
wrote exactly that one event, the new time is in this message's words, the reference names nothing else
the message says. Now is Wednesday 2025-03-05 09:00 in America/New_York."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit, make_kit


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=NY)


# (first message, its create, the correction, the model's call for it, the event's new start, why)
CORRECTIONS: list[tuple[str, dict[str, Any], str, tuple[str, dict[str, Any]], datetime, str]] = [
    (
        "swimming tomorrow at 6pm",
        {"title": "Swimming", "when": "tomorrow at 6pm"},
        "actually make it 4",
        ("update_event", {"event": "actually make it 4", "when": "4"}),
        _at(6, 16),
        "the message echoed as the reference",
    ),
    (
        "gym tomorrow at 6pm",
        {"title": "Gym", "when": "tomorrow at 6pm"},
        "no — 5pm",
        ("create_event", {"title": "Gym", "when": "5pm"}),
        _at(6, 17),
        "a second create of the same title",
    ),
    (
        "dentist tomorrow at 3pm",
        {"title": "Dentist", "when": "tomorrow at 3pm"},
        "wait, I meant 4 this afternoon",
        ("update_event", {"event": "the booking", "when": "4 this afternoon"}),
        _at(5, 16),
        "a reference in other words",
    ),
    (
        "call with Leo tomorrow 3pm",
        {"title": "Call with Leo", "when": "tomorrow 3pm"},
        "sorry, I meant Friday",
        ("update_event", {"event": "sorry, I meant Friday", "when": "Friday"}),
        _at(7, 15),
        "a day keeps the time just written",
    ),
    (
        "lunch with Ana tomorrow at noon",
        {"title": "Lunch with Ana", "when": "tomorrow at noon"},
        "oops, 1pm",
        ("create_event", {"title": "Lunch with Ana", "when": "tomorrow 1pm"}),
        _at(6, 13),
        "the day from the first message, the clock from this one",
    ),
    (
        "team sync tomorrow 10am",
        {"title": "Team sync", "when": "tomorrow 10am"},
        "no wait, an hour later",
        ("update_event", {"event": "no wait, an hour later", "when": "an hour later"}),
        _at(6, 11),
        "a relative correction",
    ),
    (
        "明天下午五点和老周对账",
        {"title": "和老周对账", "when": "明天下午五点"},
        "不对，是下周三",
        ("update_event", {"event": "不对，是下周三", "when": "下周三"}),
        _at(12, 17),
        "zh another day, the time kept",
    ),
    (
        "明天上午十点健身",
        {"title": "健身", "when": "明天上午十点"},
        "改到四点吧",
        ("update_event", {"event": "锻炼", "when": "四点"}),
        _at(6, 16),
        "zh the title in other words",
    ),
    (
        "明天下午三点看牙医",
        {"title": "看牙医", "when": "明天下午三点"},
        "不对，推迟一天",
        ("create_event", {"title": "看牙医", "when": "推迟一天"}),
        _at(7, 15),
        "zh a relative create of the same title",
    ),
    (
        "明天下午三點開會",
        {"title": "開會", "when": "明天下午三點"},
        "不對，改到五點",
        ("update_event", {"event": "聚会", "when": "五點"}),
        _at(6, 17),
        "traditional",
    ),
    (
        "明天晚上七點吃飯",
        {"title": "吃飯", "when": "明天晚上七點"},
        "不對，是晚上六點半",
        ("create_event", {"title": "吃飯", "when": "晚上六點半"}),
        _at(6, 18, 30),
        "traditional, a second create",
    ),
    # a second create whose title carries its new time: the same title once the time is set aside
    (
        "gym tomorrow at 6pm",
        {"title": "Gym", "when": "tomorrow at 6pm"},
        "no, make that 5pm",
        ("create_event", {"title": "Gym at 5pm", "when": "tomorrow at 5pm"}),
        _at(6, 17),
        "a second create titled with its time",
    ),
    (
        "明天下午三点看牙医",
        {"title": "看牙医", "when": "明天下午三点"},
        "不对，四点",
        ("create_event", {"title": "明天四点看牙医", "when": "明天下午四点"}),
        _at(6, 16),
        "zh, a second create titled with its time",
    ),
    (
        "明天晚上七點吃飯",
        {"title": "吃飯", "when": "明天晚上七點"},
        "改成八點",
        ("create_event", {"title": "八點吃飯", "when": "明天晚上八點"}),
        _at(6, 20),
        "traditional, a second create titled with its time",
    ),
]


@pytest.mark.parametrize(
    ("first", "create", "correction", "then", "start", "why"), CORRECTIONS, ids=[r[5] for r in CORRECTIONS]
)
@pytest.mark.parametrize("no_tool_p", [None, 0.3], ids=["sure", "unsure"])
async def test_a_correction_moves_the_event_just_written(
    kit: Kit,
    first: str,
    create: dict[str, Any],
    correction: str,
    then: tuple[str, dict[str, Any]],
    start: datetime,
    why: str,
    no_tool_p: float | None,
) -> None:
    """Short corrections give the model real doubt about acting at all (``no_tool_p``); a change of the
    event the last turn wrote is what the user is doing, so the doubt does not turn it into a yes/no."""
    name, arguments = then
    model = kit.script(
        call("create_event", create), call(name, arguments, no_tool_p=no_tool_p), reply("Done.")
    )
    r1 = await kit.assistant.reply(kit.user_id, first)
    assert r1.writes and r1.writes[0].persisted, why
    r2 = await kit.assistant.reply(kit.user_id, correction)
    assert model.call_count == 2 and r2.pending is None, (why, r2.text)
    (event,) = await kit.events()
    assert (event.title, event.start, event.end) == (create["title"], start, start + timedelta(hours=1)), why
    assert r2.writes and r2.writes[0].action == "updated", why
    assert "not find" not in r2.text and "没有找到" not in r2.text


async def test_a_doubted_change_of_another_event_still_asks_first(kit: Kit) -> None:
    await kit.seed("Dentist", _at(7, 15))
    kit.script(call("create_event", {"title": "Gym", "when": "tomorrow at 6pm"}))
    await kit.assistant.reply(kit.user_id, "gym tomorrow at 6pm")
    kit.script(call("update_event", {"event": "Dentist", "when": "Friday 4pm"}, no_tool_p=0.3))
    r = await kit.assistant.reply(kit.user_id, "dentist friday 4pm")
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text


async def test_a_series_just_written_is_corrected_as_a_whole(kit: Kit) -> None:
    kit.script(
        call("create_event", {"title": "Yoga", "when": "Thursday 6pm", "recurrence": "every Thursday"}),
        call("update_event", {"event": "actually 7pm", "when": "7pm"}),
    )
    await kit.assistant.reply(kit.user_id, "yoga every Thursday at 6pm")
    r = await kit.assistant.reply(kit.user_id, "actually 7pm")
    (event,) = await kit.events()
    assert event.recurring and event.start == _at(6, 19), r.text


async def test_another_event_named_in_the_message_is_not_the_one_just_written(kit: Kit) -> None:
    kit.script(
        call("create_event", {"title": "Gym", "when": "tomorrow at 6pm"}),
        call("update_event", {"event": "dentist", "when": "4"}),
    )
    await kit.assistant.reply(kit.user_id, "gym tomorrow at 6pm")
    r = await kit.assistant.reply(kit.user_id, "also move my dentist to 4")
    (gym,) = await kit.events()
    assert gym.start == _at(6, 18) and r.writes == ()
    assert "couldn't find “dentist”" in r.text


async def test_a_create_that_names_the_title_again_is_a_request_of_its_own(kit: Kit) -> None:
    kit.script(
        call("create_event", {"title": "Gym", "when": "tomorrow at 6pm"}),
        call("create_event", {"title": "Gym", "when": "Friday 6pm"}),
    )
    await kit.assistant.reply(kit.user_id, "gym tomorrow at 6pm")
    await kit.assistant.reply(kit.user_id, "gym on Friday 6pm too")
    assert sorted(e.start for e in await kit.events()) == [_at(6, 18), _at(7, 18)]


async def test_only_right_after_the_write(kit: Kit) -> None:
    kit.script(
        call("create_event", {"title": "Swimming", "when": "tomorrow at 6pm"}),
        reply("You're welcome!"),
        call("update_event", {"event": "actually make it 4", "when": "4"}),
    )
    await kit.assistant.reply(kit.user_id, "swimming tomorrow at 6pm")
    await kit.assistant.reply(kit.user_id, "thanks")
    r = await kit.assistant.reply(kit.user_id, "actually make it 4")
    (swim,) = await kit.events()
    assert swim.start == _at(6, 18) and r.writes == ()


async def test_a_correction_without_a_time_of_its_own_is_not_retargeted(kit: Kit) -> None:
    kit.script(
        call("create_event", {"title": "Gym", "when": "tomorrow at 6pm"}),
        call("update_event", {"event": "boxing", "title": "Boxing"}),
    )
    await kit.assistant.reply(kit.user_id, "gym tomorrow at 6pm")
    r = await kit.assistant.reply(kit.user_id, "oh, boxing")
    (gym,) = await kit.events()
    assert gym.title == "Gym" and r.writes == ()


# (zone, first message, its create, the correction, the model's update: the receipt's range copied as
# event_when and a wrong new start; the corrected start hour) — the user's clock is the receipt's end hour
RECEIPTS_END_IS_THE_NEW_CLOCK = [
    ("Asia/Taipei", "週五下午三點帶狗去洗澡", {"title": "帶狗去洗澡", "when": "週五下午三點"}, "寫錯了，是四點",
     {"event": "帶狗去洗澡", "event_when": "3月7日（週五） 15:00–16:00", "when": "3月7日（週五） 14:00–15:00"}, 16),
    ("Asia/Shanghai", "周五下午三点去银行", {"title": "去银行", "when": "周五下午三点"}, "不对，应该是四点",
     {"event": "去银行", "event_when": "3月7日（周五） 15:00–16:00", "when": "3月7日（周五） 15:00–16:00"}, 16),
    ("America/New_York", "bank friday 3pm", {"title": "Bank", "when": "friday 3pm"}, "typo, should be 4pm",
     {"event": "Bank", "event_when": "Friday, March 7, 3:00–4:00 PM", "when": "Friday, March 7, 2:00–3:00 PM"}, 16),
    ("America/New_York", "haircut friday 10am", {"title": "Haircut", "when": "friday 10am"}, "make it 11am instead",
     {"event": "Haircut", "event_when": "Friday, March 7, 10:00–11:00 AM", "when": "Friday, March 7, 12:00 PM"}, 11),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tz", "first", "create", "correction", "update", "hour"),
    RECEIPTS_END_IS_THE_NEW_CLOCK,
    ids=[r[3] for r in RECEIPTS_END_IS_THE_NEW_CLOCK],
)
async def test_the_receipts_range_copied_does_not_use_up_the_users_new_clock(
    database: Any, make_user: Any, tz: str, first: str, create: dict, correction: str, update: dict, hour: int
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(call("create_event", create), call("update_event", update), reply("Done."))
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, correction)
    assert model.call_count == 2 and r.writes and r.writes[0].persisted, r.text
    (event,) = await kit.events()
    assert event.start.astimezone(kit.tz).hour == hour and event.start.astimezone(kit.tz).day == 7, r.text
