"""An event pointed at by its place in the list the last turn showed (agent.writes.position): the place
decides, whatever title the model chose; a Chinese ordinal inside a time phrase (第二个周五) is a time, a
message that names an event of the list by its title is resolved as usual, and a list this turn reads is not
the last turn's. Scripted model, real store; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, Kit, make_kit

EN = ("Standup", "Dentist", "Call with Ana")
ZH = ("站会", "看牙", "电话会议")


async def _listed(kit: Kit, titles: tuple[str, ...], tz, listing: str) -> None:  # type: ignore[no-untyped-def]
    for hour, title in zip((9, 13, 16), titles, strict=True):
        await kit.seed(title, datetime(2025, 3, 6, hour, tzinfo=tz))
    kit.script(call("list_events", {"range": listing}), reply("Here is tomorrow."))
    await kit.assistant.reply(kit.user_id, "what's on tomorrow?" if tz is NY else "明天有什么安排")


# (message, the model's update, the title that moves, its new local hour)
MOVES = [
    ("move the 2nd one to 5pm", {"event": "Standup", "when": "5pm"}, "Dentist", 17),
    ("push the 3rd item to 6pm please", {"event": "Dentist", "when": "6pm"}, "Call with Ana", 18),
    ("number 2 should be at 11am", {"event": "standup", "when": "11am"}, "Dentist", 11),
    ("把第二个改到下午五点", {"event": "站会", "when": "下午五点"}, "看牙", 17),
    ("第三個挪到晚上六點", {"event": "看牙", "when": "晚上六點"}, "电话会议", 18),
    ("第1项改成早上八点", {"event": "电话会议", "when": "早上八点"}, "站会", 8),
]


@pytest.mark.parametrize(("message", "update", "moved", "hour"), MOVES, ids=[m[0] for m in MOVES])
async def test_the_place_in_the_list_decides_the_event(
    database, make_user, message: str, update: dict, moved: str, hour: int  # type: ignore[no-untyped-def]
) -> None:
    zh = not message.isascii()
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zh else "America/New_York")
    tz = SH if zh else NY
    await _listed(kit, ZH if zh else EN, tz, "明天" if zh else "tomorrow")
    model = kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, message, now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"], r.text
    hours = {e.title: e.start.astimezone(tz).hour for e in await kit.events()}
    assert hours[moved] == hour, (r.text, hours)
    others = {t: h for t, h in zip(ZH if zh else EN, (9, 13, 16), strict=True) if t != moved}
    assert {t: h for t, h in hours.items() if t != moved} == others, hours


@pytest.mark.parametrize(("message", "wrong"), [("cancel the last one", "Standup"), ("最后一个删掉", "站会")])
async def test_the_last_one_is_the_last_shown(database, make_user, message: str, wrong: str) -> None:  # type: ignore[no-untyped-def]
    zh = not message.isascii()
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zh else "America/New_York")
    await _listed(kit, ZH if zh else EN, SH if zh else NY, "明天" if zh else "tomorrow")
    kit.script(call("delete_event", {"event": wrong}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, message, now=NOW + timedelta(minutes=1))
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert (ZH if zh else EN)[2] in r.text and wrong not in r.text, r.text


async def test_an_ordinal_inside_a_time_phrase_is_a_time(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await _listed(kit, ZH, SH, "明天")
    model = kit.script(call("update_event", {"event": "看牙", "when": "这个月第二个周五下午三点"}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "看牙改到这个月第二个周五下午三点", now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and r.writes, r.text
    (moved,) = [e for e in await kit.events() if e.title == "看牙"]
    assert moved.start.astimezone(SH).date().isoformat() == "2025-03-14"


async def test_a_title_the_user_names_is_resolved_as_usual(kit: Kit) -> None:
    await _listed(kit, EN, NY, "tomorrow")
    model = kit.script(call("update_event", {"event": "standup", "when": "10am"}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "the standup, not the 2nd item, goes to 10am",
                                  now=NOW + timedelta(minutes=1))  # fmt: skip
    assert model.call_count == 1 and r.writes, r.text
    hours = {e.title: e.start.astimezone(NY).hour for e in await kit.events()}
    assert hours == {"Standup": 10, "Dentist": 13, "Call with Ana": 16}


async def test_after_a_write_a_position_word_is_no_pointer(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await kit.seed("站会", datetime(2025, 3, 6, 9, tzinfo=SH))
    kit.script(call("create_event", {"title": "看牙", "when": "明天下午一点"}), reply("unused"))
    await kit.assistant.reply(kit.user_id, "明天下午一点看牙")
    model = kit.script(call("update_event", {"event": "看牙", "when": "下午两点"}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "第一个时间说错了，看牙是下午两点", now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and r.writes, r.text
    hours = {e.title: e.start.astimezone(SH).hour for e in await kit.events()}
    assert hours == {"站会": 9, "看牙": 14}


async def test_a_longer_list_than_the_focus_leaves_the_last_one_to_the_reference(kit: Kit) -> None:
    await _listed(kit, EN, NY, "tomorrow")  # (a fourth event joins the list below)
    await kit.seed("Drinks", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.script(call("list_events", {"range": "tomorrow"}), reply("Here is tomorrow."))
    await kit.assistant.reply(kit.user_id, "and now?", now=NOW + timedelta(minutes=1))
    kit.script(call("delete_event", {"event": "Drinks"}), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "cancel the last one", now=NOW + timedelta(minutes=2))
    assert r.pending is not None and "Drinks" in r.text and "Call with Ana" not in r.text, r.text
