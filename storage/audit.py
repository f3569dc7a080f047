"""Reading the audit trail: which write would ``undo`` revert next.

Every write appends one ``AuditRecord`` (see ``storage.writes``). An undo is itself a record whose
``undoes_id`` names the record it reverted; undo walks back through the writes that are neither undos
nor undone yet, newest first.
"""

from __future__ import annotations

import uuid

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from storage.models import AuditRecord

__all__ = ["last_undoable"]


async def last_undoable(session: AsyncSession, owner: uuid.UUID) -> AuditRecord | None:
    """The owner's newest audit record that is not an undo and has not been undone."""
    undone = select(AuditRecord.undoes_id).where(
        AuditRecord.owner_id == owner,
        AuditRecord.undoes_id.is_not(None),  # type: ignore[union-attr]
    )
    query = (
        select(AuditRecord)
        .where(
            AuditRecord.owner_id == owner,
            AuditRecord.undoes_id.is_(None),  # type: ignore[union-attr]
            AuditRecord.id.not_in(undone),  # type: ignore[union-attr]
        )
        .order_by(AuditRecord.id.desc())  # type: ignore[union-attr]
        .limit(1)
    )
    return (await session.execute(query)).scalar_one_or_none()
