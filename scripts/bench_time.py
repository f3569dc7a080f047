#!/usr/bin/env python3
"""Measure schedule_time against the shared public corpora (a benchmark, not a test).

Runs ``../shared/tools/timebench.py --data ../shared/data/time --parser project --project-path .``
(paths resolved from this repository's root) with this interpreter and prints its table. Extra
arguments are passed through, e.g. ``--source duckling --lang en --show wrong --show-limit 20``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def main(argv: list[str]) -> int:
    tool = SHARED / "tools" / "timebench.py"
    data = SHARED / "data" / "time"
    if not tool.is_file() or not data.is_dir():
        print(f"bench_time: the shared corpus is not at {SHARED}", file=sys.stderr)
        return 2
    cmd = [sys.executable, str(tool), "--data", str(data), "--parser", "project", "--project-path", str(ROOT),
           *argv]
    return subprocess.run(cmd, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
