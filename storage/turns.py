"""``TurnStore``: what one agent turn reads before it starts and writes when it ends, each in ONE session,
bound to one user.

    turns = db.turns(user_id)
    state = await turns.load("default", now=now, gap=timedelta(minutes=120), history_limit=6)
    state.segment, state.new_segment, state.pending, state.history, state.earlier, state.focus
    await turns.commit(state, now=now, turn_id=t, messages=[("user", text), ("assistant", reply)],
                       records=[("turn", payload)], focus=[...], pending=PendingWrite(...) | CLEAR | None)

Segments: a conversation is cut into segments by silence. ``load`` decides whether ``now`` continues the
current segment (the last message is less than ``gap`` ago) or starts a new one; ``commit`` stores the
messages under that segment and, when a new one starts, files a one-line summary of the previous one
(start, end, message count) in ``earlier`` — so a marker per older segment costs no query.

The focus list (the events most recently shown, created or changed) belongs to the segment: a new segment
starts with an empty one. ``archive`` returns messages of every other segment (and other conversations)
for the archive search.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final, get_args

from sqlalchemy import and_, delete, insert, not_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import limits
from storage.conversations import (
    MAX_PAYLOAD_BYTES,
    MessageRecord,
    PendingKind,
    PendingRecord,
    Role,
    _check_conversation,
    _pending,
)
from storage.drafts import require_aware
from storage.errors import InvalidInput
from storage.models import ConversationMessage, ConversationState, PendingCommand, TurnRecord

__all__ = ["CLEAR", "ArchivedMessage", "PendingWrite", "SegmentSummary", "TurnState", "TurnStore"]

MAX_EARLIER = 20
MAX_FOCUS = 8


@dataclass(frozen=True, slots=True)
class SegmentSummary:
    """One earlier segment: its number, first and last message times, and how many messages it has."""

    segment: int
    start: datetime
    end: datetime
    messages: int


@dataclass(frozen=True, slots=True)
class TurnState:
    """The conversation as a turn starting at ``now`` sees it."""

    conversation_id: str
    segment: int
    new_segment: bool
    segment_started_at: datetime
    segment_messages: int
    pending: PendingRecord | None
    history: tuple[MessageRecord, ...]
    """The current segment's last messages, oldest first (empty when a new segment starts)."""
    earlier: tuple[SegmentSummary, ...]
    """The earlier segments, newest first (at most ``MAX_EARLIER``)."""
    focus: tuple[dict[str, Any], ...] = ()
    exists: bool = field(default=False, repr=False)


@dataclass(frozen=True, slots=True)
class PendingWrite:
    """``commit(pending=PendingWrite(...))`` replaces the conversation's pending command."""

    kind: PendingKind
    payload: dict[str, Any]
    expires_at: datetime


class _Clear:
    def __repr__(self) -> str:
        return "CLEAR"


CLEAR: Final = _Clear()
"""``commit(pending=CLEAR)`` drops the conversation's pending command."""


@dataclass(frozen=True, slots=True)
class ArchivedMessage:
    """A stored message outside the current segment, with its conversation and segment."""

    conversation_id: str
    segment: int
    role: Role
    text: str
    created_at: datetime


def _summary(data: dict[str, Any]) -> SegmentSummary:
    return SegmentSummary(
        int(data["segment"]),
        datetime.fromisoformat(data["start"]),
        datetime.fromisoformat(data["end"]),
        int(data["messages"]),
    )


