"""``storage.sqlite_driver`` on real SQLite files: the inline paths, the SQLITE_BUSY fallback to the
worker thread, the per-engine writer lock, the non-WAL (worker only) path, and transaction hygiene.

Every statement the shim runs goes through ``sqlite_driver._run``; the ``calls`` fixture records where
each ran (on the event loop's thread or a worker) and whether it failed, so the tests can tell which path
a statement took, not only that the store call worked.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import threading
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import event, func, select, text, update
from sqlalchemy.exc import IntegrityError, OperationalError

import storage.engine
import storage.writes
from storage import (
    Database,
    EventDraft,
    EventPatch,
    EventStore,
    StorageUnavailable,
    UserNotFound,
    VersionConflict,
    create_engine,
    sqlite_driver,
    upgrade,
)
from storage.engine import SQLITE_BUSY_TIMEOUT_MS
from storage.models import AuditRecord, Event, IdempotencyRecord
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
START = datetime(2025, 3, 4, 10, tzinfo=NY)
#: The engine's writer-lock wait in these tests: a leaked lock fails a test in seconds, not in 30.
WRITER_WAIT_S = 5.0


@dataclass(frozen=True)
class Call:
    on_loop: bool
    operation: str
    conn: sqlite3.Connection
    error: BaseException | None
    in_tx_before: bool  # whether a transaction was open when the statement started


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """Every statement the shim runs, in order (``_run`` is looked up at call time)."""
    loop_thread = threading.get_ident()  # pytest-asyncio runs the test's loop on this thread
    recorded: list[Call] = []
    real = sqlite_driver._run

    def spy(conn: sqlite3.Connection, operation: str, parameters: Any, many: bool) -> tuple[Any, ...]:
        on_loop = threading.get_ident() == loop_thread
        in_tx = conn.in_transaction
        try:
            outcome = real(conn, operation, parameters, many)
        except BaseException as error:
            recorded.append(Call(on_loop, operation, conn, error, in_tx))
            raise
        recorded.append(Call(on_loop, operation, conn, None, in_tx))
        return outcome

    monkeypatch.setattr(sqlite_driver, "_run", spy)
    return recorded


def _url(path: Path | str) -> str:
    return f"sqlite+aiosqlite:///{path}"


def _open(url: str, *, journal_mode: str | None = None, **engine_kwargs: Any) -> Database:
    engine = create_engine(url, module=sqlite_driver.one_hop_dbapi(WRITER_WAIT_S), **engine_kwargs)
    if journal_mode is not None:  # runs after storage.engine's connect listener (which sets WAL)

        def set_journal_mode(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            try:
                cursor.execute(f"PRAGMA journal_mode = {journal_mode}")
            finally:
                cursor.close()

        event.listen(engine.sync_engine, "connect", set_journal_mode)
    return Database(engine)


@pytest.fixture
async def db_path(tmp_path: Path) -> Path:
    path = tmp_path / "kairos.db"
    await upgrade(_url(path))
    return path


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    """A WAL database (what ``storage.engine`` sets up) on a fresh migrated file."""
    database = _open(_url(db_path))
    try:
        yield database
    finally:
        await database.close()


async def _store(database: Database) -> EventStore:
    user = await database.users.create(name="Driver", timezone="America/New_York", locale="en-US", now=NOW)
    return database.events(user.id)


def _draft(title: str = "Meet", hours: int = 0) -> EventDraft:
    return EventDraft(title, START + timedelta(hours=hours), START + timedelta(hours=hours + 1))


async def _count(database: Database, model: type, owner: uuid.UUID) -> int:
    async with database.sessions() as session:
        query = select(func.count()).select_from(model).where(model.owner_id == owner)  # type: ignore[attr-defined]
        return (await session.execute(query)).scalar_one()


def _writer_lock_free(database: Database) -> bool:
    return not database.engine.dialect.loaded_dbapi.writer_lock().locked()


def _is_busy(error: BaseException | None) -> bool:
    return (
        isinstance(error, sqlite3.OperationalError)
        and getattr(error, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_BUSY
    )


# --- another connection holding SQLite's write lock ------------------------------------------------

#: Resolves, once the holder has let go, to the ``time.monotonic()`` just before its COMMIT.
ReleaseTime = Callable[[], Awaitable[float]]


#: What the other connection writes while it holds the lock (a commit that moves the WAL on).
_HOLDER_WRITE = "UPDATE users SET name = name || '.'"


@asynccontextmanager
async def _held_by_thread(path: Path, seconds: float) -> AsyncIterator[ReleaseTime]:
    """A raw ``sqlite3`` connection on another thread holds the write lock (BEGIN IMMEDIATE)."""
    locked = threading.Event()
    released: list[float] = []

    def hold() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(_HOLDER_WRITE)
            locked.set()
            time.sleep(seconds)
            released.append(time.monotonic())
            conn.execute("COMMIT")
        finally:
            conn.close()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()

    async def release_time() -> float:
        await asyncio.to_thread(thread.join, 10)
        return released[0]

    try:
        assert await asyncio.to_thread(locked.wait, 10), "the holder never took the lock"
        yield release_time
    finally:
        await asyncio.to_thread(thread.join, 10)


_HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
conn.execute(sys.argv[3])
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
print(time.monotonic(), flush=True)
conn.execute("COMMIT")
conn.close()
"""


