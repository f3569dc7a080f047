from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app


def test_model_status_reports_each_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("KAIROS_MODEL_BASE_URL", "OPENAI_BASE_URL", "KAIROS_MODEL_API_KEY", "KAIROS_MODEL_CACHE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KAIROS_DATA_DIR", str(tmp_path))
    result = CliRunner().invoke(app, ["model", "status"])
    assert result.exit_code == 0, result.output
    assert "endpoint: embedded model" in result.output
    assert "weight packages:" in result.output and "not assembled" in result.output
    assert "embedded server: not running" in result.output


def test_model_status_shows_a_configured_endpoint(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KAIROS_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("KAIROS_MODEL_BASE_URL", "http://127.0.0.1:8000/v1")
    monkeypatch.setenv("KAIROS_MODEL", "qwen")
    result = CliRunner().invoke(app, ["model", "status"])
    assert "endpoint: http://127.0.0.1:8000/v1 model=qwen" in result.output


def test_a_stale_server_file_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KAIROS_DATA_DIR", str(tmp_path))
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "server.json").write_text(
        '{"pid": 999999999, "base_url": "http://127.0.0.1:1/v1"}'
    )
    result = CliRunner().invoke(app, ["model", "status"])
    assert "stale" in result.output
