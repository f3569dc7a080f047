"""Initial schema: users, API keys, events, conversation messages, pending commands, audit,
idempotency and turn records.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import storage.columns

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("locale", sa.String(length=35), nullable=False),
        sa.Column("created_at", storage.columns.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("key_id", sa.String(length=32), nullable=False),
        sa.Column("salt", sa.String(length=64), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("label", sa.String(length=200), nullable=True),
        sa.Column("created_at", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("revoked_at", storage.columns.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key_id"),
    )
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.create_index("ix_api_keys_user", ["user_id"], unique=False)

    op.create_table(
        "audit_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column("event_id", sa.Uuid(), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("operation", sa.String(length=32), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("turn_id", sa.String(length=100), nullable=True),
        sa.Column("undoes_id", sa.Integer(), nullable=True),
        sa.Column("at", storage.columns.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("audit_records", schema=None) as batch_op:
        batch_op.create_index("ix_audit_owner_id", ["owner_id", "id"], unique=False)
        batch_op.create_index("ix_audit_undoes", ["undoes_id"], unique=False)

    op.create_table(
        "conversation_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column("conversation_id", sa.String(length=100), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("turn_id", sa.String(length=100), nullable=True),
        sa.Column("created_at", storage.columns.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("conversation_messages", schema=None) as batch_op:
        batch_op.create_index(
            "ix_messages_owner_conversation", ["owner_id", "conversation_id", "id"], unique=False
        )

    op.create_table(
        "events",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("start_utc", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("end_utc", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("all_day", sa.Boolean(), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("location", sa.String(length=200), nullable=True),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("attendees", sa.JSON(), nullable=False),
        sa.Column("rrule", sa.String(length=500), nullable=True),
        sa.Column("exdates", sa.JSON(), nullable=False),
        sa.Column("series_end_utc", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("long_span", sa.Boolean(), nullable=False),
        sa.Column("created_at", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("updated_at", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.create_index(
            "ix_events_owner_span", ["owner_id", "long_span", "start_utc", "series_end_utc"], unique=False
        )

    op.create_table(
        "idempotency_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("created_at", storage.columns.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("owner_id", "key", name="uq_idempotency_owner_key"),
    )
    op.create_table(
        "pending_commands",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column("conversation_id", sa.String(length=100), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("turn_id", sa.String(length=100), nullable=True),
        sa.Column("created_at", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("expires_at", storage.columns.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("owner_id", "conversation_id", name="uq_pending_owner_conversation"),
    )
    op.create_table(
        "turn_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column("turn_id", sa.String(length=100), nullable=False),
        sa.Column("kind", sa.String(length=64), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("at", storage.columns.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("turn_records", schema=None) as batch_op:
        batch_op.create_index("ix_turn_records_owner_kind", ["owner_id", "kind", "at"], unique=False)
        batch_op.create_index("ix_turn_records_owner_turn", ["owner_id", "turn_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("turn_records", schema=None) as batch_op:
        batch_op.drop_index("ix_turn_records_owner_turn")
        batch_op.drop_index("ix_turn_records_owner_kind")

    op.drop_table("turn_records")
    op.drop_table("pending_commands")
    op.drop_table("idempotency_records")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_index("ix_events_owner_span")

    op.drop_table("events")
    with op.batch_alter_table("conversation_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_messages_owner_conversation")

    op.drop_table("conversation_messages")
    with op.batch_alter_table("audit_records", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_undoes")
        batch_op.drop_index("ix_audit_owner_id")

    op.drop_table("audit_records")
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.drop_index("ix_api_keys_user")

    op.drop_table("api_keys")
    op.drop_table("users")
