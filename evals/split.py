"""The dev/test split: a third of the scenarios that development never looks at.

``evals/split.json`` records which scenario is in which split. The test third was drawn at random,
stratified by scenario file (each file is one theme — a category tag — in one language), with a fixed
seed; the offline replay, the unit suite's offline eval and ``kairos eval`` run the dev split unless told
otherwise (``--split test|all``). Figures on the test split are the ones that say whether a change
generalizes; a fix checked against the test scenarios makes them dev scenarios in all but name.

Scenarios added later are assigned with ``python -m evals.split``: only unassigned ids are drawn, so
that each file's test share stays at a third; nothing already assigned ever moves.

    split = load_split()
    split.of("create_en_tomorrow_3pm_zhang_san")        # "dev" | "test"
    dev = select_split(load_scenarios(), "dev", split)
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from evals.scenarios import SCENARIOS_DIR, Scenario, load_scenarios

__all__ = [
    "SPLIT_FILE",
    "TEST_SHARE",
    "Split",
    "SplitName",
    "assign",
    "load_split",
    "save_split",
    "select_split",
    "stratum",
]

SPLIT_FILE = Path(__file__).parent / "split.json"
TEST_SHARE = 1 / 3
SEED = 20250305

SplitName = Literal["dev", "test"]


@dataclass(frozen=True)
class Split:
    seed: int = SEED
    dev: frozenset[str] = field(default_factory=frozenset)
    test: frozenset[str] = field(default_factory=frozenset)

    def of(self, scenario_id: str) -> SplitName | None:
        """The split of a scenario (or of the scenario a variant was made from); None when unassigned."""
        base = scenario_id.split("__v", 1)[0]
        if base in self.test:
            return "test"
        return "dev" if base in self.dev else None

    def unassigned(self, scenarios: Iterable[Scenario]) -> list[str]:
        return sorted({s.base_id for s in scenarios} - self.dev - self.test)


def stratum(scenario: Scenario) -> str:
    """What the split is stratified by: the scenario's file, i.e. its theme (a category tag) and language."""
    name = scenario.source.stem if scenario.source is not None else f"?_{scenario.lang}"
    return name


def load_split(path: str | Path = SPLIT_FILE) -> Split:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return Split(int(data["seed"]), frozenset(data["dev"]), frozenset(data["test"]))


def save_split(split: Split, path: str | Path = SPLIT_FILE) -> None:
    data = {
        "about": "evals/split.py: the test third of the scenarios, drawn per scenario file with the seed; "
        "the offline replays and the dev loop do not run it by default.",
        "seed": split.seed,
        "test": sorted(split.test),
        "dev": sorted(split.dev),
    }
    Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _quotas(strata: dict[str, list[str]], seed: int) -> dict[str, int]:
    """Test places per stratum: a third of each, rounded so that the total is a third of all (largest
    remainders first; ties in a seeded order)."""
    exact = {name: len(ids) * TEST_SHARE for name, ids in strata.items()}
    quotas = {name: int(value) for name, value in exact.items()}
    left = round(sum(exact.values())) - sum(quotas.values())
    order = sorted(strata, key=lambda n: (-(exact[n] - quotas[n]), random.Random(f"{seed}:{n}").random()))
    for name in order[: max(0, left)]:
        quotas[name] += 1
    return quotas


def assign(scenarios: Sequence[Scenario], split: Split | None = None, *, seed: int = SEED) -> Split:
    """``split`` with every unassigned scenario drawn into dev or test: per stratum, test gets new ids
    until it holds its quota (a third of the stratum, rounded so that the whole test split is a third;
    never fewer than it already has); the draw is seeded by the split's seed and the stratum, so the same
    inputs give the same split."""
    split = split or Split(seed=seed)
    dev, test = set(split.dev), set(split.test)
    strata: dict[str, list[str]] = {}
    for scenario in scenarios:
        if scenario.variant == 0:
            strata.setdefault(stratum(scenario), []).append(scenario.id)
    quotas = _quotas(strata, split.seed)
    for name, ids in sorted(strata.items()):
        new = sorted(set(ids) - dev - test)
        if not new:
            continue
        random.Random(f"{split.seed}:{name}").shuffle(new)
        take = max(0, min(quotas[name] - len(test & set(ids)), len(new)))
        test |= set(new[:take])
        dev |= set(new[take:])
    return Split(split.seed, frozenset(dev), frozenset(test))


def select_split(
    scenarios: Iterable[Scenario], which: Literal["dev", "test", "all"], split: Split | None = None
) -> list[Scenario]:
    """The scenarios (and their variants) of one split; an unassigned scenario counts as dev."""
    if which == "all":
        return list(scenarios)
    split = split or load_split()
    return [s for s in scenarios if (split.of(s.id) or "dev") == which]


def main(argv: Sequence[str] = ()) -> int:
    """``python -m evals.split``: assign the scenarios that are in no split yet (``--check``: only say)."""
    scenarios = load_scenarios(SCENARIOS_DIR)
    current = load_split() if SPLIT_FILE.exists() else Split()
    missing = current.unassigned(scenarios)
    if "--check" in argv:
        print(f"{len(missing)} unassigned: {', '.join(missing) or '–'}")
        return 1 if missing else 0
    updated = assign(scenarios, current)
    known = {s.id for s in scenarios}
    gone = sorted((updated.dev | updated.test) - known)
    if gone:
        updated = Split(updated.seed, updated.dev - set(gone), updated.test - set(gone))
    save_split(updated)
    print(f"assigned {len(missing)}, dropped {len(gone)}: dev {len(updated.dev)}, test {len(updated.test)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
