"""Where the database is and how to connect to it.

``KAIROS_DATABASE_URL`` (any SQLAlchemy *async* URL) wins; otherwise SQLite in
``$KAIROS_DATA_DIR/kairos.db`` (``KAIROS_DATA_DIR`` defaults to ``~/.local/share/kairos`` and is created on
first use). SQLite connections run in WAL mode with foreign keys on and a busy timeout, so several writers
(the API and a CLI, or parallel tasks) queue instead of failing.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import event, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from storage.sqlite_driver import one_hop_dbapi

__all__ = [
    "DEFAULT_DATA_DIR",
    "SQLITE_BUSY_TIMEOUT_MS",
    "create_engine",
    "data_dir",
    "database_url",
    "session_factory",
]

DEFAULT_DATA_DIR = "~/.local/share/kairos"
#: How long a SQLite writer waits for another writer's lock before giving up.
SQLITE_BUSY_TIMEOUT_MS = 30_000
#: Connections a SQLite engine keeps open (the default 5 would close and reopen one — a thread, the file,
#: four PRAGMAs — whenever more than 5 tasks hold a connection, e.g. an API worker with 16 turns in flight).
SQLITE_POOL_SIZE = 32


def data_dir(env: Mapping[str, str] | None = None, *, create: bool = True) -> Path:
    """``KAIROS_DATA_DIR``, else ``$XDG_DATA_HOME/kairos``, else ``~/.local/share/kairos`` (the same rule as
    the model cache's in ``agent.model.settings``); created unless ``create`` is false."""
    env = os.environ if env is None else env
    xdg = (env.get("XDG_DATA_HOME") or "").strip()
    default = str(Path(xdg) / "kairos") if xdg else DEFAULT_DATA_DIR
    path = Path((env.get("KAIROS_DATA_DIR") or "").strip() or default).expanduser()
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def database_url(env: Mapping[str, str] | None = None) -> str:
    """``KAIROS_DATABASE_URL``, or the SQLite file in the data directory (creating the directory)."""
    env = os.environ if env is None else env
    url = env.get("KAIROS_DATABASE_URL")
    if url:
        return url
    return f"sqlite+aiosqlite:///{data_dir(env) / 'kairos.db'}"


def create_engine(url: str | None = None, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url`` (default: :func:`database_url`), with the SQLite pragmas applied.

    Extra keyword arguments go to :func:`sqlalchemy.ext.asyncio.create_async_engine` (tests pass
    ``connect_args`` to pick a PostgreSQL schema, for instance).
    """
    url = url or database_url()
    parsed = make_url(url)
    sqlite = parsed.drivername == "sqlite+aiosqlite"
    if sqlite and "module" not in kwargs:
        kwargs["module"] = one_hop_dbapi(
            SQLITE_BUSY_TIMEOUT_MS / 1000
        )  # one worker-thread handoff per statement, not four
    in_memory = parsed.database in (None, "", ":memory:") or parsed.query.get("mode") == "memory"
    if sqlite and not in_memory and "poolclass" not in kwargs:  # in memory: one shared connection, no pool
        kwargs.setdefault("pool_size", SQLITE_POOL_SIZE)
        # The connection used last is the one reused: its page cache is warm (SQLite caches per connection).
        kwargs.setdefault("pool_use_lifo", True)
    engine = create_async_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_on_connect)
    return engine


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions whose objects stay readable after commit (the stores copy them into snapshots)."""
    return async_sessionmaker(engine, expire_on_commit=False)


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
    finally:
        cursor.close()
