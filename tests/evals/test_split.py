"""The dev/test split (evals/split.json): recorded, complete, a third per scenario file, reproducible."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from evals import CATEGORIES, load_scenarios
from evals.split import TEST_SHARE, Split, assign, load_split, save_split, select_split, stratum

SCENARIOS = load_scenarios()
SPLIT = load_split()


def test_every_scenario_is_in_exactly_one_split() -> None:
    assert not SPLIT.dev & SPLIT.test
    missing = SPLIT.unassigned(SCENARIOS)
    assert not missing, f"run `python -m evals.split` to assign: {missing}"
    gone = (SPLIT.dev | SPLIT.test) - {s.id for s in SCENARIOS}
    assert not gone, f"ids in evals/split.json that no scenario has (run `python -m evals.split`): {gone}"


def test_the_test_split_is_a_third_of_every_scenario_file() -> None:
    total = Counter(stratum(s) for s in SCENARIOS)
    test = Counter(stratum(s) for s in SCENARIOS if s.id in SPLIT.test)
    assert abs(sum(test.values()) - round(len(SCENARIOS) * TEST_SHARE)) <= len(total) // 4
    for name, n in total.items():
        assert abs(test[name] - n * TEST_SHARE) < 1, (name, test[name], n)


def test_the_test_split_covers_every_category_and_both_languages() -> None:
    test = [s for s in SCENARIOS if s.id in SPLIT.test]
    assert {s.lang for s in test} == {"en", "zh"}
    covered = {c for s in test for c in s.categories}
    assert covered == CATEGORIES, CATEGORIES - covered


def test_the_draw_is_seeded_and_keeps_what_is_assigned() -> None:
    first = assign(SCENARIOS, Split(seed=SPLIT.seed))
    assert first == assign(SCENARIOS, Split(seed=SPLIT.seed))
    assert assign(SCENARIOS, SPLIT) == SPLIT  # nothing new: nothing moves
    # a scenario added later joins without moving anyone
    partial = Split(SPLIT.seed, SPLIT.dev - {SCENARIOS[0].id}, SPLIT.test - {SCENARIOS[0].id})
    again = assign(SCENARIOS, partial)
    assert again.dev >= partial.dev and again.test >= partial.test
    assert SCENARIOS[0].id in again.dev | again.test


def test_select_split_keeps_variants_with_their_scenario() -> None:
    expanded = load_scenarios(variants="live")
    dev, test = select_split(expanded, "dev", SPLIT), select_split(expanded, "test", SPLIT)
    assert len(dev) + len(test) == len(expanded) == len(select_split(expanded, "all", SPLIT))
    assert all(SPLIT.of(s.base_id) == "test" for s in test)
    assert {s.base_id for s in test} == SPLIT.test


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "split.json"
    save_split(SPLIT, path)
    assert load_split(path) == SPLIT
    assert SPLIT.of("no_such_scenario") is None
