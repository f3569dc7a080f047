"""``ApiRequests``: the HTTP API's per-user request records, on the existing ``idempotency_records`` table.

No new table: a chat request with a client id claims the key ``api.chat:<id>`` in ``idempotency_records``
(unique ``(owner_id, key)``, so two workers racing on one id cannot both run the turn) and the reply JSON is
stored on the claim when the turn ends. Every admitted request also leaves a rate mark,
``api.rate:<UTC time as digits>:<random>``: marks sort by time inside the same unique index, so the per-user
window is a short index range scan, shared by every worker::

    requests = ApiRequests(db.sessions, user_id)
    outcome = await requests.claim(request_id, fingerprint, now=now, window=timedelta(minutes=1), limit=30,
                                   lease=timedelta(seconds=70))
    # Claimed(turn_id) | Replay(result) | InProgress(stale_at) | Interrupted(turn_id, writes) | Mismatch()
    # | Limited(retry_at)
    await requests.finish(request_id, {"status": 200, "body": {...}})
    await requests.writes_at(now)      # audit records written at exactly ``now`` (a timed-out turn's writes)

Write-path keys (``<turn id>:<n>``, ``ics:<hash>``) never start with ``api.``, so the families cannot collide.

A claimed request's turn id is derived from the claim (owner, request id, the claim's ``created_at``), so
its writes' keys ``<turn id>:<n>`` can be found again from the claim alone. A claim still unfinished
``lease`` after its attempt started belongs to a dead worker (a live one cancels its turn at the deadline,
which the lease exceeds): the next claim of the id settles it. If that turn committed writes, they are the
answer (``Interrupted``: the caller reports them and stores the reply); if it committed none, the claim is
taken over (``Claimed`` with the SAME turn id; the attempt's start is kept on the claim as
``{"running_since": ...}``), so even a late write of the dead attempt and the new attempt's write share an
idempotency key and cannot both land.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    BigInteger,
    Connection,
    Text,
    bindparam,
    cast,
    delete,
    func,
    insert,
    literal,
    or_,
    select,
    union_all,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.drafts import require_aware
from storage.errors import InvalidInput
from storage.models import AuditRecord, IdempotencyRecord
from storage.results import WriteResult, committed_result
from storage.statements import execute
from storage.tx import run_sync

__all__ = [
    "KEY_PREFIX",
    "ApiRequests",
    "Claimed",
    "InProgress",
    "Interrupted",
    "Limited",
    "Mismatch",
    "Replay",
    "request_turn_id",
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
#: The key of a claim's result while a takeover attempt runs (a finished result has ``status``).
RUNNING = "running_since"


@dataclass(frozen=True, slots=True)
class Claimed:
    """This request is new (or takes over a dead attempt that wrote nothing) and now owns its id."""

    turn_id: str | None = None
    """The turn id to run under (derived from the claim); ``None`` for a request without an id."""


@dataclass(frozen=True, slots=True)
class Replay:
    """The id was seen before and its reply is stored."""

    result: dict[str, Any]


@dataclass(frozen=True, slots=True)
class InProgress:
    """The id was claimed and its turn has not finished; if it has not by ``stale_at``, its worker died
    and a claim then settles it."""

    stale_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Interrupted:
    """The turn that claimed this id died past its deadline after committing ``writes`` (in order)."""

    turn_id: str
    writes: tuple[WriteResult, ...]


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The id was used before for a different request."""


@dataclass(frozen=True, slots=True)
class Limited:
    """Over the rate limit; nothing was claimed. Try again at ``retry_at``."""

    retry_at: datetime


ClaimOutcome = Claimed | Replay | InProgress | Interrupted | Mismatch | Limited


