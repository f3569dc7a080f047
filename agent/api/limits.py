"""Request limits: message size (413) and the per-user rate limit (429 with ``Retry-After``).

The rate limit is a rolling one-minute window counted in the database (the rate marks of
:mod:`storage.api_requests`, written in the same transaction as the request's claim), so it holds across
``kairos serve --workers N`` and several hosts: every worker sees the same rows. On PostgreSQL two requests
at the boundary may both pass (read committed: neither sees the other's uncommitted mark), so the limit can
be exceeded by the requests in flight at that instant; on SQLite the writes are serialized and it is exact.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from agent.api.errors import PayloadTooLarge, RateLimited
from agent.api.settings import ApiSettings

__all__ = ["RATE_WINDOW", "check_message", "rate_limited"]

RATE_WINDOW = timedelta(minutes=1)


def check_message(message: str, settings: ApiSettings) -> None:
    if len(message) > settings.max_message_chars:
        raise PayloadTooLarge(
            f"The message is {len(message)} characters long; the limit is {settings.max_message_chars}.",
            limit=settings.max_message_chars,
        )


def rate_limited(retry_at: datetime, now: datetime, settings: ApiSettings) -> RateLimited:
    seconds = max(1, math.ceil((retry_at - now).total_seconds()))
    error = RateLimited(
        f"Too many messages: at most {settings.rate_limit_per_minute} per minute. Try again in {seconds} s.",
        retry_after_s=seconds,
    )
    error.headers["Retry-After"] = str(seconds)
    return error
