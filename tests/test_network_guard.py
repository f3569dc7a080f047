import socket

import pytest

from tests.conftest import NetworkBlockedError


def test_outgoing_tcp_is_blocked() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s, pytest.raises(NetworkBlockedError):
        s.connect(("93.184.216.34", 443))


def test_loopback_model_port_is_blocked_too() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s, pytest.raises(NetworkBlockedError):
        s.connect(("127.0.0.1", 8080))