class ApiRequests:
    """One user's API request records; no method takes a user id. Statements run on a plain connection
    (prebuilt Core statements, no ORM session), each transaction in one hop (:mod:`storage.tx`): a claim is
    ONE guarded INSERT (more statements only when the id is known or the window is full)."""

    def __init__(self, engine: AsyncEngine, user_id: uuid.UUID) -> None:
        self._engine = engine
        self._owner = user_id

    async def claim(
        self, request_id: str | None, fingerprint: str, *, now: datetime, window: timedelta, limit: int,
        lease: timedelta = RETENTION,
    ) -> ClaimOutcome:  # fmt: skip
        """Claim ``request_id`` unless it is known, then apply the rate limit (``limit`` requests per
        ``window``, this one included; over it, the claim is withdrawn in the same transaction).
        ``request_id=None`` (a request that cannot be replayed) only counts against the limit. An attempt
        unfinished ``lease`` after it started is settled (module doc)."""
        if request_id is not None and (
            not isinstance(request_id, str) or not 0 < len(request_id) <= MAX_REQUEST_ID_LENGTH
        ):
            raise InvalidInput(f"request id must be 1 to {MAX_REQUEST_ID_LENGTH} characters", field="key")
        require_aware(now, "now", InvalidInput)
        key = None if request_id is None else KEY_PREFIX + request_id
        stamp = _stamp(now)
        params = {
            "owner": self._owner, "mark": f"{RATE_PREFIX}{stamp}:{uuid.uuid4().hex}", "now": now,
            "claim_key": key, "fingerprint": fingerprint, "limit": limit,
            "low": RATE_PREFIX + _stamp(now - window), "high": RATE_PREFIX + _stamp(now + _TICK),
        }  # fmt: skip
        prune_marks = secrets.randbelow(PRUNE_MARKS_ONE_IN) == 0
        prune_claims = secrets.randbelow(PRUNE_ONE_IN) == 0
        return await run_sync(
            self._engine,
            lambda conn: self._claim(conn, params, request_id, window, lease, prune_marks, prune_claims),
            commit=True,
        )

    def _claim(
        self, conn: Connection, params: dict[str, Any], request_id: str | None, window: timedelta,
        lease: timedelta, prune_marks: bool, prune_claims: bool,
    ) -> ClaimOutcome:  # fmt: skip
        """One guarded INSERT: the rate mark (and the claim) only while the window holds fewer than
        ``limit`` marks; a known id fails the claim's unique key (nothing is written either way)."""
        key, now = params["claim_key"], params["now"]
        try:
            added = execute(conn, _MARK if key is None else _MARK_AND_CLAIM, params).rowcount
        except IntegrityError:
            conn.rollback()
            conn.begin()  # a takeover below writes (run_sync commits this transaction)
            assert request_id is not None  # rate marks are random: only a client id can collide
            # Withdrawn between our insert and this read: in progress, as far as the client can tell.
            known = self._known(conn, request_id, params["fingerprint"], now, lease, take=True)
            return known or InProgress(now + lease)
        if added == 0:  # over the limit: nothing was written
            if request_id is not None:
                known = self._known(conn, request_id, params["fingerprint"], now, lease, take=False)
                if known is not None:
                    return known  # an earlier request with this id answers, as below the limit
            oldest = execute(conn, _OLDEST_IN_RANGE, params).scalar()
            conn.rollback()
            return Limited(retry_at=max(oldest + window, now) if oldest is not None else now + window)
        if prune_marks:  # marks past the window: a short index range
            execute(
                conn, _DELETE_RANGE, {"owner": params["owner"], "low": RATE_PREFIX, "high": params["low"]}
            )
        if prune_claims:  # old replies: rarely, it scans the user's claims
            execute(conn, _PRUNE_CLAIMS, {"owner": params["owner"], "before": now - RETENTION})
        if request_id is None:
            return Claimed()
        return Claimed(request_turn_id(self._owner, request_id, now))

    async def finish(self, request_id: str, result: dict[str, Any]) -> None:
        """Store the reply on the claim (a replay returns it from now on)."""
        params = finish_params(self._owner, request_id, result)
        await run_sync(self._engine, lambda conn: execute(conn, _FINISH, params), commit=True)

    async def release(self, request_id: str) -> None:
        """Withdraw an unfinished claim (the request did not run; the client may retry with the same id)."""
        params = {"owner": self._owner, "claim_key": KEY_PREFIX + request_id}
        await run_sync(self._engine, lambda conn: execute(conn, _RELEASE, params), commit=True)

    async def writes_at(self, now: datetime) -> int:
        """How many audit records (committed writes) carry exactly ``now``: a turn's writes, since a turn
        passes its own ``now`` to every write."""
        require_aware(now, "now", InvalidInput)
        params = {"owner": self._owner, "at": now}
        return await run_sync(self._engine, lambda conn: int(execute(conn, _WRITES_AT, params).scalar_one()))

    def _known(
        self, conn: Connection, request_id: str, fingerprint: str, now: datetime, lease: timedelta, *,
        take: bool,
    ) -> ClaimOutcome | None:  # fmt: skip
        """What an earlier request with this id says (``None``: there is none, or ``take`` is false and
        its stale attempt wrote nothing). A stale attempt is settled here (module doc)."""
        key = KEY_PREFIX + request_id
        row = execute(conn, _KNOWN, {"owner": self._owner, "claim_key": key}).first()
        if row is None:
            return None
        if row.fingerprint != fingerprint:
            return Mismatch()
        result = row.result
        if result is not None and RUNNING not in result:
            return Replay(dict(result))
        since = row.created_at if result is None else datetime.fromisoformat(result[RUNNING])
        if now < since + lease:
            return InProgress(since + lease)
        turn_id = request_turn_id(self._owner, request_id, row.created_at)
        span = {"owner": self._owner, "pattern": turn_id + ":%"}  # the turn id is hex: no wildcard
        writes = tuple(
            committed_result(r.result, replayed=True)
            for r in execute(conn, _TURN_WRITES, span)
            if r.result is not None
        )
        if writes:
            return Interrupted(turn_id, writes)
        if not take:
            return None
        taken = execute(
            conn, _TAKE_OVER if result is None else _TAKE_OVER_AGAIN,
            {"owner": self._owner, "claim_key": key, "raw": row.raw,
             "running": {RUNNING: now.astimezone(UTC).isoformat()}},
        ).rowcount  # fmt: skip
        return Claimed(turn_id) if taken else InProgress(now + lease)


