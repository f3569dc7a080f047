"""``ConversationStore``: one user's transcript and pending commands, bound to the user id.

A pending command is what a turn left waiting for the user's next reply (a missing value, a choice, a
confirmation). There is at most one per conversation (a unique constraint); saving a new one replaces it.
``take_pending`` removes and returns it atomically, so a confirmation executes at most once.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, get_args

from sqlalchemy import bindparam, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import limits
from storage.drafts import require_aware
from storage.errors import InvalidInput
from storage.models import ConversationMessage, PendingCommand

__all__ = ["ConversationStore", "MessageRecord", "PendingKind", "PendingRecord", "Role"]

Role = Literal["user", "assistant", "tool", "system"]
PendingKind = Literal["needs_value", "needs_choice", "needs_confirmation"]
MAX_PAYLOAD_BYTES = 64_000


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """One stored message of a conversation (oldest messages have the smallest ids)."""

    id: int
    conversation_id: str
    role: Role
    text: str
    turn_id: str | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class PendingRecord:
    """A command waiting for the user's next reply; void from ``expires_at`` on."""

    id: uuid.UUID
    conversation_id: str
    kind: PendingKind
    payload: dict[str, Any]
    turn_id: str | None
    created_at: datetime
    expires_at: datetime

    def expired(self, now: datetime) -> bool:
        return now >= self.expires_at


