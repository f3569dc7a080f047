"""What the model reads back of its own calls: each call's result as a compact JSON text, the conversation with
its calls and their results, and its answer without a call it repeated word for word."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from agent.model import Message, ModelResponse, ToolResultMessage
from agent.outcomes import Persisted, Rejected
from agent.tools.registry import ReadResult, ToolRun

__all__ = ["distinct_calls", "tool_result_text", "with_results"]


def tool_result_text(run: ToolRun) -> str:
    """What the model reads back: a compact JSON object. Never an exception text, SQL or a trace."""
    result = run.result
    if isinstance(result, ReadResult):
        return result.as_text()
    data: dict[str, Any]
    if isinstance(result, Persisted):
        event = result.result.event
        data = {
            "ok": True,
            "done": result.result.action,
            "title": event.title,
            "start": event.start.isoformat(),
        }
    elif isinstance(result, Rejected) and result.fixable:
        data = {
            "ok": False,
            "error": "invalid_arguments",
            "problems": list(result.problems),
            "hint": "fix these arguments and call the tool again",
        }
    elif isinstance(result, Rejected):
        data = {"ok": False, "error": result.code, "note": "nothing was written; the user was told"}
    else:
        data = {"ok": False, "status": "asked_user", "note": "nothing written yet; the user was asked"}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def distinct_calls(response: ModelResponse) -> ModelResponse:
    """The response with a call repeated word for word dropped: the embedded model sometimes sends one call
    twice, and the second ran against what the first had just written (live: a move of a pending create
    made it, then asked whether to add it again beside itself)."""
    seen: set[str] = set()
    calls = []
    for c in response.tool_calls:
        key = json.dumps([c.name, c.arguments], sort_keys=True, ensure_ascii=False, default=str)
        if key not in seen:
            seen.add(key)
            calls.append(c)
    return response if len(calls) == len(response.tool_calls) else replace(response, tool_calls=tuple(calls))


def with_results(messages: list[Message], response: ModelResponse, results: Sequence[str]) -> list[Message]:
    """The conversation so far, the model's tool calls, and what each call returned."""
    return [
        *messages,
        response.as_message(),
        *(
            ToolResultMessage(c.id, c.name, text)
            for c, text in zip(response.tool_calls, results, strict=True)
        ),
    ]