class TurnStore:
    """One user's per-turn conversation state; no method takes a user id."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID) -> None:
        self._sessions = sessions
        self._owner = user_id

    async def load(
        self, conversation_id: str, *, now: datetime, gap: timedelta, history_limit: int = 6
    ) -> TurnState:
        """State, pending command (unexpired) and the current segment's last messages: one session."""
        require_aware(now, "now", InvalidInput)
        _check_conversation(conversation_id)
        async with self._sessions() as session:
            row = await session.get(ConversationState, (self._owner, conversation_id))
            pending_row = (
                await session.execute(
                    select(PendingCommand).where(
                        PendingCommand.owner_id == self._owner,
                        PendingCommand.conversation_id == conversation_id,
                    )
                )
            ).scalar_one_or_none()
            if row is None:
                segment, new, started, count = 0, True, now, 0
                earlier: tuple[SegmentSummary, ...] = ()
                focus: tuple[dict[str, Any], ...] = ()
            else:
                new = now - row.last_message_at >= gap
                segment = row.segment + 1 if new else row.segment
                started = now if new else row.segment_started_at
                count = 0 if new else row.segment_messages
                previous = SegmentSummary(row.segment, row.segment_started_at, row.last_message_at,
                                          row.segment_messages)  # fmt: skip
                earlier = tuple(_summary(e) for e in row.earlier or ())
                if new and row.segment_messages:
                    earlier = (previous, *earlier)[:MAX_EARLIER]
                focus = () if new else tuple(row.focus or ())
            history: list[ConversationMessage] = []
            if not new and history_limit > 0:
                query = (
                    select(ConversationMessage)
                    .where(
                        ConversationMessage.owner_id == self._owner,
                        ConversationMessage.conversation_id == conversation_id,
                        ConversationMessage.segment == segment,
                    )
                    .order_by(ConversationMessage.id.desc())  # type: ignore[union-attr]
                    .limit(history_limit)
                )
                history = list((await session.execute(query)).scalars())
        pending = _pending(pending_row) if pending_row is not None else None
        if pending is not None and pending.expired(now):
            pending = None
        return TurnState(
            conversation_id=conversation_id,
            segment=segment,
            new_segment=new,
            segment_started_at=started,
            segment_messages=count,
            pending=pending,
            history=tuple(_message(m) for m in reversed(history)),
            earlier=earlier,
            focus=focus,
            exists=row is not None,
        )

    async def commit(
        self,
        state: TurnState,
        *,
        now: datetime,
        turn_id: str | None,
        messages: Sequence[tuple[Role, str]],
        records: Sequence[tuple[str, dict[str, Any]]] = (),
        focus: Sequence[dict[str, Any]] | None = None,
        pending: PendingWrite | _Clear | None = None,
    ) -> None:
        """Store the turn's messages (in ``state.segment``), turn records, the conversation state and the
        pending-command change in ONE transaction."""
        require_aware(now, "now", InvalidInput)
        conversation_id = state.conversation_id
        for role, text in messages:
            if role not in get_args(Role) or len(text) > limits.MAX_MESSAGE_LENGTH:
                raise InvalidInput("a message needs a known role and at most "
                                   f"{limits.MAX_MESSAGE_LENGTH} characters", field="messages")  # fmt: skip
        encoded_records = [(kind, _json_object(payload, "records")) for kind, payload in records]
        pending_payload = (
            _json_object(pending.payload, "payload") if isinstance(pending, PendingWrite) else None
        )
        if isinstance(pending, PendingWrite):
            require_aware(pending.expires_at, "expires_at", InvalidInput)
            if pending.expires_at <= now:
                raise InvalidInput("expires_at must be after now", field="expires_at")
        focus_list = list(focus if focus is not None else state.focus)[:MAX_FOCUS]
        earlier = [
            {"segment": e.segment, "start": e.start.isoformat(), "end": e.end.isoformat(),
             "messages": e.messages}
            for e in state.earlier
        ]  # fmt: skip
        values = {
            "segment": state.segment,
            "segment_started_at": state.segment_started_at,
            "last_message_at": now,
            "segment_messages": state.segment_messages + len(messages),
            "earlier": earlier,
            "focus": json.loads(json.dumps(focus_list)),
        }
        async with self._sessions() as session:
            if messages:
                await session.execute(
                    insert(ConversationMessage),
                    [
                        {"owner_id": self._owner, "conversation_id": conversation_id, "role": role,
                         "text": text, "turn_id": turn_id, "created_at": now, "segment": state.segment}
                        for role, text in messages
                    ],
                )  # fmt: skip
            if encoded_records:
                await session.execute(
                    insert(TurnRecord),
                    [
                        {"owner_id": self._owner, "turn_id": turn_id or "", "kind": kind, "payload": payload,
                         "at": now}
                        for kind, payload in encoded_records
                    ],
                )  # fmt: skip
            await session.execute(_upsert_state(session, self._owner, conversation_id, values))
            if pending is not None:
                await session.execute(
                    delete(PendingCommand).where(
                        PendingCommand.owner_id == self._owner,
                        PendingCommand.conversation_id == conversation_id,
                    )
                )
            if isinstance(pending, PendingWrite):
                await session.execute(
                    insert(PendingCommand).values(
                        id=uuid.uuid4(), owner_id=self._owner, conversation_id=conversation_id,
                        kind=pending.kind, payload=pending_payload, turn_id=turn_id, created_at=now,
                        expires_at=pending.expires_at,
                    )
                )  # fmt: skip
            await session.commit()

    async def archive(
        self, conversation_id: str, *, exclude_segment: int, limit: int = 2_000
    ) -> list[ArchivedMessage]:
        """The user's newest ``limit`` messages outside the current segment of ``conversation_id``,
        newest first (the archive search scores them)."""
        query = (
            select(ConversationMessage)
            .where(
                ConversationMessage.owner_id == self._owner,
                not_(
                    and_(
                        ConversationMessage.conversation_id == conversation_id,
                        ConversationMessage.segment == exclude_segment,
                    )
                ),
            )
            .order_by(ConversationMessage.id.desc())  # type: ignore[union-attr]
            .limit(limit)
        )
        async with self._sessions() as session:
            rows = list((await session.execute(query)).scalars())
        return [
            ArchivedMessage(r.conversation_id, r.segment, r.role, r.text, r.created_at)  # type: ignore[arg-type]
            for r in rows
        ]


def _upsert_state(
    session: AsyncSession, owner: uuid.UUID, conversation_id: str, values: dict[str, Any]
) -> Any:
    name = session.bind.dialect.name if session.bind is not None else "sqlite"
    if name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as dialect_insert
    else:
        from sqlalchemy.dialects.sqlite import insert as dialect_insert
    statement = dialect_insert(ConversationState).values(
        owner_id=owner, conversation_id=conversation_id, **values
    )
    return statement.on_conflict_do_update(index_elements=["owner_id", "conversation_id"], set_=values)


def _json_object(payload: dict[str, Any], field_name: str) -> dict[str, Any]:
    try:
        encoded = json.dumps(payload)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"{field_name} must be JSON-serializable", field=field_name) from exc
    if not isinstance(payload, dict) or len(encoded) > MAX_PAYLOAD_BYTES:
        raise InvalidInput(f"{field_name} must be a JSON object of at most {MAX_PAYLOAD_BYTES} bytes",
                           field=field_name)  # fmt: skip
    return json.loads(encoded)  # type: ignore[no-any-return]


def _message(row: ConversationMessage) -> MessageRecord:
    assert row.id is not None
    return MessageRecord(row.id, row.conversation_id, row.role, row.text, row.turn_id, row.created_at)  # type: ignore[arg-type]
