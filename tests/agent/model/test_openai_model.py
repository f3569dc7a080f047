"""OpenAIModel against a fake endpoint (httpx.MockTransport): both modes, errors, retries, options."""

from __future__ import annotations

import json
import math

import httpx
import pytest

from agent.model import (
    ModelOutputError,
    ModelRateLimitedError,
    ModelRejectedError,
    ModelTimeoutError,
    ModelUnavailableError,
    SystemMessage,
    UserMessage,
)
from tests.agent.model.fake_endpoint import FakeEndpoint, completion, error, native_call
from tests.agent.model.tools_fixture import TOOLS

MESSAGES = [SystemMessage("You are a calendar assistant."), UserMessage("Thursday 3pm, coffee with Wang Wu")]
CREATE_JSON = json.dumps(
    {"tool": "create_event", "arguments": {"title": "Coffee with Wang Wu", "when": "Thursday 3pm"}}
)


async def test_native_mode_sends_tools_and_decodes_tool_calls() -> None:
    args = '{"title": "Coffee with Wang Wu", "when": "Thursday 3pm"}'
    endpoint = FakeEndpoint(
        completion(None, tool_calls=[native_call("create_event", args)], finish="tool_calls")
    )
    model = endpoint.model(tool_mode="native")
    response = await model.complete(MESSAGES, TOOLS)
    assert [(c.id, c.name, c.arguments) for c in response.tool_calls] == [
        ("call_1", "create_event", {"title": "Coffee with Wang Wu", "when": "Thursday 3pm"})
    ]
    assert response.mode == "native" and response.finish_reason == "tool_calls" and response.text == ""
    sent = endpoint.requests[0]
    assert [t["function"]["name"] for t in sent["tools"]] == ["create_event", "list_events"]
    assert sent["tool_choice"] == "auto" and "response_format" not in sent
    assert sent["messages"][0] == {"role": "system", "content": "You are a calendar assistant."}


async def test_json_mode_sends_the_schema_and_decodes_the_same_tool_call() -> None:
    endpoint = FakeEndpoint(completion(CREATE_JSON))
    response = await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS)
    assert [(c.name, c.arguments) for c in response.tool_calls] == [
        ("create_event", {"title": "Coffee with Wang Wu", "when": "Thursday 3pm"})
    ]
    assert response.mode == "json" and response.finish_reason == "tool_calls"
    sent = endpoint.requests[0]
    assert "tools" not in sent
    schema = sent["response_format"]["json_schema"]["schema"]
    assert [b["properties"]["tool"]["const"] for b in schema["anyOf"]] == [
        "create_event",
        "list_events",
        "none",
    ]
    assert "## create_event" in sent["messages"][0]["content"]


async def test_json_mode_reply_without_tool() -> None:
    endpoint = FakeEndpoint(completion('{"tool": "none", "reply": "Sounds tiring. Rest well!"}'))
    response = await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS)
    assert response.text == "Sounds tiring. Rest well!" and response.tool_calls == ()


async def test_no_tools_means_plain_text_and_no_response_format() -> None:
    endpoint = FakeEndpoint(completion("Hello"))
    response = await endpoint.model(tool_mode="json").complete(MESSAGES)
    assert response.text == "Hello"
    assert "response_format" not in endpoint.requests[0] and "tools" not in endpoint.requests[0]


async def test_options_usage_logprobs_and_llama_cpp_timings() -> None:
    timings = {"prompt_n": 40, "prompt_ms": 500.0, "predicted_n": 21, "predicted_ms": 1000.0, "cache_n": 1800}
    endpoint = FakeEndpoint(completion("Hi", logprobs=[-0.5, -1.5], usage=(1840, 21), timings=timings))
    response = await endpoint.model().complete(MESSAGES, max_tokens=64, temperature=0.3)
    sent = endpoint.requests[0]
    assert sent["logprobs"] is True and sent["chat_template_kwargs"] == {"enable_thinking": False}
    assert sent["max_tokens"] == 64 and sent["temperature"] == 0.3
    assert response.mean_logprob == pytest.approx(-1.0)
    assert (response.usage.prompt_tokens, response.usage.completion_tokens) == (1840, 21)
    assert response.timings is not None and response.timings.cached_tokens == 1800
    assert response.timings.prompt_per_second == pytest.approx(80.0)
    assert response.timings.generated_per_second == pytest.approx(21.0)
    assert response.latency_s >= 0.0 and response.model == "fake-model"


