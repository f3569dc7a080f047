"""Suite-wide guards: no test reaches the network or a real model; property tests are reproducible.

Every outgoing TCP connection is refused unless it goes to the PostgreSQL server named by
``KAIROS_TEST_POSTGRES_URL`` (the integration tests' database). Unix sockets stay allowed (asyncio's
self-pipe, a local PostgreSQL socket). Tests marked ``live`` opt out; they are deselected by default.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

import pytest
from hypothesis import settings

# The suite must give the same verdict on every run (CI included): property tests draw a fixed sequence of
# examples. ``HYPOTHESIS_PROFILE=explore`` draws fresh random examples to hunt for new failures.
settings.register_profile("kairos", derandomize=True)
settings.register_profile("explore", derandomize=False, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "kairos"))


def _allowed_endpoints() -> set[tuple[str, int]]:
    url = os.environ.get("KAIROS_TEST_POSTGRES_URL")
    if not url:
        return set()
    parts = urlsplit(url.replace("+asyncpg", ""))
    host = parts.hostname or "127.0.0.1"
    port = parts.port or 5432
    hosts = {host}
    if host in ("localhost", "127.0.0.1", "::1"):
        hosts |= {"localhost", "127.0.0.1", "::1"}
    return {(h, port) for h in hosts}


class NetworkBlockedError(RuntimeError):
    """A test tried to open a network connection it is not allowed to make."""


@pytest.fixture(autouse=True)
def _block_network(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("live"):
        return
    allowed = _allowed_endpoints()
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex

    def check(sock: socket.socket, address: object) -> None:
        if sock.family == getattr(socket, "AF_UNIX", None):
            return
        if isinstance(address, tuple) and (str(address[0]), int(address[1])) in allowed:
            return
        raise NetworkBlockedError(f"network access is blocked in tests (tried {address!r})")

    def guarded_connect(sock: socket.socket, address: object) -> None:
        check(sock, address)
        return real_connect(sock, address)

    def guarded_connect_ex(sock: socket.socket, address: object) -> int:
        check(sock, address)
        return real_connect_ex(sock, address)

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded_connect_ex)
