from __future__ import annotations

import os
from pathlib import Path

from agent.model.embedded import ServerState, clear_state, find_running, read_state, write_state


def test_state_round_trips_and_clears(tmp_path: Path) -> None:
    write_state(tmp_path, ServerState(pid=os.getpid(), base_url="http://127.0.0.1:5/v1"))
    assert read_state(tmp_path) == ServerState(pid=os.getpid(), base_url="http://127.0.0.1:5/v1")
    assert read_state(tmp_path).alive  # type: ignore[union-attr]
    clear_state(tmp_path)
    assert read_state(tmp_path) is None


async def test_no_state_or_a_dead_server_means_nothing_to_share(tmp_path: Path) -> None:
    assert await find_running(tmp_path) is None
    write_state(tmp_path, ServerState(pid=2**30, base_url="http://127.0.0.1:5/v1"))
    assert await find_running(tmp_path) is None
    (tmp_path / "server.json").write_text("{not json")
    assert await find_running(tmp_path) is None
