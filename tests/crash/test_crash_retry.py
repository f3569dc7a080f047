"""A small run of ``scripts/crash_retry.py``: a real server killed with ``kill -9`` mid-turn, restarted,
and every request id retried until it settles (no retry stuck at 409, no event written twice).

The script runs in a subprocess (it starts its own server subprocesses on 127.0.0.1); this process opens
no socket.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "crash_retry.py"


@pytest.mark.crash
def test_every_request_id_settles_after_a_kill_without_duplicates() -> None:
    args = ["--ids", "24", "--kills", "1", "--concurrency", "8", "--turn-timeout", "2", "--budget", "60"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args, "--json"], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.strip(), done.stderr[-2000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["unanswered_at_a_kill"] > 0, figures  # the kill did land mid-turn
    assert figures["retries_stuck"] == 0 and figures["duplicates"] == 0, figures
    assert figures["not_200"] == 0 and figures["final_200"] == 24, figures
    assert figures["ids_without_an_event"] == 0 and figures["receipts_missing"] == 0, figures
    assert done.returncode == 0, figures
