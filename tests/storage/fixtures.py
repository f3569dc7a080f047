"""Reusable pytest fixtures for code that needs a real database (SQLite and, when configured, PostgreSQL).

Other test packages import them into their ``conftest.py``::

    from tests.storage.fixtures import NOW, database, make_user, storage_backend, store  # noqa: F401

``storage_backend`` is session-scoped and parameterized: every test using ``database`` runs once per
backend ("sqlite", and "postgres" when ``KAIROS_TEST_POSTGRES_URL`` is set, skipped otherwise). Each backend
gets a fresh, migrated database for the session (a temporary SQLite file; a new PostgreSQL schema that is
dropped afterwards). Tests isolate themselves by creating their own users (``make_user``): every store is
user-scoped, so tests never see each other's rows.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import text

from storage import Database, EventStore, UserProfile, create_engine, upgrade

__all__ = ["NOW", "Backend", "database", "make_user", "storage_backend", "store"]

#: A fixed "now" for tests: Monday 2025-03-03 08:00 in New York.
NOW = datetime(2025, 3, 3, 8, 0, tzinfo=ZoneInfo("America/New_York"))


@dataclass(frozen=True)
class Backend:
    name: str
    url: str
    engine_kwargs: dict[str, Any] = field(default_factory=dict)

    def engine(self) -> Any:
        return create_engine(self.url, **self.engine_kwargs)


def _postgres_url() -> str | None:
    return os.environ.get("KAIROS_TEST_POSTGRES_URL") or None


@pytest.fixture(scope="session", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def storage_backend(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Backend]:
    """A migrated, empty database per backend for the whole session."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("kairos-db") / "kairos.db"
        backend = Backend("sqlite", f"sqlite+aiosqlite:///{path}")
        asyncio.run(upgrade(backend.url))
        yield backend
        return
    url = _postgres_url()
    if url is None:
        pytest.skip("KAIROS_TEST_POSTGRES_URL is not set")
    schema = f"kairos_test_{uuid.uuid4().hex[:12]}"
    backend = Backend("postgres", url, {"connect_args": {"server_settings": {"search_path": schema}}})
    asyncio.run(_create_schema(url, schema, backend))
    try:
        yield backend
    finally:
        asyncio.run(_drop_schema(url, schema))


async def _create_schema(url: str, schema: str, backend: Backend) -> None:
    admin = create_engine(url)
    try:
        async with admin.begin() as conn:
            await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    finally:
        await admin.dispose()
    engine = backend.engine()
    try:
        await upgrade(engine)
    finally:
        await engine.dispose()


async def _drop_schema(url: str, schema: str) -> None:
    admin = create_engine(url)
    try:
        async with admin.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    finally:
        await admin.dispose()


@pytest.fixture
async def database(storage_backend: Backend) -> AsyncIterator[Database]:
    """A ``Database`` on the session's migrated database (a new engine bound to this test's loop)."""
    db = Database(storage_backend.engine())
    try:
        yield db
    finally:
        await db.close()


MakeUser = Callable[..., Awaitable[UserProfile]]


@pytest.fixture
def make_user(database: Database) -> MakeUser:
    """``await make_user(timezone="Asia/Shanghai", name=..., locale=...)``: a fresh user for this test."""

    async def make(
        timezone: str = "America/New_York", name: str = "Test User", locale: str = "en-US"
    ) -> UserProfile:
        return await database.users.create(name=name, timezone=timezone, locale=locale, now=NOW)

    return make


@pytest.fixture
async def store(database: Database, make_user: MakeUser) -> EventStore:
    """An ``EventStore`` for a fresh user in America/New_York."""
    user = await make_user()
    return database.events(user.id)
