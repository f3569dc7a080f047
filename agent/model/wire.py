"""Translation between the internal vocabulary and the OpenAI chat-completions wire format.

Requests: messages and tools for either mode. Responses: tool calls, usage, logprobs, llama.cpp timings.
Pure functions, no I/O; the client in ``openai_model`` puts them on the wire.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from agent.model.constrained import encode_reply, encode_tool_call, new_call_id
from agent.model.errors import ModelOutputError
from agent.model.messages import (
    AssistantMessage,
    FinishReason,
    Message,
    ServerTimings,
    SystemMessage,
    ToolCall,
    ToolMode,
    ToolResultMessage,
    ToolSpec,
    Usage,
    UserMessage,
)
from agent.model.tool_prompt import render_tool_prompt

__all__ = [
    "finish_reason",
    "logprob_tokens",
    "logprob_values",
    "mean_logprob",
    "native_tools",
    "no_tool_probability",
    "parse_native_call",
    "request_weights",
    "timings_from",
    "to_wire_messages",
    "usage_from",
]


def native_tools(tools: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    """The ``tools=`` payload: one function per ToolSpec, its parameters schema unchanged."""
    return [
        {
            "type": "function",
            "function": {"name": t.name, "description": t.description, "parameters": dict(t.parameters)},
        }
        for t in tools
    ]


def to_wire_messages(messages: Sequence[Message], tools: Sequence[ToolSpec], mode: ToolMode) -> list[dict]:
    """Messages as the endpoint wants them.

    JSON mode: the tool block is appended to the *first* system message, which must therefore hold only
    static text (so the whole prefix stays byte-identical and cacheable); earlier tool calls and replies
    are replayed in the JSON form the model produces, and tool results go back as user messages.
    Native mode: tool calls and results use ``tool_calls`` / ``role: tool``. In both, an assistant message
    that carried tool calls has ``content: ""``, never null.
    """
    out: list[dict[str, Any]] = []
    tool_block = render_tool_prompt(tools) if mode == "json" and tools else ""
    if tool_block and not (messages and isinstance(messages[0], SystemMessage)):
        out.append({"role": "system", "content": tool_block})
        tool_block = ""
    for message in messages:
        if isinstance(message, SystemMessage):
            content = message.content
            if tool_block:
                content = f"{content.rstrip()}\n\n{tool_block}"
                tool_block = ""
            out.append({"role": "system", "content": content})
        elif isinstance(message, UserMessage):
            out.append({"role": "user", "content": message.content})
        elif isinstance(message, AssistantMessage):
            out.append(_assistant(message, mode, json_tools=bool(tools)))
        elif isinstance(message, ToolResultMessage):
            if mode == "json":
                out.append({"role": "user", "content": f"Result of {message.name}:\n{message.content}"})
            else:
                out.append({"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content})
        else:  # pragma: no cover - the Message union is closed
            raise TypeError(f"not a message: {type(message).__name__}")
    return out


def _assistant(message: AssistantMessage, mode: ToolMode, *, json_tools: bool) -> dict[str, Any]:
    if mode == "json":
        if message.tool_calls:
            content = "\n".join(encode_tool_call(call, message.request) for call in message.tool_calls)
        else:
            content = encode_reply(message.content, message.request) if json_tools else message.content
        return {"role": "assistant", "content": content}
    wire: dict[str, Any] = {"role": "assistant", "content": message.content or ""}
    if message.tool_calls:
        wire["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": json.dumps(call.arguments, ensure_ascii=False)},
            }
            for call in message.tool_calls
        ]
    return wire


def parse_native_call(
    call_id: str | None, name: str | None, arguments: str | None, tools: Sequence[ToolSpec]
) -> ToolCall:
    """One native tool call → ToolCall; unknown tools and undecodable arguments are malformed output."""
    if not name or name not in {t.name for t in tools}:
        raise ModelOutputError("native tool call: unknown tool")
    try:
        decoded = json.loads(arguments) if arguments and arguments.strip() else {}
    except json.JSONDecodeError:
        raise ModelOutputError("native tool call: arguments are not JSON") from None
    if not isinstance(decoded, dict):
        raise ModelOutputError("native tool call: arguments are not an object")
    return ToolCall(id=call_id or new_call_id(), name=name, arguments=decoded)


_FINISH: dict[str, FinishReason] = {
    "stop": "stop",
    "tool_calls": "tool_calls",
    "function_call": "tool_calls",
    "length": "length",
    "content_filter": "content_filter",
}


def finish_reason(raw: str | None) -> FinishReason:
    return _FINISH.get(raw or "stop", "other")


def usage_from(usage: Any) -> Usage:
    if usage is None:
        return Usage()
    details = getattr(usage, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", None) if details is not None else None
    return Usage(
        prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
        completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
        cached_prompt_tokens=int(cached) if cached is not None else None,
    )


def timings_from(obj: Any) -> ServerTimings | None:
    """llama.cpp's ``timings`` extra field, if the server sent one."""
    extra = getattr(obj, "model_extra", None) or {}
    raw = extra.get("timings")
    if not isinstance(raw, dict):
        return None
    try:
        return ServerTimings(
            prompt_tokens=int(raw.get("prompt_n", 0)),
            prompt_ms=float(raw.get("prompt_ms", 0.0)),
            generated_tokens=int(raw.get("predicted_n", 0)),
            generated_ms=float(raw.get("predicted_ms", 0.0)),
            cached_tokens=int(raw["cache_n"]) if "cache_n" in raw else None,
        )
    except (TypeError, ValueError):
        return None


