"""A move of an event that does not exist, whose reference holds the new time itself: a new event sent as
an update. It goes back to the model once with that fact (``writes.target``); if the model fails again,
code asks yes/no about adding the event the reference describes. Any other "not found" stays the user's
answer."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.language import simplified
from agent.model import ModelResponse, ToolCall, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

TWO_NEW = [
    ("America/New_York", "optician Tuesday 9am, barber Thursday 5:30pm",
     {"title": "Optician", "when": "Tuesday 9am"}, {"event": "barber Thursday 5:30pm", "when": "Thursday 5:30pm"},
     {"title": "Barber", "when": "Thursday 5:30pm"}),
    ("America/New_York", "yoga fri 7am and piano lesson sat 10am",
     {"title": "Yoga", "when": "fri 7am"}, {"event": "piano lesson sat 10am", "when": "sat 10am"},
     {"title": "Piano lesson", "when": "sat 10am"}),
    ("Asia/Shanghai", "周二上午九点看牙，周四下午五点半理发",
     {"title": "看牙", "when": "周二上午九点"}, {"event": "周四下午五点半理发", "when": "周四下午五点半"},
     {"title": "理发", "when": "周四下午五点半"}),
    ("Asia/Taipei", "週二上午九點看牙，週四下午五點半剪頭髮",
     {"title": "看牙", "when": "週二上午九點"}, {"event": "週四下午五點半剪頭髮", "when": "週四下午五點半"},
     {"title": "剪頭髮", "when": "週四下午五點半"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "first", "update", "create"), TWO_NEW)
async def test_a_new_event_sent_as_a_move_goes_back_once(
    database: Any, make_user: Any, tz: str, text: str, first: dict, update: dict, create: dict
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(
        call("create_event", first),
        call("update_event", update),
        call("create_event", create),
        reply("Done."),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 2, r.text
    sent = model.calls[2].messages[-1].content
    assert "no_such_event" in sent and "no_such_event" not in r.text
    assert sorted(e.title for e in await kit.events()) == sorted([first["title"], create["title"]])


@pytest.mark.parametrize(
    ("tz", "text", "update"),
    [
        ("America/New_York", "move my haircut to Thursday 5:30pm", {"event": "haircut", "when": "Thursday 5:30pm"}),
        ("America/New_York", "move thursday's haircut to Friday 5pm", {"event": "haircut thursday", "when": "Friday 5pm"}),
        ("Asia/Shanghai", "把理发挪到周四下午五点半", {"event": "理发", "when": "周四下午五点半"}),
    ],
)  # fmt: skip
async def test_any_other_missing_event_is_the_users_answer(
    database: Any, make_user: Any, tz: str, text: str, update: dict
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and r.writes == () and ("couldn't find" in r.text or "没有找到" in r.text), (
        r.text
    )


@pytest.mark.parametrize("again", ["prose", "update"])
@pytest.mark.parametrize(("tz", "text", "first", "update", "create"), TWO_NEW, ids=[r[1] for r in TWO_NEW])
async def test_when_the_model_does_not_create_code_offers_to_add_it(
    database: Any, make_user: Any, again: str, tz: str, text: str, first: dict, update: dict, create: dict
) -> None:
    """A second failure asks yes/no about the event the reference describes (its title without the time
    words, the time the user gave): a wrong guess costs a "no", "not found" left the request undone. The
    "yes" writes it with no model call."""
    kit = await make_kit(database, make_user, timezone=tz)
    second = reply("OK.", request="change") if again == "prose" else call("update_event", update)
    model = kit.script(call("create_event", first), call("update_event", update), second, reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 1 and r.pending is not None, r.text
    question = r.text.splitlines()[-1]
    assert f"“{create['title']}”" in question or f"「{create['title']}」" in question, r.text
    calls = model.call_count
    done = await kit.assistant.reply(kit.user_id, "yes" if tz == "America/New_York" else "好的")
    assert model.call_count == calls and done.writes and done.writes[0].persisted, done.text
    assert sorted(e.title for e in await kit.events()) == sorted([first["title"], create["title"]])


async def test_a_no_to_the_offer_writes_nothing_more(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    _, text, first, update, _ = TWO_NEW[0]
    # (the last step: the offer's clause asked alone, ``turn.offer_clause``, answered in words: the offer stays)
    kit.script(call("create_event", first), call("update_event", update), reply("OK.", request="change"), reply("OK."))
    await kit.assistant.reply(kit.user_id, text)
    done = await kit.assistant.reply(kit.user_id, "no")
    assert done.writes == ()
    assert [e.title for e in await kit.events()] == [first["title"]]


# (zone, message, the model's update; the title offered) — nothing on the calendar is anything like it
NOTHING_LIKE_IT = [
    ("America/New_York", "put a call with Leo on Thursday at 4pm", {"event": "call with Leo", "when": "Thursday at 4pm"},
     "Call with Leo"),
    ("America/New_York", "move my haircut to Thursday 5:30pm", {"event": "haircut", "when": "Thursday 5:30pm"},
     "Haircut"),
    ("America/New_York", "the vet visit is friday at 10am", {"event": "the vet visit", "when": "friday at 10am"},
     "Vet visit"),
    ("Asia/Shanghai", "把理发挪到周四下午五点半", {"event": "理发", "when": "周四下午五点半"}, "理发"),
    ("Asia/Shanghai", "周五晚上七点和小王吃饭", {"event": "和小王吃饭", "when": "周五晚上七点"}, "和小王吃饭"),
    ("Asia/Taipei", "週四下午三點看牙醫", {"event": "看牙醫", "when": "週四下午三點"}, "看牙醫"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tz", "text", "update", "title"), NOTHING_LIKE_IT, ids=[r[1] for r in NOTHING_LIKE_IT]
)
async def test_a_move_of_nothing_like_any_event_offers_to_add_it(
    database: Any, make_user: Any, tz: str, text: str, update: dict, title: str
) -> None:
    kit, r = await _offered_and_added(database, make_user, tz, text, update)
    assert ("couldn't find" in r.text or "没有找到" in simplified(r.text)) and (
        f"“{title}”" in r.text or f"「{title}」" in r.text
    )
    assert sorted(e.title for e in await kit.events()) == sorted(["Design crit", title])


async def _offered_and_added(database: Any, make_user: Any, tz: str, text: str, update: dict):  # type: ignore[no-untyped-def]
    """The model's one update of an event that does not exist, the offer to add it, and a "yes": no second
    model call. The kit and the offer's reply."""
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Design crit", datetime(2025, 3, 5, 13, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and r.pending is not None and model.call_count == 1, r.text
    done = await kit.assistant.reply(kit.user_id, "yes" if tz == "America/New_York" else "好的")
    assert model.call_count == 1 and done.writes and done.writes[0].persisted, done.text
    return kit, r


