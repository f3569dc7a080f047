"""Building the FastAPI app.

    app = create_app(db, assistant, clock=lambda: datetime.now(UTC))     # tests: a scripted model
    uvicorn.run("agent.api.app:app_from_env", factory=True, workers=4)   # ``kairos serve``

``create_app`` takes what it serves; ``app_from_env`` is the outermost entry point: it opens the database
(``KAIROS_DATABASE_URL``, migrating it) and the model (``agent.model.open_model``) when the worker starts
and closes them when it stops. ``/readyz`` asks the assistant's model through ``agent.model.reachable``
unless a ``model_probe`` is given. Workers keep no state between requests: replies, pending commands,
idempotency records and the rate window are all in the database.

Every request passes ``BodyLimit`` first (``agent.api.body_limit``): an oversized body is refused before
routing, parsing or auth read it.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI

from agent import Assistant
from agent.api import chat, events, health
from agent.api.body_limit import BodyLimit, Scope
from agent.api.errors import install_handlers
from agent.api.limits import body_limit
from agent.api.services import ModelProbe, Services
from agent.api.settings import ApiSettings
from agent.model import Endpoint, reachable
from schedule_time.language import warm_up as warm_up_time_scanners
from storage import Database

__all__ = ["app_from_env", "assistant_model_probe", "create_app", "http_model_probe"]

log = logging.getLogger("kairos.api")
DESCRIPTION = (
    "kairos, a calendar assistant that never writes what you did not ask for and never claims a write "
    "the database did not make. Authenticate with `Authorization: Bearer <key>` (`kairos users add`)."
)


def _build(lifespan: Any = None) -> FastAPI:
    app = FastAPI(title="kairos", version="0.1.0", description=DESCRIPTION, lifespan=lifespan)
    defaults = ApiSettings()

    def limit_for(scope: Scope) -> int:
        svc = getattr(app.state, "services", None)  # set by create_app, or by the served app's lifespan
        path, root = scope["path"], scope.get("root_path", "")
        route = path[len(root) :] if root and path.startswith(root) else path
        kind = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"content-type"), "")
        return body_limit(route, svc.settings if svc is not None else defaults, kind)

    app.add_middleware(BodyLimit, limit_for=limit_for)
    install_handlers(app)
    app.include_router(health.router)
    app.include_router(chat.router)
    app.include_router(events.router)
    return app


def create_app(
    db: Database,
    assistant: Assistant,
    *,
    clock: Callable[[], datetime],
    settings: ApiSettings | None = None,
    model_probe: ModelProbe | None = None,
) -> FastAPI:
    app = _build()
    svc = Services(db, assistant, clock, settings or ApiSettings())
    svc.model_probe = model_probe or assistant_model_probe(svc)
    app.state.services = svc
    return app


def assistant_model_probe(svc: Services) -> ModelProbe:
    """``/readyz`` asks whatever model the assistant holds when the probe runs (``agent.model.reachable``)."""

    async def probe() -> bool:
        return await reachable(svc.assistant.model, timeout_s=svc.settings.ready_timeout_s)

    return probe


def http_model_probe(base_url: str, api_key: str = "none") -> ModelProbe:
    """A probe that asks an OpenAI-compatible endpoint for ``/models`` (cheap; no tokens)."""
    return Endpoint(base_url, api_key).ping


def _real_clock() -> datetime:
    return datetime.now(UTC)


def app_from_env() -> FastAPI:
    """The served app: database and model from the environment, the real clock."""
    from agent.model import ModelSettings, open_model

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        settings = ApiSettings.from_env()
        model_settings = ModelSettings.from_env()
        # Compile the time scanners once (~1-3 s) so no request pays for it.
        warm_up_time_scanners()
        db = await Database.open()
        try:
            async with open_model(model_settings) as model:
                assistant = Assistant(db, model, clock=_real_clock)
                svc = Services(db, assistant, _real_clock, settings)
                svc.model_probe = assistant_model_probe(svc)  # the endpoint the model really talks to
                app.state.services = svc
                svc.listings.start()
                try:
                    yield
                finally:
                    svc.listings.close()
        finally:
            await db.close()

    return _build(lifespan)
