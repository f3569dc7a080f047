"""Guards for the agent tests: no test reaches a real model.

tests/conftest.py already refuses TCP connections. This adds the model-level guard: the real HTTP
transports under the ``openai`` SDK (httpx and httpx2) and the embedded server's start refuse to run, and
because the SDK would turn a refusal into a connection error (which the code under test may handle
gracefully), every attempt is also recorded and fails the test at teardown. Fakes
(``httpx.MockTransport``, ``ScriptedModel``) are unaffected. Tests marked ``live`` opt out.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest


class RealModelCallError(AssertionError):
    """A unit test tried to call a real model endpoint; use ScriptedModel or a MockTransport."""


@pytest.fixture(autouse=True)
def real_model_attempts(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[str]]:
    attempts: list[str] = []
    if request.node.get_closest_marker("live"):
        yield attempts
        return

    def refuse(what: str):  # type: ignore[no-untyped-def]
        def _refuse(*args: object, **kwargs: object) -> object:
            attempts.append(what)
            raise RealModelCallError(f"a unit test tried to reach a real model ({what}); use ScriptedModel")

        return _refuse

    for module_name in ("httpx", "httpx2"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        monkeypatch.setattr(
            module.AsyncHTTPTransport, "handle_async_request", refuse(f"{module_name} request")
        )
        monkeypatch.setattr(module.HTTPTransport, "handle_request", refuse(f"{module_name} request"))
    embedded = importlib.import_module("agent.model.embedded")
    monkeypatch.setattr(embedded.EmbeddedServer, "start", refuse("embedded server start"))
    yield attempts
    if attempts:
        pytest.fail(f"real model call attempted in a unit test: {attempts}")