# (zone, message, the model's update that gives only the time the event is "at"; the title offered, its hour)
AT_A_TIME_ONLY = [
    ("America/New_York", "coffee with mom today at noon", {"event": "coffee", "event_when": "today at noon",
     "attendees": ["mom"]}, "Coffee with mom", 12),
    ("America/New_York", "tennis lesson saturday 10am", {"event": "tennis lesson", "event_when": "saturday 10am"},
     "Tennis lesson", 10),
    ("Asia/Shanghai", "今天晚上七点和老婆看电影", {"event": "看电影", "event_when": "今天晚上七点"}, "看电影", 19),
    ("Asia/Taipei", "週五下午三點跟客戶開會", {"event": "跟客戶開會", "event_when": "週五下午三點"}, "跟客戶開會", 15),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "update", "title", "hour"), AT_A_TIME_ONLY, ids=[r[1] for r in AT_A_TIME_ONLY])
async def test_an_update_of_nothing_at_a_time_offers_to_add_it_there(
    database: Any, make_user: Any, tz: str, text: str, update: dict, title: str, hour: int
) -> None:
    # no new time, only the time the missing event is "at": the message describes the event itself
    kit, r = await _offered_and_added(database, make_user, tz, text, update)
    assert ("couldn't find" in r.text or "没有找到" in simplified(r.text)) and (
        f"“{title}”" in r.text or f"「{title}」" in r.text
    ), r.text
    new = next(e for e in await kit.events() if e.title == title)
    assert new.start.astimezone(kit.tz).hour == hour


