from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from agent.model import ModelSettings, factory, open_model


async def test_a_configured_endpoint_is_used_as_is() -> None:
    settings = ModelSettings.from_env(
        {"KAIROS_MODEL_BASE_URL": "http://10.0.0.5:8000/v1", "KAIROS_MODEL": "qwen"}
    )
    async with open_model(settings, console=Console(file=io.StringIO())) as model:
        assert model.name == "qwen" and model.mode == "native"


async def test_the_embedded_model_shares_a_running_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def running(cache_dir: Path) -> str:
        assert cache_dir == tmp_path / "models"
        return "http://127.0.0.1:4321/v1"

    monkeypatch.setattr(factory, "find_running", running)
    settings = ModelSettings.from_env({"KAIROS_DATA_DIR": str(tmp_path)})
    out = io.StringIO()
    async with open_model(settings, console=Console(file=out)) as model:
        assert model.mode == "json"  # started servers are refused by the guard, so none was started
    assert "http://127.0.0.1:4321/v1" in out.getvalue()
