"""Model configuration from the environment.

Read once at the entry point (``ModelSettings.from_env()``) and passed down; library code never reads
``os.environ`` itself. With no endpoint configured, the embedded model is used.

=============================== ============================== ==========================================
variable                        default                        meaning
=============================== ============================== ==========================================
KAIROS_MODEL_BASE_URL           OPENAI_BASE_URL, else embedded any OpenAI-compatible ``/v1`` URL;
                                                               ``embedded`` forces the built-in model
KAIROS_MODEL                    OPENAI_MODEL, else per backend model name sent to the endpoint
KAIROS_MODEL_API_KEY            OPENAI_API_KEY, else "none"    bearer key; setting it alone (no URL)
                                                               means OpenAI's own endpoint
KAIROS_MODEL_TOOL_MODE          auto                           native | json | auto (embedded: json;
                                                               others: native, json if tools rejected)
KAIROS_MODEL_TIMEOUT            60 (embedded: 180)             seconds to wait for an answer
KAIROS_MODEL_CONNECT_TIMEOUT    5                              seconds to connect
KAIROS_MODEL_MAX_RETRIES        2                              retries after a transient failure
KAIROS_MODEL_MAX_TOKENS         512                            output token cap per call
KAIROS_MODEL_TEMPERATURE        0                              sampling temperature
KAIROS_MODEL_LOGPROBS           1                              ask for token logprobs (confidence)
KAIROS_MODEL_THINKING           0                              1 leaves reasoning models' thinking on
KAIROS_DATA_DIR                 $XDG_DATA_HOME/kairos or       kairos's data directory
                                ~/.local/share/kairos
KAIROS_MODEL_CACHE              $KAIROS_DATA_DIR/models        where the embedded GGUF is assembled
KAIROS_MODEL_GGUF               (the packaged weights)         run another GGUF file instead
KAIROS_MODEL_THREADS            number of CPUs                 embedded: inference threads
KAIROS_MODEL_CTX                4096                           embedded: context window (tokens)
KAIROS_MODEL_PORT               0 (a free port)                embedded: port on 127.0.0.1
=============================== ============================== ==========================================
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = ["EMBEDDED_MODEL_NAME", "EmbeddedSettings", "ModelSettings", "ToolModeSetting"]

ToolModeSetting = Literal["native", "json", "auto"]
EMBEDDED_MODEL_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m"
_OPENAI_DEFAULT_MODEL = "gpt-4o-mini"


@dataclass(frozen=True, slots=True)
class EmbeddedSettings:
    cache_dir: Path
    gguf_path: Path | None = None
    threads: int = 2
    ctx_size: int = 4096
    port: int = 0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> EmbeddedSettings:
        """The embedded model's settings alone (``kairos model serve`` needs them whatever the endpoint)."""
        return _embedded_from_env(os.environ if env is None else env)


@dataclass(frozen=True, slots=True)
class ModelSettings:
    base_url: str | None
    """None means the embedded model."""
    model: str
    api_key: str
    tool_mode: ToolModeSetting = "auto"
    timeout_s: float = 60.0
    connect_timeout_s: float = 5.0
    max_retries: int = 2
    max_tokens: int = 512
    temperature: float = 0.0
    logprobs: bool = True
    thinking: bool = False
    embedded: EmbeddedSettings | None = None

    @property
    def uses_embedded(self) -> bool:
        return self.base_url is None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ModelSettings:
        env = os.environ if env is None else env

        def get(*names: str) -> str | None:
            for name in names:
                value = env.get(name, "").strip()
                if value:
                    return value
            return None

        base_url = get("KAIROS_MODEL_BASE_URL", "OPENAI_BASE_URL")
        own_key = get("KAIROS_MODEL_API_KEY")
        api_key = own_key or get("OPENAI_API_KEY") or "none"
        # An OPENAI_API_KEY that happens to be in the shell does not send calendars to OpenAI:
        # only a URL or kairos's own key selects a remote endpoint.
        embedded_wanted = base_url == "embedded" or (base_url is None and own_key is None)
        if embedded_wanted:
            base_url = None
        elif base_url is None:
            base_url = "https://api.openai.com/v1"

        mode = (get("KAIROS_MODEL_TOOL_MODE") or "auto").lower()
        if mode not in ("native", "json", "auto"):
            raise ValueError("KAIROS_MODEL_TOOL_MODE must be native, json or auto")
        model = get("KAIROS_MODEL", "OPENAI_MODEL") or (
            EMBEDDED_MODEL_NAME if embedded_wanted else _OPENAI_DEFAULT_MODEL
        )
        embedded = EmbeddedSettings.from_env(env) if embedded_wanted else None
        return cls(
            base_url=base_url,
            model=model,
            api_key=api_key,
            tool_mode=mode,  # type: ignore[arg-type]
            timeout_s=_number(
                get("KAIROS_MODEL_TIMEOUT"), 180.0 if embedded_wanted else 60.0, "KAIROS_MODEL_TIMEOUT"
            ),
            connect_timeout_s=_number(
                get("KAIROS_MODEL_CONNECT_TIMEOUT"), 5.0, "KAIROS_MODEL_CONNECT_TIMEOUT"
            ),
            max_retries=int(_number(get("KAIROS_MODEL_MAX_RETRIES"), 2, "KAIROS_MODEL_MAX_RETRIES")),
            max_tokens=int(
                _number(get("KAIROS_MODEL_MAX_TOKENS"), 512, "KAIROS_MODEL_MAX_TOKENS", minimum=1)
            ),
            temperature=_number(get("KAIROS_MODEL_TEMPERATURE"), 0.0, "KAIROS_MODEL_TEMPERATURE"),
            logprobs=_flag(get("KAIROS_MODEL_LOGPROBS"), True),
            thinking=_flag(get("KAIROS_MODEL_THINKING"), False),
            embedded=embedded,
        )


def _embedded_from_env(env: Mapping[str, str]) -> EmbeddedSettings:
    def get(name: str) -> str | None:
        return env.get(name, "").strip() or None

    data_dir = get("KAIROS_DATA_DIR")
    if data_dir is None:
        xdg = get("XDG_DATA_HOME")
        data_dir = str(Path(xdg) / "kairos") if xdg else "~/.local/share/kairos"
    cache = Path(get("KAIROS_MODEL_CACHE") or Path(data_dir) / "models").expanduser()
    gguf = get("KAIROS_MODEL_GGUF")
    return EmbeddedSettings(
        cache_dir=cache,
        gguf_path=Path(gguf).expanduser() if gguf else None,
        threads=int(
            _number(
                get("KAIROS_MODEL_THREADS"), float(os.cpu_count() or 2), "KAIROS_MODEL_THREADS", minimum=1
            )
        ),
        ctx_size=int(_number(get("KAIROS_MODEL_CTX"), 4096, "KAIROS_MODEL_CTX", minimum=256)),
        port=int(_number(get("KAIROS_MODEL_PORT"), 0, "KAIROS_MODEL_PORT")),
    )


def _number(raw: str | None, default: float, name: str, *, minimum: float = 0.0) -> float:
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number") from None
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum:g}")
    return value


def _flag(raw: str | None, default: bool) -> bool:
    if raw is None:
        return default
    return raw.lower() in ("1", "true", "yes", "on")
