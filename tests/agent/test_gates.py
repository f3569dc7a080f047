"""The zero-model gates end to end (scripted model, real store on SQLite and PostgreSQL): every gate turn
asserts ``model.call_count == 0``; every turn the gates leave to the model asserts its one call."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

import pytest

from agent.language import simplified
from agent.model import ModelResponse, SystemMessage, call, reply
from agent.model.messages import ToolCall
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, Kit, make_kit


async def _pending(kit: Kit, now: datetime):  # type: ignore[no-untyped-def]
    return await kit.db.conversations(kit.user_id).pending("default", now=now)


def _context(model) -> str:  # type: ignore[no-untyped-def]
    """The dynamic system message of the model's first call."""
    (first, *_) = model.calls
    return "\n".join(m.content for m in first.messages[1:] if isinstance(m, SystemMessage))


async def test_missing_time_then_chinese_slot_reply_creates_with_zero_calls(kit: Kit) -> None:
    model = kit.script(call("create_event", {"title": "Lunch with Wen", "when": "Sunday"}))
    r = await kit.assistant.reply(kit.user_id, "lunch with Wen on Sunday")
    assert model.call_count == 1 and r.text == "What time on Sunday, March 9?" and r.writes == ()
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "周日下午2点", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.model_round_trips == 0 and r.route == "gate_slot"
    (event,) = await kit.events()
    assert (event.title, event.start, event.end) == (
        "Lunch with Wen",
        datetime(2025, 3, 9, 14, tzinfo=NY),
        datetime(2025, 3, 9, 15, tzinfo=NY),
    )
    assert r.text == "已创建「Lunch with Wen」：3月9日（周日） 14:00–15:00" and r.pending is None
    assert await _pending(kit, NOW + timedelta(minutes=1)) is None
    records = await kit.records("turn")
    assert [x.payload["route"] for x in records] == ["model", "gate_slot"]


