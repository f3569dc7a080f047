from __future__ import annotations

from collections.abc import Sequence

import pytest

from agent.model import (
    Completed,
    Message,
    Model,
    ModelResponse,
    ModelTimeoutError,
    ScriptedModel,
    ScriptExhaustedError,
    TextDelta,
    ToolCall,
    ToolCallEvent,
    ToolSpec,
    UserMessage,
    call,
    reply,
)
from tests.agent.model.tools_fixture import TOOLS

MESSAGES = [UserMessage("Thursday 3pm, coffee with Wang Wu")]


async def test_queue_plays_back_in_order_and_records_calls() -> None:
    model = ScriptedModel([call("create_event", {"title": "Meet", "when": "tomorrow 3pm"}, id="c1"), "Done."])
    first = await model.complete(MESSAGES, TOOLS)
    second = await model.complete([*MESSAGES, first.as_message()], TOOLS)
    assert first.tool_calls == (ToolCall("c1", "create_event", {"title": "Meet", "when": "tomorrow 3pm"}),)
    assert second.text == "Done." and second.tool_calls == ()
    assert model.call_count == 2 and model.remaining == 0
    assert model.calls[0].messages == tuple(MESSAGES) and model.calls[0].tools == TOOLS
    assert model.calls[1].messages[-1].tool_calls == first.tool_calls  # type: ignore[union-attr]


async def test_function_script_sees_the_conversation() -> None:
    def answer(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ModelResponse:
        return reply(f"{len(messages)} messages, {len(tools)} tools")

    model = ScriptedModel(answer)
    assert (await model.complete(MESSAGES, TOOLS)).text == "1 messages, 2 tools"


async def test_exhausted_script_fails_the_test() -> None:
    model = ScriptedModel([])
    with pytest.raises(ScriptExhaustedError):
        await model.complete(MESSAGES)


async def test_queued_errors_are_raised() -> None:
    model = ScriptedModel([ModelTimeoutError("scripted")])
    with pytest.raises(ModelTimeoutError):
        await model.complete(MESSAGES)


async def test_calls_to_tools_that_were_not_offered_are_refused() -> None:
    model = ScriptedModel([call("delete_everything")])
    with pytest.raises(AssertionError, match="not offered"):
        await model.complete(MESSAGES, TOOLS)


async def test_stream_yields_text_tool_calls_then_completed() -> None:
    model = ScriptedModel([ModelResponse(text="On it now", tool_calls=(ToolCall("c", "list_events", {}),))])
    events = [e async for e in model.stream(MESSAGES, TOOLS)]
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "On it now"
    assert [type(e) for e in events[-2:]] == [ToolCallEvent, Completed]
    assert model.calls[0].streamed


def test_scripted_model_satisfies_the_protocol() -> None:
    assert isinstance(ScriptedModel([]), Model)


async def test_warm_is_recorded_apart_from_round_trips() -> None:
    model = ScriptedModel([])
    await model.warm(MESSAGES, TOOLS)
    assert model.call_count == 0 and len(model.warm_calls) == 1
