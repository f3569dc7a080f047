"""``storage.statements.execute``: on SQLite the hot statements run straight on the shim's cursor; what
reaches SQLite (SQL and bound values) and what comes back (values and field names) must be exactly what
SQLAlchemy's ``Connection.execute`` sends and returns. On PostgreSQL it is ``Connection.execute`` itself."""

from __future__ import annotations

import uuid
from datetime import UTC, timedelta
from typing import Any

import pytest
from sqlalchemy import Connection, insert
from sqlalchemy.exc import IntegrityError

from storage import Database, sqlite_driver, statements
from storage.api_requests import (
    _KNOWN,
    _MARK,
    _MARK_AND_CLAIM,
    _OLDEST_IN_RANGE,
    _WRITES_AT,
    FINISH,
    RATE_PREFIX,
    _stamp,
    finish_params,
)
from storage.models import TurnRecord
from storage.turns import _HISTORY, _INSERT_MESSAGES, _STATE_AND_PENDING, CLEAR, PendingWrite
from storage.tx import run_sync
from tests.storage.fixtures import NOW

NOW_UTC = NOW.astimezone(UTC)


async def _seed(database: Database, owner: uuid.UUID) -> None:
    turns = database.turns(owner)
    state = await turns.load("c1", now=NOW, gap=timedelta(hours=2))
    await turns.commit(
        state, now=NOW, turn_id="t1", messages=[("user", "hi"), ("assistant", "hello")],
        records=[("turn", {"a": 1})], focus=[{"id": "e1"}],
        pending=PendingWrite("needs_value", {"q": "when?"}, NOW + timedelta(minutes=5)),
    )  # fmt: skip
    later = NOW + timedelta(minutes=1)
    state = await turns.load("c1", now=later, gap=timedelta(hours=2))
    await turns.commit(state, now=later, turn_id="t2", messages=[("user", "again")], pending=CLEAR)
    claims = database.engine
    params = {
        "owner": owner, "mark": f"{RATE_PREFIX}{_stamp(NOW)}:x", "now": NOW, "claim_key": "api.chat:r1",
        "fingerprint": "f", "limit": 5, "low": RATE_PREFIX, "high": RATE_PREFIX + "9",
    }  # fmt: skip
    await run_sync(claims, lambda conn: statements.execute(conn, _MARK_AND_CLAIM, params), commit=True)
    await run_sync(
        claims,
        lambda conn: statements.execute(conn, FINISH, finish_params(owner, "r1", {"status": 200})),
        commit=True,
    )


def _reads(owner: uuid.UUID) -> list[tuple[Any, dict[str, Any]]]:
    window = {"owner": owner, "low": RATE_PREFIX, "high": RATE_PREFIX + "9"}
    return [
        (_STATE_AND_PENDING, {"owner": owner, "conversation": "c1"}),
        (_STATE_AND_PENDING, {"owner": owner, "conversation": "none"}),
        (_HISTORY, {"owner": owner, "conversation": "c1", "segment": 0, "limit": 6}),
        (_KNOWN, {"owner": owner, "claim_key": "api.chat:r1"}),
        (_OLDEST_IN_RANGE, window),
        (_WRITES_AT, {"owner": owner, "at": NOW}),
    ]


async def test_reads_return_what_sqlalchemy_returns(database: Database) -> None:
    owner = (await database.users.create(name="s", timezone="UTC", locale="en", now=NOW)).id
    await _seed(database, owner)

    def both(conn: Connection) -> list[tuple[Any, Any]]:
        pairs = []
        for statement, params in _reads(owner):
            fast = list(statements.execute(conn, statement, params))
            slow = list(conn.execute(statement, params))
            pairs.append((fast, slow))
        return pairs

    for fast, slow in await run_sync(database.engine, both):
        assert [tuple(r) for r in fast] == [tuple(r) for r in slow]
        assert [r._fields for r in fast] == [r._fields for r in slow]
    state = await database.turns(owner).load("c1", now=NOW + timedelta(minutes=2), gap=timedelta(hours=2))
    assert [m.text for m in state.history] == ["hi", "hello", "again"] and state.pending is None
    assert state.focus == ({"id": "e1"},) and state.segment_started_at == NOW_UTC