async def test_chinese_question_asks_only_for_the_time(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    now = datetime(2025, 3, 5, 10, tzinfo=SH)
    zh.script(call("create_event", {"title": "和李四吃午饭", "when": "周日"}))
    r = await zh.assistant.reply(zh.user_id, "周日和李四吃午饭", now=now)
    assert r.text == "3月9日（周日）几点？"
    model = zh.script()
    r = await zh.assistant.reply(zh.user_id, "12点半", now=now + timedelta(minutes=2))
    assert model.call_count == 0 and r.route == "gate_slot"
    (event,) = await zh.events()
    assert event.start == datetime(2025, 3, 9, 12, 30, tzinfo=SH)


async def test_a_slot_reply_that_does_not_settle_asks_again_without_the_model(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Meeting with Tom", "when": "Friday"}))
    await kit.assistant.reply(kit.user_id, "meeting with Tom on Friday")
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "7:30", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.writes == () and len(r.options) == 2  # morning or evening?
    assert r.pending is not None and r.pending.kind == "needs_choice"
    r = await kit.assistant.reply(kit.user_id, "evening", now=NOW + timedelta(minutes=2))
    assert model.call_count == 0 and r.route == "gate_choice"
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 7, 19, 30, tzinfo=NY)


async def test_slot_words_and_more_settle_the_slot_and_the_model_reads_the_rest(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Lunch with Wen", "when": "Sunday"}))
    await kit.assistant.reply(kit.user_id, "lunch with Wen on Sunday")
    model = kit.script(call("amend_pending", {"attendees": ["Zhang San", "Li Si"]}))
    text = "1pm, and make it Zhang San and Li Si too"
    r = await kit.assistant.reply(kit.user_id, text, now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and r.route == "gate_amend" and len(r.writes) == 1
    seen = "\n".join(m.content for m in model.calls[0].messages)
    assert "The event: create_event(title='Lunch with Wen', when='Sunday 1pm')" in seen
    assert "Its extra words: and make it Zhang San and Li Si too" in seen
    (event,) = await kit.events()
    assert event.attendees == ("Zhang San", "Li Si") and event.start == datetime(2025, 3, 9, 13, tzinfo=NY)


async def test_more_than_slot_words_goes_to_the_model_with_the_pending_command(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Lunch with Wen", "when": "Sunday"}))
    await kit.assistant.reply(kit.user_id, "lunch with Wen on Sunday")
    model = kit.script(
        call(
            "create_event",
            {"title": "Lunch with Wen", "when": "Sunday 1pm", "attendees": ["Zhang San", "Li Si"]},
        )
    )
    text = "invite Zhang San at 1pm and Li Si too"  # the time inside the sentence: no split, the model
    r = await kit.assistant.reply(kit.user_id, text, now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and r.route == "model" and len(r.writes) == 1
    assert "Waiting for the user's answer: create_event(title='Lunch with Wen', when='Sunday')" in _context(
        model
    )
    assert "What time on Sunday" in _context(model)
    (event,) = await kit.events()
    assert event.attendees == ("Zhang San", "Li Si") and event.start == datetime(2025, 3, 9, 13, tzinfo=NY)


async def test_conflict_then_yes_two_minutes_later_creates_with_zero_calls(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", {"title": "Call with Globex", "when": "tomorrow 3pm"}))
    r = await kit.assistant.reply(kit.user_id, "Add a call with Globex tomorrow at 3pm")
    assert r.pending is not None and r.pending.kind == "needs_confirmation"
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=2))
    assert model.call_count == 0 and r.route == "gate_confirm" and len(r.writes) == 1
    assert r.text == "Created “Call with Globex” — Thursday, March 6, 3:00–4:00 PM."
    assert sorted(e.title for e in await kit.events()) == ["Call with Globex", "Dentist"]
    kit.script(reply("Anything else?"))
    again = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=3))
    assert again.route == "model" and len(await kit.events()) == 2  # it ran once; the next yes is a message


async def _asked_to_confirm_an_overlap(kit: Kit) -> None:
    """A create that overlaps the Dentist: the turn asks yes/no (a confirmation, 5 minutes)."""
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", {"title": "Call with Globex", "when": "tomorrow 3pm"}))
    await kit.assistant.reply(kit.user_id, "Add a call with Globex tomorrow at 3pm")


@pytest.mark.parametrize("late_yes", ["yes", "yeah", "yep", "sure, add it", "ok go ahead"])
async def test_a_late_yes_asks_the_expired_question_again_and_writes_nothing(kit: Kit, late_yes: str) -> None:
    await _asked_to_confirm_an_overlap(kit)
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, late_yes, now=NOW + timedelta(minutes=10))
    assert model.call_count == 0 and r.route == "gate_expired" and r.writes == ()
    assert r.text.startswith("That question timed out, so nothing was changed.\n")
    assert "Call with Globex" in r.text and "Dentist" in r.text  # the same question, its overlap named
    assert r.pending is not None and r.pending.kind == "needs_confirmation"
    assert [e.title for e in await kit.events()] == ["Dentist"]
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=11))  # asked afresh
    assert model.call_count == 0 and r.route == "gate_confirm" and len(r.writes) == 1


@pytest.mark.parametrize("late_yes", ["好的", "可以", "行", "確認"])
async def test_a_late_chinese_yes_asks_again(database, make_user, late_yes: str) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    now = datetime(2025, 3, 5, 10, tzinfo=SH)
    await zh.seed("家庭聚餐", datetime(2025, 3, 8, 18, tzinfo=SH), datetime(2025, 3, 8, 20, tzinfo=SH))
    zh.script(call("create_event", {"title": "同学聚会", "when": "周六晚上7点"}))
    await zh.assistant.reply(zh.user_id, "周六晚上7点同学聚会", now=now)
    model = zh.script()
    r = await zh.assistant.reply(zh.user_id, late_yes, now=now + timedelta(minutes=12))
    assert model.call_count == 0 and r.route == "gate_expired" and r.writes == ()
    assert simplified(r.text).startswith("刚才的确认已经超时，日历没有变化。") and "家庭聚餐" in r.text
    assert [e.title for e in await zh.events()] == ["家庭聚餐"]


async def test_a_late_no_drops_the_expired_question(kit: Kit) -> None:
    await _asked_to_confirm_an_overlap(kit)
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "no thanks", now=NOW + timedelta(minutes=10))
    assert model.call_count == 0 and r.route == "gate_cancel" and r.writes == ()
    assert r.text == "OK, I won't add “Call with Globex”. Your calendar is unchanged."


