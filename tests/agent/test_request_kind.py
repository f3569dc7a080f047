"""The model's own reading of the message (its answer's ``request``) gates writes — never a word list.

* ``cannot_do`` (an alarm, a booking, a purchase, a message to send): a write call is refused, nothing stored;
* ``calendar_question`` / ``chat`` with a write call: the two disagree, so the write becomes a confirmation that names
  it; "yes" writes exactly that, "no" writes nothing;
* ``add`` / ``change`` with a free-time read (and no word about free time): sent back naming the write tools;
* no reading at all (native tool calling): the fact checks alone decide, as before.

Scripted model; each case in several phrasings and both languages.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest

from agent.language import simplified
from agent.model import ModelResponse, ToolCall, ToolResultMessage, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

CANNOT_DO: list[tuple[str, dict[str, Any]]] = [
    ("please set two alarms, one at 12 pm and the next at 1 pm", {"title": "Alarm", "when": "12 pm"}),
    ("Book me a flight to Denver on Monday morning", {"title": "Flight to Denver", "when": "Monday morning"}),
    ("grab me two tickets for the concert on Saturday night", {"title": "Concert", "when": "Saturday night"}),
    ("text Bob that dinner Friday at 7 is off", {"title": "Dinner", "when": "Friday at 7"}),
    ("明天早上六点叫我起床", {"title": "起床", "when": "明天早上六点"}),
    ("帮我订一张周日去杭州的机票", {"title": "去杭州", "when": "周日"}),
    ("给团队发个邮件，说周五下午三点的会取消", {"title": "会议", "when": "周五下午三点"}),
]


@pytest.mark.parametrize(("text", "arguments"), CANNOT_DO)
async def test_a_write_for_something_kairos_cannot_do_is_refused(
    database: Any, make_user: Any, text: str, arguments: dict[str, Any]
) -> None:
    tz = "Asia/Shanghai" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "America/New_York"
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(call("create_event", arguments, request="cannot_do"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and r.writes == () and r.pending is None and await kit.events() == []
    assert "That's not something I can do" in r.text or "这个我做不了" in r.text


async def test_a_calendar_request_that_mentions_an_alarm_is_written(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Dentist", "when": "tomorrow at 3pm"}, request="add"))
    await kit.assistant.reply(kit.user_id, "put the dentist tomorrow at 3pm on my calendar with an alarm")
    assert [e.title for e in await kit.events()] == ["Dentist"]


DISAGREES = [
    (
        "calendar_question",
        "can I fit lunch with Ana tomorrow at noon?",
        {"title": "Lunch with Ana", "when": "tomorrow at noon"},
    ),
    (
        "calendar_question",
        "is lunch with Ana tomorrow at noon a good idea",
        {"title": "Lunch with Ana", "when": "tomorrow at noon"},
    ),
    (
        "chat",
        "lunch with Ana tomorrow at noon was fun last time",
        {"title": "Lunch with Ana", "when": "tomorrow at noon"},
    ),
]


@pytest.mark.parametrize(("kind", "text", "arguments"), DISAGREES)
@pytest.mark.parametrize("answer", ["yes", "no"])
async def test_a_write_the_model_itself_read_as_no_request_asks_first(
    kit: Kit, kind: str, text: str, arguments: dict[str, Any], answer: str
) -> None:
    kit.script(call("create_event", arguments, request=kind))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and await kit.events() == [] and r.pending is not None
    assert r.text.startswith("Add “Lunch with Ana” (") and r.text.endswith(")?"), r.text
    after = await kit.assistant.reply(kit.user_id, answer)
    titles = [e.title for e in await kit.events()]
    assert titles == (["Lunch with Ana"] if answer == "yes" else []), after.text


async def test_a_rename_read_as_chat_asks_first_in_chinese(database: Any, make_user: Any) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("周会", datetime(2025, 3, 6, 10, tzinfo=SH))
    zh.script(call("update_event", {"event": "周会", "notes": "周会"}, request="chat"), reply("确实有点无聊。", request="chat"))
    r = await zh.assistant.reply(zh.user_id, "周会真无聊")
    assert r.writes == ()
    # the notes are the reference's own words (agent.writes.pointing): nothing is left to change
    assert r.pending is not None or "没有改动" in r.text or r.text == "确实有点无聊。", r.text
    [event] = await zh.events()
    assert not event.notes


@pytest.mark.parametrize("kind", ["calendar_question", "chat"])
async def test_a_move_read_as_no_request_asks_first(kit: Kit, kind: str) -> None:
    gym = await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.script(call("update_event", {"event": "Gym", "when": "Friday 5pm"}, request=kind))
    r = await kit.assistant.reply(kit.user_id, "gym on Friday 5pm would be nicer, right?")
    assert r.writes == () and r.pending is not None and r.text.startswith("Change “Gym” to "), r.text
    [event] = await kit.events()
    assert event.start == gym.start


UNSURE: list[tuple[str, dict[str, Any]]] = [
    ("wake me with an alarm at 5:30am", {"title": "Alarm", "when": "5:30am"}),
    ("start a 20 minute timer at 4pm", {"title": "Timer", "when": "4pm"}),
    (
        "move 50 dollars to savings at 9 tomorrow morning",
        {"title": "Savings", "when": "9 tomorrow morning"},
    ),
    ("明早七点叫醒我", {"title": "叫醒", "when": "明早七点"}),
    ("下午三點幫我打電話給媽媽", {"title": "打電話給媽媽", "when": "下午三點"}),
]


@pytest.mark.parametrize(("text", "arguments"), UNSURE)
@pytest.mark.parametrize("answer", ["yes", "no"])
async def test_a_write_the_model_was_unsure_to_call_asks_first(
    database: Any, make_user: Any, text: str, arguments: dict[str, Any], answer: str
) -> None:
    """The model chose a write while giving real weight to answering without a tool (``no_tool_p``):
    it was unsure it was asked to write, so the write becomes a confirmation that names it."""
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in text)
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zh else "America/New_York")
    model = kit.script(call("create_event", arguments, request="add", no_tool_p=0.3))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and r.writes == () and r.pending is not None and await kit.events() == []
    assert arguments["title"] in r.text and r.text.rstrip().endswith(("?", "？")), r.text
    await kit.assistant.reply(kit.user_id, "是" if zh and answer == "yes" else "不用" if zh else answer)
    titles = [e.title for e in await kit.events()]
    assert titles == ([arguments["title"]] if answer == "yes" else [])


@pytest.mark.parametrize(
    ("tz", "text", "arguments", "answer", "offer"),
    [
        ("America/New_York", "set an alarm for me", {"title": "Alarm"}, "6am tomorrow", "I can add “Alarm” to your calendar."),
        ("America/New_York", "i need a timer", {"title": "Timer"}, "5pm", "I can add “Timer” to your calendar."),
        ("Asia/Shanghai", "帮我定个闹钟", {"title": "闹钟"}, "明天早上六点", "我可以把「闹钟」记到你的日历上。"),
        ("Asia/Taipei", "幫我設個鬧鐘", {"title": "鬧鐘"}, "明天早上六點", "我可以把「鬧鐘」记到你的日历上。"),
    ],
)  # fmt: skip
async def test_an_unsure_write_asks_its_missing_time_as_an_offer_to_add_it(
    database: Any, make_user: Any, tz: str, text: str, arguments: dict[str, Any], answer: str, offer: str
) -> None:
    """The question for the missing time says first that the event would go on the calendar: the time the
    user then gives (a zero-model slot answer) is their yes, and a "no" writes nothing."""
    kit = await make_kit(database, make_user, timezone=tz)
    copied = {**arguments, "when": "Wednesday 2025-03-05 09:00"}  # the Now line: not the user's words
    kit.script(
        call("create_event", copied, request="add", no_tool_p=0.35),
        call("create_event", copied, request="add", no_tool_p=0.35),
    )
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and asked.pending.kind == "needs_value", asked.text
    assert simplified(asked.text).startswith(simplified(offer)), asked.text
    model = kit.script(reply("unused"))
    done = await kit.assistant.reply(kit.user_id, answer)
    assert model.calls == [] and len(done.writes) == 1, done.text
    assert [e.title for e in await kit.events()] == [arguments["title"]]


@pytest.mark.parametrize(
    ("tz", "text", "arguments", "no"),
    [
        ("America/New_York", "set an alarm for me", {"title": "Alarm"}, "no"),
        ("America/New_York", "i need a timer", {"title": "Timer"}, "no thanks"),
        ("Asia/Shanghai", "帮我定个闹钟", {"title": "闹钟"}, "不用了"),
        ("Asia/Taipei", "幫我設個鬧鐘", {"title": "鬧鐘"}, "不用"),
    ],
)
async def test_a_no_to_the_offer_writes_nothing(
    database: Any, make_user: Any, tz: str, text: str, arguments: dict[str, Any], no: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    copied = {**arguments, "when": "Wednesday 2025-03-05 09:00"}
    kit.script(
        call("create_event", copied, request="add", no_tool_p=0.35),
        call("create_event", copied, request="add", no_tool_p=0.35),
    )
    await kit.assistant.reply(kit.user_id, text)
    kit.script(reply("OK, nothing added."))
    await kit.assistant.reply(kit.user_id, no)
    assert await kit.events() == []


async def test_a_sure_write_asks_its_missing_time_plainly(kit: Kit) -> None:
    copied = {"title": "Lunch with Ana", "when": "Wednesday 2025-03-05 09:00"}
    kit.script(*[call("create_event", copied, request="add", no_tool_p=0.01)] * 2)
    asked = await kit.assistant.reply(kit.user_id, "lunch with Ana")
    assert asked.pending is not None and not asked.text.startswith("I can add"), asked.text


@pytest.mark.parametrize("no_tool_p", [None, 0.0, 0.02, 0.099])
async def test_a_write_the_model_was_sure_of_executes_at_once(kit: Kit, no_tool_p: float | None) -> None:
    kit.script(
        call("create_event", {"title": "Lunch with Ana", "when": "tomorrow at noon"}, no_tool_p=no_tool_p)
    )
    r = await kit.assistant.reply(kit.user_id, "lunch with Ana tomorrow at noon")
    assert len(r.writes) == 1 and r.pending is None


FLUENT_CREATES: list[tuple[str, str, dict[str, Any]]] = [
    ("America/New_York", "today 1pm lunch w Ana", {"title": "Lunch with Ana", "when": "today 1pm"}),
    ("America/New_York", "ring the landlord tmrw 4pm", {"title": "Call the landlord", "when": "tmrw 4pm"}),
    ("America/New_York", "noon today, sandwiches w Raj", {"title": "Sandwiches with Raj", "when": "noon today"}),
    ("Asia/Shanghai", "明天中午十二点和爸爸吃饭", {"title": "和爸爸吃饭", "when": "明天中午十二点"}),
    ("Asia/Shanghai", "明天下午五点给房东打电话", {"title": "给房东打电话", "when": "明天下午五点"}),
    ("Asia/Taipei", "明天中午12點跟阿姨吃飯", {"title": "跟阿姨吃飯", "when": "明天中午12點"}),
]


@pytest.mark.parametrize(("tz", "text", "arguments"), FLUENT_CREATES)
@pytest.mark.parametrize("doubt", [0.12, 0.2, 0.29])
async def test_a_fluent_create_with_some_doubt_executes_at_once(
    database: Any, make_user: Any, tz: str, text: str, arguments: dict[str, Any], doubt: float
) -> None:
    """Terse creates give the model some weight on no tool; written fluently, they are not doubted."""
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", arguments, request="add", no_tool_p=doubt, mean_logprob=-0.11))
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 1 and r.pending is None, r.text


@pytest.mark.parametrize(("text", "arguments"), UNSURE)
@pytest.mark.parametrize(("doubt", "fluency"), [(0.15, -0.2), (0.25, -0.16), (0.3, -0.05), (0.45, None)])
async def test_a_create_doubted_and_not_fluent_or_much_doubted_asks_first(
    database: Any, make_user: Any, text: str, arguments: dict[str, Any], doubt: float, fluency: float | None
) -> None:
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in text)
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zh else "America/New_York")
    kit.script(call("create_event", arguments, request="add", no_tool_p=doubt, mean_logprob=fluency))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and r.pending is not None and await kit.events() == [], r.text


@pytest.mark.parametrize(
    ("name", "arguments"),
    [("update_event", {"event": "Gym", "when": "Friday 5pm"}), ("update_event", {"event": "gym", "when": "Fri 5pm"})],
)
async def test_a_doubted_change_asks_first_however_fluent(kit: Kit, name: str, arguments: dict[str, Any]) -> None:
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.script(call(name, arguments, request="change", no_tool_p=0.15, mean_logprob=-0.05))
    r = await kit.assistant.reply(kit.user_id, "gym friday 5pm")
    assert r.writes == () and r.pending is not None, r.text


async def test_only_the_first_answers_doubt_counts(kit: Kit) -> None:
    """After tool results, weight on "none" is also the wish to stop and report: a second write of two is
    not doubted for it."""
    kit.script(
        call("create_event", {"title": "Lunch with Ana", "when": "tomorrow at noon"}, no_tool_p=0.01),
        call("create_event", {"title": "Gym", "when": "Friday 6pm"}, no_tool_p=0.4),
        reply("Done."),
    )
    r = await kit.assistant.reply(kit.user_id, "lunch with Ana tomorrow at noon and gym Friday 6pm")
    assert sorted(e.title for e in await kit.events()) == ["Gym", "Lunch with Ana"] and r.pending is None


async def test_an_unsure_move_asks_first(kit: Kit) -> None:
    gym = await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.script(call("update_event", {"event": "Gym", "when": "Friday 5pm"}, request="change", no_tool_p=0.25))
    r = await kit.assistant.reply(kit.user_id, "gym friday 5pm")
    assert r.writes == () and r.pending is not None and r.text.startswith("Change “Gym” to "), r.text
    [event] = await kit.events()
    assert event.start == gym.start


@pytest.mark.parametrize("kind", ["add", "change", None])
async def test_a_well_grounded_write_executes_at_once(kit: Kit, kind: str | None) -> None:
    """The confirmation is for disagreement only: a plain request writes in one round trip."""
    kit.script(call("create_event", {"title": "Lunch with Ana", "when": "tomorrow at noon"}, request=kind))
    r = await kit.assistant.reply(kit.user_id, "lunch with Ana tomorrow at noon")
    assert len(r.writes) == 1 and r.pending is None


@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("这周日全天家庭日，帮我占上", "这周日全天"),
        ("周四跟摄影师对一下样片", "周四"),
        ("後天八點半開會", "後天八點半"),
    ],
)
async def test_a_free_time_read_for_a_request_to_add_goes_back_naming_the_write_tools(
    database: Any, make_user: Any, text: str, when: str
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(
        call("find_free_time", {"range": when, "duration": "1小时"}, request="add"),
        call("create_event", {"title": "活动", "when": when}, request="add"),
        reply("好的", request="add"),
    )
    await zh.assistant.reply(zh.user_id, text)
    first = [m for m in model.calls[1].messages if isinstance(m, ToolResultMessage)][-1]
    assert json.loads(first.content)["error"] == "wrong_tool"


@pytest.mark.parametrize(
    "text",
    ["add lunch with Ana tomorrow at noon", "put lunch w/ Ana on tmrw at 12", "明天中午和安娜吃饭，记一下"],
)
async def test_a_request_to_add_answered_with_free_time_in_english_too(kit: Kit, text: str) -> None:
    model = kit.script(
        call("find_free_time", {"range": "tomorrow", "duration": "1 hour"}, request="add"),
        reply("Done.", request="add"),
    )
    await kit.assistant.reply(kit.user_id, text)
    first = [m for m in model.calls[1].messages if isinstance(m, ToolResultMessage)][-1]
    assert json.loads(first.content)["error"] == "wrong_tool"


@pytest.mark.parametrize(
    "text",
    ["when am I free tomorrow to add lunch?", "明天什么时候有空加个午饭", "明天甚麼時候有空？想約午飯"],
)
@pytest.mark.parametrize("kind", ["calendar_question", "mixed", "chat", None])
async def test_a_free_time_read_is_answered_unless_the_model_read_a_write(
    kit: Kit, text: str, kind: str | None
) -> None:
    """The model's reading decides, never the message's words: read as anything but a write, the free-time
    read answers with the free slots and the events of the range."""
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    model = kit.script(
        call("find_free_time", {"range": "tomorrow" if text[0] == "w" else "明天", "duration": "1 hour"},
             request=kind),
        reply("You're free until 6pm.", request=kind),
    )  # fmt: skip
    await kit.assistant.reply(kit.user_id, text)
    first = json.loads([m for m in model.calls[1].messages if isinstance(m, ToolResultMessage)][-1].content)
    assert first["ok"] is True and first["free"] and [e["title"] for e in first["events"]] == ["Gym"]


@pytest.mark.parametrize(
    ("text", "create", "window"),
    [
        ("put a call with Mina in for Friday at 2pm, and how does Thursday look?",
         {"title": "Call with Mina", "when": "Friday at 2pm"}, "Thursday"),
        ("book the physio Friday 10am; also what do I have on Thursday", {"title": "Physio", "when": "Friday 10am"},
         "Thursday"),
        ("周五上午十点加个体检，顺便看看周四的安排", {"title": "体检", "when": "周五上午十点"}, "周四"),
        ("週五下午兩點加個會，另外週四有空嗎", {"title": "會", "when": "週五下午兩點"}, "週四"),
    ],
)
async def test_a_free_time_read_beside_a_write_of_the_same_answer_is_read(
    kit: Kit, text: str, create: dict[str, str], window: str
) -> None:
    # one answer with a create and a read, read as "add": the write carries the request to add, so the read
    # answers a question of its own, never refused as the wrong tool for the write
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    model = kit.script(
        ModelResponse(
            tool_calls=(
                ToolCall("c1", "create_event", create),
                ToolCall("c2", "find_free_time", {"range": window, "duration": "1 hour"}),
            ),
            request="add",
        ),
        reply("Added; Thursday has the gym at 6pm.", request="add"),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    results = [json.loads(m.content) for m in model.calls[1].messages if isinstance(m, ToolResultMessage)]
    assert results[-1].get("error") is None and "free" in results[-1], results
    assert r.writes and r.writes[0].persisted, r.text
