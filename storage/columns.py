"""Column types shared by the tables and the migrations.

``UTCDateTime`` stores an aware datetime as UTC (``timestamptz`` on PostgreSQL, a sortable ISO text on
SQLite) and always returns it aware in UTC, so ordering and overlap comparisons are exact on both backends.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, Dialect
from sqlalchemy.types import TypeDecorator

__all__ = ["UTCDateTime"]


class UTCDateTime(TypeDecorator[datetime]):
    """An aware datetime, stored in UTC. Binding a naive datetime is a programming error."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("UTCDateTime needs an aware datetime")
        try:
            value = value.astimezone(UTC)
        except OverflowError:  # the boundaries keep instants in storage.limits' years; this is a bug's guard
            raise ValueError("UTCDateTime cannot hold an instant outside the years datetime holds") from None
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)
