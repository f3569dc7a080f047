"""``/readyz``: the database and the model, each checked through a public call (``agent.model.reachable``)."""

from __future__ import annotations

import functools

import httpx

from agent.model import Endpoint, OpenAIModel, endpoint_of, reachable
from storage import Database
from tests.api.fixtures import Api


def _transport(status: int | None) -> httpx.MockTransport:
    """An endpoint that answers ``status`` to ``GET /v1/models`` (``None``: the connection is refused)."""

    def handle(request: httpx.Request) -> httpx.Response:
        if status is None:
            raise httpx.ConnectError("refused", request=request)
        assert request.url.path == "/v1/models" and request.headers["Authorization"] == "Bearer sk-test"
        return httpx.Response(status, json={"data": []})

    return httpx.MockTransport(handle)


def _remote_model() -> OpenAIModel:
    return OpenAIModel(model="m", base_url="http://model.test/v1", api_key="sk-test")


async def test_endpoint_of_an_openai_model_is_public_and_scripted_models_need_none(api: Api) -> None:
    model = _remote_model()
    endpoint = endpoint_of(model)
    assert endpoint is not None and endpoint.base_url.rstrip("/") == "http://model.test/v1"
    assert endpoint.api_key == "sk-test" and "sk-test" not in repr(endpoint)
    assert endpoint_of(api.model) is None and await reachable(api.model)
    await model.aclose()


async def test_reachable_counts_any_answer_below_500() -> None:
    model = _remote_model()
    assert await reachable(model, transport=_transport(200))
    assert await reachable(model, transport=_transport(401))  # up, even if it refuses to list models
    assert not await reachable(model, transport=_transport(503))
    assert not await reachable(model, transport=_transport(None))
    assert not await Endpoint("http://model.test/v1", "sk-test").ping(transport=_transport(502))
    await model.aclose()


async def test_a_model_may_answer_for_itself() -> None:
    class Own:
        async def ping(self) -> bool:
            return False

    assert not await reachable(Own())


async def test_ready_when_database_and_model_answer(api: Api) -> None:
    r = await api.client.get("/readyz")  # the default probe asks the assistant's (scripted) model
    assert r.status_code == 200 and r.json() == {"ready": True, "database": "ok", "model": "ok"}
    model = _remote_model()
    api.app.state.services.model_probe = functools.partial(reachable, model, transport=_transport(200))
    r = await api.client.get("/readyz")
    assert r.status_code == 200 and r.json()["model"] == "ok"
    await model.aclose()


async def test_not_ready_when_the_model_is_down(api: Api) -> None:
    model = _remote_model()
    svc = api.app.state.services
    for status in (None, 503):
        svc.model_probe = functools.partial(reachable, model, transport=_transport(status))
        r = await api.client.get("/readyz")
        assert r.status_code == 503 and r.json() == {"ready": False, "database": "ok", "model": "unreachable"}
    await model.aclose()


async def test_not_ready_when_the_model_endpoint_is_blocked(api: Api) -> None:
    """The default probe against a real OpenAI-compatible model whose port cannot be reached."""
    api.assistant.model = OpenAIModel(model="m", base_url="http://127.0.0.1:9/v1")
    r = await api.client.get("/readyz")
    assert r.status_code == 503 and r.json()["model"] == "unreachable" and r.json()["database"] == "ok"
    await api.assistant.model.aclose()


async def test_not_ready_when_the_database_is_down(api: Api, tmp_path) -> None:  # type: ignore[no-untyped-def]
    broken = await Database.open(f"sqlite+aiosqlite:///{tmp_path / 'missing' / 'no.db'}", migrate=False)
    svc = api.app.state.services
    real, svc.db = svc.db, broken
    try:
        r = await api.client.get("/readyz")
    finally:
        svc.db = real
        await broken.close()
    assert r.status_code == 503 and r.json() == {"ready": False, "database": "unreachable", "model": "ok"}
    assert "no.db" not in r.text
