"""``TurnStore``: what one agent turn reads before it starts and writes when it ends, each on ONE connection,
bound to one user.

    turns = db.turns(user_id)
    state = await turns.load("default", now=now, gap=timedelta(minutes=120), history_limit=6)
    state.segment, state.new_segment, state.pending, state.history, state.earlier, state.focus
    await turns.commit(state, now=now, turn_id=t, messages=[("user", text), ("assistant", reply)],
                       records=[("turn", payload)], focus=[...], pending=PendingWrite(...) | CLEAR | None,
                       request=RequestResult(request_id, {"status": 200, "body": {...}}))   # optional

Segments: a conversation is cut into segments by silence. ``load`` decides whether ``now`` continues the
current segment (the last message is less than ``gap`` ago) or starts a new one; ``commit`` stores the
messages under that segment and, when a new one starts, files a one-line summary of the previous one
(start, end, message count) in ``earlier`` — so a marker per older segment costs no query.

The focus list (the events most recently shown, created or changed) belongs to the segment: a new segment
starts with an empty one. ``archive`` returns messages of every other segment (and other conversations)
for the archive search.
"""

from __future__ import annotations

import functools
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Final, get_args

from sqlalchemy import Connection, and_, bindparam, delete, insert, literal, not_, select
from sqlalchemy.ext.asyncio import AsyncEngine

from storage import limits
from storage.api_requests import FINISH, finish_params
from storage.conversations import (
    MAX_PAYLOAD_BYTES,
    MessageRecord,
    PendingKind,
    PendingRecord,
    Role,
    _check_conversation,
)
from storage.drafts import require_aware
from storage.errors import InvalidInput
from storage.models import ConversationMessage, ConversationState, PendingCommand, TurnRecord
from storage.statements import execute
from storage.tx import run_sync

__all__ = [
    "CLEAR",
    "ArchivedMessage",
    "PendingWrite",
    "RequestResult",
    "SegmentSummary",
    "TurnState",
    "TurnStore",
]

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
    expired: PendingRecord | None = None
    """The pending command whose time ran out, while the segment's last reply is still its question (a
    late "yes" is then answered by asking again — never by running it)."""


