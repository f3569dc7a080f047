"""The package's public surface: exactly what ``__all__`` names, documented, and no clock reads."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import storage
import storage.errors


def test_all_names_exist_once() -> None:
    assert len(set(storage.__all__)) == len(storage.__all__)
    for name in storage.__all__:
        assert hasattr(storage, name), name


def test_every_error_is_a_storage_error_and_drawn_in_the_tree() -> None:
    doc = storage.errors.__doc__ or ""
    for name in storage.errors.__all__:
        cls = getattr(storage.errors, name)
        assert issubclass(cls, storage.errors.StorageError)
        assert name in doc, f"{name} missing from the hierarchy drawing"
        assert name in storage.__all__


def test_no_module_reads_the_clock() -> None:
    forbidden = {"now", "utcnow", "today", "time", "monotonic", "perf_counter"}
    root = Path(storage.__file__).parent
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in forbidden
            ):
                owner = ast.unparse(node.func.value)
                assert owner not in {"datetime", "date", "time", "datetime.datetime", "datetime.date"}, (
                    f"{path.name}:{node.lineno} reads the clock: {ast.unparse(node)}"
                )


def test_public_callables_are_documented() -> None:
    for name in storage.__all__:
        obj = getattr(storage, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            assert inspect.getdoc(obj), name