async def test_malformed_output_is_reasked_once_then_succeeds() -> None:
    endpoint = FakeEndpoint(completion('{"tool": "create_event", "argu'), completion(CREATE_JSON))
    response = await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS)
    assert response.tool_calls[0].name == "create_event"
    assert len(endpoint.requests) == 2
    reask = endpoint.requests[1]["messages"][-1]
    assert reask["role"] == "user" and "could not be read" in reask["content"]


@pytest.mark.parametrize(
    "bad",
    [
        completion('{"tool": "drop_tables", "arguments": {}}'),
        completion("not json at all"),
    ],
)
async def test_malformed_output_twice_is_a_classified_error(bad: httpx.Response) -> None:
    endpoint = FakeEndpoint(bad, completion("still not json"))
    with pytest.raises(ModelOutputError) as caught:
        await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS)
    assert caught.value.kind == "malformed_output" and len(endpoint.requests) == 2


async def test_native_arguments_that_are_not_json_are_malformed() -> None:
    bad = completion(None, tool_calls=[native_call("create_event", "{title: oops")], finish="tool_calls")
    endpoint = FakeEndpoint(bad, bad)
    with pytest.raises(ModelOutputError):
        await endpoint.model().complete(MESSAGES, TOOLS)


@pytest.mark.parametrize(
    ("failure", "error_type", "kind"),
    [
        (httpx.ConnectError("connection refused"), ModelUnavailableError, "unavailable"),
        (httpx.ReadTimeout("timed out"), ModelTimeoutError, "timeout"),
        (error(429, "slow down"), ModelRateLimitedError, "rate_limited"),
        (error(503, "overloaded"), ModelUnavailableError, "unavailable"),
        (error(500, "boom"), ModelUnavailableError, "unavailable"),
    ],
)
async def test_transient_failures_are_retried_with_backoff_then_classified(
    failure: object, error_type: type, kind: str
) -> None:
    endpoint = FakeEndpoint(failure, failure, failure)  # type: ignore[arg-type]
    with pytest.raises(error_type) as caught:
        await endpoint.model(max_retries=2).complete(MESSAGES)
    assert caught.value.kind == kind
    assert len(endpoint.requests) == 3 and len(endpoint.sleeps) == 2
    assert "refused" not in caught.value.safe_message and "boom" not in str(caught.value)


async def test_a_transient_failure_then_success() -> None:
    endpoint = FakeEndpoint(error(429, headers={"retry-after": "1.5"}), completion("ok"))
    response = await endpoint.model().complete(MESSAGES)
    assert response.text == "ok" and endpoint.sleeps == [1.5]


async def test_backoff_grows_and_is_bounded() -> None:
    failure = error(502)
    endpoint = FakeEndpoint(*[failure] * 6)
    with pytest.raises(ModelUnavailableError):
        await endpoint.model(max_retries=5, backoff_base_s=1.0, backoff_max_s=4.0).complete(MESSAGES)
    assert len(endpoint.sleeps) == 5 and all(0.0 <= s <= 4.0 for s in endpoint.sleeps)


@pytest.mark.parametrize("status", [400, 401, 403, 404, 413])
async def test_client_errors_are_rejections_without_retry(status: int) -> None:
    endpoint = FakeEndpoint(error(status, "context length exceeded"), error(status))
    model = endpoint.model(logprobs=False, thinking=True)  # nothing optional to drop
    with pytest.raises(ModelRejectedError) as caught:
        await model.complete(MESSAGES)
    assert caught.value.status_code == status and len(endpoint.requests) == 1


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("chat_template_kwargs", "Unrecognized request argument supplied: chat_template_kwargs"),
        ("logprobs", "logprobs is not supported with this model"),
    ],
)
async def test_a_rejected_option_is_dropped_retried_and_remembered(option: str, message: str) -> None:
    endpoint = FakeEndpoint(error(400, message), completion("ok"), completion("again"))
    model = endpoint.model()
    assert (await model.complete(MESSAGES)).text == "ok"
    assert option in endpoint.requests[0] and option not in endpoint.requests[1]
    other = {"chat_template_kwargs", "logprobs"} - {option}
    assert other <= set(endpoint.requests[1])
    assert model.unsupported_options == {option}
    await model.complete(MESSAGES)
    assert option not in endpoint.requests[2] and len(endpoint.requests) == 3