@dataclass(frozen=True, slots=True)
class PendingWrite:
    """``commit(pending=PendingWrite(...))`` replaces the conversation's pending command."""

    kind: PendingKind
    payload: dict[str, Any]
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class RequestResult:
    """``commit(request=RequestResult(...))`` stores an HTTP request's answer on its claim
    (:mod:`storage.api_requests`) in the turn's own transaction: the reply kept for replays commits with the
    transcript, or neither does."""

    request_id: str
    result: dict[str, Any]


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
    """One user's per-turn conversation state; no method takes a user id. Statements run on a plain
    connection (Core rows, no ORM objects): a turn's load and its commit are one hop each
    (:func:`storage.tx.run_sync`), their statements prebuilt (:func:`storage.statements.execute`)."""

    def __init__(self, engine: AsyncEngine, user_id: uuid.UUID) -> None:
        self._engine = engine
        self._owner = user_id
        self._dialect = engine.dialect.name

    async def load(
        self, conversation_id: str, *, now: datetime, gap: timedelta, history_limit: int = 6
    ) -> TurnState:
        """State, pending command (unexpired) and the current segment's last messages: one connection, at
        most two statements (state joined with the pending command; the segment's messages)."""
        require_aware(now, "now", InvalidInput)
        _check_conversation(conversation_id)
        params = {"owner": self._owner, "conversation": conversation_id, "limit": history_limit}
        row, history = await run_sync(self._engine, lambda conn: _load(conn, params, now, gap))
        if row is None or row.segment is None:
            segment, new, started, count = 0, True, now, 0
            earlier: tuple[SegmentSummary, ...] = ()
            focus: tuple[dict[str, Any], ...] = ()
        else:
            last = _aware(row.last_message_at)
            new = now - last >= gap
            segment = row.segment + 1 if new else row.segment
            started = now if new else _aware(row.segment_started_at)
            count = 0 if new else row.segment_messages
            earlier = tuple(_summary(e) for e in _json(row.earlier) or ())
            if new and row.segment_messages:
                previous = SegmentSummary(
                    row.segment, _aware(row.segment_started_at), last, row.segment_messages
                )
                earlier = (previous, *earlier)[:MAX_EARLIER]
            focus = () if new else tuple(_json(row.focus) or ())
        pending = expired = None
        if row is not None and row.p_id is not None:
            pending = PendingRecord(
                _uuid(row.p_id), conversation_id, row.p_kind, dict(_json(row.p_payload)), row.p_turn_id,
                _aware(row.p_created_at), _aware(row.p_expires_at),
            )  # fmt: skip
            if pending.expired(now):
                asked_last = not new and _last_reply_turn(history) == pending.turn_id
                pending, expired = None, (pending if asked_last else None)
        return TurnState(
            conversation_id=conversation_id,
            segment=segment,
            new_segment=new,
            segment_started_at=started,
            segment_messages=count,
            pending=pending,
            history=tuple(
                MessageRecord(m.id, conversation_id, m.role, m.text, m.turn_id, _aware(m.created_at))
                for m in reversed(history)
            ),
            earlier=earlier,
            focus=focus,
            exists=row is not None and row.segment is not None,
            expired=expired,
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
        request: RequestResult | None = None,
    ) -> None:
        """Store the turn's messages (in ``state.segment``), turn records, the conversation state, the
        pending-command change and (``request``) an API request's answer in ONE transaction."""
        require_aware(now, "now", InvalidInput)
        conversation_id = state.conversation_id
        for role, text in messages:
            if role not in get_args(Role) or len(text) > limits.MAX_MESSAGE_LENGTH:
                raise InvalidInput("a message needs a known role and at most "
                                   f"{limits.MAX_MESSAGE_LENGTH} characters", field="messages")  # fmt: skip
        encoded_records = [(kind, _json_object(payload, "records")) for kind, payload in records]
        if isinstance(pending, PendingWrite):
            pending_payload = _json_object(pending.payload, "payload")
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
            "focus": _json_object({"f": focus_list}, "focus")["f"],
        }
        owner = self._owner
        message_rows = [
            {"owner_id": owner, "conversation_id": conversation_id, "role": role, "text": text,
             "turn_id": turn_id, "created_at": now, "segment": state.segment}
            for role, text in messages
        ]  # fmt: skip
        record_rows = [
            {"owner_id": owner, "turn_id": turn_id or "", "kind": kind, "payload": payload, "at": now}
            for kind, payload in encoded_records
        ]
        statements: list[tuple[Any, Any]] = []
        if message_rows:
            statements.append((_INSERT_MESSAGES, message_rows))
        if record_rows:
            statements.append((_INSERT_RECORDS, record_rows))
        statements.append(_upsert(self._dialect, _STATES, owner, conversation_id, values))
        if isinstance(pending, PendingWrite):
            row = {
                "id": uuid.uuid4(), "kind": pending.kind, "payload": pending_payload, "turn_id": turn_id,
                "created_at": now, "expires_at": pending.expires_at,
            }  # fmt: skip
            statements.append(_upsert(self._dialect, _PENDING, owner, conversation_id, row))
        elif pending is not None:
            statements.append((_DROP_PENDING, {"owner": owner, "conversation": conversation_id}))
        if request is not None:
            statements.append((FINISH, finish_params(owner, request.request_id, request.result)))
        await run_sync(self._engine, lambda conn: _execute_all(conn, statements), commit=True)

    async def archive(
        self, conversation_id: str, *, exclude_segment: int, limit: int = 2_000
    ) -> list[ArchivedMessage]:
        """The user's newest ``limit`` messages outside the current segment of ``conversation_id``,
        newest first (the archive search scores them)."""
        m = _MESSAGES.c
        query = (
            select(m.conversation_id, m.segment, m.role, m.text, m.created_at)
            .where(
                m.owner_id == self._owner,
                not_(and_(m.conversation_id == conversation_id, m.segment == exclude_segment)),
            )
            .order_by(m.id.desc())
            .limit(limit)
        )
        async with self._engine.connect() as conn:
            rows = list(await conn.execute(query))
        return [
            ArchivedMessage(r.conversation_id, r.segment, r.role, r.text, _aware(r.created_at)) for r in rows
        ]


_MESSAGES = ConversationMessage.__table__  # type: ignore[attr-defined]
_STATES = ConversationState.__table__  # type: ignore[attr-defined]
_PENDING = PendingCommand.__table__  # type: ignore[attr-defined]
_RECORDS = TurnRecord.__table__  # type: ignore[attr-defined]


