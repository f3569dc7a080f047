from __future__ import annotations

import pytest

import agent.model
from agent.model import (
    EmbeddedModelError,
    ModelError,
    ModelOutputError,
    ModelRateLimitedError,
    ModelRejectedError,
    ModelTimeoutError,
    ModelUnavailableError,
)


@pytest.mark.parametrize(
    ("error_type", "kind"),
    [
        (ModelUnavailableError, "unavailable"),
        (EmbeddedModelError, "unavailable"),
        (ModelTimeoutError, "timeout"),
        (ModelRateLimitedError, "rate_limited"),
        (ModelRejectedError, "rejected"),
        (ModelOutputError, "malformed_output"),
    ],
)
def test_every_failure_has_a_kind_and_a_safe_message(error_type: type[ModelError], kind: str) -> None:
    error = error_type("operator detail")
    assert isinstance(error, ModelError) and error.kind == kind
    assert error.safe_message and "operator detail" not in error.safe_message


def test_the_public_surface_is_exactly_all() -> None:
    public = {name for name in dir(agent.model) if not name.startswith("_")}
    modules = {
        "constrained",
        "embedded",
        "errors",
        "messages",
        "openai_model",
        "protocol",
        "retry",
        "scripted",
    }
    modules |= {"settings", "tool_prompt", "wire", "weights", "serve_embedded", "factory", "stream_state"}
    modules |= {"reachability"}
    assert public - modules == set(agent.model.__all__)
    assert len(agent.model.__all__) == len(set(agent.model.__all__))
