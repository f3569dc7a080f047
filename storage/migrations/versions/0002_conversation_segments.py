"""Conversation segments and state: ``conversation_messages.segment`` (+ index) and the
``conversation_states`` table (current segment, its start and last message, earlier segments' summaries, the in-focus events).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import storage.columns

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("conversation_messages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("segment", sa.Integer(), server_default="0", nullable=False))
        batch_op.create_index(
            "ix_messages_owner_segment", ["owner_id", "conversation_id", "segment", "id"], unique=False
        )
    op.create_table(
        "conversation_states",
        sa.Column("owner_id", sa.Uuid(), nullable=False),
        sa.Column("conversation_id", sa.String(length=100), nullable=False),
        sa.Column("segment", sa.Integer(), nullable=False),
        sa.Column("segment_started_at", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("last_message_at", storage.columns.UTCDateTime(), nullable=False),
        sa.Column("segment_messages", sa.Integer(), nullable=False),
        sa.Column("earlier", sa.JSON(), nullable=False),
        sa.Column("focus", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("owner_id", "conversation_id"),
    )


def downgrade() -> None:
    op.drop_table("conversation_states")
    with op.batch_alter_table("conversation_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_messages_owner_segment")
        batch_op.drop_column("segment")
