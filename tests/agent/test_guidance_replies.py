"""What code tells the model in tool results (hints, notes, codes: ``agent.checks.guidance``) never reaches the user:
a reply that echoes it is replaced by what code knows, and a free-text argument that quotes it is dropped.
Scripted model: each script echoes the guidance the model was actually sent."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import pytest

from agent.checks.guidance import emitted, quotes_guidance, record
from agent.context import ToolContext
from agent.language import simplified
from agent.model import ModelResponse, ScriptedModel, ToolResultMessage, call, reply
from agent.outcomes import Command, Rejected
from agent.render import phrases
from agent.tools.registry import ReadResult, ToolRun
from agent.turn.tool_messages import tool_result_text
from agent.writes.store import ground
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, Kit

_GUIDANCE_KEYS = ("hint", "note")


def _guidance_of(content: str) -> list[str]:
    """The hint and note texts of a tool result, as the model read them."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in _GUIDANCE_KEYS and isinstance(value, str):
                    found.append(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(json.loads(content))
    return found


def echo_model(first: ModelResponse, prefix: str = "") -> ScriptedModel:
    """Calls ``first``; then answers with the guidance of the last tool result it was sent, verbatim."""

    def script(messages: Sequence[Any], tools: Sequence[Any]) -> ModelResponse:
        results = [m for m in messages if isinstance(m, ToolResultMessage)]
        if not results:
            return first
        guidance = _guidance_of(results[-1].content)
        assert guidance, results[-1].content  # the scenario must send guidance
        return reply(prefix + " ".join(guidance))

    return ScriptedModel(script)


def _ctx(said: str, *, earlier: tuple[str, ...] = ()) -> ToolContext:
    return ToolContext(
        user_id=uuid.uuid4(),
        events=None,  # type: ignore[arg-type]
        conversations=None,  # type: ignore[arg-type]
        conversation_id="c",
        now=NOW,
        tz=NY,
        turn_id="t",
        lang="zh" if any("\u4e00" <= c <= "\u9fff" for c in said) else "en",
        user_text=said,
        earlier_texts=earlier,
    )


def _rejected_text(code: str, hint: str, problem: str = "x") -> str:
    rejected = Rejected(
        code, "", fixable=True, problems=({"field": "when", "problem": problem, "hint": hint},)
    )
    return tool_result_text(ToolRun("create_event", "write", 0, None, rejected))


# Every kind of guidance code sends, as the tool result carries it.
GUIDANCE = {
    "free_time_note": ReadResult(
        {
            "ok": True,
            "events": [],
            "note": "the user did not ask for free time: these are the events in that range. If the user "
            "asked to add, change or delete something, call that tool now",
        }
    ).as_text(),
    "wrong_tool": ReadResult(
        {
            "ok": False,
            "error": "wrong_tool",
            "hint": "the user asked to add an event, not for free time: call create_event with its title and time",
        }
    ).as_text(),
    "ungrounded_time": _rejected_text(
        "ungrounded_time",
        "`when` must quote the user's words for the time, e.g. 'tomorrow at 3pm'",
        "not_the_users_words",
    ),
    "nothing_asked": _rejected_text(
        "nothing_asked",
        "the user's messages name no event, title or time for this change: write nothing",
        "not_asked",
    ),
    "event_not_named": _rejected_text(
        "event_not_named", "change only events the user names", "not_named_by_user"
    ),
    "nothing_to_change": _rejected_text(
        "nothing_to_change", "the user asked nothing to change", "not_given_by_user"
    ),
    "unsaid": json.dumps(
        {
            "ok": True,
            "not_done_yet": ["周日晚上6点家庭聚餐"],
            "done": "created",
            "note": "the user's message also asks for each item of not_done_yet. Call the tool for each item "
            "now, with that item's own time (what is done above stays done). If an item is not a request "
            "(only context), reply with one short sentence",
        },
        ensure_ascii=False,
    ),
}
ECHOES = {
    "free_time_note": [
        "The user did not ask for free time: these are the events in that range.",
        "好的。If the user asked to add, change or delete something, call that tool now",
    ],
    "wrong_tool": [
        "The user asked to add an event, not for free time.",
        "我需要 call create_event with its title and time",
    ],
    "ungrounded_time": [
        "Sorry: `when` must quote the user's words for the time.",
        "Fix these arguments and call the tool again, please.",
        "错误：not_the_users_words",
        "The error message indicates that the `when` field was not provided. Please try again.",
        "看起来 `when` 参数有问题",
        "The `when` value needs to be fixed.",
    ],
    "nothing_asked": [
        "Your messages name no event, title or time for this change: write nothing.",
        "invalid_arguments",
    ],
    "event_not_named": ["I can change only events the user names.", "失败了（not_named_by_user）"],
    "nothing_to_change": [
        "Hmm, the user asked nothing to change here.",
        '{"ok":false,"error":"invalid_arguments"}',
    ],
    "unsaid": [
        "not_done_yet: 周日晚上6点家庭聚餐",
        "The user's message also asks for each item of the list. Call the tool for each item now.",
        "If an item is not a request (only context), reply with one short sentence.",
        "Call the tool for each item now, with that item's own time.",
    ],
}


@pytest.mark.parametrize(
    ("kind", "echo"), [(k, e) for k, echoes in ECHOES.items() for e in echoes], ids=lambda v: str(v)[:24]
)
def test_an_echo_of_each_kind_of_guidance_is_found(kind: str, echo: str) -> None:
    ctx = _ctx("周日晚上6点家庭聚餐, and tomorrow at 3pm")
    record(ctx, [GUIDANCE[kind]])
    assert quotes_guidance(echo, ctx)


@pytest.mark.parametrize(
    "text",
    [
        "You have Gym tomorrow at 6pm.",
        "Tomorrow at 3pm works; nothing else is on your calendar.",
        "周日晚上6点家庭聚餐已经在你的日历上了吗？我帮你看看。",
        "What time should the call with Acme be?",
        "I can't find that event on your calendar.",
        "你明天下午三点有一个会。",
        "Your lesson repeats every other Thursday at 2pm starting April 10.",  # the user's words, in a hint
        "后天上午十点和王五开会，地点在二号会议室，记得带上年度总结和报销单。",  # the user's words, in a hint
    ],
)
def test_the_users_words_and_plain_answers_are_not_guidance(text: str) -> None:
    said = "every other Thursday at 2pm starting April 10; 后天上午十点和王五开会，地点在二号会议室，记得带上年度总结和报销单"
    ctx = _ctx(said)
    record(ctx, list(GUIDANCE.values()))
    record(
        ctx,
        [
            json.dumps(
                {
                    "hint": "the user said 'every other thursday at 2pm starting april 10': pass it as `recurrence`"
                }
            ),
            json.dumps(
                {
                    "hint": "`when` must quote the user's words, e.g. '后天上午十点和王五开会，地点在二号会议室，记得带上年度总结和报销单'"
                },
                ensure_ascii=False,
            ),
        ],
    )
    assert not quotes_guidance(text, ctx)


def test_chinese_guidance_is_found_by_its_characters() -> None:
    ctx = _ctx("明天有什么安排")
    record(ctx, [json.dumps({"note": "用户没有询问空闲时间，这些是该时间段内的日程"}, ensure_ascii=False)])
    assert quotes_guidance("好的，用户没有询问空闲时间，这些是该时间段内的日程。", ctx)
    assert not quotes_guidance("明天有什么安排？你明天没有日程。", ctx)


@pytest.mark.parametrize(
    "reply_text",
    [
        "The event 'Design crit' is not named by the user. Please change the event name and try again.",
        "Sorry, Design crit is not named by the user, so I left it.",
        "I can't: Design crit is NOT NAMED BY USER.",
        "That change was not named-by-the-user; fix and retry.",
    ],
)
def test_a_code_spelled_out_in_words_is_guidance(reply_text: str) -> None:
    ctx = _ctx("What's on Wednesday? Also add a call with Noor on Thursday at 4pm")
    record(ctx, [_rejected_text("event_not_named", "change only events the user names", "not_named_by_user")])
    assert quotes_guidance(reply_text, ctx)


@pytest.mark.parametrize(
    "reply_text",
    [
        "On Wednesday you have Design crit at 1pm. The call with Noor was not added yet.",
        "Design crit is on Wednesday; nothing named Noor was found.",
        "I couldn't find that event, it was not found.",  # a two-word code as plain speech
    ],
)
def test_plain_speech_near_a_code_is_not_guidance(reply_text: str) -> None:
    ctx = _ctx("What's on Wednesday? Also add a call with Noor on Thursday at 4pm")
    record(ctx, [_rejected_text("not_found", "no such event", "not_found")])
    record(ctx, [_rejected_text("event_not_named", "change only events the user names", "not_named_by_user")])
    assert not quotes_guidance(reply_text, ctx)


def test_nothing_is_guidance_before_a_result_was_sent() -> None:
    ctx = _ctx("hello")
    assert not quotes_guidance("fix these arguments and call the tool again", ctx)
    assert emitted(ctx).texts == []


def test_data_in_a_result_is_not_guidance() -> None:
    """An event's title, a slot, the user's own clause: the user's data, whatever it says."""
    ctx = _ctx("anything on for tomorrow?")
    data = {"ok": True, "events": [{"title": "call_the_plumber about the boiler and the kitchen sink"}]}
    record(ctx, [json.dumps(data), GUIDANCE["unsaid"]])
    assert not quotes_guidance("Tomorrow: call_the_plumber about the boiler and the kitchen sink.", ctx)
    assert not quotes_guidance("周日晚上6点家庭聚餐还没加。", ctx)


# --------------------------------------------------------------------------------------- in a turn


@pytest.mark.parametrize(
    ("message", "range_", "prefix"),
    [
        ("when's my Gym?", "this week", "You have Gym tomorrow. "),
        ("Gym是哪天？", "这周", "你明天有Gym。"),
        ("Gym是甚麼時候？", "這週", "你明天有Gym。"),
        ("is there Gym at all?", "next week", "Gym at 6pm. "),
    ],
)
async def test_a_reply_that_echoes_a_note_is_replaced_by_the_listing(
    kit: Kit, message: str, range_: str, prefix: str
) -> None:
    """find_free_time for a message with no time that names an event comes back as the events so named,
    with a note to the model; a reply that names the event (the read check would keep it) but echoes the
    note is replaced."""
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.assistant.model = echo_model(call("find_free_time", {"range": range_, "duration": "1 hour"}), prefix)
    r = await kit.assistant.reply(kit.user_id, message)
    assert "Gym" in r.text and "free time" not in r.text and "call that tool" not in r.text, r.text
    assert r.telemetry["fallback_reason"] == "guidance_echo"


@pytest.mark.parametrize(
    ("message", "first"),
    [
        (
            "book a massage tomorrow at 6pm",  # read by the model as a request to add: sent back
            call("find_free_time", {"range": "tomorrow", "duration": "1 hour"}, request="add"),
        ),
        ("hello", call("create_event", {"title": "Meeting with Tomás", "when": "tomorrow 3pm"})),
        ("你好", call("create_event", {"title": "Meeting with Tomás", "when": "tomorrow 3pm"})),
        ("how was your day?", call("delete_event", {"event": "Gym"})),
        ("謝謝，沒事了", call("update_event", {"event": "Gym", "when": "friday 5pm"})),
    ],
)
async def test_a_reply_that_echoes_a_hint_is_replaced_by_an_honest_one(
    kit: Kit, message: str, first: ModelResponse
) -> None:
    kit.assistant.model = echo_model(first)
    r = await kit.assistant.reply(kit.user_id, message)
    lang = "zh" if any("\u4e00" <= c <= "\u9fff" for c in message) else "en"
    assert simplified(r.text) == phrases.say("reply_unfit", lang), r.text  # type: ignore[arg-type]
    assert r.writes == () and await kit.events() == []


@pytest.mark.parametrize(
    ("message", "when"),
    [
        ("add a dentist appointment tomorrow at 3pm, friday is full", "tomorrow at 3pm"),
        ("明天下午三点看牙医，周五没空", "明天下午三点"),
    ],
)
async def test_guidance_parked_in_the_notes_is_dropped(kit: Kit, message: str, when: str) -> None:
    """The model got a hint for a time not in the user's words (two phrases of theirs could be it, so it is
    sent back), then put the hint in the event's notes."""
    hint = "`when` must quote the user's words for the time, e.g. " + repr(when)
    title = "Dentist" if when.isascii() else "看牙医"
    first = {"title": title, "when": "Friday 5pm"}
    second = {"title": title, "when": when, "notes": hint}
    kit.script(call("create_event", first), call("create_event", second), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, message)
    (event,) = await kit.events()
    assert event.notes is None and len(r.writes) == 1
    assert {d["dropped"] for d in r.telemetry["dropped_fields"]} >= {"notes"}


def test_notes_whose_every_word_was_said_but_that_quote_guidance_are_dropped() -> None:
    """Word grounding alone keeps these notes (each word is in the message); they are a hint of ours, word
    for word, and are dropped once that hint was sent this turn — never before."""
    said = "add a review tomorrow: call the tool again and fix these arguments"
    notes = "fix these arguments and call the tool again"
    command = Command("create_event", {"title": "Review", "when": "tomorrow", "notes": notes}, 0)
    assert ground(_ctx(said), command).args["notes"] == notes  # no guidance sent this turn
    told = _ctx(said)
    record(told, [GUIDANCE["ungrounded_time"]])
    assert ground(told, command).args["notes"] is None
    assert any(n.get("dropped") == "notes" for n in told.notes)


def test_notes_that_repeat_the_users_words_are_kept_after_guidance() -> None:
    said = "add a review tomorrow, note: the user asked nothing to change"
    command = Command(
        "create_event",
        {"title": "Review", "when": "tomorrow", "notes": "the user asked nothing to change"},
        0,
    )
    ctx = _ctx(said)
    record(ctx, [GUIDANCE["nothing_to_change"]])
    assert ground(ctx, command).args["notes"] == "the user asked nothing to change"


@pytest.mark.parametrize(
    ("message", "title", "first"),
    [
        ("the yoga teacher is off on friday, so drop that class", "Yoga",
         call("update_event", {"event": "yoga", "event_when": "friday", "scope": "one"})),
        ("Can you sort out my swim on Friday?", "Swim", call("update_event", {"event": "swim", "event_when": "Friday"})),
        ("周五的会先不开了", "周会", call("update_event", {"event": "会", "event_when": "周五"})),
        ("週五那堂課取消吧", "鋼琴課", call("update_event", {"event": "課", "event_when": "週五"})),
    ],
)  # fmt: skip
async def test_a_reply_that_is_the_users_message_is_replaced(
    kit: Kit, message: str, title: str, first: ModelResponse
) -> None:
    # an update that changes nothing (prose is a fine answer to it), answered with the user's own words
    await kit.seed(title, datetime(2025, 3, 7, 17, tzinfo=kit.tz))
    kit.script(first, reply(f"  {message.upper() if message.isascii() else message} "))
    r = await kit.assistant.reply(kit.user_id, message)
    assert message.casefold() not in r.text.casefold() and r.text.strip(), r.text
    assert r.writes == ()


async def test_a_reply_that_quotes_part_of_the_message_is_kept(kit: Kit) -> None:
    kit.script(reply("“What's on Friday” — nothing is on Friday."))
    r = await kit.assistant.reply(kit.user_id, "what's on Friday")
    assert "nothing is on Friday" in r.text, r.text
