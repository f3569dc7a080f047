"""Is the model reachable? One public check, for readiness probes (``/readyz``) and status lines.

    from agent.model import reachable
    if not await reachable(model):       # True when the endpoint answers; never raises for a dead endpoint
        ...

How each kind of model answers:

- a model with its own ``async def ping() -> bool`` (:class:`Pingable`) is asked;
- an :class:`~agent.model.OpenAIModel` (a remote endpoint or the embedded llama.cpp server): ``GET
  {base_url}/models`` with its key — cheap, no tokens. Any answer below 500 counts (the server is up even if
  it does not list models or refuses the key there); 5xx, a refused connection or a transport error do not;
- anything else (``ScriptedModel``) runs in this process and is reachable.

:func:`endpoint_of` gives the base URL and key an ``OpenAIModel`` talks to (the embedded server's URL is
only known once it started), so callers never reach into the model's client.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import httpx

from agent.model.openai_model import OpenAIModel

__all__ = ["Endpoint", "Pingable", "endpoint_of", "reachable"]

DEFAULT_TIMEOUT_S = 2.0


@runtime_checkable
class Pingable(Protocol):
    """A model that can tell whether it is reachable (cheaply: no tokens)."""

    async def ping(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Endpoint:
    """An OpenAI-compatible ``/v1`` base URL and the bearer key sent to it."""

    base_url: str
    api_key: str = field(default="none", repr=False)

    async def ping(
        self, *, timeout_s: float = DEFAULT_TIMEOUT_S, transport: httpx.AsyncBaseTransport | None = None
    ) -> bool:
        """``GET {base_url}/models``: true for any answer below 500; false for 5xx or no answer."""
        try:
            async with httpx.AsyncClient(timeout=timeout_s, transport=transport) as client:
                response = await client.get(
                    self.base_url.rstrip("/") + "/models",
                    headers={"Authorization": f"Bearer {self.api_key}"},
                )
        except (httpx.HTTPError, OSError):
            return False
        return response.status_code < 500


def endpoint_of(model: object) -> Endpoint | None:
    """Where an ``OpenAIModel`` sends its requests; ``None`` for a model that has no endpoint."""
    if not isinstance(model, OpenAIModel):
        return None
    return Endpoint(model.base_url, model.api_key)


async def reachable(
    model: object, *, timeout_s: float = DEFAULT_TIMEOUT_S, transport: httpx.AsyncBaseTransport | None = None
) -> bool:
    """Whether ``model`` answers now (see the module docstring). ``transport``: tests stub the network."""
    if isinstance(model, Pingable):
        return bool(await model.ping())
    endpoint = endpoint_of(model)
    if endpoint is None:
        return True  # in-process
    return await endpoint.ping(timeout_s=timeout_s, transport=transport)