async def test_a_late_yes_after_another_reply_is_an_ordinary_message(kit: Kit) -> None:
    """The expired question must be the last thing the assistant asked: a yes after another exchange
    answers that exchange (the model reads it), never the old question."""
    await _asked_to_confirm_an_overlap(kit)
    kit.script(reply("Hello!"))
    await kit.assistant.reply(kit.user_id, "hi", now=NOW + timedelta(minutes=1))
    model = kit.script(reply("Sorry, what should I do?"))
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=10))
    assert model.call_count == 1 and r.route == "model" and r.writes == ()
    assert [e.title for e in await kit.events()] == ["Dentist"]
    assert "Waiting for the user's answer" not in _context(model)  # the stale command is not offered


async def test_a_yes_hours_later_is_an_ordinary_message(kit: Kit) -> None:
    await _asked_to_confirm_an_overlap(kit)
    model = kit.script(reply("Sorry, what should I do?"))
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(hours=5))  # a new segment
    assert model.call_count == 1 and r.route == "model" and r.writes == ()


async def test_no_drops_the_confirmation_and_writes_nothing(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", {"title": "Call with Globex", "when": "tomorrow 3pm"}))
    await kit.assistant.reply(kit.user_id, "Add a call with Globex tomorrow at 3pm")
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "no", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.route == "gate_cancel" and r.writes == ()
    assert (
        r.text == "OK, I won't add “Call with Globex”. Your calendar is unchanged."
        and r.exit_check == "no_claim"
    )
    assert await _pending(kit, NOW + timedelta(minutes=1)) is None
    kit.script(reply("OK."))
    r = await kit.assistant.reply(kit.user_id, "算了", now=NOW + timedelta(minutes=2))  # nothing pending now
    assert r.route == "model" and [e.title for e in await kit.events()] == ["Dentist"]


async def test_chinese_cancel_is_answered_in_chinese(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", {"title": "和小赵面试", "when": "明天下午三点"}))
    await kit.assistant.reply(kit.user_id, "明天下午三点和小赵面试")
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "算了不用了", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.text == "好的，不添加「和小赵面试」了。日历没有变化。"


async def test_yes_with_a_change_goes_to_the_model(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", {"title": "Call with Globex", "when": "tomorrow 3pm"}))
    await kit.assistant.reply(kit.user_id, "Add a call with Globex tomorrow at 3pm")
    model = kit.script(call("create_event", {"title": "Call with Globex", "when": "tomorrow 5pm"}))
    r = await kit.assistant.reply(kit.user_id, "yes, and invite Sam at 5", now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and r.route == "model"
    assert "Add it anyway?" in _context(model)
    starts = sorted(e.start for e in await kit.events())
    assert starts == [datetime(2025, 3, 6, 15, tzinfo=NY), datetime(2025, 3, 6, 17, tzinfo=NY)]


async def test_yes_but_another_time_is_the_event_there_with_no_model_call(kit: Kit) -> None:
    """Only a yes and a time, joined by "but" (``turn.time_correction``): code moves the new event there."""
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", {"title": "Call with Globex", "when": "tomorrow 3pm"}))
    await kit.assistant.reply(kit.user_id, "Add a call with Globex tomorrow at 3pm")
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "yes but at 5pm", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.route == "gate_slot", r.text
    starts = sorted(e.start for e in await kit.events())
    assert starts == [datetime(2025, 3, 6, 15, tzinfo=NY), datetime(2025, 3, 6, 17, tzinfo=NY)]


async def test_confirmation_revalidates_the_event_still_exists(kit: Kit) -> None:
    dentist = await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    await kit.seed("Lunch", datetime(2025, 3, 6, 12, tzinfo=NY))
    kit.script(call("update_event", {"event": "dentist", "when": "tomorrow noon"}))
    r = await kit.assistant.reply(kit.user_id, "move the dentist to noon tomorrow")
    assert r.pending is not None and r.pending.kind == "needs_confirmation"
    await kit.db.events(kit.user_id).delete(dentist.id, now=NOW, idempotency_key="gone")
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "ok", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.writes == () and "couldn't find" in r.text
    assert [e.title for e in await kit.events()] == ["Lunch"]


async def test_confirmation_rechecks_conflicts(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Client call", "when": "yesterday 2pm"}))
    r = await kit.assistant.reply(kit.user_id, "log a client call yesterday at 2pm")
    assert r.pending is not None and "in the past" in r.text
    await kit.seed("Review", datetime(2025, 3, 4, 14, tzinfo=NY))  # appears meanwhile
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.writes == () and "Review" in r.text
    assert r.pending is not None and r.pending.kind == "needs_confirmation"
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=2))
    assert model.call_count == 0 and len(r.writes) == 1


async def test_two_yeses_at_once_execute_once(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", {"title": "Call with Globex", "when": "tomorrow 3pm"}))
    await kit.assistant.reply(kit.user_id, "Add a call with Globex tomorrow at 3pm")
    kit.script(reply("Hm?"), reply("Hm?"))
    later = NOW + timedelta(minutes=1)
    both = await asyncio.gather(
        kit.assistant.reply(kit.user_id, "yes", now=later), kit.assistant.reply(kit.user_id, "yes", now=later)
    )
    assert sum(len(r.writes) for r in both) == 1
    assert sorted(e.title for e in await kit.events()) == ["Call with Globex", "Dentist"]


async def test_second_one_picks_the_second_option(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 9, tzinfo=NY))
    await kit.seed("Dentist", datetime(2025, 3, 7, 9, tzinfo=NY))
    kit.script(call("update_event", {"event": "dentist", "when": "11am"}))
    r = await kit.assistant.reply(kit.user_id, "把牙医改到11点")
    assert len(r.options) == 2 and r.pending is not None and r.pending.kind == "needs_choice"
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "第二个", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.route == "gate_choice" and len(r.writes) == 1
    assert r.text.startswith("已将「Dentist」从09:00改到11:00：3月7日（周五）")
    starts = sorted(e.start for e in await kit.events())
    assert starts == [datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 7, 11, tzinfo=NY)]


async def test_a_rejection_of_the_options_goes_to_the_model(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 9, tzinfo=NY))
    await kit.seed("Dentist", datetime(2025, 3, 7, 9, tzinfo=NY))
    kit.script(call("update_event", {"event": "dentist", "when": "11am"}))
    await kit.assistant.reply(kit.user_id, "把牙医改到11点")
    model = kit.script(reply("那是哪一个呢？"))
    r = await kit.assistant.reply(kit.user_id, "不是这个", now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and r.route == "model" and r.writes == ()


async def test_exact_undo_is_a_command(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Gym", "when": "tomorrow 6pm"}))
    await kit.assistant.reply(kit.user_id, "gym tomorrow 6pm")
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "undo", now=NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.route == "gate_command" and len(r.writes) == 1
    assert r.text.startswith("Undid your last change") and await kit.events() == []
    r = await kit.assistant.reply(kit.user_id, "撤销", now=NOW + timedelta(minutes=2))
    assert model.call_count == 0 and r.route == "gate_command" and r.lang == "zh"
    assert r.text.startswith("已撤销上一次更改") or r.text == "没有可以撤销的更改。"


async def test_cancel_it_after_a_create_cancels_that_event(kit: Kit) -> None:
    await kit.seed("Gym", datetime(2025, 3, 10, 18, tzinfo=NY))  # another Gym: "it" is not a title search
    kit.script(call("create_event", {"title": "Gym", "when": "tomorrow 6pm"}))
    r = await kit.assistant.reply(kit.user_id, "gym tomorrow 6pm")
    created = r.receipts[0].event_id
    model = kit.script(call("delete_event", {"event": "it"}))
    r = await kit.assistant.reply(kit.user_id, "cancel it", now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and not r.writes  # a delete always asks first, naming the event
    assert r.text == "Delete “Gym” (Thursday, March 6, 6:00–7:00 PM)?"
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=2))
    assert model.call_count == 1 and len(r.writes) == 1 and str(r.writes[0].event.id) == created
    assert [e.start for e in await kit.events()] == [datetime(2025, 3, 10, 18, tzinfo=NY)]


async def test_this_meeting_resolves_to_the_event_just_shown(kit: Kit) -> None:
    await kit.seed("Design review", datetime(2025, 3, 6, 10, tzinfo=NY))
    await kit.seed("Design review", datetime(2025, 3, 13, 10, tzinfo=NY))
    kit.script(call("search_events", {"query": "design review"}), reply("You have two."))
    await kit.assistant.reply(kit.user_id, "when are my design reviews?")
    kit.script(call("list_events", {"range": "tomorrow"}), reply("Tomorrow: Design review at 10."))
    await kit.assistant.reply(kit.user_id, "and tomorrow?", now=NOW + timedelta(minutes=1))
    model = kit.script(call("update_event", {"event": "这个会", "when": "11点"}))
    r = await kit.assistant.reply(kit.user_id, "这个会改到11点", now=NOW + timedelta(minutes=2))
    assert model.call_count == 1 and len(r.writes) == 1
    starts = sorted(e.start for e in await kit.events())
    assert starts == [datetime(2025, 3, 6, 11, tzinfo=NY), datetime(2025, 3, 13, 10, tzinfo=NY)]


async def test_it_with_nothing_in_focus_asks(kit: Kit) -> None:
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    model = kit.script(call("delete_event", {"event": "that meeting"}))
    r = await kit.assistant.reply(kit.user_id, "cancel that meeting")
    assert model.call_count == 1 and r.writes == () and r.text == "Which event do you mean?"
    assert len(await kit.events()) == 1


async def test_a_new_segment_forgets_the_focus(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Gym", "when": "tomorrow 6pm"}))
    await kit.assistant.reply(kit.user_id, "gym tomorrow 6pm")
    kit.script(call("delete_event", {"event": "it"}))
    r = await kit.assistant.reply(kit.user_id, "cancel it", now=NOW + timedelta(hours=3))
    assert r.writes == () and r.text == "Which event do you mean?" and len(await kit.events()) == 1


async def test_two_actions_execute_and_report_each(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 6, 9, 30, tzinfo=NY), datetime(2025, 3, 6, 9, 45, tzinfo=NY))
    await kit.seed("Lunch", datetime(2025, 3, 6, 12, tzinfo=NY))
    calls = (
        ToolCall("c1", "update_event", {"event": "standup", "when": "10am"}),
        ToolCall("c2", "delete_event", {"event": "lunch"}),
    )
    model = kit.script(ModelResponse(tool_calls=calls))
    r = await kit.assistant.reply(kit.user_id, "Move standup to 10 and cancel lunch")
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"]
    assert r.text.splitlines() == [
        "Moved “Standup” from 9:30 AM to 10:00 AM, Thursday, March 6.",
        "Delete “Lunch” (Thursday, March 6, 12:00–1:00 PM)?",  # a delete always asks first
    ]
    tools = r.telemetry["tools"]
    assert [(t["name"], t["status"]) for t in tools] == [
        ("update_event", "persisted"),
        ("delete_event", "needs_confirmation"),
    ]
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=1))
    assert r.text == "Deleted “Lunch” — Thursday, March 6, 12:00–1:00 PM." and model.call_count == 1
    assert [(e.title, e.start.hour) for e in await kit.events()] == [("Standup", 10)]


