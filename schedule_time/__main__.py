"""``python -m schedule_time "明天下午三点" --now 2026-11-30T10:00+08:00 [--tz Asia/Shanghai] [--prefer past]``.

The outermost entry point: the only place that may default ``now`` from the clock (``--now`` omitted).
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from . import TimeExpressionError, language, resolve


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m schedule_time", description="Resolve one time expression.")
    ap.add_argument("text")
    ap.add_argument("--now", help="aware ISO datetime, e.g. 2026-11-30T10:00+08:00 (default: the clock)")
    ap.add_argument("--tz", help="IANA zone, e.g. Asia/Shanghai (default: the zone of --now)")
    ap.add_argument("--prefer", choices=("future", "past"), default="future")
    args = ap.parse_args(argv)
    eager, language.EAGER = language.EAGER, False   # one text: compile only the alternations it needs
    try:
        return _run(args)
    finally:
        language.EAGER = eager


def _run(args: argparse.Namespace) -> int:
    try:
        tz = ZoneInfo(args.tz) if args.tz else None
    except (ZoneInfoNotFoundError, ValueError):
        print(f"unknown zone {args.tz!r}", file=sys.stderr)
        return 2
    try:
        now = datetime.fromisoformat(args.now) if args.now else datetime.now(tz).astimezone(tz)
        result = resolve(args.text, now=now, tz=tz, prefer=args.prefer)
    except (TimeExpressionError, ValueError) as ex:
        print(f"error: {ex}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