@asynccontextmanager
async def _held_by_process(path: Path, seconds: float) -> AsyncIterator[ReleaseTime]:
    """Another process holds the write lock (``time.monotonic`` is system-wide on Linux and macOS)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _HOLDER, str(path), str(seconds), _HOLDER_WRITE, stdout=asyncio.subprocess.PIPE
    )
    assert proc.stdout is not None
    stdout = proc.stdout

    async def release_time() -> float:
        return float(await asyncio.wait_for(stdout.readline(), 10))

    try:
        assert await asyncio.wait_for(stdout.readline(), 10) == b"locked\n"
        yield release_time
    finally:
        await asyncio.wait_for(proc.communicate(), 10)


Holder = Callable[[Path, float], AbstractAsyncContextManager[ReleaseTime]]
HOLDERS = [pytest.param(_held_by_thread, id="thread"), pytest.param(_held_by_process, id="process")]


class Ticker:
    """Counts 5 ms sleeps on the event loop: it only advances while the loop is free."""

    def __init__(self) -> None:
        self.ticks = 0
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(0.005)
            self.ticks += 1

    async def __aenter__(self) -> Ticker:
        self._task = asyncio.create_task(self._run())
        await asyncio.sleep(0)
        return self

    async def __aexit__(self, *_: object) -> None:
        assert self._task is not None
        self._task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await self._task


# --- 1. SQLITE_BUSY: the first write falls back to the worker ---------------------------------------


def test_create_engine_wires_the_one_hop_shim(tmp_path: Path) -> None:
    engine = create_engine(_url(tmp_path / "x.db"))
    assert isinstance(engine.dialect.loaded_dbapi, sqlite_driver._OneHopDbapi)
    assert engine.dialect.loaded_dbapi.busy_timeout_s == SQLITE_BUSY_TIMEOUT_MS / 1000


@pytest.mark.parametrize("held_by", HOLDERS)
async def test_first_write_busy_waits_on_a_worker_then_commits(
    db: Database, db_path: Path, calls: list[Call], held_by: Holder
) -> None:
    store = await _store(db)
    async with held_by(db_path, 0.3) as released_at:
        calls.clear()
        async with Ticker() as ticker:
            result = await store.create(_draft("Waited"), now=NOW, idempotency_key="k")
        done_at = time.monotonic()
        assert done_at > await released_at()  # it could only commit after the other connection did
    assert result.persisted and not result.replayed
    assert (await store.get(result.event.id)).title == "Waited"
    assert await _count(db, Event, store.user_id) == 1
    # The loop kept running while SQLite's busy handler waited (~60 ticks in 300 ms; ~0 if it had slept
    # on the loop's thread).
    assert ticker.ticks >= 10

    busy = [c for c in calls if c.error is not None]
    assert len(busy) == 1 and _is_busy(busy[0].error), busy
    assert busy[0].on_loop  # the first write was tried inline, with busy timeout 0...
    retry = [c for c in calls if c.operation == busy[0].operation and c.error is None]
    assert len(retry) == 1 and not retry[0].on_loop  # ...and waited on the worker thread
    assert retry[0].conn is busy[0].conn
    assert not retry[0].in_tx_before  # the failed attempt's BEGIN was rolled back before the retry
    # The BEGIN of the failed attempt was rolled back, and the busy timeout is back for that connection.
    conn = busy[0].conn
    assert not conn.in_transaction
    assert conn.execute("PRAGMA busy_timeout").fetchone() == (SQLITE_BUSY_TIMEOUT_MS,)
    async with db.engine.connect() as connection:
        pragma = await connection.exec_driver_sql("PRAGMA busy_timeout")
        assert pragma.scalar_one() == SQLITE_BUSY_TIMEOUT_MS
    assert _writer_lock_free(db)


async def test_first_write_busy_past_the_busy_timeout_fails_and_leaves_the_connection_clean(
    db_path: Path, calls: list[Call], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.engine, "SQLITE_BUSY_TIMEOUT_MS", 100)  # read by the connect listener
    database = _open(_url(db_path), pool_size=1, max_overflow=0)  # one connection: the same one is reused
    try:
        store = await _store(database)
        async with _held_by_thread(db_path, 0.6):
            calls.clear()
            with pytest.raises(StorageUnavailable):
                await store.create(_draft("Too late"), now=NOW, idempotency_key="late")
            busy = [c for c in calls if c.error is not None]
            assert [c.on_loop for c in busy] == [True, False] and all(_is_busy(c.error) for c in busy)
            conn = busy[0].conn
            assert not conn.in_transaction
            assert conn.execute("PRAGMA busy_timeout").fetchone() == (100,)
            assert _writer_lock_free(database)
        retried = await store.create(_draft("Too late"), now=NOW, idempotency_key="late")
        assert retried.persisted and not retried.replayed
        assert await _count(database, Event, store.user_id) == 1
        assert await _count(database, AuditRecord, store.user_id) == 1
    finally:
        await database.close()


# --- 2. the writer lock ----------------------------------------------------------------------------


async def test_many_concurrent_creates_queue_on_the_writer_lock(db: Database, calls: list[Call]) -> None:
    store = await _store(db)
    results = await asyncio.gather(
        *(store.create(_draft(f"E{i}", i % 8), now=NOW, idempotency_key=f"c{i}") for i in range(50))
    )
    assert all(r.persisted and not r.replayed for r in results)
    assert len({r.event.id for r in results}) == 50
    assert {e.title for e in await store.list_events()} == {f"E{i}" for i in range(50)}
    assert await _count(db, AuditRecord, store.user_id) == 50
    assert await _count(db, IdempotencyRecord, store.user_id) == 50
    # In-process writers never meet SQLite's busy handler: nothing failed, not even the inline attempts,
    # and every write ran inline (queued on the writer lock, not on SQLite's lock on a worker).
    assert [c for c in calls if c.error is not None] == []
    writes = [c for c in calls if sqlite_driver._takes_write_lock(c.operation)]
    assert len(writes) >= 200 and all(c.on_loop for c in writes)
    assert _writer_lock_free(db)


async def test_concurrent_updates_with_one_expected_version_exactly_one_wins(db: Database) -> None:
    store = await _store(db)
    created = await store.create(_draft("Start"), now=NOW, idempotency_key="c")

    async def attempt(i: int) -> str:
        try:
            await store.update(
                created.event.id, EventPatch(title=f"T{i}"), expected_version=1, now=NOW,
                idempotency_key=f"u{i}",
            )  # fmt: skip
        except VersionConflict:
            return "conflict"
        return f"T{i}"

    outcomes = await asyncio.gather(*(attempt(i) for i in range(20)))
    winners = [o for o in outcomes if o != "conflict"]
    assert len(winners) == 1
    final = await store.get(created.event.id)
    assert final.version == 2 and final.title == winners[0]
    assert await _count(db, AuditRecord, store.user_id) == 2
    assert _writer_lock_free(db)


async def test_writer_waiting_past_the_engine_timeout_gets_database_is_locked(tmp_path: Path) -> None:
    engine = create_engine(_url(tmp_path / "t.db"), module=sqlite_driver.one_hop_dbapi(0.1))
    try:
        async with engine.begin() as conn:
            await conn.exec_driver_sql("CREATE TABLE t (x INTEGER)")
        async with engine.connect() as first:
            await first.exec_driver_sql("INSERT INTO t VALUES (1)")  # its transaction holds the writer lock
            with pytest.raises(OperationalError, match="database is locked"):
                async with engine.begin() as second:
                    await second.exec_driver_sql("INSERT INTO t VALUES (2)")
            await first.commit()
        async with engine.begin() as third:
            await third.exec_driver_sql("INSERT INTO t VALUES (3)")
        async with engine.connect() as conn:
            assert (await conn.exec_driver_sql("SELECT x FROM t ORDER BY x")).scalars().all() == [1, 3]
        assert not engine.dialect.loaded_dbapi.writer_lock().locked()
    finally:
        await engine.dispose()


# --- 3. outside WAL mode every statement takes the worker ------------------------------------------


@pytest.fixture(params=["memory", "delete"])
async def non_wal_db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    if request.param == "memory":
        database = _open("sqlite+aiosqlite:///:memory:")
        await upgrade(database.engine)
    else:
        path = tmp_path / "delete.db"
        await upgrade(_url(path))
        # One connection: leaving WAL mode needs the file to itself.
        database = _open(_url(path), journal_mode="DELETE", pool_size=1, max_overflow=0)
    try:
        async with database.engine.connect() as conn:
            mode = (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar_one()
        assert mode == request.param
        yield database
    finally:
        await database.close()


async def test_non_wal_round_trip_runs_every_statement_on_the_worker(
    non_wal_db: Database, calls: list[Call]
) -> None:
    store = await _store(non_wal_db)
    created = await store.create(_draft("One"), now=NOW, idempotency_key="c")
    assert created.persisted
    assert await store.get(created.event.id) == created.event
    listed = await store.list_range(START - timedelta(days=1), START + timedelta(days=1))
    assert [o.event.id for o in listed] == [created.event.id]
    updated = await store.update(
        created.event.id, EventPatch(title="Two"), expected_version=1, now=NOW, idempotency_key="u"
    )
    assert updated.persisted and updated.event.title == "Two" and updated.event.version == 2
    deleted = await store.delete(created.event.id, now=NOW, idempotency_key="d")
    assert deleted.persisted and deleted.action == "deleted"
    assert await store.list_events() == []
    undone = await store.undo(now=NOW, idempotency_key="z")
    assert undone.persisted and undone.action == "restored"
    assert (await store.get(created.event.id)).title == "Two"
    assert await _count(non_wal_db, AuditRecord, store.user_id) == 4

    assert calls and not any(c.on_loop for c in calls)
    assert not any(c.error for c in calls)
    assert not any(c.conn.in_transaction for c in calls)
    assert _writer_lock_free(non_wal_db)


# --- 4. a failure mid-write leaves nothing behind and no transaction open --------------------------


async def _fail_in_python(*_: object) -> None:
    raise RuntimeError("injected failure while writing the audit record")


async def _fail_in_sqlite(session: Any, _values: object) -> int:
    await session.execute(text("INSERT INTO audit_records DEFAULT VALUES"))  # NOT NULL constraint fails
    raise AssertionError("unreachable")


@pytest.mark.parametrize("journal_mode", [None, "DELETE"], ids=["wal", "delete"])
@pytest.mark.parametrize(
    ("inject", "raises"),
    [
        pytest.param(_fail_in_python, RuntimeError, id="python-error"),
        pytest.param(_fail_in_sqlite, StorageUnavailable, id="sqlite-error"),
    ],
)
async def test_failure_mid_write_leaves_nothing_and_no_open_transaction(
    db_path: Path,
    calls: list[Call],
    monkeypatch: pytest.MonkeyPatch,
    journal_mode: str | None,
    inject: Callable[..., Awaitable[Any]],
    raises: type[Exception],
) -> None:
    # One connection, so the write after the failure runs on the connection that failed.
    database = _open(_url(db_path), journal_mode=journal_mode, pool_size=1, max_overflow=0)
    try:
        store = await _store(database)
        kept = await store.create(_draft("Kept"), now=NOW, idempotency_key="kept")
        calls.clear()
        monkeypatch.setattr(storage.writes, "add_audit_record", inject)
        with pytest.raises(raises):
            await store.create(_draft("Ghost", 2), now=NOW, idempotency_key="k")
        with pytest.raises(raises):
            await store.update(
                kept.event.id, EventPatch(title="Changed"), expected_version=1, now=NOW, idempotency_key="u"
            )
        monkeypatch.undo()

        (conn,) = {id(c.conn): c.conn for c in calls}.values()
        assert not conn.in_transaction
        assert _writer_lock_free(database)
        assert [e.title for e in await store.list_events()] == ["Kept"]
        assert (await store.get(kept.event.id)).version == 1
        assert await _count(database, AuditRecord, store.user_id) == 1
        assert await _count(database, IdempotencyRecord, store.user_id) == 1

        retried = await store.create(_draft("Ghost", 2), now=NOW, idempotency_key="k")
        assert retried.persisted and not retried.replayed
        updated = await store.update(
            kept.event.id, EventPatch(title="Changed"), expected_version=1, now=NOW, idempotency_key="u"
        )
        assert updated.persisted and updated.event.version == 2
        assert not conn.in_transaction
        assert _writer_lock_free(database)
    finally:
        await database.close()


@pytest.mark.parametrize("journal_mode", [None, "DELETE"], ids=["wal", "delete"])
async def test_first_write_failing_in_sqlite_leaves_no_transaction_open(
    db_path: Path, calls: list[Call], journal_mode: str | None
) -> None:
    """The claim INSERT is the transaction's first write (inline with busy timeout 0 in WAL mode); when
    it fails (duplicate key: replay; unknown user: foreign key) its BEGIN must still be rolled back."""
    database = _open(_url(db_path), journal_mode=journal_mode, pool_size=1, max_overflow=0)
    try:
        store = await _store(database)
        first = await store.create(_draft("Once"), now=NOW, idempotency_key="k")
        calls.clear()
        replayed = await store.create(_draft("Once"), now=NOW, idempotency_key="k")
        assert replayed.replayed and replayed.event == first.event
        with pytest.raises(UserNotFound):
            await database.events(uuid.uuid4()).create(
                EventDraft("Nobody's", START, START + timedelta(hours=1), timezone="UTC"),
                now=NOW,
                idempotency_key="n",
            )
        failed = [c for c in calls if c.error is not None]
        assert len(failed) == 2 and all(isinstance(c.error, sqlite3.IntegrityError) for c in failed)
        assert all(c.on_loop == (journal_mode is None) for c in failed)
        (conn,) = {id(c.conn): c.conn for c in calls}.values()
        assert not conn.in_transaction
        assert _writer_lock_free(database)
        # Another connection can take the write lock at once (nothing is left holding it).
        other = sqlite3.connect(db_path, isolation_level=None, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
        finally:
            other.close()
        second = await store.create(_draft("Twice", 2), now=NOW, idempotency_key="k2")
        assert second.persisted and await _count(database, Event, store.user_id) == 2
    finally:
        await database.close()


async def test_rollback_after_a_failed_first_write_closes_its_transaction(tmp_path: Path) -> None:
    """Nothing else runs between the failed first write and the rollback (no statement reports the open
    transaction), so the rollback must not be skipped as a no-op."""
    engine = create_engine(_url(tmp_path / "t.db"), module=sqlite_driver.one_hop_dbapi(WRITER_WAIT_S))
    try:
        async with engine.begin() as conn:
            await conn.exec_driver_sql("CREATE TABLE t (x INTEGER UNIQUE)")
            await conn.exec_driver_sql("INSERT INTO t VALUES (1)")
        async with engine.connect() as conn:
            raw = (await conn.get_raw_connection()).driver_connection._conn  # type: ignore[union-attr]
            with pytest.raises(IntegrityError):
                await conn.exec_driver_sql("INSERT INTO t VALUES (1)")
            await conn.rollback()
            assert not raw.in_transaction
            assert not engine.dialect.loaded_dbapi.writer_lock().locked()
        async with engine.begin() as conn:
            await conn.exec_driver_sql("INSERT INTO t VALUES (2)")
        assert not raw.in_transaction
    finally:
        await engine.dispose()


# --- 5. reads during another connection's write see the last committed state -----------------------


async def test_reads_during_another_connections_write_see_the_committed_state(
    db: Database, db_path: Path, calls: list[Call]
) -> None:
    store = await _store(db)
    created = await store.create(_draft("Committed"), now=NOW, idempotency_key="c")
    window = (START - timedelta(days=1), START + timedelta(days=1))
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("UPDATE events SET title = 'Uncommitted', version = version + 1")
        calls.clear()
        seen = await asyncio.wait_for(store.get(created.event.id), 5)
        assert (seen.title, seen.version) == ("Committed", 1)
        assert [o.event.title for o in await store.list_range(*window)] == ["Committed"]
        assert all(c.on_loop and c.error is None for c in calls)  # WAL reads run inline, never wait
        other.execute("COMMIT")
    finally:
        other.close()
    seen = await store.get(created.event.id)
    assert (seen.title, seen.version) == ("Uncommitted", 2)


async def test_reads_on_the_same_engine_do_not_wait_for_its_open_write(db: Database) -> None:
    store = await _store(db)
    created = await store.create(_draft("Committed"), now=NOW, idempotency_key="c")
    written, finish = asyncio.Event(), asyncio.Event()

    async def writer() -> None:
        async with db.sessions() as session:
            await session.execute(update(Event).where(Event.id == created.event.id).values(title="Draft"))  # type: ignore[arg-type]
            written.set()
            await finish.wait()  # holds the engine's writer lock and SQLite's write lock meanwhile
            await session.commit()

    task = asyncio.create_task(writer())
    try:
        await asyncio.wait_for(written.wait(), 5)
        assert not _writer_lock_free(db)
        assert (await asyncio.wait_for(store.get(created.event.id), 5)).title == "Committed"
        assert [e.title for e in await asyncio.wait_for(store.list_events(), 5)] == ["Committed"]
    finally:
        finish.set()
        await task
    assert (await store.get(created.event.id)).title == "Draft"
    assert _writer_lock_free(db)
