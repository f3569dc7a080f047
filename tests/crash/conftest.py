"""The ``crash`` marker: tests that start and ``kill -9`` a real server process (deselect with
``-m "not crash"``)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "crash: starts and kill -9s a real server process on 127.0.0.1")
