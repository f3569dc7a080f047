"""Reading a streamed chat completion: text as it arrives, tool-call fragments joined, the final response.

In JSON mode only the ``reply`` string is passed on as text (decoded while it streams); a tool call is
emitted whole, once its JSON is complete.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent.model.constrained import (
    NO_TOOL,
    REQUEST_KINDS,
    ConstrainedAnswer,
    ReplyStreamer,
    parse_constrained,
)
from agent.model.messages import ModelResponse, ServerTimings, ToolCall, ToolMode, ToolSpec
from agent.model.wire import (
    finish_reason,
    logprob_tokens,
    logprob_values,
    mean_logprob,
    no_tool_probability,
    parse_native_call,
    request_weights,
    timings_from,
    usage_from,
)

__all__ = ["StreamAccumulator"]

_TOKENS_KEPT = 64
"""The tool's name comes within an answer's first tokens; the rest are not kept."""
_TAIL_KEPT = 16
"""The request kind comes within its last tokens (``…"request": "<kind>"}``)."""


class StreamAccumulator:
    """Accumulates the chunks of one streamed answer into a ``ModelResponse``."""

    def __init__(self, *, mode: ToolMode, constrained: bool, model: str) -> None:
        self.mode = mode
        self.model = model
        self.parts: list[str] = []
        self.calls: dict[int, dict[str, Any]] = {}
        self.finish_raw: str | None = None
        self.usage: Any = None
        self.logprobs: list[float] = []
        self.tokens: list[Any] = []
        self.tail: list[Any] = []
        self.timings: ServerTimings | None = None
        self.streamer = ReplyStreamer() if constrained else None
        self.emitted = ""

    def add(self, chunk: Any) -> str:
        self.model = getattr(chunk, "model", None) or self.model
        if getattr(chunk, "usage", None) is not None:
            self.usage = chunk.usage
        self.timings = timings_from(chunk) or self.timings
        out = ""
        for choice in chunk.choices or ():
            delta = choice.delta
            if delta is not None and delta.content:
                self.parts.append(delta.content)
                out += self.streamer.feed(delta.content) if self.streamer else delta.content
            for piece in (delta.tool_calls or ()) if delta is not None else ():
                slot = self.calls.setdefault(piece.index, {"id": None, "name": None, "arguments": ""})
                if piece.id:
                    slot["id"] = piece.id
                if piece.function is not None:
                    if piece.function.name:
                        slot["name"] = piece.function.name
                    slot["arguments"] += piece.function.arguments or ""
            if choice.finish_reason:
                self.finish_raw = choice.finish_reason
            self.logprobs += logprob_values(getattr(choice, "logprobs", None))
            if self.streamer is not None:
                tokens = logprob_tokens(getattr(choice, "logprobs", None))
                if len(self.tokens) < _TOKENS_KEPT:
                    self.tokens += tokens
                self.tail = (self.tail + tokens)[-_TAIL_KEPT:]
        self.emitted += out
        return out

    def finish(self, tools: Sequence[ToolSpec]) -> ModelResponse:
        content = "".join(self.parts)
        calls: tuple[ToolCall, ...]
        request = None
        if self.streamer is not None:  # no content at all is no answer, as in ``OpenAIModel._decode``
            answer = parse_constrained(content, tools) if content.strip() else ConstrainedAnswer()
            text, calls, request = answer.text, answer.calls, answer.request
        else:
            text = content
            calls = tuple(
                parse_native_call(slot["id"], slot["name"], slot["arguments"], tools)
                for _, slot in sorted(self.calls.items())
            )
        finish = finish_reason(self.finish_raw)
        if calls and finish == "stop":
            finish = "tool_calls"
        return ModelResponse(
            text=text,
            tool_calls=calls,
            finish_reason=finish,
            usage=usage_from(self.usage),
            mean_logprob=mean_logprob(self.logprobs),
            request=request,
            no_tool_p=no_tool_probability(self.tokens, NO_TOOL) if calls and self.streamer else None,
            request_p=request_weights(self.tail, REQUEST_KINDS) if request else None,
            mode=self.mode,
            model=self.model,
            timings=self.timings,
        )