class ConversationStore:
    """One user's conversation messages and pending commands; no method takes a user id."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID) -> None:
        self._sessions = sessions
        self._owner = user_id

    async def add_message(
        self, conversation_id: str, role: Role, text: str, *, now: datetime, turn_id: str | None = None
    ) -> MessageRecord:
        _check_conversation(conversation_id)
        if role not in get_args(Role):
            raise InvalidInput(f"role must be one of {', '.join(get_args(Role))}", field="role")
        if not isinstance(text, str) or len(text) > limits.MAX_MESSAGE_LENGTH:
            raise InvalidInput(
                f"message text must be at most {limits.MAX_MESSAGE_LENGTH} characters", field="text"
            )
        require_aware(now, "now", InvalidInput)
        row = ConversationMessage(
            owner_id=self._owner,
            conversation_id=conversation_id,
            role=role,
            text=text,
            turn_id=turn_id,
            created_at=now,
        )
        async with self._sessions() as session:
            session.add(row)
            await session.commit()
        return _message(row)

    async def recent_messages(self, conversation_id: str, *, limit: int = 20) -> list[MessageRecord]:
        """The last ``limit`` messages of the conversation, oldest first."""
        query = (
            select(ConversationMessage)
            .where(
                ConversationMessage.owner_id == self._owner,
                ConversationMessage.conversation_id == conversation_id,
            )
            .order_by(ConversationMessage.id.desc())  # type: ignore[union-attr]
            .limit(limit)
        )
        async with self._sessions() as session:
            rows = list((await session.execute(query)).scalars())
        return [_message(r) for r in reversed(rows)]

    async def search_messages(self, text: str, *, limit: int = 10) -> list[MessageRecord]:
        """Messages of any of the user's conversations containing ``text`` (case-insensitive), newest first."""
        if not isinstance(text, str) or not text.strip() or len(text) > limits.MAX_SEARCH_QUERY_LENGTH:
            raise InvalidInput("search text must be 1 to 200 characters", field="text")
        pattern = "%" + text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        query = (
            select(ConversationMessage)
            .where(
                ConversationMessage.owner_id == self._owner,
                func.lower(ConversationMessage.text).like(pattern, escape="\\"),
            )
            .order_by(ConversationMessage.id.desc())  # type: ignore[union-attr]
            .limit(limit)
        )
        async with self._sessions() as session:
            return [_message(r) for r in (await session.execute(query)).scalars()]

    async def save_pending(
        self,
        conversation_id: str,
        kind: PendingKind,
        payload: dict[str, Any],
        *,
        now: datetime,
        expires_at: datetime,
        turn_id: str | None = None,
    ) -> PendingRecord:
        """Store the conversation's pending command, replacing any earlier one."""
        _check_conversation(conversation_id)
        if kind not in get_args(PendingKind):
            raise InvalidInput(f"kind must be one of {', '.join(get_args(PendingKind))}", field="kind")
        require_aware(now, "now", InvalidInput)
        require_aware(expires_at, "expires_at", InvalidInput)
        if expires_at <= now:
            raise InvalidInput("expires_at must be after now", field="expires_at")
        try:
            encoded = json.dumps(payload)
        except (TypeError, ValueError) as exc:
            raise InvalidInput("payload must be JSON-serializable", field="payload") from exc
        if not isinstance(payload, dict) or len(encoded) > MAX_PAYLOAD_BYTES:
            raise InvalidInput(
                f"payload must be a JSON object of at most {MAX_PAYLOAD_BYTES} bytes", field="payload"
            )
        for attempt in range(3):
            row = PendingCommand(
                id=uuid.uuid4(), owner_id=self._owner, conversation_id=conversation_id, kind=kind,
                payload=json.loads(encoded), turn_id=turn_id, created_at=now, expires_at=expires_at,
            )  # fmt: skip
            async with self._sessions() as session:
                await session.execute(self._pending_where(delete(PendingCommand), conversation_id))
                session.add(row)
                try:
                    await session.commit()
                    return _pending(row)
                except IntegrityError:  # a concurrent save won the slot; replace it
                    await session.rollback()
                    if attempt == 2:
                        raise
        raise AssertionError("unreachable")

    async def pending(self, conversation_id: str, *, now: datetime) -> PendingRecord | None:
        """The conversation's pending command, or ``None`` if there is none or it has expired."""
        require_aware(now, "now", InvalidInput)
        async with self._sessions() as session:
            row = (
                await session.execute(self._pending_where(select(PendingCommand), conversation_id))
            ).scalar_one_or_none()
        if row is None or now >= row.expires_at:
            return None
        return _pending(row)

    async def take_pending(self, conversation_id: str, *, now: datetime) -> PendingRecord | None:
        """Remove and return the pending command (``None`` if absent or expired; expired ones are removed)."""
        require_aware(now, "now", InvalidInput)
        engine = self._sessions.kw["bind"]  # a Core statement on a plain connection: no ORM DML path
        async with engine.begin() as conn:
            found = (
                await conn.execute(_TAKE_PENDING, {"owner": self._owner, "conversation": conversation_id})
            ).one_or_none()
        if found is None:
            return None
        record = PendingRecord(
            found.id, found.conversation_id, found.kind, dict(found.payload), found.turn_id, found.created_at,
            found.expires_at,
        )  # fmt: skip
        return None if record.expired(now) else record

    async def clear_pending(self, conversation_id: str) -> bool:
        """Drop the pending command; ``True`` if there was one."""
        async with self._sessions() as session:
            result = await session.execute(self._pending_where(delete(PendingCommand), conversation_id))
            await session.commit()
        return bool(result.rowcount)  # type: ignore[attr-defined]

    def _pending_where(self, statement: Any, conversation_id: str) -> Any:
        return statement.where(
            PendingCommand.owner_id == self._owner, PendingCommand.conversation_id == conversation_id
        )


def _check_conversation(conversation_id: object) -> None:
    if (
        not isinstance(conversation_id, str)
        or not conversation_id
        or len(conversation_id) > limits.MAX_CONVERSATION_ID_LENGTH
    ):
        raise InvalidInput(
            f"conversation_id must be 1 to {limits.MAX_CONVERSATION_ID_LENGTH} characters",
            field="conversation_id",
        )


def _message(row: ConversationMessage) -> MessageRecord:
    assert row.id is not None
    return MessageRecord(row.id, row.conversation_id, row.role, row.text, row.turn_id, row.created_at)  # type: ignore[arg-type]


_PENDING_TABLE = PendingCommand.__table__  # type: ignore[attr-defined]
_TAKE_PENDING = (
    delete(_PENDING_TABLE)
    .where(
        _PENDING_TABLE.c.owner_id == bindparam("owner"),
        _PENDING_TABLE.c.conversation_id == bindparam("conversation"),
    )
    .returning(*_PENDING_TABLE.c)
)


def _pending(row: PendingCommand) -> PendingRecord:
    return PendingRecord(
        row.id,
        row.conversation_id,
        row.kind,
        dict(row.payload),
        row.turn_id,
        row.created_at,
        row.expires_at,  # type: ignore[arg-type]
    )
