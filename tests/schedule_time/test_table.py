"""The table: every row of every language module, each at its fixed now, with its reason."""

from __future__ import annotations

import importlib

import pytest

from .table import NOWS, Row, check, duplicates, resolve_row


def _all_rows() -> list[Row]:
    rows: list[Row] = []
    for name in ("rows_en", "rows_zh", "rows_zones", "rows_midnight", "rows_series", "rows_probe2"):
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as ex:
            if ex.name != f"{__package__}.{name}":
                raise
            continue
        rows.extend(module.ROWS)
    return rows


ROWS = _all_rows()


def test_no_duplicate_rows() -> None:
    assert duplicates(ROWS) == []


def test_every_row_has_a_reason_and_a_known_now() -> None:
    for row in ROWS:
        assert row.reason.strip(), row
        assert row.now in NOWS, row


@pytest.mark.parametrize("row", ROWS, ids=[f"{r.now}:{r.text}" for r in ROWS])
def test_row(row: Row) -> None:
    check(row, resolve_row(row))
