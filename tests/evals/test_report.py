"""The report writers and the comparison, on synthetic results."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from evals.report import build_report, compare_reports, load_report, render_markdown, write_report
from evals.results import RunResult, TurnResult

STARTED = datetime(2025, 3, 5, 14, 0, tzinfo=UTC)


def _result(scenario: str, lang: str, ok: bool, trial: int = 0) -> RunResult:
    turn = TurnResult(
        index=0,
        user="hi",
        expected="write",
        decision="write" if ok else "none",
        route="model",
        model_calls=1,
        latency_ms=1200.0 if lang == "zh" else 800.0,
        reply="Created “Lunch”",
    )
    failures = [] if ok else ["turn 1: decision: expected write, got none"]
    return RunResult(scenario, lang, ["create"], trial, [turn], failures=failures)


def _report(*results: RunResult, k: int = 1) -> dict:
    return build_report(list(results), kind="live", model="m", k=k, started_at=STARTED, elapsed_s=3.0)


def test_json_round_trip_and_markdown(tmp_path: Path) -> None:
    report = _report(_result("a", "en", True), _result("b", "zh", False), _result("a", "en", True, 1), k=2)
    json_path, md_path = write_report(report, tmp_path / "out")
    loaded = load_report(json_path)
    assert loaded["summary"]["all"]["pass_2"] == 1.0  # "b" ran once: fewer trials than k, left out
    assert loaded["failed"] == ["b"]
    assert RunResult.from_json(loaded["results"][1]).failures == [
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
