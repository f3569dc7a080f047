#!/usr/bin/env python3
"""Measure schedule_time.holidays against the Duckling holiday cases (measurement, not specification).

For every normalized Duckling case whose category is "holiday" (``timebench``'s normalization and
matching rules), the script finds the first holiday name in the text with ``HOLIDAY_PATTERN``,
looks it up, and asks ``span(year)`` for the years around the reference year and any year written
in the text. A case is

* **answered** when one of those spans matches an accepted answer exactly as timebench would
  score it (start at the answer's grain, and the end for intervals);
* **date only** when the holiday's date is right but the expected value adds something the
  resolver supplies ("xmas at 6 pm", "morning of christmas");
* a **miss** otherwise: no name found, a name found but unknown, or no span that fits.

Usage::

    .venv/bin/python scripts/bench_holidays.py [--data ../shared/data/time] [--tools ../shared/tools] [-v]
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from schedule_time.holidays import HOLIDAY_PATTERN, HolidaySpan, lookup_holiday  # noqa: E402

YEAR = re.compile(r"(?<!\d)(1[89]\d\d|2[01]\d\d)(?!\d)|(\d{4})(?=年)")


def _holiday_names(data: Path) -> dict[str, str]:
    """Row id -> the corpus' holiday name."""
    out = {}
    for path in sorted(data.glob("time_duckling_*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            for e in row["expected"]:
                if e.get("holiday"):
                    out[row["id"]] = e["holiday"]
    return out


def _years(text: str, ref_year: int) -> list[int]:
    years = set(range(ref_year - 10, ref_year + 11))
    for m in YEAR.finditer(text):
        y = int(m.group(1) or m.group(2))
        years.update((y - 1, y, y + 1))
    return sorted(years)


def _classify(tb, case) -> tuple[str, str]:
    """(outcome, detail) for one case."""
    m = HOLIDAY_PATTERN.search(case.text)
    if not m:
        return "miss", "no name matched"
    holiday = lookup_holiday(m.group())
    if holiday is None:
        return "miss", f"lookup failed for {m.group()!r}"
    spans: list[HolidaySpan] = [s for y in _years(case.text, case.ref.year) for s in holiday.spans(y)]
    got = tb.Got(status="resolved")
    for s in spans:
        item = tb.Item(s.start, s.end, s.grain)
        if any(tb.answer_matches(a, item, got, case.ref) for a in case.answers if a.role != "past"):
            return "answered", holiday.key
    for s in spans:
        for a in case.answers:
            if a.start is not None and s.start <= a.start < max(s.end, s.start + timedelta(days=1)):
                return "date only", holiday.key
    near = min(spans, key=lambda s: abs((s.start - case.answers[0].start).days), default=None) if (
        case.answers and case.answers[0].start) else None
    return "miss", f"{holiday.key}: nearest {near.start:%Y-%m-%d}..{near.end:%m-%d}" if near else holiday.key


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "time")
    ap.add_argument("--tools", type=Path, default=ROOT.parent / "shared" / "tools")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every missed case")
    args = ap.parse_args(argv)

    sys.path.insert(0, str(args.tools))
    import timebench as tb  # the shared scorer's normalization and matching

    ctx = tb.Ctx(tb.get_tz("UTC"), tb.parse_iso("2013-02-12T04:30:00").replace(tzinfo=tb.get_tz("UTC")))
    names = _holiday_names(args.data)
    cases = [c for c in tb.load_cases(str(args.data), ctx) if c.source == "duckling" and c.category == "holiday"]

    totals: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    misses: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    for case in cases:
        outcome, detail = _classify(tb, case)
        totals[case.lang][outcome] += 1
        if outcome == "miss":
            ids = case.meta.get("merged_ids") or [case.id]
            name = next((names[i] for i in ids if i in names), "?")
            misses[(case.lang, name)].append(f"{case.text!r} ({detail})")

    print(f"{'lang':<5}{'cases':>7}{'answered':>10}{'date only':>11}{'miss':>6}{'coverage':>10}")
    for lang in sorted(totals):
        c = totals[lang]
        n = sum(c.values())
        print(f"{lang:<5}{n:>7}{c['answered']:>10}{c['date only']:>11}{c['miss']:>6}"
              f"{(c['answered'] + c['date only']) / n:>10.1%}")
    print("\ncoverage = answered + date only (the holiday's date is right; the resolver adds the rest)")
    print("\nmisses by holiday name:")
    for (lang, name), items in sorted(misses.items(), key=lambda kv: (kv[0][0], -len(kv[1]), kv[0][1])):
        shown = items if args.verbose else items[:3]
        more = "" if args.verbose or len(items) <= 3 else f" ... (+{len(items) - 3})"
        print(f"  [{lang}] {name} x{len(items)}: " + "; ".join(shown) + more)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
