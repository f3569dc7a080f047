"""Alembic: the migrations build exactly the SQLModel schema (no drift), and upgrade is idempotent."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, text
from sqlmodel import SQLModel

from storage import Database, current_revision, data_dir, database_url, head_revision, upgrade
from storage.columns import UTCDateTime
from tests.storage.fixtures import NOW, Backend


def _diff(connection: Connection) -> list[object]:
    context = MigrationContext.configure(
        connection, opts={"compare_type": True, "compare_server_default": True}
    )
    return list(compare_metadata(context, SQLModel.metadata))


async def test_migrated_schema_matches_the_models(storage_backend: Backend) -> None:
    engine = storage_backend.engine()
    try:
        async with engine.connect() as conn:
            assert await conn.run_sync(_diff) == []
        assert await current_revision(engine) == head_revision()
    finally:
        await engine.dispose()


async def test_upgrade_is_idempotent_and_keeps_data(storage_backend: Backend) -> None:
    engine = storage_backend.engine()
    try:
        db = Database(engine)
        user = await db.users.create(name="Keep me", timezone="UTC", locale="en", now=NOW)
        await upgrade(engine)
        await upgrade(engine)
        assert (await db.users.get(user.id)).name == "Keep me"
        assert await current_revision(engine) == head_revision()
    finally:
        await engine.dispose()


async def test_concurrent_upgrades_of_a_fresh_sqlite_file(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'fresh.db'}"
    assert await current_revision(url) is None
    await asyncio.gather(upgrade(url), upgrade(url), upgrade(url))
    assert await current_revision(url) == head_revision()


@pytest.mark.postgres
async def test_concurrent_upgrades_of_a_fresh_postgres_schema(storage_backend: Backend) -> None:
    if storage_backend.name != "postgres":
        pytest.skip("PostgreSQL only")
    schema = f"kairos_fresh_{uuid.uuid4().hex[:10]}"
    fresh = Backend(
        "postgres", storage_backend.url, {"connect_args": {"server_settings": {"search_path": schema}}}
    )
    admin = fresh.engine()
    try:
        async with admin.begin() as conn:
            await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        engines = [fresh.engine() for _ in range(3)]
        await asyncio.gather(*(upgrade(e) for e in engines))
        for e in engines:
            await e.dispose()
        assert await current_revision(admin) == head_revision()
    finally:
        async with admin.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        await admin.dispose()


async def test_database_open_migrates_a_new_file(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'open.db'}"
    async with await Database.open(url) as db:
        assert await current_revision(db.engine) == head_revision()
        async with db.engine.connect() as conn:
            mode = (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar_one()
            keys = (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar_one()
        assert (mode, keys) == ("wal", 1)


def test_default_url_lives_in_the_data_dir(tmp_path: Path) -> None:
    env = {"KAIROS_DATA_DIR": str(tmp_path / "deep" / "data")}
    assert database_url(env) == f"sqlite+aiosqlite:///{tmp_path / 'deep' / 'data' / 'kairos.db'}"
    assert (tmp_path / "deep" / "data").is_dir()
    assert (
        database_url({**env, "KAIROS_DATABASE_URL": "postgresql+asyncpg://h/db"})
        == "postgresql+asyncpg://h/db"
    )
    assert data_dir({}, create=False) == Path("~/.local/share/kairos").expanduser()


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"XDG_DATA_HOME": "/srv/xdg"},
        {"XDG_DATA_HOME": "/srv/xdg", "KAIROS_DATA_DIR": "/srv/kairos"},
        {"KAIROS_DATA_DIR": "  "},
    ],
)
def test_database_and_model_cache_share_one_data_dir(env: dict[str, str]) -> None:
    from agent.model.settings import EmbeddedSettings

    assert EmbeddedSettings.from_env(env).cache_dir == data_dir(env, create=False) / "models"


async def test_upgrade_to_0003_keeps_earlier_detached_events_as_plain_events(
    storage_backend: Backend, tmp_path: Path
) -> None:
    """Before 0003 a detached occurrence was an unlinked event plus an EXDATE; it stays exactly that."""
    schema = f"kairos_old_{uuid.uuid4().hex[:10]}"
    if storage_backend.name == "postgres":
        old = Backend(
            "postgres", storage_backend.url, {"connect_args": {"server_settings": {"search_path": schema}}}
        )
    else:
        old = Backend("sqlite", f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    engine = old.engine()
    try:
        if old.name == "postgres":
            async with engine.begin() as conn:
                await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        await upgrade(engine, "0002")
        db = Database(engine)
        user = await db.users.create(name="Old", timezone="America/New_York", locale="en", now=NOW)
        ids = [uuid.uuid4(), uuid.uuid4()]
        async with engine.begin() as conn:
            await conn.execute(_OLD_EVENTS.insert(), [_old_event(ids[0], user.id, "FREQ=DAILY;COUNT=3"),
                                                     _old_event(ids[1], user.id, None)])  # fmt: skip
        await upgrade(engine)
        assert await current_revision(engine) == head_revision()
        events = db.events(user.id)
        stored = {e.id: e for e in await events.list_events()}
        assert [(stored[i].series_id, stored[i].recurrence_id) for i in ids] == [(None, None)] * 2
        assert stored[ids[0]].exdates == (NOW + timedelta(days=1),)
        await events.delete(ids[0], now=NOW, idempotency_key="old-series")
        assert [e.id for e in await events.list_events()] == [ids[1]]  # no link, so it stays
    finally:
        if old.name == "postgres":
            async with engine.begin() as conn:
                await conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        await engine.dispose()


_OLD_EVENTS = sa.table(
    "events",
    *(sa.column(name, sa.Uuid()) for name in ("id", "owner_id")),
    *(sa.column(name, UTCDateTime()) for name in ("start_utc", "end_utc", "series_end_utc")),
    *(sa.column(name, UTCDateTime()) for name in ("created_at", "updated_at")),
    *(sa.column(name, sa.JSON()) for name in ("attendees", "exdates")),
    *(sa.column(name) for name in ("title", "all_day", "timezone", "rrule", "long_span", "version")),
)


def _old_event(event_id: uuid.UUID, owner: uuid.UUID, rule: str | None) -> dict[str, object]:
    start = NOW if rule else NOW + timedelta(days=1, hours=2)
    return {
        "id": event_id, "owner_id": owner, "title": "Standup", "start_utc": start,
        "end_utc": start + timedelta(minutes=30), "all_day": False, "timezone": "America/New_York",
        "attendees": [], "rrule": rule,
        "exdates": [(NOW + timedelta(days=1)).astimezone(UTC).isoformat()] if rule else [],
        "series_end_utc": start + timedelta(days=4), "long_span": bool(rule), "created_at": NOW,
        "updated_at": NOW, "version": 1,
    }  # fmt: skip
