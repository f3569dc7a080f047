"""The scripted model: the only model the unit suite uses.

A ``ScriptedModel`` answers from a queue of steps or from a function of the conversation, and records
every call it receives, so a test can assert what was sent and count the model round trips::

    model = ScriptedModel([call("create_event", {"title": "Meet Zhang San", "when": "tomorrow 3pm"})])
    response = await model.complete(messages, tools)
    assert model.call_count == 1

A step is a ``ModelResponse``, a plain ``str`` (a reply), a ``ToolCall``, or a ``ModelError`` instance
(raised, to test how the agent handles provider failures).
"""

from __future__ import annotations

from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from agent.model.constrained import new_call_id
from agent.model.errors import ModelError
from agent.model.messages import (
    Completed,
    Message,
    ModelResponse,
    StreamEvent,
    TextDelta,
    ToolCall,
    ToolCallEvent,
    ToolChoice,
    ToolMode,
    ToolSpec,
)

__all__ = ["RecordedCall", "ScriptExhaustedError", "ScriptedModel", "Step", "call", "reply"]

Step = ModelResponse | str | ToolCall | ModelError
Script = Callable[[Sequence[Message], Sequence[ToolSpec]], Step]


class ScriptExhaustedError(AssertionError):
    """The code under test made more model calls than the test scripted."""


@dataclass(frozen=True, slots=True)
class RecordedCall:
    messages: tuple[Message, ...]
    tools: tuple[ToolSpec, ...]
    tool_choice: ToolChoice
    streamed: bool


def reply(text: str, *, request: str | None = None) -> ModelResponse:
    """A step that answers with text and no tool (``request``: the kind the model read the message as)."""
    return ModelResponse(text=text, finish_reason="stop", request=request)


def call(
    name: str,
    arguments: dict[str, Any] | None = None,
    *,
    id: str | None = None,
    request: str | None = None,
    no_tool_p: float | None = None,
    mean_logprob: float | None = None,
) -> ModelResponse:
    """A step that calls one tool (``no_tool_p``: the weight the model gave to answering without one;
    ``mean_logprob``: how fluent the answer was)."""
    tool_call = ToolCall(id=id or new_call_id(), name=name, arguments=dict(arguments or {}))
    return ModelResponse(
        tool_calls=(tool_call,),
        finish_reason="tool_calls",
        request=request,
        no_tool_p=no_tool_p,
        mean_logprob=mean_logprob,
    )


class ScriptedModel:
    """``Model`` played back from a script; see the module docstring."""

    def __init__(self, script: Iterable[Step] | Script, *, name: str = "scripted", mode: ToolMode = "json"):
        self._function: Script | None = script if callable(script) else None
        self._queue: deque[Step] = deque() if callable(script) else deque(script)
        self._name = name
        self._mode = mode
        self.calls: list[RecordedCall] = []
        self.warm_calls: list[RecordedCall] = []

    @property
    def name(self) -> str:
        return self._name

    @property
    def call_count(self) -> int:
        return len(self.calls)

    @property
    def remaining(self) -> int:
        """Queued steps not yet played (a test can assert the script was used up)."""
        return len(self._queue)

    def push(self, *steps: Step) -> None:
        self._queue.extend(steps)

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        tool_choice: ToolChoice = "auto",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> ModelResponse:
        return self._next(messages, tools, tool_choice, streamed=False)

    async def stream(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        tool_choice: ToolChoice = "auto",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> AsyncIterator[StreamEvent]:
        response = self._next(messages, tools, tool_choice, streamed=True)
        words = response.text.split(" ")
        for index, word in enumerate(words):
            piece = word if index == len(words) - 1 else word + " "
            if piece:
                yield TextDelta(piece)
        for tool_call in response.tool_calls:
            yield ToolCallEvent(tool_call)
        yield Completed(response)

    async def warm(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> None:
        """Recorded in ``warm_calls``; not a round trip, so not in ``calls``."""
        self.warm_calls.append(RecordedCall(tuple(messages), tuple(tools), "auto", streamed=False))

    async def aclose(self) -> None:
        return None

    def _next(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec],
        tool_choice: ToolChoice,
        *,
        streamed: bool,
    ) -> ModelResponse:
        self.calls.append(RecordedCall(tuple(messages), tuple(tools), tool_choice, streamed))
        if self._function is not None:
            step = self._function(messages, tools)
        elif self._queue:
            step = self._queue.popleft()
        else:
            raise ScriptExhaustedError(f"model called {len(self.calls)} times; the script had fewer steps")
        if isinstance(step, ModelError):
            raise step
        if isinstance(step, str):
            step = reply(step)
        elif isinstance(step, ToolCall):
            step = ModelResponse(tool_calls=(step,), finish_reason="tool_calls")
        known = {tool.name for tool in tools}
        for tool_call in step.tool_calls:
            if tool_call.name not in known:
                raise AssertionError(f"scripted call to {tool_call.name!r}, which was not offered")
        return replace(step, mode=self._mode, model=step.model or self._name)
