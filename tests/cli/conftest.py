"""CLI tests: a temporary data directory (SQLite) and the scripted model injected through
``agent.cli.chat.hooks``; the embedded model can never start here."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from agent.cli import chat as cli_chat
from agent.model import ScriptedModel
from tests.api.fixtures import NOW


class Scripted:
    """Hands the chat command a scripted model; ``push`` queues its steps."""

    def __init__(self) -> None:
        self.model = ScriptedModel([])

    @asynccontextmanager
    async def __call__(self) -> AsyncIterator[ScriptedModel]:
        yield self.model


@pytest.fixture
def scripted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Scripted]:
    monkeypatch.setenv("KAIROS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("KAIROS_DATABASE_URL", raising=False)
    monkeypatch.setenv("TZ", "America/New_York")
    fake = Scripted()
    monkeypatch.setattr(cli_chat.hooks, "open_model", fake)
    monkeypatch.setattr(cli_chat.hooks, "clock", lambda: NOW)
    monkeypatch.setattr(cli_chat.hooks, "stdin_is_tty", lambda: False)
    yield fake
