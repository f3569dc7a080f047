from __future__ import annotations

from pathlib import Path

import pytest

from agent.model import ModelSettings
from agent.model.settings import EMBEDDED_MODEL_NAME


def test_nothing_configured_means_the_embedded_model() -> None:
    settings = ModelSettings.from_env({"HOME": "/home/u"})
    assert settings.uses_embedded and settings.model == EMBEDDED_MODEL_NAME
    assert settings.timeout_s == 180.0 and settings.embedded is not None
    assert settings.embedded.cache_dir == Path("~/.local/share/kairos/models").expanduser()


def test_a_stray_openai_key_does_not_select_openai() -> None:
    assert ModelSettings.from_env({"OPENAI_API_KEY": "sk-x"}).uses_embedded


def test_kairos_variables_win_over_openai_ones() -> None:
    env = {
        "KAIROS_MODEL_BASE_URL": "http://127.0.0.1:8000/v1",
        "OPENAI_BASE_URL": "http://other/v1",
        "KAIROS_MODEL": "qwen",
        "OPENAI_MODEL": "gpt",
        "KAIROS_MODEL_API_KEY": "k1",
        "OPENAI_API_KEY": "k2",
        "KAIROS_MODEL_TOOL_MODE": "JSON",
        "KAIROS_MODEL_TIMEOUT": "30",
        "KAIROS_MODEL_MAX_RETRIES": "0",
        "KAIROS_MODEL_LOGPROBS": "0",
    }
    s = ModelSettings.from_env(env)
    assert (s.base_url, s.model, s.api_key, s.tool_mode) == ("http://127.0.0.1:8000/v1", "qwen", "k1", "json")
    assert (s.timeout_s, s.max_retries, s.logprobs, s.embedded) == (30.0, 0, False, None)


def test_openai_variables_are_the_fallback() -> None:
    s = ModelSettings.from_env(
        {"OPENAI_BASE_URL": "http://vllm:8000/v1", "OPENAI_API_KEY": "k", "OPENAI_MODEL": "m"}
    )
    assert (s.base_url, s.api_key, s.model, s.tool_mode) == ("http://vllm:8000/v1", "k", "m", "auto")


def test_kairos_key_alone_means_openai() -> None:
    s = ModelSettings.from_env({"KAIROS_MODEL_API_KEY": "sk"})
    assert s.base_url == "https://api.openai.com/v1" and not s.uses_embedded


def test_embedded_can_be_forced_and_tuned(tmp_path: Path) -> None:
    env = {
        "KAIROS_MODEL_BASE_URL": "embedded",
        "KAIROS_DATA_DIR": str(tmp_path),
        "KAIROS_MODEL_THREADS": "3",
        "KAIROS_MODEL_CTX": "8192",
        "KAIROS_MODEL_PORT": "8085",
    }
    s = ModelSettings.from_env(env)
    assert s.uses_embedded and s.embedded is not None
    assert (s.embedded.cache_dir, s.embedded.threads, s.embedded.ctx_size, s.embedded.port) == (
        tmp_path / "models",
        3,
        8192,
        8085,
    )
    assert ModelSettings.from_env({**env, "KAIROS_MODEL_CACHE": "/c"}).embedded.cache_dir == Path("/c")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("name", "value"),
    [("KAIROS_MODEL_TOOL_MODE", "xml"), ("KAIROS_MODEL_TIMEOUT", "soon"), ("KAIROS_MODEL_MAX_TOKENS", "0")],
)
def test_bad_values_are_refused_with_the_variable_name(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=name):
        ModelSettings.from_env({name: value})
