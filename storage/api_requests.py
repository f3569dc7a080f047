"""``ApiRequests``: the HTTP API's per-user request records, on the existing ``idempotency_records`` table.

No new table: a chat request with a client id claims the key ``api.chat:<id>`` in ``idempotency_records``
(unique ``(owner_id, key)``, so two workers racing on one id cannot both run the turn) and the reply JSON is
stored on the claim when the turn ends. Every admitted request also leaves a rate mark,
``api.rate:<UTC time as digits>:<random>``: marks sort by time inside the same unique index, so the per-user
window is a short index range scan, shared by every worker::

    requests = ApiRequests(db.sessions, user_id)
    outcome = await requests.claim(request_id, fingerprint, now=now, window=timedelta(minutes=1), limit=30)
    # Claimed(in_window) | Replay(result) | InProgress() | Mismatch() | Limited(retry_at)
    await requests.finish(request_id, {"status": 200, "body": {...}})
    await requests.writes_at(now)      # audit records written at exactly ``now`` (a timed-out turn's writes)

Write-path keys (``<turn id>:<n>``, ``ics:<hash>``) never start with ``api.``, so the families cannot collide.
``all_users`` lists users for the admin CLI (``Users`` has no listing yet; it belongs there).
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage.drafts import require_aware
from storage.errors import InvalidInput
from storage.models import AuditRecord, IdempotencyRecord, User
from storage.users import UserProfile

__all__ = [
    "KEY_PREFIX",
    "ApiRequests",
    "Claimed",
    "InProgress",
    "Limited",
    "Mismatch",
    "Replay",
    "all_users",
]

KEY_PREFIX = "api.chat:"
#: One mark per admitted chat request, keyed ``api.rate:<UTC time, sortable>:<random>``: the rate window.
RATE_PREFIX = "api.rate:"
PRUNE_ONE_IN = 64
PRUNE_MARKS_ONE_IN = 8
_TICK = timedelta(microseconds=1)
MAX_REQUEST_ID_LENGTH = 128
#: Claims older than this are pruned (their replies can no longer be replayed).
RETENTION = timedelta(hours=24)


@dataclass(frozen=True, slots=True)
class Claimed:
    """This request is new and now owns its id; ``in_window`` counts it."""

    in_window: int


@dataclass(frozen=True, slots=True)
class Replay:
    """The id was seen before and its reply is stored."""

    result: dict[str, Any]


@dataclass(frozen=True, slots=True)
class InProgress:
    """The id was claimed and its turn has not finished (or its worker died)."""


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The id was used before for a different request."""


@dataclass(frozen=True, slots=True)
class Limited:
    """Over the rate limit; nothing was claimed. Try again at ``retry_at``."""

    retry_at: datetime


ClaimOutcome = Claimed | Replay | InProgress | Mismatch | Limited


