"""The report writers and the comparison, on synthetic results."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent.cli.eval_cmd import offline_gate
from evals.report import build_report, compare_reports, dumps, load_report, render_markdown, write_report
from evals.results import RunResult, TurnResult
from evals.split import Split

STARTED = datetime(2025, 3, 5, 14, 0, tzinfo=UTC)


def _result(
    scenario: str,
    lang: str,
    ok: bool,
    trial: int = 0,
    *,
    variant: int = 0,
    tags: tuple[str, ...] = ("create",),
    expected: str = "write",
) -> RunResult:
    turn = TurnResult(
        index=0,
        user="hi",
        expected=expected,  # type: ignore[arg-type]
        decision=expected if ok else "none",  # type: ignore[arg-type]
        route="model",
        model_calls=1,
        latency_ms=1200.0 if lang == "zh" else 800.0,
        reply="Created “Lunch”",
    )
    failures = [] if ok else [f"turn 1: decision: expected {expected}, got none"]
    result = RunResult(scenario, lang, list(tags), trial, [turn], failures=failures)
    if variant:
        result.scenario, result.base, result.variant = f"{scenario}__v{variant}", scenario, variant
    return result


def _report(*results: RunResult, k: int = 1) -> dict:
    return build_report(list(results), kind="live", model="m", k=k, started_at=STARTED, elapsed_s=3.0)


def test_json_round_trip_and_markdown(tmp_path: Path) -> None:
    report = _report(_result("a", "en", True), _result("b", "zh", False), _result("a", "en", True, 1), k=2)
    json_path, md_path = write_report(report, tmp_path / "out")
    loaded = load_report(json_path)
    assert loaded["summary"]["all"]["pass_2"] == 1.0  # "b" ran once: fewer trials than k, left out
    assert loaded["failed"] == ["b"]
    assert [r["scenario"] for r in loaded["results"]] == ["a", "a", "b"]  # sorted: scenario, variant, trial
    assert RunResult.from_json(loaded["results"][2]).failures == [
        "turn 1: decision: expected write, got none"
    ]
    text = md_path.read_text(encoding="utf-8")
    assert "| task success pass^1 | 50.0% | 100.0% | 0.0% |" in text
    assert "| task success pass^2 | 100.0% | 100.0% | – |" in text
    assert "| figure | all | en | zh |" in text
    assert "| write | 2 | 0 | 0 | 1 |" in text  # the confusion row: expected write
    assert "`b`: turn 1: decision: expected write, got none" in text
    assert "false claims after the exit check (must be 0)" in text


def test_markdown_hides_pass_k_when_k_is_1() -> None:
    assert "pass^1" in render_markdown(_report(_result("a", "en", True)))
    assert "pass^k" not in render_markdown(_report(_result("a", "en", True)))


def test_load_report_rejects_other_json(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    with pytest.raises(ValueError, match="not a kairos eval result"):
        load_report(path)


def test_compare_lists_changed_figures_and_flipped_scenarios() -> None:
    old = _report(_result("a", "en", True), _result("b", "zh", False))
    new = _report(_result("a", "en", False), _result("b", "zh", True))
    text = compare_reports(old, new)
    assert "now passing more often (1): b" in text
    assert "now passing less often (1): a" in text
    assert "[en]" in text and "pass_1: 100.0% → 0.0% (-100.0 pts)" in text
    assert "decision_accuracy" in text
    same = compare_reports(old, old)
    assert "pass_1" not in same


SPLIT = Split(dev=frozenset({"a", "c"}), test=frozenset({"b"}))


def _variant_report() -> dict:
    results = [
        _result("a", "en", True),
        _result("a", "en", True, variant=1),
        _result("a", "en", False, variant=2),
        _result("b", "zh", True, tags=("query",), expected="read"),
        _result("b", "zh", True, variant=1, tags=("query",), expected="read"),
        _result("c", "en", False, tags=("query", "create")),
    ]
    return build_report(
        results,
        kind="offline",
        model="m",
        k=1,
        started_at=STARTED,
        split=SPLIT,
        selection={"split": "all", "variants": "offline"},
        known={"c": "a known departure", "gone": "no longer fails"},
    )


def test_dev_test_and_worst_variant_figures() -> None:
    report = _variant_report()
    summary, variants = report["summary"], report["variants"]
    assert set(summary) == {"all", "en", "zh", "dev", "test"}
    assert summary["all"]["runs"] == 3  # the scenarios as written; the variants have their own figures
    assert summary["dev"]["pass_1"] == 0.5 and summary["test"]["pass_1"] == 1.0
    assert variants["sets"]["1"] == {"scenarios": 2, "runs": 2, "pass_1": 1.0, "original_pass_1": 1.0}
    assert variants["sets"]["2"]["pass_1"] == 0.0
    assert variants["scenarios"]["a"] == {"sets": {"0": 1.0, "1": 1.0, "2": 0.0}, "worst": 0.0}
    assert variants["slices"]["dev"]["worst_variant_pass_1"] == 0.0
    assert variants["slices"]["test"]["worst_variant_pass_1"] == 1.0
    assert variants["slices"]["all"]["all_variants_pass"] == 1
    # a scenario passes only when every variant set passes
    assert report["failed"] == ["a", "c"] and report["failed_runs"] == ["a__v2", "c"]
    text = render_markdown(report)
    assert "## Paraphrase variants" in text and "| 2 | 1 | 1 | 0.0% | 100.0% |" in text
    assert "| dev | 2 | 1 | 50.0% | 0.0% | 0 |" in text
    assert "Pass as written, fail on a variant (1): `a`" in text
    assert "| figure | all | en | zh | dev | test |" in text


def test_classes_are_tags_by_decision() -> None:
    classes = _variant_report()["classes"]
    assert set(classes) == {"create", "query"}
    assert classes["query"]["scenarios"] == 2 and classes["query"]["pass_1"] == 0.5
    assert classes["query"]["decisions"]["read"]["read"] == 1
    assert classes["query"]["decisions"]["write"]["none"] == 1
    assert classes["create"]["worst_variant_pass_1"] == 0.0
    assert "| query | 2 | 50.0% | 50.0% | 50.0% | 0/1 | 1/1 | – | – |" in render_markdown(_variant_report())


def test_known_failures_and_the_offline_gate() -> None:
    report = _variant_report()
    assert report["known_failures"] == ["c"]
    assert report["unexpected_failures"] == ["a__v2"]
    assert report["known_now_passing"] == []  # "gone" did not run
    assert offline_gate(report) == ["a__v2: fails (not in evals/known_failures.yaml)"]
    test_only = build_report(
        [_result("b", "zh", False, tags=("query",), expected="read")],
        kind="offline",
        model="m",
        k=1,
        started_at=STARTED,
        split=SPLIT,
        known={"a": "x"},
    )
    assert offline_gate(test_only) == []  # the test split is measured, never gated
    fixed = build_report(
        [_result("c", "en", True)], kind="offline", model="m", k=1, started_at=STARTED, known={"c": "x"}
    )
    assert offline_gate(fixed) == ["c: a known failure now passes; remove it from evals/known_failures.yaml"]


def test_json_is_stable_sorted_and_diffable(tmp_path: Path) -> None:
    report = _variant_report()
    text = dumps(report)
    assert text == dumps(json.loads(text))
    keys = list(json.loads(text))
    assert keys == sorted(keys)
    for key in (
        "version",
        "summary",
        "classes",
        "variants",
        "selection",
        "failed",
        "results",
        "known_failures",
    ):
        assert key in report
    path = write_report(report, tmp_path)[0]
    assert path.read_text(encoding="utf-8") == text


def test_compare_shows_classes_and_variants() -> None:
    old = _variant_report()
    new = build_report(
        [
            _result("a", "en", True),
            _result("a", "en", True, variant=2),
            _result("c", "en", True, tags=("query",)),
        ],
        kind="offline",
        model="m",
        k=1,
        started_at=STARTED,
        split=SPLIT,
    )
    text = compare_reports(old, new)
    assert "[class query]" in text and "expected write, got none: 1 → 0" in text
    assert "[variants: dev]" in text and "worst_variant_pass_1: 0.0% → 100.0% (+100.0 pts)" in text


def test_a_version_1_result_still_loads_and_compares(tmp_path: Path) -> None:
    old = _report(_result("a", "en", True))
    for key in ("classes", "variants", "selection", "failed_runs", "known_failures"):
        old.pop(key, None)
    old["version"] = 1
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    text = compare_reports(load_report(path), _report(_result("a", "en", False)))
    assert "now passing less often (1): a" in text
