"""No endpoint configured and the embedded model not installed: one stderr line with the fix, exit 1.

The missing install is simulated (the runtime check and the weight packages are monkeypatched), so these
tests give the same verdict on a machine that has the ``local`` extra installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.cli import serve as cli_serve
from agent.model import EmbeddedModelMissingError, ModelSettings, ensure_model, factory, weights
from agent.model.errors import INSTALL_COMMAND

runner = CliRunner()


@pytest.fixture
def nothing_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("KAIROS_MODEL_BASE_URL", "OPENAI_BASE_URL", "KAIROS_MODEL_API_KEY", "KAIROS_MODEL_CACHE",
                 "KAIROS_MODEL_GGUF", "KAIROS_DATABASE_URL"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KAIROS_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.setattr(factory, "runtime_installed", lambda: False)
    monkeypatch.setattr(weights, "_part_file", lambda index: None)
    return tmp_path


def _one_fix_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    (line,) = lines
    assert "Traceback" not in line
    assert "./scripts/chat" in line and INSTALL_COMMAND in line and "KAIROS_MODEL_BASE_URL" in line
    return line


def test_serve_without_a_model_exits_with_one_line(
    nothing_installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[object] = []
    monkeypatch.setattr(cli_serve.uvicorn, "run", lambda *a, **k: started.append(a))
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 1 and started == []
    line = _one_fix_line(result.stderr)
    assert "xllamacpp" in line and "0 of 22" in line
    assert result.stdout == ""


def test_serve_with_an_endpoint_starts(nothing_installed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAIROS_MODEL_BASE_URL", "http://10.0.0.5:8000/v1")
    started: list[object] = []
    monkeypatch.setattr(cli_serve.uvicorn, "run", lambda *a, **k: started.append(a))
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 0, result.output
    assert len(started) == 1


def test_serve_shares_a_running_embedded_server(
    nothing_installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def running(cache_dir: Path) -> str:
        return "http://127.0.0.1:4321/v1"

    monkeypatch.setattr(factory, "find_running", running)
    started: list[object] = []
    monkeypatch.setattr(cli_serve.uvicorn, "run", lambda *a, **k: started.append(a))
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 0, result.output
    assert len(started) == 1


def test_chat_without_a_model_exits_with_one_line(nothing_installed: Path) -> None:
    result = runner.invoke(app, ["chat", "-m", "hello"])
    assert result.exit_code == 1
    _one_fix_line(result.stderr)


def test_model_serve_and_fetch_say_the_same(nothing_installed: Path) -> None:
    served = runner.invoke(app, ["model", "serve"])
    assert served.exit_code == 1
    assert "xllamacpp" in _one_fix_line(served.stderr)
    fetched = runner.invoke(app, ["model", "fetch"])  # fetch needs the weights only
    assert fetched.exit_code == 1
    assert "part 1 of 22" in _one_fix_line(fetched.stderr)


async def test_ensure_model_names_each_missing_part(
    nothing_installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = ModelSettings.from_env()
    with pytest.raises(EmbeddedModelMissingError) as caught:
        await ensure_model(settings)
    assert len(caught.value.missing) == 2 and caught.value.kind == "unavailable"
    monkeypatch.setattr(factory, "runtime_installed", lambda: True)
    with pytest.raises(EmbeddedModelMissingError) as caught:
        await ensure_model(settings)
    assert caught.value.missing == ("the model weights, 0 of 22 packages installed",)
    gguf = nothing_installed / "model.gguf"
    gguf.write_bytes(b"GGUF")
    monkeypatch.setenv("KAIROS_MODEL_GGUF", str(gguf))
    await ensure_model(ModelSettings.from_env())  # a GGUF of one's own needs no weight packages


async def test_open_model_raises_the_typed_error_before_starting_anything(nothing_installed: Path) -> None:
    from agent.model import open_model

    with pytest.raises(EmbeddedModelMissingError):
        async with open_model(ModelSettings.from_env()):
            pass