async def test_one_action_failing_does_not_undo_the_other(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 6, 9, 30, tzinfo=NY), datetime(2025, 3, 6, 9, 45, tzinfo=NY))
    calls = (
        ToolCall("c1", "update_event", {"event": "standup", "when": "10am"}),
        ToolCall("c2", "delete_event", {"event": "yoga class"}),
    )
    model = kit.script(ModelResponse(text="Moved standup and cancelled yoga.", tool_calls=calls))
    r = await kit.assistant.reply(kit.user_id, "Move standup to 10 and cancel yoga")
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"]
    assert r.text.splitlines() == [
        "Moved “Standup” from 9:30 AM to 10:00 AM, Thursday, March 6.",
        "I couldn't find “yoga class” on your calendar.",
    ]
    assert "cancelled" not in r.text


async def test_claim_of_the_failed_kind_is_replaced_per_kind(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 6, 9, 30, tzinfo=NY), datetime(2025, 3, 6, 9, 45, tzinfo=NY))
    calls = (
        ToolCall("c1", "list_events", {"range": "tomorrow"}),
        ToolCall("c2", "update_event", {"event": "standup", "when": "10am"}),
        ToolCall("c3", "delete_event", {"event": "yoga"}),
    )
    model = kit.script(ModelResponse(tool_calls=calls), reply("I moved standup and deleted yoga."))
    r = await kit.assistant.reply(kit.user_id, "anything on tomorrow? move standup to 10, cancel yoga")
    assert model.call_count == 2 and r.replaced and r.exit_check == "unverified_write_claim"
    assert "deleted yoga" not in r.text and "Moved “Standup”" in r.text
    (record,) = await kit.records("unverified_write_claim")
    assert record.payload["claimed"] == ["delete"] and record.payload["persisted"] == ["update"]