def request_turn_id(owner: uuid.UUID, request_id: str, claimed_at: datetime) -> str:
    """The turn id of a claimed request: the same for every attempt of one claim, new for a later claim
    of the same id (after the old one was withdrawn or pruned), 32 hex digits like a random one."""
    seed = f"{owner.hex}\n{request_id}\n{_stamp(claimed_at)}".encode()
    return hashlib.sha256(seed).hexdigest()[:32]


def finish_params(owner: uuid.UUID, request_id: str, result: dict[str, Any]) -> dict[str, Any]:
    """Parameters of ``FINISH`` (store ``result`` on the claim of ``request_id``)."""
    return {"owner": owner, "claim_key": KEY_PREFIX + request_id, "claim_result": result}


_CLAIMS = IdempotencyRecord.__table__  # type: ignore[attr-defined]
#: Built once; each call passes only parameters (the compiled form comes from the statement cache).
_IN_RANGE = (
    _CLAIMS.c.owner_id == bindparam("owner"),
    _CLAIMS.c.key >= bindparam("low"),
    _CLAIMS.c.key < bindparam("high"),
)
#: Fewer than ``limit`` marks in the window (the ones this request would add not counted). The LIMIT keeps
#: the count short when the window is full.
_UNDER_LIMIT = (
    select(func.count()).select_from(
        select(_CLAIMS.c.id).where(*_IN_RANGE).limit(bindparam("limit", type_=BigInteger)).subquery()
    )
).scalar_subquery() < bindparam("limit", type_=BigInteger)


