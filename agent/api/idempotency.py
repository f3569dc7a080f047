"""Client request ids: the same id for the same user returns the stored reply; the turn runs once.

``admit`` claims the id in the database (a unique constraint decides races between workers) and applies
the rate limit in the same transaction; ``settle`` stores the outcome on the claim when the turn ends, or
withdraws the claim when the turn provably wrote nothing (so the client may retry with the same id).
A request without an id is counted by the rate limit and nothing is stored for it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from agent.api.errors import Conflict
from agent.api.limits import RATE_WINDOW, rate_limited
from agent.api.schemas import ChatRequest
from agent.api.services import Services
from storage import StorageError
from storage.api_requests import ApiRequests, Claimed, InProgress, Limited, Mismatch, Replay

__all__ = ["Admitted", "Stored", "admit", "settle"]

log = logging.getLogger("kairos.api")


@dataclass(frozen=True, slots=True)
class Admitted:
    """Run the turn; then ``settle``."""

    request_id: str | None
    """``None``: the client sent no id, so nothing is stored for replays."""
    requests: ApiRequests


@dataclass(frozen=True, slots=True)
class Stored:
    """An earlier request with this id finished: answer with what it answered."""

    status: int
    body: dict[str, Any]


async def admit(
    svc: Services, user_id: uuid.UUID, body: ChatRequest, header_id: str | None, now: datetime
) -> Admitted | Stored:
    if body.request_id and header_id and body.request_id != header_id:
        raise Conflict("request_id and the Idempotency-Key header differ.", reason="request_id_mismatch")
    request_id = body.request_id or header_id
    fingerprint = hashlib.sha256(
        json.dumps([body.message, body.conversation_id], ensure_ascii=False).encode()
    ).hexdigest()
    requests = ApiRequests(svc.db.engine, user_id)
    outcome = await requests.claim(
        request_id, fingerprint, now=now, window=RATE_WINDOW, limit=svc.settings.rate_limit_per_minute
    )
    match outcome:
        case Claimed():
            return Admitted(request_id, requests)
        case Replay(result):
            return Stored(int(result["status"]), dict(result["body"]))
        case Limited(retry_at):
            raise rate_limited(retry_at, now, svc.settings)
        case Mismatch():
            raise Conflict(
                "This request id was already used for a different message; use a new id.",
                reason="request_id_reused",
            )
        case InProgress():
            raise Conflict(
                "A request with this id is still running; ask again shortly for its reply.",
                reason="request_in_progress",
                headers={"Retry-After": "1"},
            )
    raise AssertionError(f"unexpected claim outcome {outcome!r}")


async def settle(admitted: Admitted, status: int, body: dict[str, Any]) -> None:
    """Store the answer for replays. Never raises: the answer is already decided."""
    if admitted.request_id is None:
        return
    try:
        await admitted.requests.finish(admitted.request_id, {"status": status, "body": body})
    except StorageError:
        log.warning("could not store the reply for replay", exc_info=True)


async def withdraw(admitted: Admitted) -> None:
    if admitted.request_id is None:
        return
    try:
        await admitted.requests.release(admitted.request_id)
    except StorageError:
        log.warning("could not withdraw a request claim", exc_info=True)
