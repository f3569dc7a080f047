"""An update that changes nothing twice — its only value is the time its own reference gives, or it has no
value at all — asks yes/no to delete the event, and what to change otherwise (agent.writes.no_change): the
one change an update cannot express is a removal. Never deleted without the "yes". Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.language import simplified
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the model's update, repeated; the seeded title and its start, wall clock on 6 March 2025)
ROWS = [
    ("America/New_York", "cancel the 4pm call", {"event": "4pm call", "when": "4pm"}, "Call", 16),
    ("America/New_York", "drop my 10am dentist please", {"event": "10am dentist", "when": "10am"}, "Dentist", 10),
    ("America/New_York", "scrap tomorrow's standup", {"event": "standup", "event_when": "tomorrow"}, "Standup", 9),
    ("America/New_York", "forget tomorrow's 3pm review", {"event": "review", "event_when": "tomorrow 3pm",
     "when": "tomorrow 3pm"}, "Review", 15),
    ("Asia/Shanghai", "四点那个电话取消", {"event": "电话", "event_when": "四点"}, "电话", 16),
    ("Asia/Shanghai", "把明天的牙医去掉", {"event": "牙医", "event_when": "明天"}, "牙医", 10),
    ("Asia/Shanghai", "明天下午三点那个评审不开了", {"event": "明天下午三点那个评审", "when": "明天下午三点"}, "评审", 15),
    ("Asia/Taipei", "明天的讀書會不去了", {"event": "讀書會", "event_when": "明天"}, "讀書會", 19),
    # beside a made-up attendee (dropped by grounding): still only the reference's own time
    ("America/New_York", "kill my 4pm call", {"event": "4pm call", "when": "4pm", "attendees": ["your name"]},
     "Call", 16),
    ("Asia/Shanghai", "四点的电话不打了", {"event": "四点的电话", "when": "四点", "attendees": ["我"]}, "电话", 16),
    ("Asia/Taipei", "明天晚上七點的讀書會取消", {"event": "明天晚上七點的讀書會", "when": "明天晚上七點",
     "attendees": ["用戶"]},
     "讀書會", 19),
]  # fmt: skip


async def _asked(database: Any, make_user: Any, tz: str, text: str, update: dict, title: str, hour: int):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, hour, tzinfo=kit.tz))
    await kit.seed("Other", datetime(2025, 3, 6, 12, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    return kit, model, r


@pytest.mark.parametrize(("tz", "text", "update", "title", "hour"), ROWS, ids=[r[1] for r in ROWS])
async def test_a_second_update_that_changes_nothing_asks_to_delete(
    database: Any, make_user: Any, tz: str, text: str, update: dict, title: str, hour: int
) -> None:
    kit, model, r = await _asked(database, make_user, tz, text, update, title, hour)
    assert r.writes == () and r.pending is not None and model.call_count == 2, r.text
    assert title in r.text and ("tell me what to change" in r.text or "告诉我改什么" in simplified(r.text)), r.text
    done = await kit.assistant.reply(kit.user_id, "yes" if tz == "America/New_York" else "好")
    assert model.call_count == 2 and done.writes and done.writes[0].persisted, done.text
    assert [e.title for e in await kit.events()] == ["Other"]


@pytest.mark.parametrize(("tz", "text", "update", "title", "hour"), ROWS[:1] + ROWS[4:5])
async def test_a_no_deletes_nothing(
    database: Any, make_user: Any, tz: str, text: str, update: dict, title: str, hour: int
) -> None:
    kit, _, _ = await _asked(database, make_user, tz, text, update, title, hour)
    await kit.assistant.reply(kit.user_id, "no" if tz == "America/New_York" else "不用")
    assert sorted(e.title for e in await kit.events()) == sorted([title, "Other"])


async def test_a_new_time_the_event_already_has_is_said_not_asked(database: Any, make_user: Any) -> None:
    # "move the call to 4pm" when it is at 4pm: a time the reference does not give; it already is so (a
    # message that names the event by that time and asks to remove it, 明天下午三点的评审不开了, reads the same
    # to code and gets the same answer: which the user meant is the model's to say)
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed("Call", datetime(2025, 3, 6, 16, tzinfo=kit.tz))
    update = {"event": "call", "when": "tomorrow 4pm"}
    kit.script(call("update_event", update), call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, "move the call to tomorrow 4pm")
    assert r.writes == () and r.pending is None and "already" in r.text, r.text
    assert [e.title for e in await kit.events()] == ["Call"]


@pytest.mark.parametrize(
    ("tz", "text", "update", "title", "prose"),
    [
        ("America/New_York", "cancel the 4pm call", {"event": "4pm call", "when": "4pm"}, "Call", "Done, it's cancelled."),
        ("Asia/Shanghai", "把四点那个电话取消", {"event": "四点那个电话", "when": "四点"}, "电话", "好的，已经取消了。"),
    ],
)
async def test_prose_after_the_send_back_gets_codes_question(
    database: Any, make_user: Any, tz: str, text: str, update: dict, title: str, prose: str
) -> None:
    # the model answers the "changes nothing" send-back in words: its words are no delete; code asks yes/no
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, 16, tzinfo=kit.tz))
    kit.script(call("update_event", update), reply(prose, request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and r.pending is not None and prose not in r.text, r.text
    assert [e.title for e in await kit.events()] == [title]


# (zone, message, the model's update with no value at all, the seeded title; 6 March 2025 at 19:00)
EMPTY_UPDATES = [
    ("America/New_York", "the teacher is away tomorrow, take the piano lesson off",
     {"event": "piano lesson", "event_when": "tomorrow"}, "Piano lesson"),
    ("America/New_York", "no yoga for me tomorrow", {"event": "yoga", "event_when": "tomorrow"}, "Yoga"),
    ("America/New_York", "kill tomorrow's book club", {"event": "book club", "event_when": "tomorrow"}, "Book club"),
    ("Asia/Shanghai", "老师明天不在，明天的钢琴课拿掉", {"event": "钢琴课", "event_when": "明天"}, "钢琴课"),
    ("Asia/Shanghai", "明天的瑜伽我不去了", {"event": "瑜伽", "event_when": "明天"}, "瑜伽"),
    ("Asia/Taipei", "明天的讀書會先拿掉", {"event": "讀書會", "event_when": "明天"}, "讀書會"),
]  # fmt: skip
NO_WORDS = ["", "This update changes nothing. If the user asks to remove it, call delete_event for it."]


@pytest.mark.parametrize("answer", NO_WORDS, ids=["empty", "hint_repeated"])
@pytest.mark.parametrize(("tz", "text", "update", "title"), EMPTY_UPDATES, ids=[r[1] for r in EMPTY_UPDATES])
async def test_an_empty_update_then_no_words_of_its_own_asks_to_delete(
    database: Any, make_user: Any, tz: str, text: str, update: dict, title: str, answer: str
) -> None:
    """Sent back once, the model answers with nothing of its own: code's yes/no to delete the named event
    (and what to change otherwise), never "say it again"; nothing is deleted before the yes."""
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, 19, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), reply(answer))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 2 and r.writes == () and len(await kit.events()) == 1, r.text
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert title in r.text and ("tell me what to change" in r.text or "告诉我改什么" in simplified(r.text)), r.text
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert model.call_count == 2 and [w.action for w in done.writes] == ["deleted"], done.text
    assert await kit.events() == []


@pytest.mark.parametrize(
    ("tz", "text", "update", "made_up"),
    [
        ("America/New_York", "move the review to 4pm", {"event": "review", "when": "4pm"}, ["your name"]),
        ("Asia/Shanghai", "评审改到下午四点", {"event": "评审", "when": "下午四点"}, ["我"]),
        ("Asia/Taipei", "評審挪到下午四點", {"event": "評審", "when": "下午四點"}, ["用戶", "你"]),
    ],
)
async def test_made_up_attendees_never_erase_the_events_own(
    database: Any, make_user: Any, tz: str, text: str, update: dict, made_up: list[str]
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    title = update["event"] if not text.isascii() else "Review"
    await kit.seed(title, datetime(2025, 3, 6, 15, tzinfo=kit.tz), attendees=("Ana", "Bo"))
    kit.script(call("update_event", {**update, "attendees": made_up}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["updated"], r.text
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 6, 16, tzinfo=kit.tz) and event.attendees == ("Ana", "Bo")


# A weekly Wednesday series from 5 March 2025 (the kit's now is Wednesday 5 March, 09:00 in New York): the
# model's update names a day and carries a scope, or names no day. (message, the model's update, the title,
# the day the question names and the "yes" removes.) Before, a "series"/"following" scope went on to the
# delete: the question named one lesson and the "yes" deleted it and every one after it.
SERIES_ROWS = [
    ("no lesson on the 19th, the teacher is off", {"event": "piano lesson", "event_when": "the 19th",
     "scope": "series"}, "Piano lesson", 19),
    ("scrap the piano lesson on the 19th", {"event": "piano lesson", "event_when": "19th", "scope": "series"},
     "Piano lesson", 19),
    ("we can't do the 12th, take that lesson out", {"event": "lesson", "event_when": "12th"}, "Piano lesson", 12),
    ("19号老师不在，那节钢琴课去掉", {"event": "钢琴课", "event_when": "19号", "scope": "series"}, "钢琴课", 19),
    ("下周三的钢琴课不上了", {"event": "钢琴课", "event_when": "下周三", "scope": "series"}, "钢琴课", 12),
    ("钢琴课這次不上", {"event": "钢琴课"}, "钢琴课", 5),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "title", "day"), SERIES_ROWS, ids=[r[0] for r in SERIES_ROWS])
async def test_of_a_series_the_yes_deletes_only_the_occurrence_named(
    database: Any, make_user: Any, text: str, update: dict, title: str, day: int
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed(title, datetime(2025, 3, 5, 17, tzinfo=kit.tz), rrule="FREQ=WEEKLY;BYDAY=WE")
    model = kit.script(call("update_event", update), call("update_event", update))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.writes == () and asked.pending is not None and model.call_count == 2, asked.text
    assert ("March " + str(day)) in asked.text or f"3月{day}日" in asked.text, asked.text
    assert "every" not in asked.text and "以后" not in asked.text, asked.text
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert model.call_count == 2 and done.writes and done.writes[0].persisted, done.text
    (series,) = await kit.events()
    assert series.rrule == "FREQ=WEEKLY;BYDAY=WE" and series.exdates == (datetime(2025, 3, day, 17, tzinfo=kit.tz),)
