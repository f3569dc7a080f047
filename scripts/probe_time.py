#!/usr/bin/env python3
"""Score ``schedule_time.resolve`` on the project's own time probe: 470 expressions written for this repo (not
taken from ``../shared/data`` or the tests), EN and ZH, one per line in ``evals/probes/time_probe_{en,zh}.txt``
as ``text | now | expected`` (``now``: a key of the table tests' NOWS or of ``_NOWS`` below; ``expected``: a
table-test expectation, "ambiguous", "resolved", "start ISO" / "end ISO", or "rrule RULE *").

    .venv/bin/python scripts/probe_time.py

Prints each failure (unresolved / wrong / crash) and the counts per language. Some failures are documented
conventions the probe's author expected otherwise (see schedule_time/README.md); the figure is a floor.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schedule_time import resolve  # noqa: E402
from tests.schedule_time.table import NOWS, Row, check  # noqa: E402

_NY, _SH = ZoneInfo("America/New_York"), ZoneInfo("Asia/Shanghai")
_NOWS = {
    "W": datetime(2026, 3, 4, 10, 15, tzinfo=_NY),  # a Wednesday
    "Z": datetime(2026, 3, 4, 10, 15, tzinfo=_SH),
    "SE": datetime(2026, 3, 1, 19, 30, tzinfo=_NY),  # a Sunday evening
    "ZSE": datetime(2026, 3, 1, 20, 0, tzinfo=_SH),
    "ME": datetime(2026, 3, 31, 16, 0, tzinfo=_NY),  # a month's end
    "ZD": datetime(2026, 12, 31, 21, 0, tzinfo=_SH),  # New Year's Eve
}


def _wall(moment: datetime | None, tz: ZoneInfo) -> datetime | None:
    return None if moment is None else moment.astimezone(tz).replace(tzinfo=None)


def _shown(r, tz: ZoneInfo) -> str:  # type: ignore[no-untyped-def]
    if r.status == "unresolved":
        return f"unresolved ({r.reason})"
    if r.status == "ambiguous":
        return "ambiguous [" + " ".join(str(_wall(c.start, tz)) for c in r.candidates) + "]"
    text = f"{_wall(r.start, tz)}/{_wall(r.end, tz)} {r.grain}"
    return text + (f" RR={r.recurrence}" if r.recurrence else "") + (f" dur={r.duration}" if r.duration else "")


def _one(text: str, now_key: str, expect: str) -> tuple[str, str]:
    now = NOWS[now_key]
    tz = now.tzinfo
    assert isinstance(tz, ZoneInfo)
    try:
        r = resolve(text, now=now, tz=tz)
    except Exception as exc:  # a crash is a finding
        return "crash", f"{type(exc).__name__}: {exc}"
    words = expect.split()
    try:
        if expect in ("ambiguous", "resolved"):
            assert r.status == expect
        elif words[0] in ("start", "end"):
            assert r.status == "resolved"
            assert _wall(r.start if words[0] == "start" else r.end, tz) == datetime.fromisoformat(words[1])
        elif words[0] == "rrule" and words[-1] == "*":
            assert r.status == "resolved" and r.recurrence == words[1]
        else:
            check(Row(text, now_key, expect, "probe"), r)
    except AssertionError:
        return ("unresolved" if r.status == "unresolved" else "wrong"), _shown(r, tz)
    return "ok", _shown(r, tz)


def main() -> int:
    NOWS.update(_NOWS)
    counts: Counter[tuple[str, str]] = Counter()
    for name in ("time_probe_en.txt", "time_probe_zh.txt"):
        for line in (ROOT / "evals" / "probes" / name).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            text, now_key, expect = (part.strip() for part in line.split("|"))
            lang = "zh" if re.search(r"[\u3400-\u9fff]", text) else "en"
            outcome, shown = _one(text, now_key, expect)
            counts[(lang, outcome)] += 1
            if outcome != "ok":
                print(f"[{lang} {outcome}] {text!r} @{now_key}: expected {expect} | got {shown}")
    for lang in ("en", "zh"):
        total = sum(n for (lang_, _), n in counts.items() if lang_ == lang)
        print(f"{lang}: {counts[(lang, 'ok')]}/{total} ok, " + ", ".join(
            f"{k} {counts[(lang, k)]}" for k in ("unresolved", "wrong", "crash")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
