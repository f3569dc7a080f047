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
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage.drafts import require_aware
from storage.errors import InvalidInput
from storage.models import AuditRecord, IdempotencyRecord

__all__ = [
    "KEY_PREFIX",
    "ApiRequests",
    "Claimed",
    "InProgress",
    "Limited",
    "Mismatch",
    "Replay",
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
    """One user's API request records; no method takes a user id. Statements run on a plain connection
    (prebuilt Core statements, no ORM session): a claim is one transaction of two or three statements."""

    def __init__(self, engine: AsyncEngine, user_id: uuid.UUID) -> None:
        self._engine = engine
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
        owner = self._owner
        async with self._engine.connect() as conn:
            try:
                rows = [{"owner_id": owner, "key": f"{RATE_PREFIX}{stamp}:{uuid.uuid4().hex}",
                         "fingerprint": "-", "created_at": now}]  # fmt: skip
                if key is not None:
                    rows.append(
                        {"owner_id": owner, "key": key, "fingerprint": fingerprint, "created_at": now}
                    )
                await conn.execute(_INSERT, rows)
            except IntegrityError:
                await conn.rollback()
                assert key is not None  # rate marks are random: only a client id can collide
                return await self._known(conn, key, fingerprint)
            low, high = RATE_PREFIX + _stamp(now - window), RATE_PREFIX + _stamp(now + _TICK)
            # Rate marks sort by time inside the (owner_id, key) unique index: the window is a range scan.
            in_window = (
                await conn.execute(_IN_WINDOW, {"owner": owner, "low": low, "high": high, "cap": limit + 1})
            ).scalar_one()
            if in_window > limit:
                oldest = (
                    await conn.execute(_OLDEST_IN_RANGE, {"owner": owner, "low": low, "high": high})
                ).scalar_one()
                await conn.rollback()
                return Limited(retry_at=max(oldest + window, now))
            if secrets.randbelow(PRUNE_MARKS_ONE_IN) == 0:  # marks past the window: a short index range
                await conn.execute(
                    _DELETE_RANGE,
                    {"owner": owner, "low": RATE_PREFIX, "high": RATE_PREFIX + _stamp(now - window)},
                )
            if secrets.randbelow(PRUNE_ONE_IN) == 0:  # old replies: rarely, it scans the user's claims
                await conn.execute(_PRUNE_CLAIMS, {"owner": owner, "before": now - RETENTION})
            await conn.commit()
        return Claimed(in_window=int(in_window))

    async def finish(self, request_id: str, result: dict[str, Any]) -> None:
        """Store the reply on the claim (a replay returns it from now on)."""
        async with self._engine.begin() as conn:
            await conn.execute(_FINISH, finish_params(self._owner, request_id, result))

    async def release(self, request_id: str) -> None:
        """Withdraw an unfinished claim (the request did not run; the client may retry with the same id)."""
        async with self._engine.begin() as conn:
            await conn.execute(_RELEASE, {"owner": self._owner, "claim_key": KEY_PREFIX + request_id})

    async def writes_at(self, now: datetime) -> int:
        """How many audit records (committed writes) carry exactly ``now``: a turn's writes, since a turn
        passes its own ``now`` to every write."""
        require_aware(now, "now", InvalidInput)
        async with self._engine.connect() as conn:
            return int((await conn.execute(_WRITES_AT, {"owner": self._owner, "at": now})).scalar_one())

    async def _known(self, conn: AsyncConnection, key: str, fingerprint: str) -> ClaimOutcome:
        row = (await conn.execute(_KNOWN, {"owner": self._owner, "claim_key": key})).first()
        if row is None:  # released between our insert and this read: treat as in progress, client retries
            return InProgress()
        if row.fingerprint != fingerprint:
            return Mismatch()
        if row.result is None:
            return InProgress()
        return Replay(dict(row.result))


def finish_params(owner: uuid.UUID, request_id: str, result: dict[str, Any]) -> dict[str, Any]:
    """Parameters of ``FINISH`` (store ``result`` on the claim of ``request_id``)."""
    return {"owner": owner, "claim_key": KEY_PREFIX + request_id, "claim_result": result}


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
_IN_RANGE = (
    _CLAIMS.c.owner_id == bindparam("owner"),
    _CLAIMS.c.key >= bindparam("low"),
    _CLAIMS.c.key < bindparam("high"),
)
_OLDEST_IN_RANGE = select(_CLAIMS.c.created_at).where(*_IN_RANGE).order_by(_CLAIMS.c.key).limit(1)
_DELETE_RANGE = delete(_CLAIMS).where(*_IN_RANGE)
_THIS_CLAIM = (_CLAIMS.c.owner_id == bindparam("owner"), _CLAIMS.c.key == bindparam("claim_key"))
_KNOWN = select(_CLAIMS.c.fingerprint, _CLAIMS.c.result).where(*_THIS_CLAIM)
_RELEASE = delete(_CLAIMS).where(*_THIS_CLAIM, _CLAIMS.c.result.is_(None))
_PRUNE_CLAIMS = delete(_CLAIMS).where(
    _CLAIMS.c.owner_id == bindparam("owner"),
    _CLAIMS.c.key.startswith(KEY_PREFIX),
    _CLAIMS.c.created_at < bindparam("before"),
)
_AUDIT = AuditRecord.__table__  # type: ignore[attr-defined]
_WRITES_AT = select(func.count()).where(
    _AUDIT.c.owner_id == bindparam("owner"), _AUDIT.c.at == bindparam("at")
)
FINISH = (
    update(_CLAIMS).where(*_THIS_CLAIM).values(result=bindparam("claim_result", type_=_CLAIMS.c.result.type))
)
"""Store a reply on a claim (parameters: :func:`finish_params`); the turn's commit may run it in its own
transaction."""
_FINISH = FINISH


def _stamp(at: datetime) -> str:
    return at.astimezone(UTC).strftime("%Y%m%d%H%M%S%f")  # digits only: same order under any collation