def _row(key: Any, fingerprint: Any) -> Any:
    c = _CLAIMS.c
    return select(
        bindparam("owner", type_=c.owner_id.type).label("owner_id"), key.label("key"),
        fingerprint.label("fingerprint"), bindparam("now", type_=c.created_at.type).label("created_at"),
    )  # fmt: skip


_COLUMNS = ("owner_id", "key", "fingerprint", "created_at")
_MARK_ROW = _row(bindparam("mark", type_=_CLAIMS.c.key.type), literal("-", _CLAIMS.c.fingerprint.type))
_CLAIM_ROW = _row(
    bindparam("claim_key", type_=_CLAIMS.c.key.type),
    bindparam("fingerprint", type_=_CLAIMS.c.fingerprint.type),
)
#: The rate mark, only under the limit: ONE statement; ``rowcount`` 0 means limited.
_MARK = insert(_CLAIMS).from_select(_COLUMNS, _MARK_ROW.where(_UNDER_LIMIT))
#: The rate mark and the claim of the client's id together, only under the limit (a known id fails the
#: unique key: nothing is written).
_MARK_AND_CLAIM = insert(_CLAIMS).from_select(
    _COLUMNS, select(union_all(_MARK_ROW, _CLAIM_ROW).subquery()).where(_UNDER_LIMIT)
)
_OLDEST_IN_RANGE = select(_CLAIMS.c.created_at).where(*_IN_RANGE).order_by(_CLAIMS.c.key).limit(1)
_DELETE_RANGE = delete(_CLAIMS).where(*_IN_RANGE)
_THIS_CLAIM = (_CLAIMS.c.owner_id == bindparam("owner"), _CLAIMS.c.key == bindparam("claim_key"))
_RAW = cast(_CLAIMS.c.result, Text)
_KNOWN = select(_CLAIMS.c.fingerprint, _CLAIMS.c.result, _CLAIMS.c.created_at, _RAW.label("raw")).where(
    *_THIS_CLAIM
)
#: Not finished: no result yet, or a running takeover's marker (``{"running_since": ...}``, as stored).
_UNFINISHED = or_(_CLAIMS.c.result.is_(None), _RAW.startswith(f'{{"{RUNNING}"', autoescape=True))
_RELEASE = delete(_CLAIMS).where(*_THIS_CLAIM, _UNFINISHED)
#: A turn's committed writes: keys ``<turn id>:<n>``, in the order they committed. LIKE, not a key range:
#: ":" sorts differently under some PostgreSQL collations. Only a retry after a crash runs it.
_TURN_WRITES = (
    select(_CLAIMS.c.result)
    .where(_CLAIMS.c.owner_id == bindparam("owner"), _CLAIMS.c.key.like(bindparam("pattern")))
    .order_by(_CLAIMS.c.id)
)
_RUNNING_VALUE = bindparam("running", type_=_CLAIMS.c.result.type)
#: Take over a stale claim, only if it is still as read (one of two racing retries wins).
_TAKE_OVER = update(_CLAIMS).where(*_THIS_CLAIM, _CLAIMS.c.result.is_(None)).values(result=_RUNNING_VALUE)
_TAKE_OVER_AGAIN = (
    update(_CLAIMS)
    .where(*_THIS_CLAIM, cast(_CLAIMS.c.result, Text) == bindparam("raw", type_=Text))
    .values(result=_RUNNING_VALUE)
)
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
    """``%Y%m%d%H%M%S%f`` in UTC (digits only: the same order under any collation), without strftime."""
    u = at.astimezone(UTC)
    fields = (u.year, u.month, u.day, u.hour, u.minute, u.second, u.microsecond)
    return "%04d%02d%02d%02d%02d%02d%06d" % fields  # noqa: UP031 (twice as fast as strftime or f-strings)
