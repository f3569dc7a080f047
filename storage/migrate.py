"""Bring a database's schema to the newest Alembic revision.

The app calls ``await upgrade()`` once at start; it is idempotent and safe when two processes start at
once (PostgreSQL takes an advisory lock, SQLite takes the write lock first). From a shell::

    python -m storage                              # upgrade $KAIROS_DATABASE_URL (or the SQLite default)
    alembic -c storage/migrations/alembic.ini revision -m "add a column"   # write a new revision
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.engine import create_engine

__all__ = ["alembic_config", "current_revision", "head_revision", "upgrade"]

_MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: Arbitrary constant key for ``pg_advisory_xact_lock`` so concurrent upgrades queue.
_PG_LOCK_KEY = 0x6B6169726F73


def alembic_config(url: str | None = None) -> Config:
    """An Alembic config pointing at ``storage/migrations`` (``url`` only matters for the CLI path)."""
    cfg = Config(str(_MIGRATIONS / "alembic.ini"))
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def head_revision() -> str:
    """The newest revision id in ``storage/migrations/versions``."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


async def upgrade(target: str | AsyncEngine | None = None, revision: str = "head") -> None:
    """Upgrade the database at ``target`` (a URL, an engine, or the configured default) to ``revision``."""
    engine = target if isinstance(target, AsyncEngine) else create_engine(target)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_upgrade_sync, revision)
    finally:
        if engine is not target:
            await engine.dispose()


async def current_revision(target: str | AsyncEngine | None = None) -> str | None:
    """The revision the database is at, or ``None`` for an empty database."""
    engine = target if isinstance(target, AsyncEngine) else create_engine(target)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(lambda c: MigrationContext.configure(c).get_current_revision())
    finally:
        if engine is not target:
            await engine.dispose()


def _upgrade_sync(connection: Connection, revision: str) -> None:
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_LOCK_KEY})")
    elif connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, revision)