# (zone, message, the model's update of nothing like any event to a clock with two readings; the answer, hour)
TWO_READINGS = [
    ("America/New_York", "catching up with Priya friday at 8", {"event": "catching up with Priya",
     "when": "friday at 8"}, "2", 20),
    ("America/New_York", "piano lesson for Ben thursday at 6", {"event": "piano lesson for Ben",
     "when": "thursday at 6"}, "in the evening", 18),
    ("Asia/Shanghai", "周四7点跟小赵对一下方案", {"event": "跟小赵对一下方案", "when": "周四7点"}, "晚上", 19),
    ("Asia/Taipei", "週六6點帶小狗打疫苗", {"event": "帶小狗打疫苗", "when": "週六6點"}, "早上", 6),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "update", "answer", "hour"), TWO_READINGS, ids=[r[1] for r in TWO_READINGS])
async def test_an_offer_whose_clock_has_two_readings_asks_which_and_the_answer_adds_it(
    database: Any, make_user: Any, tz: str, text: str, update: dict, answer: str, hour: int
) -> None:
    # one question, not two: it says it would add the event, so the pick is the user's yes
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Design crit", datetime(2025, 3, 5, 13, tzinfo=kit.tz))
    model = kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    said = simplified(r.text)
    assert r.pending is not None and r.writes == (), r.text
    assert ("couldn't find" in said and "I can add" in said) or ("没有找到" in said and "我可以把" in said), r.text
    assert said.index("find" if "find" in said else "没有找到") < said.index("add" if "add" in said else "我可以"), r.text
    done = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 1 and done.writes and done.writes[0].persisted, done.text
    new = next(e for e in await kit.events() if e.title != "Design crit")
    assert new.start.astimezone(kit.tz).hour == hour


@pytest.mark.parametrize(
    ("text", "update"),
    [
        ("move the call with Leo to Thursday at 4pm", {"event": "call with Leo", "when": "Thursday at 4pm"}),
    ],
)
async def test_a_near_name_is_asked_about_never_taken(kit: Kit, text: str, update: dict) -> None:
    # a title shares only the person's name with the reference ("Leo"): the user may have misnamed it, or
    # it is another event of Leo's — asked, never moved, never offered as a new event
    await kit.seed("Leo's birthday", datetime(2025, 3, 9, 12, tzinfo=kit.tz))
    kit.script(call("update_event", update), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and r.pending is not None and r.text.startswith("Do you mean “Leo's birthday”"), r.text
    kit.script(reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "no")
    assert not r.writes, r.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 9, 12, tzinfo=kit.tz)


@pytest.mark.parametrize(
    ("text", "update", "kind", "doubt"),
    [
        (
            "talked to the bank at 11 and the loan got approved",
            {"event": "loan approval", "when": "11am"},
            "chat",
            None,
        ),
        (
            "the plumber came by at 8 this morning",
            {"event": "plumber visit", "when": "8 this morning"},
            "chat",
            None,
        ),
        (
            "finally the vet visit is friday at 10am",
            {"event": "vet visit", "when": "friday at 10am"},
            "change",
            0.4,
        ),
        ("今天上午十点和银行通过电话了", {"event": "银行电话", "when": "今天上午十点"}, "chat", None),
    ],
)
async def test_no_offer_without_a_request(
    kit: Kit, text: str, update: dict, kind: str, doubt: float | None
) -> None:
    # the model's own reading is no request, or it doubted the write: "not found" alone, never a question
    # about adding what the user only told
    kit.script(call("update_event", update, request=kind, no_tool_p=doubt), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is None and r.writes == (), r.text


async def test_an_offer_for_a_past_time_says_it_is_past(database: Any, make_user: Any) -> None:
    # a past event the user asks to record ("补记"): the offer names it as past; the "yes" writes it
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = kit.script(call("update_event", {"event": "面试", "when": "今天上午八点"}, request="add"))
    r = await kit.assistant.reply(kit.user_id, "补记一下今天上午八点的面试")
    assert r.pending is not None and "面试" in r.text, r.text
    done = await kit.assistant.reply(kit.user_id, "确认")
    assert model.call_count == 1 and done.writes and done.writes[0].persisted, done.text


# (zone, message: a day in one clause, a clock for the new event in another; the model's update; title, day)
CLOCK_WITHOUT_ITS_DAY = [
    ("America/New_York", "skip the gym tomorrow, I'd rather do a sauna at 6 pm", {"event": "sauna", "when": "6 pm"},
     "Sauna", 6),
    ("America/New_York", "no tennis on Friday, make it a swim at 7pm", {"event": "swim", "when": "7pm"}, "Swim", 7),
    ("Asia/Shanghai", "明天的健身不去了，改成晚上六点做按摩", {"event": "做按摩", "when": "晚上六点"}, "做按摩", 6),
    ("Asia/Taipei", "週五的網球取消，改成晚上七點游泳", {"event": "游泳", "when": "晚上七點"}, "游泳", 7),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "update", "title", "day"), CLOCK_WITHOUT_ITS_DAY,
                         ids=[r[1] for r in CLOCK_WITHOUT_ITS_DAY])  # fmt: skip
