"""``TurnLog``: structured per-turn records (telemetry, exit-check outcomes such as
``unverified_write_claim``), bound to one user. Payloads are JSON objects; keep message bodies and secrets
out of them."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import limits
from storage.drafts import require_aware
from storage.errors import InvalidInput
from storage.models import TurnRecord

__all__ = ["TurnLog", "TurnRecordView"]

MAX_TURN_PAYLOAD_BYTES = 64_000


@dataclass(frozen=True, slots=True)
class TurnRecordView:
    """One stored turn record."""

    id: int
    turn_id: str
    kind: str
    payload: dict[str, Any]
    at: datetime


class TurnLog:
    """One user's per-turn structured records; no method takes a user id."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID) -> None:
        self._sessions = sessions
        self._owner = user_id

    async def record(
        self, turn_id: str, kind: str, payload: dict[str, Any], *, now: datetime
    ) -> TurnRecordView:
        if not isinstance(turn_id, str) or not turn_id or len(turn_id) > limits.MAX_TURN_ID_LENGTH:
            raise InvalidInput(
                f"turn_id must be 1 to {limits.MAX_TURN_ID_LENGTH} characters", field="turn_id"
            )
        if not isinstance(kind, str) or not kind or len(kind) > 64:
            raise InvalidInput("kind must be 1 to 64 characters", field="kind")
        require_aware(now, "now", InvalidInput)
        try:
            encoded = json.dumps(payload)
        except (TypeError, ValueError) as exc:
            raise InvalidInput("payload must be JSON-serializable", field="payload") from exc
        if not isinstance(payload, dict) or len(encoded) > MAX_TURN_PAYLOAD_BYTES:
            raise InvalidInput(
                f"payload must be a JSON object of at most {MAX_TURN_PAYLOAD_BYTES} bytes", field="payload"
            )
        row = TurnRecord(
            owner_id=self._owner, turn_id=turn_id, kind=kind, payload=json.loads(encoded), at=now
        )
        async with self._sessions() as session:
            session.add(row)
            await session.commit()
        return _view(row)

    async def records(
        self, *, turn_id: str | None = None, kind: str | None = None, limit: int = 100
    ) -> list[TurnRecordView]:
        """The newest ``limit`` records, optionally of one turn and/or one kind, oldest first."""
        query = select(TurnRecord).where(TurnRecord.owner_id == self._owner)
        if turn_id is not None:
            query = query.where(TurnRecord.turn_id == turn_id)
        if kind is not None:
            query = query.where(TurnRecord.kind == kind)
        query = query.order_by(TurnRecord.id.desc()).limit(limit)  # type: ignore[union-attr]
        async with self._sessions() as session:
            rows = list((await session.execute(query)).scalars())
        return [_view(r) for r in reversed(rows)]


def _view(row: TurnRecord) -> TurnRecordView:
    assert row.id is not None
    return TurnRecordView(row.id, row.turn_id, row.kind, dict(row.payload), row.at)
