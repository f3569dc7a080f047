"""The free-time answer: a reply to a free-time question must name the events of the window it read (what
takes the time the user is not free), or, in a window with none, quote a free slot (or, when none is free,
no clock time); else code's text of the events and the slots replaces it; a write the model tries after answering such a
question, refused, leaves the slots as the answer. Table-driven rule; scripted model for the turn."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import ModelResponse, call, reply
from agent.model.messages import ToolCall
from agent.render.free_time import FreeTime, free_time_text, reply_reports_free
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

EN_TZ, ZH_TZ, TW_TZ = "America/New_York", "Asia/Shanghai", "Asia/Taipei"

DAY = datetime(2025, 6, 19, tzinfo=SH)
HOUR = timedelta(hours=1)
AFTERNOON = FreeTime(
    DAY, DAY + timedelta(days=1), HOUR, ((DAY.replace(hour=13, minute=30), DAY.replace(hour=18)),)
)
TWO = FreeTime(
    DAY,
    DAY + timedelta(days=1),
    HOUR,
    ((DAY.replace(hour=9), DAY.replace(hour=10, minute=30)), (DAY.replace(hour=15), DAY.replace(hour=18))),
)
NONE = FreeTime(DAY, DAY + timedelta(days=1), HOUR, ())


@pytest.mark.parametrize(
    ("text", "free", "reports", "why"),
    [
        (
            "周四（6月19日）下午1点半以后都有空，上午9点半之前也可以。",
            AFTERNOON,
            True,
            "下午1点半 is the slot's start",
        ),
        ("You're free from 1:30 PM to 6.", AFTERNOON, True, "12-hour clock"),
        ("Free 13:30–18:00.", AFTERNOON, True, "24-hour clock"),
        ("下午一点半之后有空。", AFTERNOON, True, "Chinese numerals"),
        ("十三点三十分以后", AFTERNOON, True, "十三点三十分"),
        ("You're free at 10am.", AFTERNOON, False, "a time that is not free"),
        ("You're free all afternoon!", AFTERNOON, False, "no clock at all"),
        ("", AFTERNOON, False, "no text"),
        ("你上午9点到10点半有空。", TWO, True, "the first of two slots"),
        ("3pm works.", TWO, True, "the second of two slots, an hour alone"),
        ("周四没有一小时的空档。", NONE, True, "nothing free, said plainly"),
        ("You're free at 4pm.", NONE, False, "a slot invented for a full day"),
    ],
)
def test_reply_reports_free(text: str, free: FreeTime, reports: bool, why: str) -> None:
    assert reply_reports_free(text, free) is reports, why


def test_free_time_text_in_both_languages() -> None:
    now = datetime(2025, 6, 16, 9, tzinfo=SH)
    assert free_time_text(TWO, "en", now=now) == (
        "Free for an hour or more, Thursday, June 19:\n- 9:00–10:30 AM\n- 3:00–6:00 PM"
    )
    assert (
        free_time_text(TWO, "zh", now=now)
        == "6月19日（周四）能空出1小时的时段：\n- 09:00–10:30\n- 15:00–18:00"
    )
    assert free_time_text(NONE, "zh", now=now) == "6月19日（周四）没有能空出1小时的时段。"
    assert free_time_text(NONE, "en", now=now) == "No free slot of an hour on Thursday, June 19."
    half = FreeTime(DAY, DAY + timedelta(days=1), timedelta(minutes=90), (), more=0)
    assert "1个半小时" in free_time_text(half, "zh", now=now)


async def test_invented_free_time_is_replaced_by_the_slots(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 6, 17, tzinfo=NY))
    kit.script(
        call("find_free_time", {"range": "tomorrow", "duration": "1 hour"}), reply("You're free at 10am.")
    )
    r = await kit.assistant.reply(kit.user_id, "When am I free tomorrow for an hour?")
    # the read's events and its free slots: the same read answers "what's on" and "when am I free"
    assert r.text == (
        "Thursday, March 6:\n- 9:00 AM–5:00 PM — Standup\nFree for an hour or more, Thursday, March 6:\n- 5:00–6:00 PM"
    )
    assert r.telemetry["read_check"] == "replaced" and not r.writes


async def test_a_reply_that_quotes_a_free_slot_of_an_empty_window_is_kept(kit: Kit) -> None:
    kit.script(
        call("find_free_time", {"range": "tomorrow", "duration": "1 hour"}), reply("You're free from 9am.")
    )
    r = await kit.assistant.reply(kit.user_id, "When am I free tomorrow for an hour?")
    assert r.text == "You're free from 9am." and r.telemetry["read_check"] == "reported"


@pytest.mark.parametrize(
    ("tz", "text", "window", "said", "title"),
    [
        (EN_TZ, "am I free thursday afternoon?", "thursday afternoon", "You're free 12:00-2:00 PM and 3:30-7:00 PM.",
         "Budget sync"),
        (EN_TZ, "When am I free tomorrow for an hour?", "tomorrow", "After 5pm you're free.", "Budget sync"),
        (ZH_TZ, "周四下午有空吗", "周四下午", "好的，你有空的时间是 12:00-14:00 和 15:30-19:00。", "预算对齐"),
        (TW_TZ, "週四下午有空嗎", "週四下午", "週四下午12:00-14:00和15:30-19:00都有空。", "預算對齊"),
    ],
)  # fmt: skip
async def test_free_slots_alone_are_replaced_by_what_takes_the_time_and_the_slots(
    database: Any, make_user: Any, tz: str, text: str, window: str, said: str, title: str
) -> None:
    """Slots alone hide why the rest is not free: the answer names the window's events, then its slots."""
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, 14, tzinfo=kit.tz), datetime(2025, 3, 6, 15, 30, tzinfo=kit.tz))
    kit.script(call("find_free_time", {"range": window, "duration": "1 hour"}), reply(said))
    r = await kit.assistant.reply(kit.user_id, text)
    assert title in r.text and r.telemetry["read_check"] == "replaced", r.text
    assert ("Free for" in r.text) or ("能空出" in r.text), r.text


