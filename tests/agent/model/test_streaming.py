from __future__ import annotations

import json
import math

import pytest

from agent.model import (
    Completed,
    ModelOutputError,
    ModelUnavailableError,
    StreamEvent,
    SystemMessage,
    TextDelta,
    ToolCallEvent,
    UserMessage,
)
from tests.agent.model.fake_endpoint import FakeEndpoint, chunk, error, sse
from tests.agent.model.tools_fixture import TOOLS

MESSAGES = [SystemMessage("You are a calendar assistant."), UserMessage("hi")]


async def _collect(stream) -> list[StreamEvent]:  # type: ignore[no-untyped-def]
    return [event async for event in stream]


async def test_native_stream_yields_text_deltas_then_completed() -> None:
    endpoint = FakeEndpoint(
        sse(chunk("Hel"), chunk("lo"), chunk(finish="stop", logprobs=[-0.2]), chunk(usage=(50, 2)))
    )
    events = await _collect(endpoint.model().stream(MESSAGES, TOOLS))
    assert [e.text for e in events if isinstance(e, TextDelta)] == ["Hel", "lo"]
    done = events[-1]
    assert isinstance(done, Completed) and done.response.text == "Hello"
    assert done.response.usage.prompt_tokens == 50 and done.response.mean_logprob == pytest.approx(-0.2)
    sent = endpoint.requests[0]
    assert sent["stream"] is True and sent["stream_options"] == {"include_usage": True}


async def test_native_stream_assembles_tool_call_fragments() -> None:
    first = {
        "index": 0,
        "id": "call_9",
        "type": "function",
        "function": {"name": "list_events", "arguments": '{"ra'},
    }
    rest = {"index": 0, "function": {"arguments": 'nge": "tomorrow"}'}}
    endpoint = FakeEndpoint(
        sse(chunk(tool_calls=[first]), chunk(tool_calls=[rest]), chunk(finish="tool_calls"))
    )
    events = await _collect(endpoint.model().stream(MESSAGES, TOOLS))
    calls = [e.call for e in events if isinstance(e, ToolCallEvent)]
    assert [(c.id, c.name, c.arguments) for c in calls] == [("call_9", "list_events", {"range": "tomorrow"})]
    assert isinstance(events[-1], Completed) and events[-1].response.finish_reason == "tool_calls"


async def test_json_stream_streams_only_the_reply_text() -> None:
    text = json.dumps({"tool": "none", "reply": "好的，明天见"}, ensure_ascii=False)
    endpoint = FakeEndpoint(
        sse(*[chunk(text[i : i + 4]) for i in range(0, len(text), 4)], chunk(finish="stop"))
    )
    events = await _collect(endpoint.model(tool_mode="json").stream(MESSAGES, TOOLS))
    deltas = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert deltas == "好的，明天见"
    assert isinstance(events[-1], Completed) and events[-1].response.text == "好的，明天见"


async def test_json_stream_tool_call_emits_no_text() -> None:
    text = json.dumps({"tool": "list_events", "arguments": {"range": "this weekend"}})
    endpoint = FakeEndpoint(sse(chunk(text[:10]), chunk(text[10:]), chunk(finish="stop")))
    events = await _collect(endpoint.model(tool_mode="json").stream(MESSAGES, TOOLS))
    assert not [e for e in events if isinstance(e, TextDelta)]
    assert [type(e) for e in events] == [ToolCallEvent, Completed]


async def test_json_stream_malformed_tool_call_is_reasked_once() -> None:
    good = json.dumps({"tool": "list_events", "arguments": {"range": "today"}})
    endpoint = FakeEndpoint(
        sse(chunk('{"tool": "list_events", "argum'), chunk(finish="length")), sse(chunk(good))
    )
    events = await _collect(endpoint.model(tool_mode="json").stream(MESSAGES, TOOLS))
    assert isinstance(events[-1], Completed) and events[-1].response.tool_calls[0].arguments == {
        "range": "today"
    }
    assert len(endpoint.requests) == 2


async def test_json_stream_malformed_after_text_went_out_is_an_error() -> None:
    endpoint = FakeEndpoint(sse(chunk('{"tool": "none", "reply": "Hel'), chunk(finish="length")))
    stream = endpoint.model(tool_mode="json").stream(MESSAGES, TOOLS)
    seen: list[StreamEvent] = []
    with pytest.raises(ModelOutputError):
        async for event in stream:
            seen.append(event)
    assert [e.text for e in seen if isinstance(e, TextDelta)] == ["Hel"]


async def test_stream_retries_transient_failures_before_the_first_byte() -> None:
    endpoint = FakeEndpoint(error(503), sse(chunk("ok"), chunk(finish="stop")))
    events = await _collect(endpoint.model().stream(MESSAGES))
    assert isinstance(events[-1], Completed) and events[-1].response.text == "ok"
    assert len(endpoint.sleeps) == 1


async def test_stream_failures_are_classified() -> None:
    endpoint = FakeEndpoint(error(503), error(503))
    with pytest.raises(ModelUnavailableError):
        await _collect(endpoint.model(max_retries=1).stream(MESSAGES))


async def test_stream_option_rejection_drops_stream_options() -> None:
    endpoint = FakeEndpoint(
        error(400, "unknown field stream_options"), sse(chunk("ok"), chunk(finish="stop"))
    )
    model = endpoint.model()
    await _collect(model.stream(MESSAGES))
    assert "stream_options" not in endpoint.requests[1] and model.unsupported_options == {"stream_options"}


async def test_json_stream_reads_the_weight_given_to_answering_without_a_tool() -> None:
    alternatives = [("cre", math.log(0.8)), ("no", math.log(0.15)), ("lis", math.log(0.05))]
    endpoint = FakeEndpoint(
        sse(
            chunk('{"tool":"', tokens=[('{"tool":"', -0.01, [])]),
            chunk("cre", tokens=[("cre", -0.22, alternatives)]),
            chunk('ate_event","arguments":{"title":"Gym","when":"5pm"},"request":"add"}', logprobs=[-0.1]),
            chunk(finish="stop"),
        )
    )
    events = await _collect(endpoint.model(tool_mode="json").stream(MESSAGES, TOOLS))
    done = events[-1]
    assert isinstance(done, Completed) and done.response.tool_calls[0].name == "create_event"
    assert done.response.no_tool_p == pytest.approx(0.15)


async def test_json_stream_reads_the_request_kinds_weights_at_its_end() -> None:
    alternatives = [("chat", math.log(0.6)), ("cale", math.log(0.35))]
    reply = "x" * 400  # a long reply: the kind comes long after the first tokens
    endpoint = FakeEndpoint(
        sse(
            chunk('{"tool":"none","reply":"', tokens=[('{"tool":"none","reply":"', -0.01, [])]),
            *[chunk(piece, tokens=[(piece, -0.1, [])]) for piece in [reply[i : i + 4] for i in range(0, 400, 4)]],
            chunk('","request":"', tokens=[('","request":"', -0.01, [])]),
            chunk("chat", tokens=[("chat", -0.5, alternatives)]),
            chunk('"}', tokens=[('"}', -0.01, [])]),
            chunk(finish="stop"),
        )
    )
    events = await _collect(endpoint.model(tool_mode="json").stream(MESSAGES, TOOLS))
    done = events[-1]
    assert isinstance(done, Completed) and done.response.request == "chat"
    assert done.response.request_p is not None
    assert done.response.request_p["chat"] == pytest.approx(0.6)
    assert done.response.request_p["calendar_question"] == pytest.approx(0.35)
