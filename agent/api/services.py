"""``Services``: what every request handler needs, built once per process and kept on ``app.state``."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime

from fastapi import Request

from agent import Assistant
from agent.api.listings import ListingWorkers
from agent.api.settings import ApiSettings
from storage import Database

__all__ = ["ModelProbe", "Services", "services"]

#: ``await probe()`` is true when the model endpoint answers (``/readyz``).
ModelProbe = Callable[[], Awaitable[bool]]


async def _assume_ready() -> bool:
    return True


@dataclass
class Services:
    db: Database
    assistant: Assistant
    clock: Callable[[], datetime]
    settings: ApiSettings = field(default_factory=ApiSettings)
    model_probe: ModelProbe = _assume_ready
    #: sha256(key) → (user id, valid until); see :mod:`agent.api.auth`.
    auth_cache: dict[str, tuple[uuid.UUID, datetime]] = field(default_factory=dict)
    #: Cleanup work started when a client went away mid-turn (kept referenced until done).
    background: set[asyncio.Task[None]] = field(default_factory=set)
    #: Expands and encodes heavy listings in a worker process (``agent.api.listings``).
    listings: ListingWorkers = field(default_factory=ListingWorkers)

    def spawn(self, coro: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coro)
        self.background.add(task)
        task.add_done_callback(self.background.discard)


async def services(request: Request) -> Services:
    """``async`` on purpose: FastAPI runs a plain ``def`` dependency on a worker thread (one thread handoff
    per use, several per request)."""
    return request.app.state.services  # type: ignore[no-any-return]