async def test_an_unexplained_400_drops_all_optional_parts_once() -> None:
    endpoint = FakeEndpoint(error(400, "invalid request"), completion("ok"))
    model = endpoint.model()
    assert (await model.complete(MESSAGES)).text == "ok"
    assert not {"logprobs", "chat_template_kwargs"} & set(endpoint.requests[1])


async def test_an_unexplained_400_that_persists_is_a_rejection_and_nothing_is_remembered() -> None:
    endpoint = FakeEndpoint(error(400, "prompt too long"), error(400, "prompt too long"))
    model = endpoint.model()
    with pytest.raises(ModelRejectedError):
        await model.complete(MESSAGES)
    assert len(endpoint.requests) == 2 and model.unsupported_options == frozenset()


async def test_auto_mode_falls_back_to_json_when_tools_are_rejected() -> None:
    endpoint = FakeEndpoint(
        error(400, "this server does not support tools"), completion(CREATE_JSON), completion(CREATE_JSON)
    )
    model = endpoint.model(tool_mode="auto")
    assert model.mode == "native"
    response = await model.complete(MESSAGES, TOOLS)
    assert response.mode == "json" and response.tool_calls[0].name == "create_event"
    assert "tools" in endpoint.requests[0] and "response_format" in endpoint.requests[1]
    assert model.mode == "json"
    await model.complete(MESSAGES, TOOLS)
    assert "tools" not in endpoint.requests[2]


async def test_native_mode_does_not_drop_tools() -> None:
    endpoint = FakeEndpoint(error(400, "tools not supported"), error(400, "tools not supported"))
    with pytest.raises(ModelRejectedError):
        await endpoint.model(tool_mode="native", logprobs=False, thinking=True).complete(MESSAGES, TOOLS)
    assert len(endpoint.requests) == 1


async def test_tool_choice_none_in_json_mode_allows_only_a_reply() -> None:
    endpoint = FakeEndpoint(completion('{"tool": "none", "reply": "ok"}'))
    await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS, tool_choice="none")
    schema = endpoint.requests[0]["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["tool"] == {"const": "none"}
    assert "## create_event" in endpoint.requests[0]["messages"][0]["content"]  # prefix unchanged


async def test_aclose_closes_the_client() -> None:
    endpoint = FakeEndpoint()
    model = endpoint.model()
    await model.aclose()


async def test_llguidance_grammar_enforces_compact_json_and_falls_back_when_rejected() -> None:
    endpoint = FakeEndpoint(
        error(400, "grammar is not supported"), completion(CREATE_JSON), completion(CREATE_JSON)
    )
    model = endpoint.model(tool_mode="json", json_grammar="llguidance")
    response = await model.complete(MESSAGES, TOOLS)
    assert response.tool_calls[0].name == "create_event"
    grammar = endpoint.requests[0]["grammar"]
    assert grammar.startswith("%llguidance {}\nstart: %json {") and '"whitespace_flexible": false' in grammar
    assert "response_format" not in endpoint.requests[0]
    assert "grammar" not in endpoint.requests[1] and "response_format" in endpoint.requests[1]
    await model.complete(MESSAGES, TOOLS)
    assert "grammar" not in endpoint.requests[2] and model.unsupported_options == {"grammar"}


async def test_warm_sends_the_prefix_for_one_token_and_ignores_the_answer() -> None:
    endpoint = FakeEndpoint(completion('{"tool'))
    await endpoint.model(tool_mode="json").warm(MESSAGES[:1], TOOLS)
    sent = endpoint.requests[0]
    assert sent["max_tokens"] == 1 and "## create_event" in sent["messages"][0]["content"]


def _spelled(answer: str, alternatives_at_name: list[tuple[str, float]]) -> list:  # type: ignore[type-arg]
    """``answer`` as a server's tokens: ``{"tool":"`` in one, the tool's name starting the next (with the
    alternatives the server gave there), the rest in one."""
    head, rest = answer.split('"tool":"', 1)
    name, tail = rest[:3], rest[3:]
    return [(head + '"tool":"', -0.01, []), (name, -0.2, alternatives_at_name), (tail, -0.05, [])]


@pytest.mark.parametrize(
    ("alternatives", "expected"),
    [
        ([("cre", math.log(0.7)), ("non", math.log(0.25)), ("n", math.log(0.05))], 0.30),
        ([("cre", math.log(0.99)), ("lis", math.log(0.01))], 0.0),
        ([], None),  # a server that gives no alternatives: unknown, not sure
    ],
)
async def test_json_mode_reads_the_weight_given_to_answering_without_a_tool(
    alternatives: list[tuple[str, float]], expected: float | None
) -> None:
    answer = '{"tool":"create_event","arguments":{"title":"Coffee","when":"Thursday 3pm"},"request":"add"}'
    endpoint = FakeEndpoint(completion(answer, tokens=_spelled(answer, alternatives)))
    response = await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS)
    assert endpoint.requests[0]["top_logprobs"] >= 5
    assert response.tool_calls[0].name == "create_event"
    assert response.no_tool_p == (None if expected is None else pytest.approx(expected))