class ApiRequests:
    """One user's API request records; no method takes a user id."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID) -> None:
        self._sessions = sessions
        self._owner = user_id

    async def claim(
        self, request_id: str | None, fingerprint: str, *, now: datetime, window: timedelta, limit: int
    ) -> ClaimOutcome:
        """Claim ``request_id`` unless it is known, then apply the rate limit (``limit`` requests per
        ``window``, this one included; over it, the claim is withdrawn in the same transaction).
        ``request_id=None`` (a request that cannot be replayed) only counts against the limit."""
        if request_id is not None and (
            not isinstance(request_id, str) or not 0 < len(request_id) <= MAX_REQUEST_ID_LENGTH
        ):
            raise InvalidInput(f"request id must be 1 to {MAX_REQUEST_ID_LENGTH} characters", field="key")
        require_aware(now, "now", InvalidInput)
        key = None if request_id is None else KEY_PREFIX + request_id
        stamp = _stamp(now)
        async with self._sessions() as session:
            try:
                rows = [{"owner_id": self._owner, "key": f"{RATE_PREFIX}{stamp}:{uuid.uuid4().hex}",
                         "fingerprint": "-", "created_at": now}]  # fmt: skip
                if key is not None:
                    rows.append(
                        {"owner_id": self._owner, "key": key, "fingerprint": fingerprint, "created_at": now}
                    )
                await session.execute(_INSERT, rows)
            except IntegrityError:
                await session.rollback()
                assert key is not None  # rate marks are random: only a client id can collide
                return await self._known(session, key, fingerprint)
            low, high = RATE_PREFIX + _stamp(now - window), RATE_PREFIX + _stamp(now + _TICK)
            window_keys = self._rate_range(low, high)
            # Rate marks sort by time inside the (owner_id, key) unique index: the window is a range scan.
            in_window = (
                await session.execute(
                    _IN_WINDOW, {"owner": self._owner, "low": low, "high": high, "cap": limit + 1}
                )
            ).scalar_one()
            if in_window > limit:
                oldest = (
                    await session.execute(
                        select(IdempotencyRecord.created_at)
                        .where(*window_keys)
                        .order_by(IdempotencyRecord.key)
                        .limit(1)
                    )
                ).scalar_one()
                await session.rollback()
                return Limited(retry_at=max(oldest + window, now))
            if secrets.randbelow(PRUNE_MARKS_ONE_IN) == 0:  # marks past the window: a short index range
                expired = self._rate_range(RATE_PREFIX, RATE_PREFIX + _stamp(now - window))
                await session.execute(delete(IdempotencyRecord).where(*expired))
            if secrets.randbelow(PRUNE_ONE_IN) == 0:  # old replies: rarely, it scans the user's claims
                await session.execute(
                    delete(IdempotencyRecord).where(
                        IdempotencyRecord.owner_id == self._owner,
                        IdempotencyRecord.key.startswith(KEY_PREFIX),  # type: ignore[attr-defined]
                        IdempotencyRecord.created_at < now - RETENTION,
                    )
                )
            await session.commit()
        return Claimed(in_window=int(in_window))

    def _rate_range(self, low: str, high: str) -> tuple[Any, ...]:
        return (
            IdempotencyRecord.owner_id == self._owner,
            IdempotencyRecord.key >= low,
            IdempotencyRecord.key < high,
        )

    async def finish(self, request_id: str, result: dict[str, Any]) -> None:
        """Store the reply on the claim (a replay returns it from now on)."""
        async with self._sessions() as session:
            await session.execute(
                _FINISH, {"owner": self._owner, "claim_key": KEY_PREFIX + request_id, "claim_result": result}
            )
            await session.commit()

    async def release(self, request_id: str) -> None:
        """Withdraw an unfinished claim (the request did not run; the client may retry with the same id)."""
        async with self._sessions() as session:
            await session.execute(
                delete(IdempotencyRecord).where(
                    IdempotencyRecord.owner_id == self._owner,
                    IdempotencyRecord.key == KEY_PREFIX + request_id,
                    IdempotencyRecord.result.is_(None),  # type: ignore[union-attr]
                )
            )
            await session.commit()

    async def writes_at(self, now: datetime) -> int:
        """How many audit records (committed writes) carry exactly ``now``: a turn's writes, since a turn
        passes its own ``now`` to every write."""
        require_aware(now, "now", InvalidInput)
        query = select(func.count()).where(AuditRecord.owner_id == self._owner, AuditRecord.at == now)
        async with self._sessions() as session:
            return int((await session.execute(query)).scalar_one())

    async def _known(self, session: AsyncSession, key: str, fingerprint: str) -> ClaimOutcome:
        row = (
            await session.execute(
                select(IdempotencyRecord).where(
                    IdempotencyRecord.owner_id == self._owner, IdempotencyRecord.key == key
                )
            )
        ).scalar_one_or_none()
        if row is None:  # released between our insert and this read: treat as in progress, client retries
            return InProgress()
        if row.fingerprint != fingerprint:
            return Mismatch()
        if row.result is None:
            return InProgress()
        return Replay(dict(row.result))


_CLAIMS = IdempotencyRecord.__table__  # type: ignore[attr-defined]
#: Built once; each call passes only parameters (the compiled form comes from the statement cache).
_INSERT = insert(_CLAIMS)
_IN_WINDOW = select(func.count()).select_from(
    select(_CLAIMS.c.id)
    .where(
        _CLAIMS.c.owner_id == bindparam("owner"),
        _CLAIMS.c.key >= bindparam("low"),
        _CLAIMS.c.key < bindparam("high"),
    )
    .limit(bindparam("cap"))
    .subquery()
)
_FINISH = (
    update(_CLAIMS)
    .where(_CLAIMS.c.owner_id == bindparam("owner"), _CLAIMS.c.key == bindparam("claim_key"))
    .values(result=bindparam("claim_result", type_=_CLAIMS.c.result.type))
)


def _stamp(at: datetime) -> str:
    return at.astimezone(UTC).strftime("%Y%m%d%H%M%S%f")  # digits only: same order under any collation


async def all_users(sessions: async_sessionmaker[AsyncSession]) -> list[UserProfile]:
    """Every user, oldest first (for ``kairos users list``)."""
    async with sessions() as session:
        rows = (await session.execute(select(User).order_by(User.created_at))).scalars()  # type: ignore[arg-type]
        return [UserProfile.from_row(r) for r in rows]
