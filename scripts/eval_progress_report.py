"""Build the JSON + Markdown report from a live eval's progress file (a run stopped early, or one still
running): ``python scripts/eval_progress_report.py DIR/eval-live.progress.jsonl [--k 1] [--out DIR]``."""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime
from pathlib import Path

from evals.report import build_report, write_report
from evals.results import RunResult


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("progress", type=Path)
    parser.add_argument("--k", type=int, default=1)
    parser.add_argument("--kind", default="partial")
    parser.add_argument("--model", default="(from progress file)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    lines = args.progress.read_text(encoding="utf-8").splitlines()
    results = [RunResult.from_json(json.loads(line)) for line in lines if line.strip()]
    started = datetime.fromtimestamp(args.progress.stat().st_ctime, UTC)  # entry point: the file's time
    report = build_report(results, kind=args.kind, model=args.model, k=args.k, started_at=started)
    paths = write_report(report, args.out or args.progress.parent)
    print(f"{len(results)} runs → {paths[0]} and {paths[1]}")


if __name__ == "__main__":
    main()
