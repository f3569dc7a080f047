"""Classifying provider failures, the bounded backoff between retries, and spotting rejected options.

``classify`` maps any exception from the ``openai`` SDK to the model-layer hierarchy (``errors``) and says
whether another attempt may help. Nothing here sleeps or reads the clock; the client owns the loop.
"""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass

import openai

from agent.model.errors import (
    ModelError,
    ModelRateLimitedError,
    ModelRejectedError,
    ModelTimeoutError,
    ModelUnavailableError,
)

__all__ = ["OPTION_KEYWORDS", "Classified", "backoff_s", "classify", "rejected_options"]

OPTION_KEYWORDS: dict[str, tuple[str, ...]] = {
    # Optional request parts, and the words by which a server's 400 names them.
    "logprobs": ("logprobs",),
    "chat_template_kwargs": ("chat_template_kwargs", "enable_thinking"),
    "stream_options": ("stream_options", "include_usage"),
    "tools": ("tools", "tool_choice", "function calling", "tool calling"),
    "response_format": ("response_format", "json_schema"),
    "grammar": ("grammar", "llguidance"),
}
_TRANSIENT_STATUS = {408, 409, 425, 500, 502, 503, 504, 520, 522, 524, 529}


@dataclass(frozen=True, slots=True)
class Classified:
    error: ModelError
    retryable: bool
    retry_after_s: float | None = None
    rejection_text: str = ""
    """For a 400/422: the server's words in lower case, searched for option names (never shown anyone)."""


def classify(exc: BaseException) -> Classified:
    if isinstance(exc, ModelError):
        return Classified(exc, retryable=False)
    if isinstance(exc, openai.APITimeoutError):
        return Classified(ModelTimeoutError("request timed out"), retryable=True)
    if isinstance(exc, openai.APIConnectionError):
        return Classified(ModelUnavailableError("connection failed"), retryable=True)
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        if status == 429:
            after = _retry_after(exc)
            error = ModelRateLimitedError("rate limited", retry_after_s=after)
            return Classified(error, retryable=True, retry_after_s=after)
        if status in _TRANSIENT_STATUS or status >= 500:
            return Classified(
                ModelUnavailableError(f"server error {status}", status_code=status), retryable=True
            )
        text = ""
        if status in (400, 422):
            text = _rejection_text(exc)
        return Classified(
            ModelRejectedError(f"request rejected ({status})", status_code=status), False, None, text
        )
    if isinstance(exc, openai.APIResponseValidationError):
        return Classified(ModelUnavailableError("unexpected response shape"), retryable=False)
    if isinstance(exc, openai.OpenAIError):
        return Classified(ModelUnavailableError("client error"), retryable=False)
    transport = _transport_kind(exc)
    if transport == "timeout":
        return Classified(ModelTimeoutError("read timed out"), retryable=True)
    if transport == "transport":
        return Classified(ModelUnavailableError("connection lost"), retryable=True)
    raise exc


def _transport_kind(exc: BaseException) -> str | None:
    """httpx / httpx2 errors that escape the SDK (e.g. while a stream is read), by class name."""
    for cls in type(exc).__mro__:
        if cls.__module__.split(".")[0] not in ("httpx", "httpx2"):
            continue
        if cls.__name__ == "TimeoutException":
            return "timeout"
        if cls.__name__ in ("TransportError", "RemoteProtocolError", "StreamError"):
            return "transport"
    return None


def rejected_options(rejection_text: str, sent: set[str]) -> set[str]:
    """Which of the optional parts that were sent the server's rejection names."""
    return {name for name in sent if any(word in rejection_text for word in OPTION_KEYWORDS[name])}


def backoff_s(attempt: int, *, base_s: float, max_s: float, retry_after_s: float | None = None) -> float:
    """Exponential backoff with full jitter; a server's Retry-After wins when it is given (capped)."""
    if retry_after_s is not None:
        return min(max(retry_after_s, 0.0), max_s)
    return random.uniform(0.0, min(max_s, base_s * (2**attempt)))


def _retry_after(exc: openai.APIStatusError) -> float | None:
    value = exc.response.headers.get("retry-after") if exc.response is not None else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def _rejection_text(exc: openai.APIStatusError) -> str:
    parts = [str(getattr(exc, "message", "") or "")]
    with contextlib.suppress(TypeError, ValueError):
        parts.append(json.dumps(exc.body, ensure_ascii=False))
    return " ".join(parts).lower()
