"""The production model: any OpenAI-compatible chat-completions endpoint, through ``openai.AsyncOpenAI``.

Per call: build the request for the current tool mode, send it with a bounded retry for transient
failures, drop optional parts the server rejects (remembered for later calls), decode the answer into
``ToolCall``s, and re-ask once if the answer is malformed. Every failure leaves as a ``ModelError``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, Literal

import openai

from agent.model.constrained import (
    NO_TOOL,
    REQUEST_KINDS,
    ConstrainedAnswer,
    build_response_schema,
    llguidance_grammar,
    parse_constrained,
)
from agent.model.errors import ModelOutputError
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
    UserMessage,
)
from agent.model.retry import backoff_s, classify, rejected_options
from agent.model.settings import ModelSettings, ToolModeSetting
from agent.model.stream_state import StreamAccumulator
from agent.model.wire import (
    finish_reason,
    logprob_tokens,
    logprob_values,
    mean_logprob,
    native_tools,
    no_tool_probability,
    parse_native_call,
    request_weights,
    timings_from,
    to_wire_messages,
    usage_from,
)

__all__ = ["OpenAIModel"]

_REASK = "Your previous answer could not be read. Answer again, following the required format exactly."
TOP_LOGPROBS = 8
"""Alternatives asked for per generated token (llama.cpp and OpenAI both take up to 20)."""
_SOFT_OPTIONS = frozenset({"logprobs", "chat_template_kwargs", "stream_options"})


class OpenAIModel:
    """``Model`` on an OpenAI-compatible endpoint. Construct directly, or with ``from_settings``."""

    def __init__(
        self,
        *,
        model: str,
        base_url: str | None,
        api_key: str = "none",
        tool_mode: ToolModeSetting = "auto",
        timeout_s: float = 60.0,
        connect_timeout_s: float = 5.0,
        max_retries: int = 2,
        max_tokens: int = 512,
        temperature: float = 0.0,
        logprobs: bool = True,
        thinking: bool = False,
        http_client: Any = None,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        backoff_base_s: float = 0.5,
        backoff_max_s: float = 8.0,
        json_grammar: Literal["response_format", "llguidance"] = "response_format",
    ) -> None:
        self._model = model
        self._client = openai.AsyncOpenAI(
            api_key=api_key,
            base_url=base_url,
            timeout=openai.Timeout(timeout_s, connect=connect_timeout_s),
            max_retries=0,  # retries are ours: bounded, classified, with backoff
            http_client=http_client,
        )
        self._tool_mode = tool_mode
        self._json_fallback = False
        self._unsupported: set[str] = set()
        self._max_retries = max_retries
        self._max_tokens = max_tokens
        self._temperature = temperature
        self._logprobs = logprobs
        self._thinking = thinking
        self._sleep = sleep
        self._backoff = (backoff_base_s, backoff_max_s)
        # How JSON mode constrains the answer: the portable ``response_format``, or (llama.cpp built with
        # llguidance, as the embedded server is) a ``grammar`` that also enforces compact JSON. A server
        # that rejects ``grammar`` gets ``response_format`` from then on.
        self._json_grammar = json_grammar

    @classmethod
    def from_settings(
        cls,
        settings: ModelSettings,
        *,
        base_url: str | None = None,
        tool_mode: ToolModeSetting | None = None,
        **kwargs: Any,
    ) -> OpenAIModel:
        return cls(
            model=settings.model,
            base_url=base_url or settings.base_url,
            api_key=settings.api_key,
            tool_mode=tool_mode or settings.tool_mode,
            timeout_s=settings.timeout_s,
            connect_timeout_s=settings.connect_timeout_s,
            max_retries=settings.max_retries,
            max_tokens=settings.max_tokens,
            temperature=settings.temperature,
            logprobs=settings.logprobs,
            thinking=settings.thinking,
            **kwargs,
        )

    @property
    def name(self) -> str:
        return self._model

    @property
    def base_url(self) -> str:
        """The ``/v1`` URL requests go to (for readiness checks and status lines)."""
        return str(self._client.base_url)

    @property
    def api_key(self) -> str:
        return str(self._client.api_key)

    @property
    def mode(self) -> ToolMode:
        """The tool mode the next call uses (``auto`` resolves to native until the server rejects tools)."""
        if self._tool_mode == "json" or (self._tool_mode == "auto" and self._json_fallback):
            return "json"
        return "native"

    @property
    def unsupported_options(self) -> frozenset[str]:
        """Optional request parts this endpoint rejected; they are no longer sent."""
        return frozenset(self._unsupported)

    async def aclose(self) -> None:
        await self._client.close()

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        tool_choice: ToolChoice = "auto",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> ModelResponse:
        started = time.monotonic()
        conversation = list(messages)
        for reask in (False, True):
            raw, mode = await self._send(
                conversation, tools, tool_choice, max_tokens, temperature, stream=False
            )
            try:
                response = self._decode(raw, tools, mode)
            except ModelOutputError:
                if reask:
                    raise
                conversation.append(UserMessage(_REASK))
                continue
            return replace(response, latency_s=time.monotonic() - started)
        raise AssertionError("unreachable")  # pragma: no cover

    async def stream(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        tool_choice: ToolChoice = "auto",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> AsyncIterator[StreamEvent]:
        started = time.monotonic()
        conversation = list(messages)
        for reask in (False, True):
            raw_stream, mode = await self._send(
                conversation, tools, tool_choice, max_tokens, temperature, stream=True
            )
            state = StreamAccumulator(
                mode=mode, constrained=mode == "json" and bool(tools), model=self._model
            )
            try:
                async for chunk in raw_stream:
                    text = state.add(chunk)
                    if text:
                        yield TextDelta(text)
            except Exception as exc:  # a failure mid-stream: classified, not retried (text may be out)
                raise classify(exc).error from exc
            finally:
                await raw_stream.close()
            try:
                response = state.finish(tools)
            except ModelOutputError:
                if reask or state.emitted:
                    raise
                conversation.append(UserMessage(_REASK))
                continue
            rest = response.text[len(state.emitted) :] if response.text.startswith(state.emitted) else ""
            if rest:
                yield TextDelta(rest)
            for call in response.tool_calls:
                yield ToolCallEvent(call)
            yield Completed(replace(response, latency_s=time.monotonic() - started))
            return

    async def warm(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> None:
        """Send the static prefix once (one output token, ignored) so the server caches it."""
        await self._send(messages, tools, "auto", 1, None, stream=False)

    # -- sending ------------------------------------------------------------------------------------

    async def _send(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec],
        tool_choice: ToolChoice,
        max_tokens: int | None,
        temperature: float | None,
        *,
        stream: bool,
    ) -> tuple[Any, ToolMode]:
        drop: set[str] = set()
        blanket_tried = False
        transient_failures = 0
        while True:
            mode: ToolMode = "json" if "tools" in drop else self.mode
            body, sent = self._request(
                messages, tools, tool_choice, max_tokens, temperature, mode, drop, stream
            )
            try:
                result = await self._client.chat.completions.create(**body)
            except Exception as exc:
                verdict = classify(exc)
                if verdict.rejection_text:
                    droppable = set(sent & _SOFT_OPTIONS)
                    droppable |= sent & {"response_format", "grammar"}
                    if "tools" in sent and self._tool_mode == "auto":
                        droppable.add("tools")
                    named = rejected_options(verdict.rejection_text, droppable) - drop
                    if named:
                        drop |= named
                        continue
                    soft = (droppable & _SOFT_OPTIONS) - drop
                    if soft and not blanket_tried:
                        blanket_tried = True
                        drop |= soft
                        continue
                if verdict.retryable and transient_failures < self._max_retries:
                    delay = backoff_s(
                        transient_failures,
                        base_s=self._backoff[0],
                        max_s=self._backoff[1],
                        retry_after_s=verdict.retry_after_s,
                    )
                    transient_failures += 1
                    await self._sleep(delay)
                    continue
                raise verdict.error from exc
            self._remember(drop)
            return result, mode

    def _remember(self, drop: set[str]) -> None:
        if "tools" in drop:
            self._json_fallback = True
        self._unsupported |= drop - {"tools"}

    def _request(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec],
        tool_choice: ToolChoice,
        max_tokens: int | None,
        temperature: float | None,
        mode: ToolMode,
        drop: set[str],
        stream: bool,
    ) -> tuple[dict[str, Any], set[str]]:
        skip = self._unsupported | drop
        body: dict[str, Any] = {
            "model": self._model,
            "messages": to_wire_messages(messages, tools, mode),
            "max_tokens": max_tokens or self._max_tokens,
            "temperature": self._temperature if temperature is None else temperature,
        }
        extra: dict[str, Any] = {}
        sent: set[str] = set()
        if tools and mode == "native":
            body["tools"] = native_tools(tools)
            body["tool_choice"] = tool_choice
            sent.add("tools")
        elif tools:
            schema = build_response_schema(tools, tool_choice)
            if self._json_grammar == "llguidance" and "grammar" not in skip:
                extra["grammar"] = llguidance_grammar(schema)
                sent.add("grammar")
            elif "response_format" not in skip:
                body["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {"name": "answer", "schema": schema},
                }
                sent.add("response_format")
        if self._logprobs and "logprobs" not in skip:
            body["logprobs"] = True
            if mode == "json" and tools:  # the alternatives at the tool's name: ``ModelResponse.no_tool_p``
                body["top_logprobs"] = TOP_LOGPROBS
            sent.add("logprobs")
        if not self._thinking and "chat_template_kwargs" not in skip:
            extra["chat_template_kwargs"] = {"enable_thinking": False}
            sent.add("chat_template_kwargs")
        if stream:
            body["stream"] = True
            if "stream_options" not in skip:
                body["stream_options"] = {"include_usage": True}
                sent.add("stream_options")
        if extra:
            body["extra_body"] = extra
        return body, sent

    # -- decoding -----------------------------------------------------------------------------------

    def _decode(self, raw: Any, tools: Sequence[ToolSpec], mode: ToolMode) -> ModelResponse:
        if not getattr(raw, "choices", None):
            raise ModelOutputError("response without choices")
        choice = raw.choices[0]
        message = choice.message
        content = message.content or ""
        calls: tuple[ToolCall, ...]
        request = None
        if mode == "json" and tools:  # ``content: null`` is no answer (the turn says so), not unreadable
            answer = parse_constrained(content, tools) if content.strip() else ConstrainedAnswer()
            text, calls, request = answer.text, answer.calls, answer.request
        else:
            text = content
            calls = tuple(
                parse_native_call(c.id, c.function.name, c.function.arguments, tools)
                for c in (message.tool_calls or ())
                if getattr(c, "function", None) is not None
            )
        finish = finish_reason(choice.finish_reason)
        if calls and finish == "stop":
            finish = "tool_calls"
        return ModelResponse(
            text=text,
            tool_calls=calls,
            finish_reason=finish,
            usage=usage_from(raw.usage),
            mean_logprob=mean_logprob(logprob_values(choice.logprobs)),
            request=request,
            no_tool_p=(
                no_tool_probability(logprob_tokens(choice.logprobs), NO_TOOL)
                if calls and mode == "json"
                else None
            ),
            request_p=request_weights(logprob_tokens(choice.logprobs), REQUEST_KINDS) if request else None,
            mode=mode,
            model=raw.model or self._model,
            timings=timings_from(raw),
        )
