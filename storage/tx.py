"""A whole short transaction in ONE hop from the event loop into SQLAlchemy's synchronous core.

``async with engine.begin() as conn: await conn.execute(...)`` switches into a greenlet for the checkout,
again for every statement, for the commit and for the close (and the close runs in a task of its own). A
turn's hot statements are short and indexed, so those switches cost more than the statements. Here the
checkout, the statements, the commit (or rollback) and the return to the pool run in one greenlet: the
same SQLAlchemy connection, statements, transaction boundaries and errors, one switch in and out. A driver
that has to wait (a worker thread, a lock, the network: asyncpg on PostgreSQL) still awaits from inside the
greenlet, as SQLAlchemy's own async layer does.

    rows = await run_sync(engine, lambda conn: conn.execute(QUERY, params).all())
    await run_sync(engine, write_fn, commit=True)     # committed when write_fn returns, rolled back if it raises

Cancellation (the turn deadline) reaches the statement that is waiting; the transaction then rolls back and
the connection goes back to the pool inside the same greenlet before the cancellation propagates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util.concurrency import greenlet_spawn

__all__ = ["run_sync"]

T = TypeVar("T")


async def run_sync(engine: AsyncEngine, work: Callable[[Connection], T], *, commit: bool = False) -> T:
    """``work(conn)`` on a pooled connection, in one greenlet; with ``commit``, its transaction commits when
    ``work`` returns (it rolls back when ``work`` raises). Without it, whatever ``work`` did not commit is
    rolled back when the connection returns to the pool (reads)."""
    return await greenlet_spawn(_run, engine.sync_engine, work, commit)


def _run(engine: Engine, work: Callable[[Connection], T], commit: bool) -> T:
    with engine.connect() as conn:
        if commit:
            conn.begin()  # statements may run below SQLAlchemy (storage.statements): the transaction is ours
        result = work(conn)
        if commit:
            conn.commit()
        return result
