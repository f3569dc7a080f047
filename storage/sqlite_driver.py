"""The aiosqlite DBAPI shim with at most one thread handoff per statement.

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

Most statements do not even need the handoff. In WAL mode (what ``storage.engine`` sets; the shim notes
the answer of the connect-time ``PRAGMA journal_mode``), a statement runs inline, on the event loop's
thread, when it cannot wait for a lock: a plain SELECT (WAL readers never wait for writers), or any
statement of a transaction that already holds SQLite's write lock (a write statement of it succeeded).
The first write of a transaction, the one statement that may have to wait for that lock, runs inline with
SQLite's busy timeout at 0 for it (in-process writers already queue on the writer lock below, so only
another process can hold SQLite's lock); if another process does, its BEGIN is rolled back (nothing was
written) and it goes to the worker thread, so SQLite's busy handler sleeps there, never on the loop.
COMMIT and ROLLBACK of a transaction that holds the lock run inline (in WAL mode they wait for no one).
Inline statements are the turn's short, indexed ones: the loop is held for their SQLite time (tens of
µs), as it already was for building their rows; a commit's automatic WAL checkpoint (every ~1000 pages)
now runs inline too. Outside WAL mode every statement takes the worker, as above.

Writers of one engine take turns on an in-process ``asyncio.Lock`` before a transaction's first write and
release it at COMMIT/ROLLBACK (or when the connection closes). Without it, two tasks writing at once meet
at SQLite's busy handler, which sleeps in growing steps (up to 100 ms) and decides the tail latency; with
it they queue in order, and SQLite's busy timeout only ever waits for other processes. A task that waits
longer than the busy timeout gets "database is locked", as it would have from SQLite.
"""

from __future__ import annotations

import asyncio
import collections
import sqlite3
import weakref
from typing import Any

import aiosqlite
from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
)
from sqlalchemy.util import EMPTY_DICT
from sqlalchemy.util.concurrency import await_

__all__ = ["is_one_hop", "one_hop_dbapi"]


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


async def _ready() -> None:
    return None


def _may_wait(operation: str) -> bool:
    """Whether the statement may have to wait for SQLite's write lock (anything but a plain SELECT)."""
    return operation.lstrip()[:6].upper() != "SELECT"


def _may_write(operation: str) -> bool:
    """Whether the statement may take SQLite's write lock (PRAGMAs set connection options here)."""
    return _may_wait(operation) and operation.lstrip()[:6].upper() != "PRAGMA"


_LOCKING = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "BEGIN IMMEDIATE",
            "BEGIN EXCLUSIVE")  # fmt: skip


def _takes_write_lock(operation: str) -> bool:
    """Whether the statement, once it succeeded inside a transaction, holds SQLite's write lock."""
    return " ".join(operation[:40].split()).upper().startswith(_LOCKING)


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

    def run(self, operation: str, parameters: Any, many: bool) -> None:
        """``execute``/``executemany`` for callers inside a plain ``greenlet_spawn`` (``storage.statements``):
        no token await for SQLAlchemy's async layer, which only its own ``AsyncConnection.execute`` asks for."""
        self._execute(operation, parameters, many, token_await=False)

    def _execute(self, operation: Any, parameters: Any, many: bool, token_await: bool = True) -> Any:
        adapt: _OneHopConnection = self._adapt_connection  # type: ignore[assignment]
        try:
            if adapt._writer is None and _may_write(operation):
                await_(adapt._take_writer())  # one writer per engine in this process; no busy sleeps
            if adapt._can_inline() and (adapt._writing or not _may_wait(operation)):
                adapt._maybe_in_tx = True
                self._keep(adapt, _run(self._connection._conn, operation, parameters, many), operation)
                if token_await:
                    await_(_ready())  # SQLAlchemy's async layer requires one await per execute
                return None
            if (
                adapt._writer is not None
                and not adapt._maybe_in_tx
                and adapt._can_inline()
                and _takes_write_lock(operation)
                and self._first_write_inline(adapt, operation, parameters, many)
            ):
                if token_await:
                    await_(_ready())
                return None
            await_(self._execute_one_hop(operation, parameters, many))
            if not adapt._maybe_in_tx:
                adapt._release_writer()  # it ran outside a transaction (autocommit)
            return None
        except Exception as error:
            adapt._maybe_in_tx = True  # unknown after a failure: the reset rollback is sent
            adapt._writing = False  # and the next statements go to the worker again
            adapt._handle_exception(error)

    def _first_write_inline(
        self, adapt: _OneHopConnection, operation: str, parameters: Any, many: bool
    ) -> bool:
        """A transaction's first write, inline, with SQLite's busy timeout at 0 for it: this process's
        writers already wait on the writer lock, so only another process can hold SQLite's. If one does
        (SQLITE_BUSY), this statement's BEGIN is rolled back (nothing was written; SQLite was in
        autocommit mode before it) and ``False`` sends the statement to the worker, which waits as before."""
        conn = self._connection._conn
        timeout_ms = adapt._busy_ms
        if timeout_ms is None:  # read once per connection (a PRAGMA that sets it forgets the value)
            (timeout_ms,) = conn.execute("PRAGMA busy_timeout").fetchone()
            adapt._busy_ms = timeout_ms
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            outcome = _run(conn, operation, parameters, many)
        except sqlite3.OperationalError as error:
            if getattr(error, "sqlite_errorcode", 0) & 0xFF != sqlite3.SQLITE_BUSY:
                raise
            if conn.in_transaction:
                conn.rollback()
            return False
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(timeout_ms)}")
        self._keep(adapt, outcome, operation)
        adapt._writing = bool(outcome[4])
        return True

    def _keep(self, adapt: _OneHopConnection, outcome: tuple[Any, ...], operation: str = "") -> None:
        description, rows, rowcount, lastrowid, in_tx = outcome
        if operation[:16].lstrip()[:6].upper() == "PRAGMA":
            pragma = " ".join(operation.split()).upper()
            if rows and pragma.startswith("PRAGMA JOURNAL_MODE"):
                adapt._wal = str(rows[0][0]).lower() == "wal"  # inline statements only in WAL mode
            elif pragma.startswith("PRAGMA BUSY_TIMEOUT"):
                adapt._busy_ms = None  # set (or read) by the caller: read it again before the next write
        adapt._maybe_in_tx = in_tx
        self._description = description
        self._rows = collections.deque(rows)
        self._rowcount = rowcount
        self._lastrowid = lastrowid

    async def _execute_one_hop(self, operation: Any, parameters: Any, many: bool) -> None:
        adapt: _OneHopConnection = self._adapt_connection  # type: ignore[assignment]
        async with adapt._execute_mutex:
            adapt._maybe_in_tx = True
            outcome = await self._connection._execute(
                _run, self._connection._conn, operation, parameters, many
            )
            self._keep(adapt, outcome, operation)
            # A write (or BEGIN IMMEDIATE) succeeded and its transaction is open: the lock is held.
            adapt._writing = bool(outcome[4]) and _takes_write_lock(operation)


