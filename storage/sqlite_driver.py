"""The aiosqlite DBAPI shim with one thread handoff per statement.

aiosqlite runs each sqlite3 call on its own worker thread and hands the result back to the event loop.
SQLAlchemy's stock shim makes four such handoffs per statement (open a cursor, execute, fetch the rows,
close the cursor) and one more for the rollback that resets every connection returned to the pool. On a
busy machine each handoff costs a thread wake-up and an event-loop wake-up (tens to hundreds of µs), more
than the statement itself. Here a statement is ONE handoff: the worker opens a cursor, executes, reads the
description, the rows, ``rowcount`` and ``lastrowid``, and closes the cursor. The pool's reset rollback is
skipped only when the worker reported, after the connection's last statement, that SQLite is in autocommit
mode (no transaction open) and nothing ran since; otherwise it is sent as before.

The SQL, its parameters, the transaction boundaries (pysqlite's implicit BEGIN before a write, the COMMIT
and ROLLBACK that SQLAlchemy sends) and the errors raised are those of the stock shim.
"""

from __future__ import annotations

import collections
import sqlite3
from typing import Any

import aiosqlite
from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
)
from sqlalchemy.util import EMPTY_DICT
from sqlalchemy.util.concurrency import await_

__all__ = ["one_hop_dbapi"]


def _run(conn: sqlite3.Connection, operation: str, parameters: Any, many: bool) -> tuple[Any, ...]:
    """On the worker thread: the whole statement, and whether a transaction is open after it."""
    cursor = conn.cursor()
    try:
        if many:
            cursor.executemany(operation, parameters)
        elif parameters is None:
            cursor.execute(operation)
        else:
            cursor.execute(operation, parameters)
        description = cursor.description
        rows = cursor.fetchall() if description else []
        return description, rows, cursor.rowcount, cursor.lastrowid, conn.in_transaction
    finally:
        cursor.close()


class _OneHopCursor(AsyncAdapt_aiosqlite_cursor):
    __slots__ = ("_description", "_lastrowid", "_rowcount")

    def __init__(self, adapt_connection: _OneHopConnection) -> None:  # no aiosqlite cursor: no handoff
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._cursor = None  # type: ignore[assignment]
        self._soft_closed_memoized = EMPTY_DICT
        self._rows = collections.deque()
        self._description: Any = None
        self._rowcount = -1
        self._lastrowid: Any = None

    @property
    def description(self) -> Any:
        return self._description

    @property
    def rowcount(self) -> int:
        return self._rowcount

    @property
    def lastrowid(self) -> Any:
        return self._lastrowid

    async def _async_soft_close(self) -> None:
        return None  # the rows are already buffered and there is no worker cursor left open

    def close(self) -> None:
        self._rows.clear()

    def execute(self, operation: Any, parameters: Any = None) -> Any:
        return self._execute(operation, parameters, False)

    def executemany(self, operation: Any, seq_of_parameters: Any) -> Any:
        return self._execute(operation, seq_of_parameters, True)

    def _execute(self, operation: Any, parameters: Any, many: bool) -> Any:
        adapt = self._adapt_connection
        try:
            return await_(self._execute_one_hop(operation, parameters, many))
        except Exception as error:
            adapt._maybe_in_tx = True  # unknown after a failure: the reset rollback is sent
            adapt._handle_exception(error)

    async def _execute_one_hop(self, operation: Any, parameters: Any, many: bool) -> None:
        adapt: _OneHopConnection = self._adapt_connection  # type: ignore[assignment]
        async with adapt._execute_mutex:
            adapt._maybe_in_tx = True
            description, rows, rowcount, lastrowid, in_tx = await self._connection._execute(
                _run, self._connection._conn, operation, parameters, many
            )
            adapt._maybe_in_tx = in_tx
        self._description = description
        self._rows = collections.deque(rows)
        self._rowcount = rowcount
        self._lastrowid = lastrowid


class _OneHopConnection(AsyncAdapt_aiosqlite_connection):
    __slots__ = ("_maybe_in_tx",)
    _cursor_cls = _OneHopCursor

    def __init__(self, dbapi: Any, connection: Any) -> None:
        super().__init__(dbapi, connection)
        self._maybe_in_tx = True  # until a statement reports otherwise

    def rollback(self) -> None:
        if not self._maybe_in_tx:
            return  # SQLite is in autocommit mode: ROLLBACK would be a no-op (and one handoff)
        super().rollback()
        self._maybe_in_tx = False

    def commit(self) -> None:
        super().commit()
        self._maybe_in_tx = False


class _OneHopDbapi(AsyncAdapt_aiosqlite_dbapi):
    def connect(self, *arg: Any, **kw: Any) -> _OneHopConnection:
        stock = super().connect(*arg, **kw)
        return _OneHopConnection(self, stock._connection)


def one_hop_dbapi() -> AsyncAdapt_aiosqlite_dbapi:
    """The ``module=`` for :func:`sqlalchemy.ext.asyncio.create_async_engine` with a ``sqlite+aiosqlite``
    URL."""
    return _OneHopDbapi(aiosqlite, sqlite3)