def logprob_values(logprobs: Any) -> list[float]:
    content = getattr(logprobs, "content", None) if logprobs is not None else None
    values: list[float] = []
    for token in content or ():
        value = getattr(token, "logprob", None)
        if isinstance(value, int | float):
            values.append(float(value))
    return values


def logprob_tokens(logprobs: Any) -> list[Any]:
    """The generated tokens with their logprobs (and top alternatives, where asked for)."""
    content = getattr(logprobs, "content", None) if logprobs is not None else None
    return list(content or ())


_TOOL_NAME = re.compile(r'^\{\s*"tool"\s*:\s*"')


def no_tool_probability(tokens: Sequence[Any], no_tool: str = "none") -> float | None:
    """How much probability the model gave to answering without a tool, at the token where a
    constrained-JSON answer names its tool (``{"tool":"<name>"…``): the summed top alternatives that
    begin the word ``no_tool``. None where that token or its alternatives are not known (native tool
    calls, a server without ``top_logprobs``). A model that chose a write while giving real weight to
    answering in words was unsure it was asked to write."""
    pieces = [getattr(token, "token", None) for token in tokens]
    if not all(isinstance(piece, str) for piece in pieces):
        return None
    match = _TOOL_NAME.match("".join(pieces))
    if match is None:
        return None
    at = 0
    for token, piece in zip(tokens, pieces, strict=True):
        if at <= match.end() < at + len(piece):  # the token that begins the tool's name
            return _starts_word(token, no_tool, offset=match.end() - at)
        at += len(piece)
    return None


_REQUEST_VALUE = re.compile(r'"request"\s*:\s*"')


def request_weights(tokens: Sequence[Any], kinds: Iterable[str]) -> dict[str, float] | None:
    """How the model weighed each request kind (``constrained.REQUEST_KINDS``) where its constrained-JSON
    answer names one (``…"request": "<kind>"}``): the summed top alternatives at the token that begins the
    kind, each credited to the one kind it begins (a piece that begins several is no one's). None where
    that token or its alternatives are not known. Its chosen kind is the model's first look; these weights
    say how sure it was — a question read as one about the calendar by a hair is not a calendar question."""
    pieces = [getattr(token, "token", None) for token in tokens]
    if not all(isinstance(piece, str) for piece in pieces):
        return None
    matches = list(_REQUEST_VALUE.finditer("".join(pieces)))
    if not matches:
        return None
    start = matches[-1].end()
    at = 0
    for token, piece in zip(tokens, pieces, strict=True):
        if at <= start < at + len(piece):
            return _kind_weights(token, list(kinds), offset=start - at)
        at += len(piece)
    return None


def _kind_weights(token: Any, kinds: list[str], *, offset: int) -> dict[str, float] | None:
    alternatives = getattr(token, "top_logprobs", None)
    if not alternatives:
        return None
    weights = dict.fromkeys(kinds, 0.0)
    for alternative in alternatives:
        piece = getattr(alternative, "token", "")
        value = getattr(alternative, "logprob", None)
        head = piece[offset:] if isinstance(piece, str) else ""
        begun = [kind for kind in kinds if head and (kind.startswith(head) or head.startswith(kind))]
        if len(begun) == 1 and isinstance(value, int | float):
            weights[begun[0]] = min(1.0, weights[begun[0]] + math.exp(value))
    return weights


def _starts_word(token: Any, word: str, *, offset: int) -> float | None:
    alternatives = getattr(token, "top_logprobs", None)
    if not alternatives:
        return None
    total = 0.0
    for alternative in alternatives:
        piece = getattr(alternative, "token", "")
        value = getattr(alternative, "logprob", None)
        head = piece[offset:] if isinstance(piece, str) else ""
        if head and word.startswith(head) and isinstance(value, int | float):
            total += math.exp(value)
    return min(1.0, total)


def mean_logprob(values: Iterable[float]) -> float | None:
    items = list(values)
    return sum(items) / len(items) if items else None