class _OneHopConnection(AsyncAdapt_aiosqlite_connection):
    __slots__ = ("_busy_ms", "_inline", "_maybe_in_tx", "_wal", "_writer", "_writing")
    _cursor_cls = _OneHopCursor
    dbapi: _OneHopDbapi

    def __init__(self, dbapi: _OneHopDbapi, connection: Any, *, inline: bool) -> None:
        super().__init__(dbapi, connection)
        self._writer: asyncio.Lock | None = None  # the engine's writer lock, while this connection holds it
        self._inline = inline
        self._maybe_in_tx = True  # until a statement reports otherwise
        self._writing = False  # this connection's transaction holds SQLite's write lock
        self._wal = False  # set by the connect-time ``PRAGMA journal_mode = WAL`` (storage.engine)
        self._busy_ms: int | None = None  # SQLite's busy timeout, once read

    def _can_inline(self) -> bool:
        return (
            self._inline
            and self._wal
            and self._connection._connection is not None
            and not self._execute_mutex.locked()
        )

    async def _take_writer(self) -> None:
        lock = self.dbapi.writer_lock()
        if lock.locked():
            try:
                async with asyncio.timeout(self.dbapi.busy_timeout_s):
                    await lock.acquire()
            except TimeoutError:  # what SQLite's busy handler would have said after the same wait
                raise sqlite3.OperationalError("database is locked") from None
        else:
            await lock.acquire()
        self._writer = lock

    def _release_writer(self) -> None:
        lock, self._writer = self._writer, None
        if lock is not None:
            lock.release()

    def rollback(self) -> None:
        if not self._maybe_in_tx:
            self._release_writer()
            return  # SQLite is in autocommit mode: ROLLBACK would be a no-op (and one handoff)
        if self._can_inline():
            try:
                self._connection._conn.rollback()
            except Exception as error:
                self._handle_exception(error)
        else:
            super().rollback()
        self._maybe_in_tx = self._writing = False
        self._release_writer()

    def commit(self) -> None:
        if not self._maybe_in_tx:
            self._release_writer()
            return  # no transaction: pysqlite's COMMIT would be a no-op
        if self._writing and self._can_inline():
            try:
                self._connection._conn.commit()
            except Exception as error:
                self._writing = False
                self._handle_exception(error)
        else:
            super().commit()
        self._maybe_in_tx = self._writing = False
        self._release_writer()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._release_writer()

    def terminate(self) -> None:
        try:
            super().terminate()
        finally:
            self._release_writer()


class _OneHopDbapi(AsyncAdapt_aiosqlite_dbapi):
    def __init__(self, busy_timeout_s: float) -> None:
        super().__init__(aiosqlite, sqlite3)
        self.busy_timeout_s = busy_timeout_s
        self._writer_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
            weakref.WeakKeyDictionary()
        )

    def writer_lock(self) -> asyncio.Lock:
        """The engine's writer lock for the running loop (asyncio locks belong to one loop)."""
        loop = asyncio.get_running_loop()
        lock = self._writer_locks.get(loop)
        if lock is None:
            lock = self._writer_locks[loop] = asyncio.Lock()
        return lock

    def connect(self, *arg: Any, **kw: Any) -> _OneHopConnection:
        kw.setdefault("check_same_thread", False)  # what SQLAlchemy sets for file databases anyway
        stock = super().connect(*arg, **kw)
        return _OneHopConnection(self, stock._connection, inline=not kw["check_same_thread"])


def one_hop_dbapi(busy_timeout_s: float) -> AsyncAdapt_aiosqlite_dbapi:
    """The ``module=`` for :func:`sqlalchemy.ext.asyncio.create_async_engine` with a ``sqlite+aiosqlite``
    URL (one per engine: it holds the engine's writer lock). ``busy_timeout_s``: how long a writer waits
    for the lock before failing with "database is locked", as SQLite's busy timeout."""
    return _OneHopDbapi(busy_timeout_s)


def is_one_hop(dbapi_connection: Any) -> bool:
    """Whether a pooled DBAPI connection is this shim's (``storage.statements`` runs SQL on its cursor)."""
    return isinstance(dbapi_connection, _OneHopConnection)
