"""Occurrences changed on their own keep their series: ``events.series_id`` (foreign key to the series,
null when it goes) and ``events.recurrence_id_utc`` (the occurrence's original start), both nullable, with
an index on ``(owner_id, series_id)``. Existing detached events stay plain events (both null).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import storage.columns

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("series_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("recurrence_id_utc", storage.columns.UTCDateTime(), nullable=True))
        batch_op.create_foreign_key(
            "fk_events_series_id_events", "events", ["series_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_index("ix_events_owner_series", ["owner_id", "series_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_index("ix_events_owner_series")
        batch_op.drop_constraint("fk_events_series_id_events", type_="foreignkey")
        batch_op.drop_column("recurrence_id_utc")
        batch_op.drop_column("series_id")