async def test_no_weight_is_read_for_a_reply_or_a_native_call() -> None:
    answer = '{"tool":"none","reply":"Hi!","request":"chat"}'
    endpoint = FakeEndpoint(completion(answer, tokens=_spelled(answer, [("non", -0.1), ("cre", -2.0)])))
    assert (await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS)).no_tool_p is None
    args = '{"title": "Coffee", "when": "Thursday 3pm"}'
    native = FakeEndpoint(completion(None, tool_calls=[native_call("create_event", args)], logprobs=[-0.1]))
    response = await native.model(tool_mode="native").complete(MESSAGES, TOOLS)
    assert response.no_tool_p is None and "top_logprobs" not in native.requests[0]


def _kind_spelled(answer: str, alternatives_at_kind: list[tuple[str, float]]) -> list:  # type: ignore[type-arg]
    """``answer`` as a server's tokens, the request kind's first token carrying the alternatives given."""
    head, rest = answer.rsplit('"request":"', 1)
    return [(head + '"request":"', -0.01, []), (rest[:4], -0.3, alternatives_at_kind), (rest[4:], -0.01, [])]


@pytest.mark.parametrize(
    ("answer", "alternatives", "expected"),
    [
        (
            '{"tool":"none","reply":"I cannot see prices.","request":"calendar_question"}',
            [("cale", math.log(0.55)), ("chat", math.log(0.3)), ("cann", math.log(0.1)), ("c", math.log(0.05))],
            {"calendar_question": 0.55, "chat": 0.3, "cannot_do": 0.1},  # "c" begins several: no one's
        ),
        (
            '{"tool":"create_event","arguments":{"title":"Coffee","when":"Thursday 3pm"},"request":"add"}',
            [("add", math.log(0.9)), ("mix", math.log(0.06)), ("chan", math.log(0.03))],
            {"add": 0.9, "mixed": 0.06, "change": 0.03},
        ),
        ('{"tool":"none","reply":"Hi!","request":"chat"}', [], None),  # no alternatives: unknown
    ],
)
async def test_json_mode_reads_the_weight_given_to_each_request_kind(
    answer: str, alternatives: list[tuple[str, float]], expected: dict[str, float] | None
) -> None:
    endpoint = FakeEndpoint(completion(answer, tokens=_kind_spelled(answer, alternatives)))
    response = await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS)
    if expected is None:
        assert response.request_p is None
        return
    weights = {kind: weight for kind, weight in (response.request_p or {}).items() if weight}
    assert weights == pytest.approx(expected)


async def test_no_request_weights_without_a_request_kind() -> None:
    answer = '{"tool":"none","reply":"Hi!"}'
    endpoint = FakeEndpoint(completion(answer, tokens=[(answer, -0.1, [("Hello", -2.0)])]))
    assert (await endpoint.model(tool_mode="json").complete(MESSAGES, TOOLS)).request_p is None