async def test_a_write_after_a_free_time_question_leaves_the_slots_as_the_answer(database, make_user) -> None:  # type: ignore[no-untyped-def]
    """Live eval: the model found the slots, then tried to "update" a 电话 that does not exist into one of
    them (refused twice); the user had asked a question, and was asked when the call should be."""
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("客户拜访", datetime(2025, 3, 6, 9, 30, tzinfo=SH), datetime(2025, 3, 6, 11, 30, tzinfo=SH))
    await zh.seed("部门午餐", datetime(2025, 3, 6, 12, tzinfo=SH), datetime(2025, 3, 6, 13, 30, tzinfo=SH))
    zh.script(
        call("find_free_time", {"range": "周四", "duration": "一小时"}),
        call(
            "update_event", {"event": "电话", "when": "Thu 2025-03-06 13:30", "end": "Thu 2025-03-06 18:00"}
        ),
        call("update_event", {"event": "电话", "when": "13:30", "end": "18:00"}),
    )
    r = await zh.assistant.reply(zh.user_id, "这周四什么时候有空？想打个一小时的电话")
    assert not r.writes and not r.options and r.pending is None, r.text
    assert r.text == (
        "3月6日（周四）的安排：\n- 09:30–11:30 「客户拜访」\n- 12:00–13:30 「部门午餐」\n"
        "3月6日（周四）能空出1小时的时段：\n- 13:30–18:00"
    )


async def test_slots_read_before_a_write_are_its_lookup(kit: Kit) -> None:
    kit.script(
        call("find_free_time", {"range": "tomorrow", "duration": "1 hour"}),
        call("create_event", {"title": "Call with Leo", "when": "tomorrow at 3pm"}),
        reply("Booked."),
    )
    r = await kit.assistant.reply(kit.user_id, "Find a free hour tomorrow and book a call with Leo at 3pm")
    assert len(r.writes) == 1 and "Free for" not in r.text and r.receipts[0].text in r.text


def _both(*calls: tuple[str, dict[str, str]]) -> ModelResponse:
    return ModelResponse(tool_calls=tuple(ToolCall(f"c{i}", n, a) for i, (n, a) in enumerate(calls)))