async def test_writes_send_what_sqlalchemy_sends(database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    if database.engine.dialect.name != "sqlite":
        pytest.skip("SQLite only: elsewhere execute is Connection.execute")
    owner = (await database.users.create(name="w", timezone="UTC", locale="en", now=NOW)).id
    sent: list[tuple[str, Any]] = []
    real = sqlite_driver._run

    def spy(conn: Any, operation: str, parameters: Any, many: bool) -> Any:
        sent.append((operation, parameters))
        return real(conn, operation, parameters, many)

    monkeypatch.setattr(sqlite_driver, "_run", spy)
    rows = [
        {"owner_id": owner, "conversation_id": "c", "role": "user", "text": f"m{i}", "turn_id": "t",
         "created_at": NOW, "segment": 0}
        for i in range(2)
    ]  # fmt: skip
    claim = {
        "owner": owner, "mark": "api.rate:1:a", "now": NOW, "claim_key": "api.chat:x", "fingerprint": "f",
        "limit": 3, "low": "api.rate:0", "high": "api.rate:9",
    }  # fmt: skip
    writes: list[tuple[Any, Any]] = [
        (_INSERT_MESSAGES, rows),
        (_MARK_AND_CLAIM, claim),
        (_MARK, {**claim, "mark": "api.rate:1:b"}),
        (FINISH, finish_params(owner, "x", {"status": 200, "body": {"t": "é"}})),
    ]

    def run(conn: Connection, fast: bool) -> list[int]:
        counts = []
        for statement, params in writes:
            result = statements.execute(conn, statement, params) if fast else conn.execute(statement, params)
            counts.append(result.rowcount)
        conn.rollback()
        return counts

    fast_counts = await run_sync(database.engine, lambda conn: run(conn, True), commit=True)
    fast_sent, sent[:] = list(sent), []
    slow_counts = await run_sync(database.engine, lambda conn: run(conn, False), commit=True)
    assert fast_counts == slow_counts == [2, 2, 1, 1]
    assert [(op, list(p) if isinstance(p, list) else p) for op, p in fast_sent] == [
        (op, list(p) if isinstance(p, list) else p) for op, p in sent
    ]


async def test_errors_are_sqlalchemys_and_defaults_fall_back(database: Database) -> None:
    owner = (await database.users.create(name="e", timezone="UTC", locale="en", now=NOW)).id
    claim = {
        "owner": owner, "mark": "api.rate:1:b", "now": NOW, "claim_key": "api.chat:y", "fingerprint": "f",
        "limit": 3, "low": "api.rate:0", "high": "api.rate:9",
    }  # fmt: skip
    await run_sync(
        database.engine, lambda conn: statements.execute(conn, _MARK_AND_CLAIM, claim), commit=True
    )
    claim["mark"] = "api.rate:1:c"
    with pytest.raises(IntegrityError):  # the id is taken: SQLAlchemy's error, nothing written
        await run_sync(
            database.engine, lambda conn: statements.execute(conn, _MARK_AND_CLAIM, claim), commit=True
        )
    # ``payload`` left out: its Python-side default must be filled in, so SQLAlchemy runs this one.
    record = {"owner_id": owner, "turn_id": "t", "kind": "k", "at": NOW}
    statement = insert(TurnRecord.__table__)  # type: ignore[attr-defined]
    await run_sync(database.engine, lambda conn: statements.execute(conn, statement, record), commit=True)
    window = {"owner": owner, "low": "api.rate:0", "high": "api.rate:9"}
    oldest = await run_sync(database.engine, lambda c: statements.execute(c, _OLDEST_IN_RANGE, window).all())
    assert [r.created_at for r in oldest] == [NOW_UTC]  # one mark: the failed claim wrote nothing


def test_rows_behave_like_a_result() -> None:
    rows = statements.Rows([(1, "a"), (2, "b")], 2)
    assert rows.first() == (1, "a") and rows.scalar() == 1 and rows.all() == [(1, "a"), (2, "b")]
    assert statements.Rows([(7,)], 1).scalar_one() == 7 and statements.Rows([], 0).first() is None
    with pytest.raises(Exception, match="No row"):
        statements.Rows([], 0).scalar_one()


async def test_statement_events_see_every_statement(database: Database) -> None:
    from sqlalchemy import event

    seen: list[str] = []

    def listener(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    event.listen(database.engine.sync_engine, "before_cursor_execute", listener)
    try:
        params = {"owner": uuid.uuid4(), "at": NOW}
        count = await run_sync(
            database.engine, lambda c: statements.execute(c, _WRITES_AT, params).scalar_one()
        )
    finally:
        event.remove(database.engine.sync_engine, "before_cursor_execute", listener)
    assert count == 0 and any("audit_records" in s for s in seen)
