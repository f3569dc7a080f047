"""A fake OpenAI-compatible endpoint on ``httpx.MockTransport``: no sockets, scripted answers."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from typing import Any

import httpx

from agent.model import OpenAIModel

Answer = httpx.Response | Exception | Callable[[dict[str, Any]], httpx.Response]
Token = tuple[str, float, list[tuple[str, float]]]
"""A generated token: its text, its logprob, and the top alternatives (text, logprob) at its position."""


def _logprobs(values: list[float] | None, tokens: list[Token] | None) -> dict[str, Any]:
    if tokens is not None:
        return {
            "content": [
                {
                    "token": text,
                    "logprob": lp,
                    "bytes": None,
                    "top_logprobs": [{"token": t, "logprob": v, "bytes": None} for t, v in alternatives],
                }
                for text, lp, alternatives in tokens
            ]
        }
    return {"content": [{"token": "t", "logprob": lp, "bytes": None, "top_logprobs": []} for lp in values or ()]}


def completion(
    content: str | None = "",
    *,
    tool_calls: list[dict[str, Any]] | None = None,
    finish: str = "stop",
    logprobs: list[float] | None = None,
    tokens: list[Token] | None = None,
    usage: tuple[int, int] = (100, 10),
    timings: dict[str, Any] | None = None,
) -> httpx.Response:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls is not None:
        message["tool_calls"] = tool_calls
    choice: dict[str, Any] = {"index": 0, "message": message, "finish_reason": finish}
    if logprobs is not None or tokens is not None:
        choice["logprobs"] = _logprobs(logprobs, tokens)
    body: dict[str, Any] = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "fake-model",
        "choices": [choice],
        "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)},
    }
    if timings is not None:
        body["timings"] = timings
    return httpx.Response(200, json=body)


def native_call(name: str, arguments: str, call_id: str = "call_1") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def sse(*chunks: dict[str, Any]) -> httpx.Response:
    lines = [f"data: {json.dumps(chunk)}\n\n" for chunk in chunks] + ["data: [DONE]\n\n"]
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content="".join(lines).encode())


def chunk(
    content: str | None = None,
    *,
    tool_calls: list[dict[str, Any]] | None = None,
    finish: str | None = None,
    usage: tuple[int, int] | None = None,
    logprobs: list[float] | None = None,
    tokens: list[Token] | None = None,
) -> dict[str, Any]:
    delta: dict[str, Any] = {}
    if content is not None:
        delta["content"] = content
    if tool_calls is not None:
        delta["tool_calls"] = tool_calls
    choice: dict[str, Any] = {"index": 0, "delta": delta, "finish_reason": finish}
    if logprobs is not None or tokens is not None:
        choice["logprobs"] = _logprobs(logprobs, tokens)
    body: dict[str, Any] = {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "fake-model",
        "choices": [choice] if usage is None else [],
    }
    if usage is not None:
        body["usage"] = {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)}
    return body


def error(status: int, message: str = "bad request", headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(
        status, json={"error": {"message": message, "type": "invalid_request_error"}}, headers=headers
    )


class FakeEndpoint:
    """Answers queued in order; records every request body (decoded JSON)."""

    def __init__(self, *answers: Answer) -> None:
        self.answers: deque[Answer] = deque(answers)
        self.requests: list[dict[str, Any]] = []
        self.sleeps: list[float] = []

    def handler(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.requests.append(body)
        if not self.answers:
            raise AssertionError("the fake endpoint got more requests than scripted")
        answer = self.answers.popleft()
        if isinstance(answer, Exception):
            raise answer
        if callable(answer):
            return answer(body)
        return answer

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)

    def model(self, **kwargs: Any) -> OpenAIModel:
        options: dict[str, Any] = {
            "model": "fake-model",
            "base_url": "http://fake.invalid/v1",
            "api_key": "test",
            "tool_mode": "native",
            "http_client": httpx.AsyncClient(transport=httpx.MockTransport(self.handler)),
            "sleep": self.sleep,
        }
        options.update(kwargs)
        return OpenAIModel(**options)
