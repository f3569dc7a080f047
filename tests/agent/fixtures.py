"""Fixtures for the agent-turn tests (import them into each test module; tests/agent/conftest.py belongs
to the model layer).

    from tests.agent.fixtures import NOW, database, make_user, storage_backend, kit  # noqa: F401

``kit`` gives a fresh user, a scripted model factory, and an ``Assistant`` bound to them with a fixed
clock (``NOW``: Wednesday 2025-03-05 09:00 in America/New_York).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agent import Assistant
from agent.model import ScriptedModel, call, reply
from agent.model.scripted import Step
from storage import Database, EventDraft, EventSnapshot
from tests.storage.fixtures import database, make_user, storage_backend

__all__ = ["NOW", "NY", "SH", "Kit", "database", "kit", "make_user", "one_create", "storage_backend"]

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")
NOW = datetime(2025, 3, 5, 9, 0, tzinfo=NY)  # a Wednesday


@dataclass
class Kit:
    db: Database
    user_id: uuid.UUID
    tz: ZoneInfo
    model: ScriptedModel
    assistant: Assistant
    _keys: int = 0

    def script(self, *steps: Step) -> ScriptedModel:
        """Replace the assistant's model with a fresh script (counts calls from zero)."""
        self.model = ScriptedModel(list(steps))
        self.assistant.model = self.model
        return self.model

    async def seed(
        self, title: str, start: datetime, end: datetime | None = None, **fields: Any
    ) -> EventSnapshot:
        self._keys += 1
        draft = EventDraft(title, start, end or start + timedelta(hours=1), **fields)
        result = await self.db.events(self.user_id).create(
            draft, now=NOW, idempotency_key=f"seed-{self._keys}"
        )
        return result.event

    async def events(self) -> list[EventSnapshot]:
        return await self.db.events(self.user_id).list_events()

    async def records(self, kind: str | None = None) -> list[Any]:
        return await self.db.turn_log(self.user_id).records(kind=kind)


async def make_kit(
    db: Database, make_user: Any, *, timezone: str = "America/New_York", steps: Iterable[Step] = ()
) -> Kit:
    user = await make_user(timezone=timezone)
    model = ScriptedModel(list(steps))
    assistant = Assistant(db, model, clock=lambda: NOW)
    return Kit(db, user.id, ZoneInfo(timezone), model, assistant)


@pytest.fixture
async def kit(database: Database, make_user: Any) -> Kit:
    return await make_kit(database, make_user)


async def one_create(
    db: Database, make_user: Any, text: str, create: dict[str, Any]
) -> tuple[Kit, EventSnapshot]:
    """The one event a scripted ``create_event`` wrote for ``text`` (New York for an English message,
    Shanghai otherwise); the write must have persisted."""
    kit = await make_kit(db, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    kit.script(call("create_event", create), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    return kit, event
