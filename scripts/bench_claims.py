#!/usr/bin/env python3
"""Measure the exit check's claim grammar on the claim corpus (a benchmark, not a test).

    python scripts/bench_claims.py                    # evals/claims/corpus.jsonl (development rows)
    python scripts/bench_claims.py --heldout          # evals/claims/heldout.jsonl (never tuned on)
    python scripts/bench_claims.py --reminders        # evals/claims/promises_reminders.jsonl
    python scripts/bench_claims.py --show             # also print every row the grammar gets wrong

Per language: recall (claim rows whose detected kinds equal the labelled kinds), detection (claim rows
with any kind detected), false positives (non-claim rows with any kind detected); promises separately
(``promises_write`` on promise rows, its false positives on non-claim rows, and promise rows that
``detect_claims`` takes for a claim); unkeepable promises (``promises_unkeepable`` on rows of class
``unkeepable``: a reminder, an alert, a message to someone — "I'll remind you at 2", "到时候我叫你"), and its
false positives on every other row (non-claims, claims and write promises); and the detector's median cost
per reply in µs (each row's fastest of several rounds, median over the rows).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent import detect_claims  # noqa: E402
from agent.checks.exit_check import promises_unkeepable, promises_write  # noqa: E402


def _load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}% ({part}/{whole})" if whole else "   n/a"


def _cost_us(texts: list[str], rounds: int) -> float:
    for text in texts:  # warm-up: compiles and caches every pattern
        detect_claims(text)
    best = []
    for text in texts:
        runs = []
        for _ in range(rounds):
            t0 = time.perf_counter_ns()
            detect_claims(text)
            runs.append(time.perf_counter_ns() - t0)
        best.append(min(runs))
    return statistics.median(best) / 1000


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--heldout", action="store_true", help="score evals/claims/heldout.jsonl")
    parser.add_argument(
        "--reminders", action="store_true", help="score evals/claims/promises_reminders.jsonl"
    )
    parser.add_argument("--file", type=Path, help="score this JSONL instead")
    parser.add_argument("--show", action="store_true", help="print the rows the grammar gets wrong")
    parser.add_argument("--rounds", type=int, default=20, help="timing rounds per row (default 20)")
    args = parser.parse_args()
    name = (
        "heldout.jsonl" if args.heldout else "promises_reminders.jsonl" if args.reminders else "corpus.jsonl"
    )
    path = args.file or ROOT / "evals" / "claims" / name
    rows = _load(path)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {len(rows)} rows")
    wrong: list[str] = []
    for lang in ("en", "zh"):
        mine = [r for r in rows if r["lang"] == lang]
        claims = [r for r in mine if r["class"] == "claim"]
        others = [r for r in mine if r["class"] == "non_claim"]
        promises = [r for r in mine if r["class"] == "promise"]
        right = detected = fp = p_hit = p_fp = p_as_claim = 0
        for r in claims:
            got = detect_claims(r["text"])
            right += got == frozenset(r["kinds"])
            detected += bool(got)
            if got != frozenset(r["kinds"]):
                wrong.append(f"  miss  {lang} {sorted(r['kinds'])} got {sorted(got)}: {r['text']!r}")
        for r in others:
            got = detect_claims(r["text"])
            fp += bool(got)
            p_fp += promises_write(r["text"])
            if got:
                wrong.append(f"  fp    {lang} got {sorted(got)}: {r['text']!r}")
        for r in promises:
            promised = promises_write(r["text"])
            claimed = bool(detect_claims(r["text"]))
            p_hit += promised
            p_as_claim += claimed
            if not promised or claimed:
                wrong.append(f"  prom  {lang} promise={promised} claim={claimed}: {r['text']!r}")
        print(
            f"[{lang}] claims: recall (kinds right) {_pct(right, len(claims))}, detected {_pct(detected, len(claims))}"
        )
        print(f"[{lang}] non-claims: false positives {_pct(fp, len(others))}")
        print(
            f"[{lang}] promises: detected {_pct(p_hit, len(promises))}, promise false positives on non-claims "
            f"{_pct(p_fp, len(others))}, promises taken for claims {_pct(p_as_claim, len(promises))}"
        )
        unkeepable = [r for r in mine if r["class"] == "unkeepable"]
        u_hit = u_as_claim = 0
        for r in unkeepable:
            promised = promises_unkeepable(r["text"])
            claimed = bool(detect_claims(r["text"]))
            u_hit += promised
            u_as_claim += claimed
            if not promised or claimed:
                wrong.append(f"  unkp  {lang} unkeepable={promised} claim={claimed}: {r['text']!r}")
        rest = [r for r in mine if r["class"] != "unkeepable"]
        u_fp = 0
        for r in rest:
            if promises_unkeepable(r["text"]):
                u_fp += 1
                wrong.append(f"  ufp   {lang} {r['class']}: {r['text']!r}")
        print(
            f"[{lang}] unkeepable promises: detected {_pct(u_hit, len(unkeepable))}, taken for claims "
            f"{_pct(u_as_claim, len(unkeepable))}, false positives on other rows {_pct(u_fp, len(rest))}"
        )
    print(f"detect_claims: median {_cost_us([r['text'] for r in rows], args.rounds):.1f} µs per reply")
    if args.show and wrong:
        print("\n".join(wrong))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
