"""API keys: generated once, shown once, stored only as a salted SHA-256 hash.

A key looks like ``kairos_<key id>_<secret>``. The key id (public, unique) finds the row; the secret
(256 random bits) is checked against ``sha256(salt + secret)`` in constant time. A key that is malformed,
unknown, revoked or wrong authenticates nobody (``None``); callers cannot tell which.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.drafts import require_aware
from storage.errors import InvalidInput, UserNotFound
from storage.models import ApiKey, User

__all__ = ["ApiKeys", "IssuedApiKey"]

_PREFIX = "kairos_"


@dataclass(frozen=True, slots=True)
class IssuedApiKey:
    """A freshly issued key. ``key`` is the only copy of the secret: show it once, never log it."""

    id: uuid.UUID
    user_id: uuid.UUID
    key_id: str
    key: str

    def __repr__(self) -> str:  # keep the secret out of logs and tracebacks
        return f"IssuedApiKey(id={self.id}, user_id={self.user_id}, key_id={self.key_id!r}, key='***')"


class ApiKeys:
    """Issue, authenticate and revoke API keys (not user-scoped: authentication happens before a user is known)."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def issue(self, user_id: uuid.UUID, *, now: datetime, label: str | None = None) -> IssuedApiKey:
        """Generate a key for ``user_id``; only its hash is stored. Raises ``UserNotFound``."""
        require_aware(now, "now", InvalidInput)
        key_id = secrets.token_hex(8)
        secret = secrets.token_urlsafe(32)
        salt = secrets.token_hex(16)
        row = ApiKey(
            id=uuid.uuid4(), user_id=user_id, key_id=key_id, salt=salt, key_hash=_hash(salt, secret),
            label=(label or None) and label[:200], created_at=now,
        )  # fmt: skip
        async with self._sessions() as session:
            if await session.get(User, user_id) is None:
                raise UserNotFound(f"no user with id {user_id}")
            session.add(row)
            await session.commit()
        return IssuedApiKey(row.id, user_id, key_id, f"{_PREFIX}{key_id}_{secret}")

    async def authenticate(self, presented: str) -> uuid.UUID | None:
        """The user id the presented key belongs to, or ``None``."""
        if not isinstance(presented, str) or not presented.startswith(_PREFIX) or len(presented) > 200:
            return None
        key_id, sep, secret = presented[len(_PREFIX) :].partition("_")
        if not sep or not key_id or not secret:
            return None
        async with self._sessions() as session:
            row = (await session.execute(select(ApiKey).where(ApiKey.key_id == key_id))).scalar_one_or_none()
        if row is None or row.revoked_at is not None:
            return None
        if not hmac.compare_digest(row.key_hash, _hash(row.salt, secret)):
            return None
        return row.user_id

    async def revoke(self, key_id: str, *, now: datetime) -> bool:
        """Revoke a key by its public id; ``True`` if a live key was revoked."""
        require_aware(now, "now", InvalidInput)
        async with self._sessions() as session:
            row = (await session.execute(select(ApiKey).where(ApiKey.key_id == key_id))).scalar_one_or_none()
            if row is None or row.revoked_at is not None:
                return False
            row.revoked_at = now
            await session.commit()
        return True


def _hash(salt: str, secret: str) -> str:
    return hashlib.sha256((salt + secret).encode()).hexdigest()
