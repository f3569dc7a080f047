"""Prebuilt Core statements on SQLite straight through the DBAPI cursor; elsewhere ``Connection.execute``.

``conn.execute(statement, params)`` builds an execution context per statement (cache lookup, parameter
processing, result metadata, events): tens of µs, several times what SQLite spends on a turn's short,
indexed statements. On SQLite (the ``storage.sqlite_driver`` shim) :func:`execute` compiles each prebuilt
statement ONCE per engine and parameter-key set, with SQLAlchemy's own compiler and the column types' own
bind and result processors, then runs the SQL on the shim's cursor (the same cursor SQLAlchemy would use:
the same writer lock, inline path and transaction handling). DBAPI errors are raised as SQLAlchemy's
(``IntegrityError`` and so on), as ``conn.execute`` raises them. Anything else (another dialect or driver,
an INSERT that would need a Python-side column default filled in, an engine with statement events or
``echo`` on) goes through ``conn.execute``.

The caller's transaction must have been begun on ``conn`` (``conn.begin()``, as :func:`storage.tx.run_sync`
does for a write), so SQLAlchemy commits or rolls back what ran here.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, exc
from sqlalchemy.sql import Executable

from storage.sqlite_driver import is_one_hop

__all__ = ["Rows", "execute"]

Params = Mapping[str, Any] | Sequence[Mapping[str, Any]]


class Rows:
    """The part of ``CursorResult`` the stores use: rows (named tuples) already fetched, and ``rowcount``."""

    __slots__ = ("_rows", "rowcount")

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)

    def all(self) -> list[Any]:
        return list(self._rows)

    def first(self) -> Any:
        return self._rows[0] if self._rows else None

    def scalar(self) -> Any:
        return self._rows[0][0] if self._rows else None

    def scalar_one(self) -> Any:
        if len(self._rows) != 1:
            raise (
                exc.NoResultFound("No row was found")
                if not self._rows
                else exc.MultipleResultsFound("Multiple rows were found when exactly one was required")
            )
        return self._rows[0][0]


class _Prepared:
    """One statement compiled for one dialect and parameter-key set."""

    __slots__ = ("_compiled", "_plan", "_processors", "binds", "direct", "many", "row", "select", "sql")

    def __init__(
        self, statement: Executable, dialect: Any, keys: tuple[str, ...], many: bool, first: Mapping[str, Any]
    ) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys), for_executemany=many)
        if (
            compiled.positiontup is None
            or compiled.insert_prefetch
            or compiled.update_prefetch
            or compiled.effective_returning
        ):
            raise _Unsupported  # a named paramstyle, Python-side defaults to fill, RETURNING: SQLAlchemy's path
        self.sql = compiled.string
        self.many = many
        processors: dict[str, Callable[[Any], Any] | None] = {
            name: bind.type.dialect_impl(dialect).bind_processor(dialect)
            for name, bind in compiled.binds.items()
        }
        self._compiled = compiled
        self.binds = [(name, processors.get(name)) for name in compiled.positiontup]
        # Values that come from the statement, not the parameters (a literal LIMIT's OFFSET 0 ...).
        constant = compiled.construct_params({k: first[k] for k in keys})
        self._plan = [
            (name, name in keys, constant[name], processors.get(name)) for name in compiled.positiontup
        ]
        self.direct = True
        self.direct = self.parameters(first) == self._constructed(first)  # else always the compiler's way
        self.row: tuple[Any, list[Callable[[Any], Any] | None]] | None = None
        self.select = bool(getattr(statement, "is_select", False))
        if self.select:
            self._processors = [
                c.type.dialect_impl(dialect).result_processor(dialect, None)
                for c in statement.selected_columns  # type: ignore[attr-defined]
            ]

    def row_type(self, description: Any) -> tuple[Any, list[Callable[[Any], Any] | None]]:
        """Rows named as SQLite names the columns (the names SQLAlchemy's rows carry), built once."""
        if self.row is None:
            names = [d[0] for d in description]
            self.row = (namedtuple("Row", names, rename=True), self._processors)  # type: ignore[misc]
        return self.row

    def parameters(self, params: Mapping[str, Any]) -> tuple[Any, ...]:
        if not self.direct:
            return self._constructed(params)
        return tuple(
            (process(params[name]) if process is not None else params[name])
            if given
            else (process(value) if process is not None else value)
            for name, given, value, process in self._plan
        )

    def _constructed(self, params: Mapping[str, Any]) -> tuple[Any, ...]:
        values = self._compiled.construct_params(params)
        return tuple(
            process(values[name]) if process is not None else values[name] for name, process in self.binds
        )


class _Unsupported(Exception):
    pass


_MAX_CACHED = 512
_cache: dict[tuple[int, int, tuple[str, ...], bool], tuple[Executable, Any, _Prepared | None]] = {}


def execute(conn: Connection, statement: Executable, params: Params) -> Any:
    """``conn.execute(statement, params)``: a ``CursorResult``, or on SQLite :class:`Rows`."""
    dbapi_connection = conn.connection.dbapi_connection
    # Statement events and ``echo`` logging see every statement: with either on, SQLAlchemy runs them all.
    if not is_one_hop(dbapi_connection) or conn._has_events or conn.engine._has_events or conn._echo:
        return conn.execute(statement, params)
    many = not isinstance(params, Mapping)
    first = params[0] if many else params  # type: ignore[index]
    dialect = conn.dialect
    key = (id(dialect), id(statement), tuple(first), many)
    entry = _cache.get(key)
    if entry is None:
        try:
            prepared: _Prepared | None = _Prepared(statement, dialect, key[2], many, first)
        except _Unsupported:
            prepared = None
        if len(_cache) >= _MAX_CACHED:  # engines come and go in tests; a server has one
            _cache.clear()
        entry = _cache[key] = (statement, dialect, prepared)  # the references keep the ids unique
    prepared = entry[2]
    if prepared is None:
        return conn.execute(statement, params)
    if many:
        args: Any = [prepared.parameters(p) for p in params]  # type: ignore[union-attr]
    else:
        args = prepared.parameters(first)
    cursor = dbapi_connection.cursor()
    try:
        cursor.run(prepared.sql, args, many)
        rows = cursor.fetchall() if prepared.select else []
        rowcount = cursor.rowcount
        description = cursor.description
    except dialect.loaded_dbapi.Error as error:
        raise exc.DBAPIError.instance(
            prepared.sql, args, error, dialect.loaded_dbapi.Error, dialect=dialect
        ) from error
    finally:
        cursor.close()
    if prepared.select:
        make, processors = prepared.row_type(description)
        if any(processors):
            rows = [
                make._make([p(v) if p is not None else v for p, v in zip(processors, r, strict=True)])
                for r in rows
            ]
        else:
            rows = [make._make(r) for r in rows]
    return Rows(rows, rowcount)