@pytest.mark.parametrize(
    ("tz", "text", "create", "read", "listed"),
    [
        (EN_TZ, "add pilates tomorrow at 7am - also, what do I have tomorrow afternoon?",
         {"title": "Pilates", "when": "tomorrow at 7am"}, {"range": "tomorrow afternoon", "duration": "1 hour"}, "Client pitch"),
        (EN_TZ, "how's my Friday afternoon looking? also put gym tomorrow at 6pm",
         {"title": "Gym", "when": "tomorrow at 6pm"}, {"range": "Friday afternoon", "duration": "1 hour"}, "Budget call"),
        (ZH_TZ, "明早七点加个瑜伽，另外明天下午都有哪些事？",
         {"title": "瑜伽", "when": "明早七点"}, {"range": "明天下午", "duration": "1小时"}, "Client pitch"),
        (TW_TZ, "週五下午有什麼事？順便加上明天晚上六點健身",
         {"title": "健身", "when": "明天晚上六點"}, {"range": "週五下午", "duration": "1小時"}, "Budget call"),
    ],
)  # fmt: skip
async def test_a_free_time_read_asked_apart_from_a_write_is_answered(
    database: Any, make_user: Any, tz: str, text: str, create: dict, read: dict, listed: str
) -> None:
    """The model read a time with find_free_time beside a write of another time: the read answers a question
    of its own, so its events (and free slots) come with the receipt, whatever the model said."""
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Client pitch", datetime(2025, 3, 6, 14, tzinfo=kit.tz))
    await kit.seed("Budget call", datetime(2025, 3, 7, 15, tzinfo=kit.tz))
    kit.script(_both(("create_event", create), ("find_free_time", read)), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 1 and listed in r.text, r.text


async def test_a_free_time_read_of_the_written_time_is_the_write_s_lookup(kit: Kit) -> None:
    kit.script(
        _both(("find_free_time", {"range": "tomorrow at 3pm", "duration": "1 hour"}),
              ("create_event", {"title": "Call with Mina", "when": "tomorrow at 3pm"})),
        reply("Booked."),
    )  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, "book a call with Mina tomorrow at 3pm if I'm free")
    assert len(r.writes) == 1 and "free" not in r.text.casefold().replace("if i'm free", ""), r.text


@pytest.mark.parametrize(
    ("tz", "text", "window", "said"),
    [
        (EN_TZ, "what's going on Friday?", "Friday",
         "There are no events scheduled for Friday. However, you are free from 9:00 AM to 12:00 PM."),
        (EN_TZ, "anything on Friday?", "Friday", "Your calendar is clear on Friday: free 9:00 AM – 12:00 PM."),
        (EN_TZ, "how does friday look", "Friday", "You don't have anything on Friday. Free: 9:00 AM–12:00 PM."),
        (ZH_TZ, "周五有什么安排？", "周五", "周五没有任何安排，9:00到12:00都有空。"),
        (TW_TZ, "週五有什麼事？", "週五", "週五沒有任何會議，9:00到12:00有空。"),
    ],
)  # fmt: skip
async def test_a_reply_saying_nothing_is_on_where_the_read_found_events_is_replaced(
    database: Any, make_user: Any, tz: str, text: str, window: str, said: str
) -> None:
    """A free slot quoted beside a false "nothing scheduled" is no report: the read found events."""
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Lunch with Priya", datetime(2025, 3, 7, 12, tzinfo=kit.tz))
    kit.script(call("find_free_time", {"range": window, "duration": "1 hour"}), reply(said))
    r = await kit.assistant.reply(kit.user_id, text)
    assert "Lunch with Priya" in r.text and r.telemetry["read_check"] == "replaced", r.text


@pytest.mark.parametrize("said", ["Friday: lunch with Priya at 12; free 9:00 AM–12:00 PM."])
async def test_a_free_slot_beside_the_windows_event_is_kept(kit: Kit, said: str) -> None:
    await kit.seed("Lunch with Priya", datetime(2025, 3, 7, 12, tzinfo=NY))
    kit.script(call("find_free_time", {"range": "Friday", "duration": "1 hour"}), reply(said))
    r = await kit.assistant.reply(kit.user_id, "when am I free on Friday?")
    assert r.text == said, r.text
