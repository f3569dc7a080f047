"""The model layer's vocabulary: messages, tool specs, tool calls, responses and stream events.

These are the only shapes that cross the boundary between the agent and a model. They are plain frozen
dataclasses (no provider types leak out), so the agent, the scripted test model and the OpenAI client all
speak the same language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

ToolMode = Literal["native", "json"]
"""How tools are offered: ``native`` (``tools=`` / ``tool_calls``) or ``json`` (a constrained JSON reply)."""

ToolChoice = Literal["auto", "none", "required"]
"""Whether the model may, must not, or must call a tool."""

FinishReason = Literal["stop", "tool_calls", "length", "content_filter", "other"]


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool as the model sees it: produced by the agent's registry from a pydantic argument model.

    ``parameters`` is the JSON schema of the arguments (``model_json_schema()`` output, ``$defs`` allowed).
    Both the native ``tools=`` payload and the constrained-JSON schema are built from it.

    ``examples``: (user message, arguments) pairs, with ``request``: the kind of message they are. In constrained-JSON mode they are rendered under the
    tool as the exact answer expected for that message; small models copy the shape of an example (which
    fields to leave out, times as the user said them) far more reliably than they follow a rule.
    """

    name: str
    description: str
    parameters: Mapping[str, Any]
    examples: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    request: str | None = None
    """The request kind its examples answer (``constrained.REQUEST_KINDS``), shown with them."""


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A request by the model to run one tool. ``arguments`` is the decoded JSON object, not yet validated."""

    id: str
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True, slots=True)
class SystemMessage:
    content: str
    role: Literal["system"] = "system"


@dataclass(frozen=True, slots=True)
class UserMessage:
    content: str
    role: Literal["user"] = "user"


@dataclass(frozen=True, slots=True)
class AssistantMessage:
    """What the model said earlier: text, tool calls, or both. Sent back with ``content: ""``, never null."""

    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    role: Literal["assistant"] = "assistant"
    request: str | None = None
    """The request kind the answer gave (constrained JSON replays it as it was)."""


@dataclass(frozen=True, slots=True)
class ToolResultMessage:
    """The result of one tool call, as text the model may read (never a raw exception)."""

    tool_call_id: str
    name: str
    content: str
    role: Literal["tool"] = "tool"


Message = SystemMessage | UserMessage | AssistantMessage | ToolResultMessage


@dataclass(frozen=True, slots=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_prompt_tokens: int | None = None
    """Prompt tokens served from the server's prefix cache, where the server reports it."""


@dataclass(frozen=True, slots=True)
class ServerTimings:
    """llama.cpp's own timing report (absent for other servers): the source of tokens-per-second figures."""

    prompt_tokens: int
    prompt_ms: float
    generated_tokens: int
    generated_ms: float
    cached_tokens: int | None = None

    @property
    def prompt_per_second(self) -> float | None:
        return self.prompt_tokens * 1000.0 / self.prompt_ms if self.prompt_ms > 0 else None

    @property
    def generated_per_second(self) -> float | None:
        return self.generated_tokens * 1000.0 / self.generated_ms if self.generated_ms > 0 else None


@dataclass(frozen=True, slots=True)
class ModelResponse:
    """One completed model turn: a reply text, tool calls, or (rarely) both."""

    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: FinishReason = "stop"
    usage: Usage = field(default_factory=Usage)
    mean_logprob: float | None = None
    """Mean token log-probability of the output (a confidence signal), where the server returns logprobs."""
    request: str | None = None
    """The model's reading of the message (``constrained.REQUEST_KINDS``) where its answer gives one."""
    no_tool_p: float | None = None
    """The probability the model gave to answering without a tool where its answer named a tool
    (``wire.no_tool_probability``); None where unknown."""
    request_p: Mapping[str, float] | None = None
    """The weight the model gave each request kind where it named one (``wire.request_weights``)."""
    mode: ToolMode = "native"
    latency_s: float = 0.0
    model: str = ""
    timings: ServerTimings | None = None

    def as_message(self) -> AssistantMessage:
        """The assistant message to append to the conversation before sending tool results back."""
        return AssistantMessage(content=self.text, tool_calls=self.tool_calls, request=self.request)


@dataclass(frozen=True, slots=True)
class TextDelta:
    """A piece of reply text, in order; their concatenation is the final ``ModelResponse.text``."""

    text: str
    type: Literal["text"] = "text"


@dataclass(frozen=True, slots=True)
class ToolCallEvent:
    """One complete tool call (arguments decoded), emitted once it has fully arrived."""

    call: ToolCall
    type: Literal["tool_call"] = "tool_call"


@dataclass(frozen=True, slots=True)
class Completed:
    """The last event of every stream: the same response ``complete`` would have returned."""

    response: ModelResponse
    type: Literal["completed"] = "completed"


StreamEvent = TextDelta | ToolCallEvent | Completed
