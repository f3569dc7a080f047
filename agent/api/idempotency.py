"""Client request ids: the same id for the same user returns the stored reply; the turn runs once.

``admit`` claims the id in the database (a unique constraint decides races between workers) and applies
the rate limit in the same transaction; ``settle`` stores the outcome on the claim when the turn ends, or
withdraws the claim when the turn provably wrote nothing (so the client may retry with the same id).
A request without an id is counted by the rate limit and nothing is stored for it.

A worker that dies mid-turn (``kill -9``) leaves its claim unfinished. A live worker cancels a turn at
``turn_timeout_s``, so a claim unfinished ``claim_lease`` later (the deadline and a short grace) is a dead
worker's, and a retry settles it (``storage.api_requests``): with the writes its turn committed, the retry
answers 200 with their receipts, built from the stored rows (``Interrupted``: nothing runs again); with
none, the retry runs the turn under the same turn id. Before then, a retry answers 409 with Retry-After.
"""

from __future__ import annotations

import hashlib
import json
import logging
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from agent.api.errors import Conflict
from agent.api.limits import RATE_WINDOW, rate_limited
from agent.api.schemas import ChatRequest, chat_reply
from agent.api.services import Services
from agent.api.settings import ApiSettings
from agent.assistant import DEFAULT_CONVERSATION
from agent.language import detect_language
from agent.render.receipts import make_receipt
from storage import StorageError
from storage.api_requests import (
    ApiRequests,
    Claimed,
    InProgress,
    Interrupted,
    Limited,
    Mismatch,
    Replay,
)

__all__ = ["Admitted", "Stored", "admit", "claim_lease", "settle"]

log = logging.getLogger("kairos.api")


@dataclass(frozen=True, slots=True)
class Admitted:
    """Run the turn; then ``settle``."""

    request_id: str | None
    """``None``: the client sent no id, so nothing is stored for replays."""
    requests: ApiRequests
    turn_id: str | None = None
    """The turn id derived from the claim (every attempt of one claim runs under it)."""


@dataclass(frozen=True, slots=True)
class Stored:
    """An earlier request with this id finished: answer with what it answered."""

    status: int
    body: dict[str, Any]


async def admit(
    svc: Services, user_id: uuid.UUID, body: ChatRequest, header_id: str | None, now: datetime, *,
    attachment: str | None = None,
) -> Admitted | Stored:  # fmt: skip
    """Claim the request's id (``attachment``: the attached file's digest, part of what the id stands
    for)."""
    if body.request_id and header_id and body.request_id != header_id:
        raise Conflict("request_id and the Idempotency-Key header differ.", reason="request_id_mismatch")
    request_id = body.request_id or header_id
    said = [body.message, body.conversation_id] + ([attachment] if attachment is not None else [])
    fingerprint = hashlib.sha256(json.dumps(said, ensure_ascii=False).encode()).hexdigest()
    requests = ApiRequests(svc.db.engine, user_id)
    outcome = await requests.claim(
        request_id, fingerprint, now=now, window=RATE_WINDOW, limit=svc.settings.rate_limit_per_minute,
        lease=claim_lease(svc.settings),
    )  # fmt: skip
    match outcome:
        case Claimed(turn_id):
            return Admitted(request_id, requests, turn_id)
        case Interrupted():
            assert request_id is not None
            return await _interrupted(svc, user_id, requests, request_id, outcome, body, now)
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


def claim_lease(settings: ApiSettings) -> timedelta:
    """How long a claim's attempt may stay unfinished before a retry settles it: the turn deadline and a
    grace for a cancelled turn to unwind (a statement in flight, the settle), at most 5 s."""
    return timedelta(seconds=settings.turn_timeout_s + min(5.0, settings.turn_timeout_s))


async def _interrupted(
    svc: Services, user_id: uuid.UUID, requests: ApiRequests, request_id: str, outcome: Interrupted,
    body: ChatRequest, now: datetime,
) -> Stored:  # fmt: skip
    """The reply to a retry of a turn that died after committing writes: their receipts (from the stored
    rows) and that nothing else was done; stored on the claim, so later retries replay it."""
    lang = detect_language(body.message)
    zone = (await svc.db.users.get(user_id)).timezone
    receipts = [make_receipt(w, lang, user_timezone=zone, now=now) for w in outcome.writes]
    note = _CUT_OFF[lang]
    reply = {
        "text": "\n".join([*(r.text for r in receipts), note]),
        "turn_id": outcome.turn_id,
        "conversation_id": body.conversation_id or DEFAULT_CONVERSATION,
        "lang": lang,
        "receipts": [r.to_json() for r in receipts],
        "pending": None,
    }
    data = chat_reply(reply)
    await settle(Admitted(request_id, requests, outcome.turn_id), 200, data)
    log.warning("settled a request whose turn died after %d write(s)", len(outcome.writes),
                extra={"turn_id": outcome.turn_id})  # fmt: skip
    return Stored(200, data)


_CUT_OFF = {
    "en": "(My reply to this message was cut off; nothing else from it was done.)",
    "zh": "（这条消息的回复中断了；除此之外没有做任何更改。）",
}


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
