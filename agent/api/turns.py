"""One chat turn under a deadline, and what to say when it fails.

A turn that runs past ``KAIROS_TURN_TIMEOUT_S`` is cancelled. Every write is one transaction in storage,
so cancelling leaves either a whole committed write or nothing (no partial row, no dangling claim). The
answer then says which: the audit records stamped with the turn's ``now`` are counted after the turn has
unwound, and the error body carries ``saved`` (the number of changes that did commit).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from agent import Reply
from agent.api.errors import ApiError, TurnTimeout
from agent.api.idempotency import Admitted, settle, withdraw
from agent.api.schemas import chat_reply
from agent.api.services import Services
from agent.assistant import ReplyRecord
from agent.attachments import Attachment
from storage import StorageError

__all__ = [
    "failure_body",
    "iterate",
    "reply_record",
    "run_reply",
    "settle_failure",
    "timeout_error",
    "unwind_turn_tasks",
]

log = logging.getLogger("kairos.api")


async def timeout_error(svc: Services, admitted: Admitted, now: datetime) -> TurnTimeout:
    """The honest 504 for a turn cancelled at its deadline (stored for replays of the same id)."""
    limit = svc.settings.turn_timeout_s
    try:
        saved: int | None = await admitted.requests.writes_at(now)
    except StorageError:
        saved = None
    if saved == 0:
        message = f"I ran out of time ({limit:g} s) and stopped. Nothing from this message was saved."
    elif saved is None:
        message = (
            f"I ran out of time ({limit:g} s) and stopped. I could not check whether anything was saved; "
            "please look at your calendar before asking again."
        )
    else:
        message = (
            f"I ran out of time ({limit:g} s) before I could finish. {saved} change(s) had already been "
            "saved; please look at your calendar before asking again."
        )
    error = TurnTimeout(message, saved=saved)
    await settle(admitted, error.status, error.body())
    return error


async def settle_failure(svc: Services, admitted: Admitted, now: datetime) -> None:
    """After an unexpected failure: withdraw the claim if nothing was written (the same id may be
    retried), else store a 500 so a retry cannot write twice."""
    try:
        saved = await admitted.requests.writes_at(now)
    except StorageError:
        return  # leave the claim: a retry with this id answers "in progress" rather than risk a double write
    if saved == 0:
        await withdraw(admitted)
    else:
        await settle(admitted, 500, failure_body(saved))


def failure_body(saved: int) -> dict[str, Any]:
    return {
        "error": {
            "code": "internal",
            "message": f"Something went wrong on our side after {saved} change(s) were saved; "
            "please look at your calendar before asking again.",
            "saved": saved,
        }
    }


async def unwind_turn_tasks(before: set[asyncio.Task[Any]], grace_s: float = 5.0) -> None:
    """Wait for the turn task that ``Assistant.stream`` started (and cancels without awaiting) to finish
    unwinding, so a write in flight has committed or rolled back before we count writes."""
    mine = asyncio.current_task()
    started = [
        t for t in asyncio.all_tasks() - before
        if t is not mine and "Assistant.stream" in getattr(t.get_coro(), "__qualname__", "")
    ]  # fmt: skip
    if started:
        await asyncio.wait(started, timeout=grace_s)


def reply_record(admitted: Admitted) -> ReplyRecord | None:
    """The turn's commit stores the public reply on the request's claim (no separate ``settle``), when the
    client sent a request id; the turn runs under the claim's turn id, so a retry after a crash finds its
    writes (:mod:`agent.api.idempotency`)."""
    if admitted.request_id is None:
        return None
    return ReplyRecord(
        admitted.request_id,
        lambda reply: {"status": 200, "body": chat_reply(reply.to_json())},
        turn_id=admitted.turn_id,
    )


async def run_reply(
    svc: Services, admitted: Admitted, user_id: uuid.UUID, message: str, conversation_id: str | None,
    now: datetime, record: ReplyRecord | None = None, *, attachment: Attachment | None = None,
) -> Reply:  # fmt: skip
    """``Assistant.reply`` under the deadline; raises ``TurnTimeout`` (settled) past it. With ``record``,
    the reply is stored for replays in the turn's own commit (``record.stored``)."""
    try:
        async with asyncio.timeout(svc.settings.turn_timeout_s):
            return await svc.assistant.reply(
                user_id, message, conversation_id=conversation_id, now=now, record=record,
                attachment=attachment,
            )  # fmt: skip
    except TimeoutError:
        raise await timeout_error(svc, admitted, now) from None
    except ApiError:
        raise
    except BaseException:
        with contextlib.suppress(Exception):
            await asyncio.shield(settle_failure(svc, admitted, now))
        raise


async def iterate(
    svc: Services, user_id: uuid.UUID, message: str, conversation_id: str | None, now: datetime,
    record: ReplyRecord | None = None, *, attachment: Attachment | None = None,
) -> AsyncIterator[Any]:  # fmt: skip
    """``Assistant.stream`` items (no deadline here; the caller holds it)."""
    async with contextlib.aclosing(
        svc.assistant.stream(
            user_id, message, conversation_id=conversation_id, now=now, record=record, attachment=attachment
        )
    ) as items:
        async for item in items:
            yield item
