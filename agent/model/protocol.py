"""The one interface the agent talks to: an async ``Model``.

Implementations: ``OpenAIModel`` (any OpenAI-compatible endpoint, the embedded model included) and
``ScriptedModel`` (tests). Both return the same ``ModelResponse`` and raise only ``ModelError``s.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Protocol, runtime_checkable

from agent.model.messages import Message, ModelResponse, StreamEvent, ToolChoice, ToolSpec

__all__ = ["Model"]


@runtime_checkable
class Model(Protocol):
    @property
    def name(self) -> str:
        """The model name, for telemetry."""
        ...

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        tool_choice: ToolChoice = "auto",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> ModelResponse:
        """One model round trip. Raises ``ModelError`` subclasses only.

        Put only static text (instructions) in the first ``SystemMessage``: it and the tool descriptions
        form the prefix that the server caches; dynamic context (now, timezone, user) goes after it.
        """
        ...

    def stream(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        tool_choice: ToolChoice = "auto",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> AsyncIterator[StreamEvent]:
        """Like ``complete``, as events: ``TextDelta``s, ``ToolCallEvent``s, then exactly one ``Completed``."""
        ...

    async def warm(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> None:
        """Send the static prefix (the first system message + tools) once, so the first user turn is warm.

        Costs one round trip with a one-token answer; a no-op for models without a prefix cache.
        """
        ...

    async def aclose(self) -> None:
        """Release connections (and, for the embedded model, nothing else: the server has its own owner)."""
        ...
