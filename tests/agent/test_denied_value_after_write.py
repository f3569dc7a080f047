"""A message that denies the place or a person of the event just written, answered by the model in words
alone: the model hears the fact once and may call the update (agent.turn.denied_value); its next answer
stands as it comes. Nothing denied, or no event just written: one model call, as before. Scripted model,
real store; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit, make_kit

# (time zone, first message, its create, the correction, the model's words, its update, field, stored value)
ROWS: list[tuple[str, str, dict[str, Any], str, str, dict[str, Any], str, Any]] = [
    ("America/New_York", "coffee with the client tomorrow 3pm at Starbucks",
     {"title": "Coffee with the client", "when": "tomorrow 3pm", "location": "Starbucks"},
     "oh it's Costa, not Starbucks", "Got it, I'll remember that.",
     {"event": "coffee with the client", "location": "Costa"}, "location", "Costa"),
    ("America/New_York", "lunch with Priya friday noon",
     {"title": "Lunch", "when": "friday noon", "attendees": ["Priya"]},
     "wrong person, not Priya - it's Divya", "Noted!",
     {"event": "lunch", "attendees": ["Divya"]}, "attendees", ("Divya",)),
    ("Asia/Shanghai", "明天下午三点在国贸见客户",
     {"title": "见客户", "when": "明天下午三点", "location": "国贸"},
     "地方搞错了，不是国贸，是三里屯", "好的，知道了。",
     {"event": "见客户", "location": "三里屯"}, "location", "三里屯"),
    ("Asia/Shanghai", "週五中午十二點跟小美吃飯",
     {"title": "吃飯", "when": "週五中午十二點", "attendees": ["小美"]},
     "不是小美啦，是小真", "好的！",
     {"event": "吃飯", "attendees": ["小真"]}, "attendees", ("小真",)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_a_denied_value_answered_in_words_goes_back_once(database, make_user, row: tuple) -> None:  # type: ignore[no-untyped-def]
    timezone, first, create, correction, words, update, field, value = row
    kit = await make_kit(database, make_user, timezone=timezone)
    model = kit.script(call("create_event", create), reply(words, request="chat"),
                       call("update_event", update, request="change"),
                       reply("unused"))  # fmt: skip
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, correction)
    assert model.call_count == 3 and [w.action for w in r.writes] == ["updated"], r.text
    (event,) = await kit.events()
    assert getattr(event, field) == value, r.text
    assert "no_tool_called" not in r.text and "update_event" not in r.text


async def test_words_again_stand_and_nothing_is_written(kit: Kit) -> None:
    create = {"title": "Coffee", "when": "tomorrow 3pm", "location": "Starbucks"}
    model = kit.script(call("create_event", create), reply("Sure.", request="chat"),
                       reply("Sorry, which place is it?", request="chat"))  # fmt: skip
    await kit.assistant.reply(kit.user_id, "coffee tomorrow 3pm at Starbucks")
    r = await kit.assistant.reply(kit.user_id, "hmm not Starbucks")
    assert model.call_count == 3 and r.writes == () and "which place" in r.text, r.text
    (event,) = await kit.events()
    assert event.location == "Starbucks"


@pytest.mark.parametrize("message", ["thanks, Starbucks is perfect", "great, see you at Starbucks"])
async def test_nothing_denied_is_one_model_call(kit: Kit, message: str) -> None:
    create = {"title": "Coffee", "when": "tomorrow 3pm", "location": "Starbucks"}
    model = kit.script(call("create_event", create), reply("You're welcome!", request="chat"), reply("unused"))
    await kit.assistant.reply(kit.user_id, "coffee tomorrow 3pm at Starbucks")
    r = await kit.assistant.reply(kit.user_id, message)
    assert model.call_count == 2 and r.writes == (), r.text


async def test_no_event_just_written_is_one_model_call(kit: Kit) -> None:
    await kit.seed("Coffee", datetime(2025, 3, 6, 15, tzinfo=NY), location="Starbucks")
    model = kit.script(reply("Which event do you mean?", request="chat"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "it's not Starbucks")
    assert model.call_count == 1 and r.writes == (), r.text
