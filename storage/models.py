"""The SQLModel tables. Alembic revisions in ``storage/migrations`` create exactly this schema.

Conventions: every timestamp is a :class:`~storage.columns.UTCDateTime` (aware, UTC); ids of user-facing rows
are UUIDs; append-only logs (messages, audit, idempotency, turn records) use integer ids, which also give
their order. Every row but ``users`` carries ``owner_id``; the stores filter on it in every statement.

Events keep their instants in UTC (``start_utc``/``end_utc``) and the IANA zone they were written in
(``timezone``): recurrences expand in that zone and all-day events are the local dates of ``start_utc`` and
``end_utc`` there. ``series_end_utc`` is an upper bound of the end of the last occurrence (``end_utc`` for a
single event, ``SERIES_UNBOUNDED`` for an endless rule). ``long_span`` marks series and events longer than
``SHORT_SPAN``; overlap candidates for ``[s, e)`` then come from two narrow ranges of one index:
short events with ``s - SHORT_SPAN < start_utc < e``, and long ones with ``start_utc < e`` (few rows),
both filtered by ``series_end_utc > s``.

An occurrence of a series changed on its own (``storage.detached``) is an event of its own that keeps the
link: ``series_id`` (the series, same owner) and ``recurrence_id_utc`` (the occurrence's original start,
also an EXDATE of the series). Both are null for every other event.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Text, UniqueConstraint
from sqlmodel import Column, Field, SQLModel

from storage.columns import UTCDateTime

__all__ = [
    "SERIES_UNBOUNDED",
    "SHORT_SPAN",
    "ApiKey",
    "AuditRecord",
    "ConversationMessage",
    "ConversationState",
    "Event",
    "IdempotencyRecord",
    "PendingCommand",
    "TurnRecord",
    "User",
]

#: ``series_end_utc`` of a series without COUNT or UNTIL.
SERIES_UNBOUNDED = datetime(9999, 12, 31, tzinfo=UTC)
#: Single events at most this long are "short" (``long_span`` false): found by a narrow start window.
SHORT_SPAN = timedelta(days=2)


def _owner() -> Any:
    return Field(sa_column=Column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False))


def _at(nullable: bool = False) -> Any:
    return Field(sa_type=UTCDateTime, nullable=nullable)


class User(SQLModel, table=True):
    __tablename__ = "users"

    id: uuid.UUID = Field(primary_key=True)
    name: str = Field(max_length=200)
    timezone: str = Field(max_length=64)
    locale: str = Field(max_length=35)
    created_at: datetime = _at()


class ApiKey(SQLModel, table=True):
    __tablename__ = "api_keys"
    __table_args__ = (Index("ix_api_keys_user", "user_id"),)

    id: uuid.UUID = Field(primary_key=True)
    user_id: uuid.UUID = Field(sa_column=Column(ForeignKey("users.id", ondelete="CASCADE"), nullable=False))
    #: Public part of the presented key; looked up, then the secret is checked against ``key_hash``.
    key_id: str = Field(max_length=32, unique=True)
    salt: str = Field(max_length=64)
    key_hash: str = Field(max_length=64)
    label: str | None = Field(default=None, max_length=200)
    created_at: datetime = _at()
    revoked_at: datetime | None = _at(nullable=True)


class Event(SQLModel, table=True):
    __tablename__ = "events"
    __table_args__ = (
        Index("ix_events_owner_span", "owner_id", "long_span", "start_utc", "series_end_utc"),
        Index("ix_events_owner_series", "owner_id", "series_id"),
    )

    id: uuid.UUID = Field(primary_key=True)
    owner_id: uuid.UUID = _owner()
    title: str = Field(max_length=200)
    start_utc: datetime = _at()
    end_utc: datetime = _at()
    all_day: bool = False
    timezone: str = Field(max_length=64)
    location: str | None = Field(default=None, max_length=200)
    notes: str | None = Field(default=None, sa_type=Text)
    attendees: list[str] = Field(default_factory=list, sa_type=JSON)
    #: RFC 5545 RRULE value without the ``RRULE:`` prefix; ``None`` for a single event.
    rrule: str | None = Field(default=None, max_length=500)
    #: Excluded occurrence starts, ISO 8601 in UTC.
    exdates: list[str] = Field(default_factory=list, sa_type=JSON)
    series_end_utc: datetime = _at()
    #: A recurring series, or a single event longer than ``SHORT_SPAN``.
    long_span: bool = False
    created_at: datetime = _at()
    updated_at: datetime = _at()
    version: int = 1
    #: The series this event replaces one occurrence of (RFC 5545 override); ``None`` for other events.
    #: Deleting the series through the store deletes it too; the foreign key only nulls a stray link.
    series_id: uuid.UUID | None = Field(
        default=None, sa_column=Column(ForeignKey("events.id", ondelete="SET NULL"), nullable=True)
    )
    #: The replaced occurrence's original start (the RECURRENCE-ID), with ``series_id``.
    recurrence_id_utc: datetime | None = _at(nullable=True)


class ConversationMessage(SQLModel, table=True):
    __tablename__ = "conversation_messages"
    __table_args__ = (
        Index("ix_messages_owner_conversation", "owner_id", "conversation_id", "id"),
        Index("ix_messages_owner_segment", "owner_id", "conversation_id", "segment", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    owner_id: uuid.UUID = _owner()
    conversation_id: str = Field(max_length=100)
    role: str = Field(max_length=16)
    text: str = Field(sa_type=Text)
    turn_id: str | None = Field(default=None, max_length=100)
    created_at: datetime = _at()
    #: The conversation segment (a new one starts after a silence gap; see ``ConversationState``).
    segment: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class ConversationState(SQLModel, table=True):
    """Per conversation: the current segment (number, start, last message) and the in-focus events."""

    __tablename__ = "conversation_states"

    owner_id: uuid.UUID = Field(
        sa_column=Column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, nullable=False)
    )
    conversation_id: str = Field(max_length=100, primary_key=True)
    segment: int = 0
    segment_started_at: datetime = _at()
    last_message_at: datetime = _at()
    segment_messages: int = 0
    #: One summary per earlier segment, newest first: ``{"segment", "start", "end", "messages"}``.
    earlier: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    #: The events most recently shown, created or changed in the segment, newest first (JSON objects).
    focus: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)


class PendingCommand(SQLModel, table=True):
    __tablename__ = "pending_commands"
    __table_args__ = (UniqueConstraint("owner_id", "conversation_id", name="uq_pending_owner_conversation"),)

    id: uuid.UUID = Field(primary_key=True)
    owner_id: uuid.UUID = _owner()
    conversation_id: str = Field(max_length=100)
    kind: str = Field(max_length=32)
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    turn_id: str | None = Field(default=None, max_length=100)
    created_at: datetime = _at()
    expires_at: datetime = _at()


class AuditRecord(SQLModel, table=True):
    __tablename__ = "audit_records"
    __table_args__ = (
        Index("ix_audit_owner_id", "owner_id", "id"),
        Index("ix_audit_undoes", "undoes_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    owner_id: uuid.UUID = _owner()
    #: Not a foreign key: the audit record outlives the event.
    event_id: uuid.UUID
    action: str = Field(max_length=16)
    operation: str = Field(max_length=32)
    before: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    after: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    turn_id: str | None = Field(default=None, max_length=100)
    undoes_id: int | None = Field(default=None)
    at: datetime = _at()


class IdempotencyRecord(SQLModel, table=True):
    __tablename__ = "idempotency_records"
    __table_args__ = (UniqueConstraint("owner_id", "key", name="uq_idempotency_owner_key"),)

    id: int | None = Field(default=None, primary_key=True)
    owner_id: uuid.UUID = _owner()
    key: str = Field(max_length=200)
    #: sha256 of the request (operation and arguments), to refuse one key for two different requests.
    fingerprint: str = Field(max_length=64)
    #: The committed write result; written in the same transaction as the claim.
    result: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    created_at: datetime = _at()


class TurnRecord(SQLModel, table=True):
    __tablename__ = "turn_records"
    __table_args__ = (
        Index("ix_turn_records_owner_turn", "owner_id", "turn_id"),
        Index("ix_turn_records_owner_kind", "owner_id", "kind", "at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    owner_id: uuid.UUID = _owner()
    turn_id: str = Field(max_length=100)
    kind: str = Field(max_length=64)
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    at: datetime = _at()
