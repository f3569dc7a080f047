"""What a turn says when the model's answer is unusable, and how an overlong reply is kept.

* ``content: null`` (no tool call) is an honest "no answer" reply, never an empty one;
* an answer that cannot be read (bad JSON, broken arguments, an unknown tool, even after the re-ask) says
  so, apart from "can't reach the language model";
* a reply over the transcript's limit is cut once: the reply shown and the reply stored are the same text,
  the turn is stored, and the exit check still judged the whole text.

The model is the real ``OpenAIModel`` on a fake endpoint (``httpx.MockTransport``) where the wire matters,
``ScriptedModel`` elsewhere.
"""

from __future__ import annotations

import json

import pytest

from agent.checks.reply_limit import MAX_REPLY_CHARS
from agent.model import ModelOutputError, ModelResponse, ModelUnavailableError, reply
from agent.model.messages import ToolCall
from storage.limits import MAX_MESSAGE_LENGTH
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit
from tests.agent.model.fake_endpoint import FakeEndpoint, completion, native_call

NO_ANSWER_EN = (
    "I didn't get an answer from the language model for that; nothing was changed. Please try again."
)
UNREADABLE_EN = "The language model's answer could not be read; nothing was changed. Please try again."
UNREACHABLE_EN = "I can't reach the language model right now; your calendar is unchanged."


async def _stored(kit: Kit) -> list[tuple[str, str]]:
    records = await kit.db.conversations(kit.user_id).recent_messages("default")
    return [(m.role, m.text) for m in records]


# -- content: null ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["native", "json"])
async def test_content_null_without_a_tool_call_is_an_honest_reply(kit: Kit, mode: str) -> None:
    endpoint = FakeEndpoint(completion(None), completion(None))  # (an empty answer is tried once more)
    kit.assistant.model = endpoint.model(tool_mode=mode)
    r = await kit.assistant.reply(kit.user_id, "hello there")
    assert r.text == NO_ANSWER_EN and r.fallback_reason == "empty_reply"
    assert len(endpoint.requests) == 2 and await kit.events() == []
    assert (await _stored(kit))[-1] == ("assistant", NO_ANSWER_EN)


async def test_an_empty_reply_is_said_in_chinese(kit: Kit) -> None:
    kit.script(reply("   "), reply(""))
    r = await kit.assistant.reply(kit.user_id, "你好")
    assert r.text == "这次没有收到语言模型的回答；没有做任何更改。请再试一次。"


# -- unreadable answers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "bad"),
    [
        ("json", completion('{"tool": "create_event", "argu')),  # unparseable JSON
        ("json", completion('{"tool": "drop_tables", "arguments": {}}')),  # unknown tool
        ("native", completion(None, tool_calls=[native_call("create_event", "{title: oops")])),  # bad args
        ("native", completion(None, tool_calls=[native_call("drop_tables", "{}")])),  # unknown tool
    ],
)
async def test_an_unreadable_answer_is_not_called_unreachable(kit: Kit, mode: str, bad: object) -> None:
    endpoint = FakeEndpoint(bad, bad)  # type: ignore[arg-type]
    kit.assistant.model = endpoint.model(tool_mode=mode)
    r = await kit.assistant.reply(kit.user_id, "Tomorrow 4pm, coffee with Wang Wu")
    assert len(endpoint.requests) == 2  # the one re-ask, then the honest reply
    assert r.text == UNREADABLE_EN and r.fallback_reason == "malformed_output"
    assert r.writes == () and await kit.events() == []
    assert (await _stored(kit))[-1] == ("assistant", UNREADABLE_EN)


async def test_unreadable_and_unreachable_are_different_sentences_in_both_languages(kit: Kit) -> None:
    kit.script(ModelOutputError("bad json"))
    r = await kit.assistant.reply(kit.user_id, "明天下午四点和王五喝咖啡")
    assert r.text == "语言模型的回答无法读取；没有做任何更改。请再试一次。"
    kit.script(ModelUnavailableError("refused"))
    r = await kit.assistant.reply(kit.user_id, "Tomorrow 4pm, coffee with Wang Wu")
    assert r.text == UNREACHABLE_EN and r.fallback_reason == "unavailable"


async def test_unreadable_after_a_write_does_not_say_nothing_changed(kit: Kit) -> None:
    good = ToolCall("c1", "create_event", {"title": "Gym", "when": "tomorrow 6pm"})
    fixable = ToolCall("c2", "create_event", {"title": "Dentist", "user_id": "someone-else"})
    model = kit.script(ModelResponse(tool_calls=(good, fixable)), ModelOutputError("bad json"))
    r = await kit.assistant.reply(kit.user_id, "gym tomorrow 6pm and the dentist tomorrow 3pm")
    assert model.call_count == 2 and len(await kit.events()) == 1  # the retry's answer was unreadable
    assert r.text.startswith("Created “Gym”") and "nothing was changed" not in r.text
    lines = r.text.splitlines()
    assert lines[1] == "The language model's next answer could not be read, so I couldn't finish my answer."
    assert "the dentist tomorrow 3pm" in lines[2]  # the request not done is said, not lost


# -- overlong replies ------------------------------------------------------------------------------------


async def test_an_overlong_reply_is_cut_once_and_stored_as_shown(kit: Kit) -> None:
    long = "All good. " + "x" * (MAX_MESSAGE_LENGTH + 5_000)
    kit.script(reply(long))
    r = await kit.assistant.reply(kit.user_id, "tell me a very long story")
    assert len(r.text) == MAX_REPLY_CHARS <= MAX_MESSAGE_LENGTH
    assert r.text.startswith("All good. xxx") and r.text.endswith("… (reply cut: too long)")
    assert (await _stored(kit))[-1] == ("assistant", r.text)  # stored, and the same text the user sees
    (record,) = await kit.records("turn")
    (note,) = record.payload["dropped_fields"]
    assert {"dropped": "reply_tail", "reason": "too_long"}.items() <= note.items()
    assert "x" * 50 not in json.dumps(record.payload)


async def test_a_streamed_overlong_reply_shows_what_is_stored(kit: Kit) -> None:
    kit.script(reply("长" * (MAX_MESSAGE_LENGTH + 1)))
    shown = ""
    async for item in kit.assistant.stream(kit.user_id, "讲一个很长的故事"):
        if item.type == "text":
            shown += item.text  # type: ignore[union-attr]
    assert shown.endswith("…（回复过长，已截断）") and len(shown) == MAX_REPLY_CHARS
    assert (await _stored(kit))[-1] == ("assistant", shown)


async def test_the_exit_check_still_reads_past_the_cut(kit: Kit) -> None:
    kit.script(reply("y" * (MAX_MESSAGE_LENGTH + 100) + " I've created the meeting for you."))
    r = await kit.assistant.reply(kit.user_id, "meet Zhang San")
    assert r.exit_check == "unverified_write_claim" and r.replaced
    assert r.text.startswith("To be clear: I haven't changed your calendar")
    assert (await _stored(kit))[-1] == ("assistant", r.text)
