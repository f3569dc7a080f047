"""Fixtures for the HTTP API tests: the ASGI app over httpx (no sockets), a scripted model, a real
database (SQLite; PostgreSQL too when ``KAIROS_TEST_POSTGRES_URL`` is set).

``api`` gives a user with a key and a client already sending it; ``api.script(...)`` swaps the model;
``api.other()`` makes a second user with their own key on the same app.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest

from agent import Assistant
from agent.api import ApiSettings, create_app
from agent.model import ScriptedModel
from agent.model.scripted import Step
from storage import Database, EventSnapshot
from tests.storage.fixtures import database, make_user, storage_backend

__all__ = ["NOW", "NY", "Api", "Clock", "api", "database", "make_user", "sse_events", "storage_backend"]

NY = ZoneInfo("America/New_York")
NOW = datetime(2025, 3, 5, 9, 0, tzinfo=NY)  # a Wednesday


class Clock:
    """Advances one millisecond per read, so every request has its own ``now``."""

    def __init__(self, start: datetime = NOW) -> None:
        self._ticks = itertools.count()
        self.start = start

    def __call__(self) -> datetime:
        return self.start + timedelta(milliseconds=next(self._ticks))


@dataclass
class Api:
    db: Database
    app: Any
    client: httpx.AsyncClient
    user_id: uuid.UUID
    key: str
    assistant: Assistant
    model: ScriptedModel
    clients: list[httpx.AsyncClient] = field(default_factory=list)

    def script(self, *steps: Step) -> ScriptedModel:
        self.model = ScriptedModel(list(steps))
        self.assistant.model = self.model
        return self.model

    async def other(self, timezone: str = "Asia/Shanghai") -> tuple[httpx.AsyncClient, uuid.UUID]:
        user = await self.db.users.create(name="Other", timezone=timezone, locale="zh-CN", now=NOW)
        issued = await self.db.api_keys.issue(user.id, now=NOW)
        client = _client(self.app, issued.key)
        self.clients.append(client)
        return client, user.id

    async def events(self) -> list[EventSnapshot]:
        return await self.db.events(self.user_id).list_events()


def _client(app: Any, key: str | None) -> httpx.AsyncClient:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://kairos", headers=headers
    )


async def make_api(db: Database, settings: ApiSettings | None = None, **app_kwargs: Any) -> Api:
    user = await db.users.create(name="Ada", timezone="America/New_York", locale="en-US", now=NOW)
    issued = await db.api_keys.issue(user.id, now=NOW)
    model = ScriptedModel([])
    clock = Clock()
    assistant = Assistant(db, model, clock=clock)
    app = create_app(db, assistant, clock=clock, settings=settings or ApiSettings(), **app_kwargs)
    return Api(db, app, _client(app, issued.key), user.id, issued.key, assistant, model)


@pytest.fixture
async def api(database: Database) -> AsyncIterator[Api]:
    kit = await make_api(database)
    try:
        yield kit
    finally:
        for client in [kit.client, *kit.clients]:
            await client.aclose()


def sse_events(body: str) -> list[tuple[str, Any]]:
    """``[(event, parsed data), ...]`` from an SSE body (comments and pings skipped)."""
    import json

    out: list[tuple[str, Any]] = []
    for block in body.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in block.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
        if data:
            out.append((name, json.loads("\n".join(data))))
    return out