async def test_the_offer_puts_a_bare_clock_on_the_one_day_said(
    database: Any, make_user: Any, tz: str, text: str, update: dict, title: str, day: int
) -> None:
    kit, _ = await _offered_and_added(database, make_user, tz, text, update)
    new = next(e for e in await kit.events() if e.title == title)
    assert new.start.astimezone(kit.tz).date().day == day


# (zone, message, the model's update of an event that does not exist; the repetition the offer must keep)
WITH_A_REPETITION = [
    ("America/New_York", "yoga class every Tuesday at 7pm", {"event": "yoga class", "when": "Tuesday at 7pm"},
     "BYDAY=TU"),
    ("America/New_York", "standup every weekday at 9:15", {"event": "standup", "when": "9:15"}, "BYDAY=MO,TU,WE,TH,FR"),
    ("Asia/Shanghai", "每天晚上九点吃维生素，从明天开始", {"event": "吃维生素", "when": "明天晚上九点"}, "FREQ=DAILY"),
    ("Asia/Taipei", "每週四下午三點開週會", {"event": "開週會", "when": "週四下午三點"}, "BYDAY=TH"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tz", "text", "update", "rule"), WITH_A_REPETITION, ids=[r[1] for r in WITH_A_REPETITION]
)
async def test_the_offer_keeps_the_repetition_said(
    database: Any, make_user: Any, tz: str, text: str, update: dict, rule: str
) -> None:
    kit, _ = await _offered_and_added(database, make_user, tz, text, update)
    new = next(e for e in await kit.events() if e.title != "Design crit")
    assert new.rrule is not None and rule in new.rrule, new.rrule


@pytest.mark.parametrize(
    ("tz", "text", "update"),
    [
        (
            "America/New_York",
            "move today's 1pm meeting to 4:30",
            {"event": "meeting", "event_when": "today 1pm", "when": "4:30"},
        ),
        ("America/New_York", "the 1pm thing today, push it to 3", {"event": "1pm thing", "when": "3pm"}),
        (
            "Asia/Shanghai",
            "今天下午一点那个会挪到四点",
            {"event": "会", "event_when": "今天下午一点", "when": "四点"},
        ),
    ],
)
async def test_no_offer_to_add_where_an_event_is_at_the_references_time(
    database: Any, make_user: Any, tz: str, text: str, update: dict
) -> None:
    # the user points at an event by its time ("the 1pm meeting"): a new event there is never offered (the
    # reference by time finds it, or the user is told it was not found)
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Design crit", datetime(2025, 3, 5, 13, tzinfo=kit.tz))
    kit.script(call("update_event", update), reply("unused"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert "Add" not in r.text and "添加" not in r.text, r.text
    assert [e.title for e in await kit.events()] == ["Design crit"], r.text


def _both(first: dict, update: dict, request: str | None) -> ModelResponse:
    """One answer with both calls, as the model sends two requests."""
    calls = (ToolCall("c0", "create_event", first), ToolCall("c1", "update_event", update))
    return ModelResponse(tool_calls=calls, finish_reason="tool_calls", request=request)


MORE_NEW = [
    *TWO_NEW,
    ("America/Chicago", "physio monday 8am plus a team dinner wednesday 7pm",
     {"title": "Physio", "when": "monday 8am"}, {"event": "a team dinner wednesday 7pm", "when": "wednesday 7pm"},
     {"title": "Team dinner", "when": "wednesday 7pm"}),
    ("America/Chicago", "book the vet on Monday at 8am and a haircut on Thursday at 5:30pm",
     {"title": "Vet", "when": "Monday at 8am"}, {"event": "a haircut on Thursday at 5:30pm", "when": "Thursday at 5:30pm"},
     {"title": "Haircut", "when": "Thursday at 5:30pm"}),
    ("America/Chicago", "dentist appointment monday at 9 and a massage on friday at 4pm",
     {"title": "Dentist appointment", "when": "monday at 9"}, {"event": "a massage on friday at 4pm", "when": "friday at 4pm"},
     {"title": "Massage", "when": "friday at 4pm"}),  # "at" is no abbreviation of "appointment"
    ("America/Chicago", "interview prep tuesday 10am, and drinks in town thursday 6pm",
     {"title": "Interview prep", "when": "tuesday 10am"}, {"event": "drinks in town thursday 6pm", "when": "thursday 6pm"},
     {"title": "Drinks in town", "when": "thursday 6pm"}),
    ("Asia/Shanghai", "下周一早上八点理疗，还有周三晚上七点团队聚餐",
     {"title": "理疗", "when": "下周一早上八点"}, {"event": "周三晚上七点团队聚餐", "when": "周三晚上七点"},
     {"title": "团队聚餐", "when": "周三晚上七点"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "first", "update", "create"), MORE_NEW, ids=[r[1] for r in MORE_NEW])
async def test_a_new_event_sent_as_a_move_in_an_answer_read_as_adding_is_created(
    database: Any, make_user: Any, tz: str, text: str, first: dict, update: dict, create: dict
) -> None:
    """The model read the message as adding and sent the second new event as a move of itself: nothing to
    move, the title and time are the user's words — written as the create, in the same one model call."""
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(_both(first, update, "add"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and [w.persisted for w in r.writes] == [True, True], r.text
    assert r.pending is None and {"name": "new_event_as_move", "verdict": "amend"} in r.telemetry["checks"]
    made = {e.title: e.start.astimezone(kit.tz) for e in await kit.events()}
    assert sorted(made) == sorted([first["title"], create["title"]]), r.text
    assert f"“{create['title']}”" in r.text or f"「{create['title']}」" in r.text, r.text


@pytest.mark.parametrize("request_kind", [None, "change", "mixed", "chat"])
async def test_without_an_adding_reading_it_still_goes_back_first(
    database: Any, make_user: Any, request_kind: str | None
) -> None:
    tz, text, first, update, create = TWO_NEW[0]
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(_both(first, update, request_kind), call("create_event", create), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count >= 2 and "no_such_event" in model.calls[1].messages[-1].content, r.text


async def test_an_adding_reading_with_doubt_still_goes_back_first(database: Any, make_user: Any) -> None:
    tz, text, first, update, create = TWO_NEW[0]
    kit = await make_kit(database, make_user, timezone=tz)
    doubtful = _both(first, update, "add")
    doubtful = ModelResponse(tool_calls=doubtful.tool_calls, request="add", no_tool_p=0.4)
    model = kit.script(doubtful, call("create_event", create), reply("Done."))
    await kit.assistant.reply(kit.user_id, text)
    assert model.call_count >= 2 and "no_such_event" in model.calls[1].messages[-1].content


async def test_an_event_sharing_a_word_is_no_new_event(database: Any, make_user: Any) -> None:
    # a haircut already on the calendar: "haircut thursday 5:30pm" may name it; never a second one unasked
    tz, text, first, update, _ = TWO_NEW[0]
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Haircut", datetime(2025, 3, 11, 17, tzinfo=kit.tz))
    kit.script(_both(first, update, "add"), reply("OK."), reply("OK."))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [e.title for e in await kit.events()].count("Haircut") == 1, r.text


# (zone, message, the model's update of nothing like any event on a day without a clock; the answer, hour)
A_DAY_ONLY = [
    ("America/New_York", "Friday I'm seeing the accountant", {"event": "seeing the accountant",
     "when": "Friday 12:00"}, "3pm", 15),
    ("America/New_York", "tuesday: dinner with the Parks", {"event": "dinner with the Parks", "when": "tuesday"},
     "7pm", 19),
    ("Asia/Shanghai", "周四要和房东见面", {"event": "和房东见面", "when": "周四"}, "下午三点", 15),
    ("Asia/Taipei", "週六帶媽媽去看醫生", {"event": "帶媽媽去看醫生", "when": "週六"}, "上午十點", 10),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "update", "answer", "hour"), A_DAY_ONLY, ids=[r[1] for r in A_DAY_ONLY])
@pytest.mark.parametrize("doubt", [None, 0.12], ids=["sure", "a little unsure"])
async def test_an_offer_on_a_day_asks_what_time_and_the_answer_adds_it(
    database: Any, make_user: Any, tz: str, text: str, update: dict, answer: str, hour: int, doubt: float | None
) -> None:
    # the offer is a create: the model's doubt is judged as for a create (a fluent answer with a little
    # doubt still offers; see test_no_offer_without_a_request for real doubt)
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Design crit", datetime(2025, 3, 5, 13, tzinfo=kit.tz))
    model = kit.script(call("update_event", update, request="change", no_tool_p=doubt, mean_logprob=-0.1))
    r = await kit.assistant.reply(kit.user_id, text)
    said = simplified(r.text)
    assert r.pending is not None and r.pending.kind == "needs_value" and r.writes == (), r.text
    assert ("couldn't find" in said and "I can add" in said) or ("没有找到" in said and "我可以把" in said), r.text
    done = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 1 and done.writes and done.writes[0].persisted, done.text
    new = next(e for e in await kit.events() if e.title != "Design crit")
    assert new.start.astimezone(kit.tz).hour == hour


@pytest.mark.parametrize(
    ("text", "reference"),
    [
        ("delete the thing I have from 2025 to 2027", "thing from 2025 to 2027"),
        ("cancel whatever runs 2024 through 2026", "2024 through 2026"),
        ("把2025年到2027年那个删掉", "2025年到2027年"),
        ("刪掉2025年至2027年那個", "2025年至2027年"),
    ],
)
async def test_a_span_of_years_is_not_found_never_a_failure(kit: Kit, text: str, reference: str) -> None:
    """A reference whose time is a span longer than the store lists at once (years; an id's digits can
    read so too) finds no event by that time — never a failed write."""
    kit.script(call("delete_event", {"event": reference}), reply("OK"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes, r.text
    assert [t.get("code") for t in r.telemetry["tools"]] == ["not_found"], r.telemetry["tools"]


# (zone, message, the model's update of an event that is not there, at a time the message says)
UNSURE = [
    ("America/Chicago", "coffee with Jun on saturday at 10", {"event": "coffee with Jun", "when": "saturday at 10"}),
    ("America/Chicago", "piano recital friday 6pm", {"event": "piano recital", "when": "friday 6pm"}),
    ("Asia/Shanghai", "周六上午十点和小周喝咖啡", {"event": "和小周喝咖啡", "when": "周六上午十点"}),
    ("Asia/Taipei", "週日下午三點跟阿明打球", {"event": "跟阿明打球", "when": "週日下午三點"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "update"), UNSURE, ids=[r[1] for r in UNSURE])
async def test_an_unsure_terse_answer_still_offers_the_event(
    database: Any, make_user: Any, tz: str, text: str, update: dict
) -> None:
    # some doubt (0.1–0.3) and a halting answer: the offer is a yes/no (or which reading), never "not found"
    # alone — only a reading of no request or a sure doubt (see test_no_offer_without_a_request) holds it back
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(call("update_event", update, request="change", no_tool_p=0.25, mean_logprob=-0.3))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and r.writes == (), r.text
    if r.pending.kind == "needs_choice":  # a clock with two readings: the evening (or morning) one
        done = await kit.assistant.reply(kit.user_id, "2")
    else:
        assert r.pending.kind == "needs_confirmation", r.pending
        done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好的")
    assert model.call_count == 1 and done.writes and done.writes[0].persisted, done.text