def _state_and_pending() -> Any:
    """One row per (owner, conversation): the state (may be NULL) and the pending command (may be NULL).
    A one-row anchor makes the state and the pending command two outer joins."""
    anchor = select(literal(1).label("one")).subquery()
    st, pc = _STATES.c, _PENDING.c
    return (
        select(
            st.segment, st.segment_started_at, st.last_message_at, st.segment_messages, st.earlier, st.focus,
            pc.id.label("p_id"), pc.kind.label("p_kind"), pc.payload.label("p_payload"),
            pc.turn_id.label("p_turn_id"), pc.created_at.label("p_created_at"),
            pc.expires_at.label("p_expires_at"),
        )
        .select_from(anchor)
        .outerjoin(_STATES, and_(st.owner_id == bindparam("owner"), st.conversation_id == bindparam("conversation")))
        .outerjoin(_PENDING, and_(pc.owner_id == bindparam("owner"), pc.conversation_id == bindparam("conversation")))
    )  # fmt: skip


_STATE_AND_PENDING = _state_and_pending()
#: Built once (a statement built per call is compiled-cache-keyed again on every call).
_INSERT_MESSAGES = insert(_MESSAGES)
_INSERT_RECORDS = insert(_RECORDS)
_DROP_PENDING = delete(_PENDING).where(
    _PENDING.c.owner_id == bindparam("owner"), _PENDING.c.conversation_id == bindparam("conversation")
)
_HISTORY = (
    select(_MESSAGES.c.id, _MESSAGES.c.role, _MESSAGES.c.text, _MESSAGES.c.turn_id, _MESSAGES.c.created_at)
    .where(
        _MESSAGES.c.owner_id == bindparam("owner"),
        _MESSAGES.c.conversation_id == bindparam("conversation"),
        _MESSAGES.c.segment == bindparam("segment"),
    )
    .order_by(_MESSAGES.c.id.desc())
    .limit(bindparam("limit"))
)


def _load(conn: Connection, params: dict[str, Any], now: datetime, gap: timedelta) -> tuple[Any, list[Any]]:
    """The state row (joined with the pending command) and, when ``now`` continues a segment that has
    messages, that segment's last messages (newest first)."""
    row = execute(conn, _STATE_AND_PENDING, params).first()
    if row is None or row.segment is None or now - _aware(row.last_message_at) >= gap:
        return row, []
    if row.segment_messages <= 0 or params["limit"] <= 0:
        return row, []
    return row, list(execute(conn, _HISTORY, {**params, "segment": row.segment}))


def _execute_all(conn: Connection, statements: Sequence[tuple[Any, Any]]) -> None:
    for statement, params in statements:
        execute(conn, statement, params)


def _last_reply_turn(history: Any) -> str | None:
    """The turn id of the segment's last assistant message (``history``: newest first)."""
    return next((m.turn_id for m in history if m.role == "assistant"), None)


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _uuid(value: Any) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _upsert(
    dialect: str, table: Any, owner: uuid.UUID, conversation_id: str, values: dict[str, Any]
) -> tuple[Any, dict[str, Any]]:
    """INSERT … ON CONFLICT (owner_id, conversation_id) DO UPDATE: one statement for the conversation's row
    (its state; its one pending command — a new one replaces the old, as ``save_pending`` does). The
    statement is built once per table and column set; ``values`` travel as parameters."""
    statement = _upsert_statement(dialect, table.name, tuple(values))
    return statement, {"owner_id": owner, "conversation_id": conversation_id, **values}


@functools.cache
def _upsert_statement(dialect: str, table_name: str, columns: tuple[str, ...]) -> Any:
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as dialect_insert
    else:
        from sqlalchemy.dialects.sqlite import insert as dialect_insert
    statement = dialect_insert({t.name: t for t in (_STATES, _PENDING)}[table_name])
    # ``excluded.c`` is the row this INSERT proposed: the same values, set on the existing row.
    return statement.on_conflict_do_update(
        index_elements=["owner_id", "conversation_id"], set_={c: statement.excluded[c] for c in columns}
    )


def _json_object(payload: dict[str, Any], field_name: str) -> dict[str, Any]:
    """``payload`` itself once it encodes to a JSON object of at most ``MAX_PAYLOAD_BYTES`` (the column's
    own serializer writes the same text; no decoded copy is made)."""
    try:
        encoded = json.dumps(payload)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"{field_name} must be JSON-serializable", field=field_name) from exc
    if not isinstance(payload, dict) or len(encoded) > MAX_PAYLOAD_BYTES:
        raise InvalidInput(f"{field_name} must be a JSON object of at most {MAX_PAYLOAD_BYTES} bytes",
                           field=field_name)  # fmt: skip
    return payload
