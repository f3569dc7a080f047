"""``Database``: one engine and session factory, and the stores built on it."""

from __future__ import annotations

import uuid
from types import TracebackType
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from storage.api_keys import ApiKeys
from storage.conversations import ConversationStore
from storage.engine import create_engine, session_factory
from storage.events import EventStore
from storage.migrate import upgrade
from storage.turn_log import TurnLog
from storage.turns import TurnStore
from storage.users import Users

__all__ = ["Database"]


class Database:
    """Owns an async engine. Build per-user stores from it; close it at shutdown.

    >>> db = await Database.open()            # KAIROS_DATABASE_URL or SQLite in KAIROS_DATA_DIR; migrates
    >>> store = db.events(user_id)            # bound to one user
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.sessions = session_factory(engine)
        self.users = Users(self.sessions)
        self.api_keys = ApiKeys(self.sessions)

    @classmethod
    async def open(cls, url: str | None = None, *, migrate: bool = True, **engine_kwargs: Any) -> Database:
        """Connect to ``url`` (default: the configured database) and, unless ``migrate`` is false, bring
        its schema to the newest revision."""
        db = cls(create_engine(url, **engine_kwargs))
        if migrate:
            try:
                await upgrade(db.engine)
            except BaseException:
                await db.close()
                raise
        return db

    def events(self, user_id: uuid.UUID) -> EventStore:
        return EventStore(self.sessions, user_id)

    def conversations(self, user_id: uuid.UUID) -> ConversationStore:
        return ConversationStore(self.sessions, user_id)

    def turn_log(self, user_id: uuid.UUID) -> TurnLog:
        return TurnLog(self.sessions, user_id)

    def turns(self, user_id: uuid.UUID) -> TurnStore:
        """What a turn loads and commits in one session each (segments, focus, pending, transcript)."""
        return TurnStore(self.engine, user_id)

    async def close(self) -> None:
        await self.engine.dispose()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
