#!/usr/bin/env python3
"""Replay a live eval report's recorded model calls against the current code (no model, seconds).

    .venv/bin/python scripts/eval_replay.py OUT/eval-live.json [--filter multi] [--show]

Every scenario of the report runs again on a fresh calendar, its model replaced by the calls the live
model made (``evals.sources.ReplaySource``). Prints how many pass now against then and each scenario
whose outcome changed — a guard added for a live failure shows here at once, and so does one that
breaks what passed. What the model would have done after a different tool answer is not known: confirm
with a live run (``kairos eval --live``) before quoting a figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evals.backend import migrated_template
from evals.runner import run_scenario
from evals.scenarios import load_scenarios
from evals.sources import ReplaySource


async def replay(report: dict, filters: list[str], show: bool) -> int:
    source = ReplaySource(report)
    before = {r["scenario"]: bool(r["success"]) for r in report["results"] if r.get("trial", 0) == 0}
    # a report run with variants holds their ids too (``id__v1``): load them so they replay as well
    with_variants = any(r.get("variant") for r in report["results"])
    loaded = load_scenarios(variants="live" if with_variants else None)
    scenarios = [s for s in loaded if source.covers(s.id)]
    if filters:
        scenarios = [s for s in scenarios if any(f in s.id or f in s.tags or f == s.lang for f in filters)]
    template = await migrated_template()
    passed = then = 0
    changed = []
    now_passing: dict[str, bool] = {}
    for scenario in scenarios:
        result = await run_scenario(scenario, source, template=template)
        now_ok = not result.failures
        now_passing[scenario.id] = now_ok
        passed += now_ok
        then += before[scenario.id]
        if now_ok != before[scenario.id]:
            changed.append((scenario.id, now_ok, result.failures))
        elif show and not now_ok:
            print(f"  still failing  {scenario.id}: {'; '.join(result.failures)}")
    print(f"replayed {len(scenarios)} scenarios: {passed} pass now, {then} passed in the report")
    if with_variants:
        _worst_variant(scenarios, now_passing)
    for sid, ok, failures in changed:
        print(f"  {'now passes ' if ok else 'NOW FAILS  '} {sid}{'' if ok else ': ' + '; '.join(failures)}")
    return 0 if all(ok for _, ok, _ in changed) else 1


def _worst_variant(scenarios: list, now_passing: dict[str, bool]) -> None:
    """A scenario counts once, passing only if it and every variant replayed pass (the live report's
    worst-variant figure)."""
    by_base: dict[str, bool] = {}
    for scenario in scenarios:
        base = scenario.id.split("__v")[0]
        by_base[base] = by_base.get(base, True) and now_passing[scenario.id]
    print(f"worst variant: {sum(by_base.values())}/{len(by_base)} scenarios pass in every set replayed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", type=Path, help="an eval-live.json written by `kairos eval --live`")
    parser.add_argument("--filter", action="append", default=[], help="id part, tag or language")
    parser.add_argument("--show", action="store_true", help="also list the scenarios that still fail")
    args = parser.parse_args()
    report = json.loads(args.report.read_text(encoding="utf-8"))
    return asyncio.run(replay(report, args.filter, args.show))


if __name__ == "__main__":
    sys.exit(main())
