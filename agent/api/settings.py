"""``ApiSettings``: the HTTP API's limits, read once at the entry point (``ApiSettings.from_env()``).

=============================== ======= ==================================================================
variable                        default meaning
=============================== ======= ==================================================================
KAIROS_MAX_MESSAGE_CHARS        4000    longest chat message accepted; longer → 413
KAIROS_RATE_LIMIT_PER_MINUTE    30      chat requests per user per rolling minute (all workers) → 429
KAIROS_TURN_TIMEOUT_S           60      deadline of one chat turn; past it → 504, nothing half-written
KAIROS_READY_TIMEOUT_S          2       how long ``/readyz`` waits for the database and the model
KAIROS_AUTH_CACHE_S             30      a worker trusts a checked key this long (revocation delay); 0 = off
=============================== ======= ==================================================================
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["ApiSettings"]


@dataclass(frozen=True, slots=True)
class ApiSettings:
    max_message_chars: int = 4000
    rate_limit_per_minute: int = 30
    turn_timeout_s: float = 60.0
    ready_timeout_s: float = 2.0
    auth_cache_s: float = 30.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ApiSettings:
        env = os.environ if env is None else env
        return cls(
            max_message_chars=int(_number(env, "KAIROS_MAX_MESSAGE_CHARS", 4000, minimum=1)),
            rate_limit_per_minute=int(_number(env, "KAIROS_RATE_LIMIT_PER_MINUTE", 30, minimum=1)),
            turn_timeout_s=_number(env, "KAIROS_TURN_TIMEOUT_S", 60.0, minimum=0.01),
            ready_timeout_s=_number(env, "KAIROS_READY_TIMEOUT_S", 2.0, minimum=0.01),
            auth_cache_s=_number(env, "KAIROS_AUTH_CACHE_S", 30.0, minimum=0.0),
        )


def _number(env: Mapping[str, str], name: str, default: float, *, minimum: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number") from None
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum:g}")
    return value
