"""Metrics on synthetic results: pass^k, percentiles, the confusion matrix, rates split by language, the
intent tally, the error ranking; and the decision rule and the τ-bench calendar matching."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest

from evals import ExpectedEvent
from evals.backend import ActualEvent
from evals.matching import compare_calendars
from evals.metrics import (
    confusion_matrix,
    frequent_errors,
    intent_summary,
    pass_hat_k,
    percentile,
    summarize,
)
from evals.results import RunResult, TurnResult
from evals.runner import derive_decision


def turn(expected: str | None, decision: str, **fields: object) -> TurnResult:
    fields.setdefault("user", "u")
    return TurnResult(index=0, expected=expected, decision=decision, **fields)  # type: ignore[arg-type]


def run(
    scenario: str, lang: str, *turns: TurnResult, trial: int = 0, failures: list[str] | None = None
) -> RunResult:
    return RunResult(scenario, lang, ["create"], trial, list(turns), failures=failures or [])


@pytest.mark.parametrize(
    ("trials", "k", "expected", "reason"),
    [
        ({"a": [True, True, True]}, 1, 1.0, "all pass"),
        ({"a": [True, True, False]}, 1, 2 / 3, "pass^1 is the success rate"),
        ({"a": [True, True, False]}, 2, math.comb(2, 2) / math.comb(3, 2), "τ-bench C(c,k)/C(n,k)"),
        ({"a": [True, True, False]}, 3, 0.0, "one failure in three: pass^3 is 0"),
        ({"a": [True, False], "b": [True, True]}, 2, 0.5, "mean over scenarios"),
        ({"a": [True]}, 2, None, "fewer trials than k: left out"),
    ],
)
def test_pass_hat_k(trials: dict[str, list[bool]], k: int, expected: float | None, reason: str) -> None:
    got = pass_hat_k(trials, k)
    assert (got is None) if expected is None else got == pytest.approx(expected), reason


def test_percentile() -> None:
    assert percentile([], 50) is None
    assert percentile([5.0], 95) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile(list(map(float, range(101))), 95) == 95.0


def test_confusion_matrix_counts_expected_by_actual() -> None:
    matrix = confusion_matrix(
        [turn("write", "write"), turn("none", "write"), turn("none", "none"), turn(None, "ask")]
    )
    assert matrix["write"]["write"] == 1
    assert matrix["none"]["write"] == 1
    assert matrix["none"]["none"] == 1
    assert sum(sum(row.values()) for row in matrix.values()) == 3  # the unjudged turn is left out


def test_summarize_splits_by_language() -> None:
    results = [
        run("a", "en", turn("write", "write", model_calls=1, route="model", latency_ms=100.0), trial=0),
        run("a", "en", turn("write", "none", model_calls=1, route="model", latency_ms=300.0), trial=1,
            failures=["turn 1: decision: expected write, got none"]),
        run("b", "zh", turn("none", "write", must_not_write=True, dirty_write=True, claim_before=True,
                            model_calls=2, route="model", latency_ms=200.0)),
        run("c", "zh", turn("ask", "ask", model_calls=0, route="gate", latency_ms=10.0)),
    ]  # fmt: skip
    summary = summarize(results, k=2)
    assert set(summary) == {"all", "en", "zh"}
    assert summary["en"]["pass_1"] == 0.5
    assert summary["en"]["pass_2"] == 0.0
    assert summary["all"]["pass_2"] == 0.0  # only "a" has two trials
    assert summary["all"]["decision_accuracy"] == 0.5
    assert summary["zh"]["dirty_write_rate"] == 1.0
    assert summary["en"]["dirty_write_rate"] is None  # no turn there must not write
    assert summary["zh"]["false_claim_rate_before"] == 0.5
    assert summary["all"]["false_claim_rate_after"] == 0.0
    assert summary["all"]["clarification_rate"] == 0.25
    assert summary["all"]["round_trips_by_route"] == {"gate": 0.0, "model": pytest.approx(4 / 3)}
    assert summary["all"]["latency_ms_p50"] == 150.0
    assert summary["en"]["confusion"]["write"]["none"] == 1


def test_confirmed_write_rate_counts_expected_writes_that_asked_yes_or_no_first() -> None:
    results = [
        run("a", "en", turn("write", "write")),
        run("b", "en", turn("write", "ask", pending="needs_confirmation")),
        run("c", "en", turn("write", "ask", pending="needs_value")),  # a missing value is not a confirmation
        run("d", "en", turn("none", "ask", pending="needs_confirmation")),  # not a write the scenario expects
    ]
    assert summarize(results)["all"]["confirmed_write_rate"] == pytest.approx(1 / 3)


def test_intent_summary_counts_non_calendar_writes() -> None:
    wrote = run("x", "en", turn("none", "write", writes=["created"]))
    wrote.label = "other_intent"
    quiet = run("y", "en", turn("none", "none"))
    quiet.label = "out_of_scope"
    query = run("z", "en", turn(None, "read"))
    query.label = "calendar_query"
    sweep = intent_summary([wrote, quiet, query])
    assert sweep["non_calendar"] == 2
    assert sweep["non_calendar_writes"] == 1
    assert sweep["non_calendar_write_rate"] == 0.5
    assert sweep["decisions_by_label"]["calendar_query"] == {"write": 0, "read": 1, "ask": 0, "none": 0}
    assert sweep["calendar_decisions_by_intent"] == {"?": {"write": 0, "read": 1, "ask": 0, "none": 0}}
    assert sweep["non_calendar_reads"] == 0 and sweep["non_calendar_round_trips"] is not None


def test_frequent_errors_fold_specifics() -> None:
    results = [
        run(
            "a",
            "en",
            failures=["turn 1: decision: expected write, got none", "turn 2: reply lacks 'Dentist'"],
        ),
        run("b", "en", failures=["turn 3: decision: expected write, got none", "turn 1: reply lacks 'Gym'"]),
    ]
    assert frequent_errors(results)[:2] == [("decision: expected write, got none", 2), ("reply lacks …", 2)]


@pytest.mark.parametrize(
    ("writes", "asking", "reads", "expected", "reason"),
    [
        (1, True, True, "write", "a persisted write wins"),
        (0, True, True, "ask", "a write call that ended in a question"),
        (0, False, True, "read", "read only"),
        (0, False, False, "none", "nothing"),
    ],
)
def test_derive_decision(writes: int, asking: bool, reads: bool, expected: str, reason: str) -> None:
    assert derive_decision(writes=writes, asking=asking, reads=reads) == expected


def _expected(title: str, start: str, end: str, title_match: list[str] | None = None) -> ExpectedEvent:
    return ExpectedEvent(title=title, start=start, end=end, title_match=title_match or [])  # type: ignore[arg-type]


def _actual(title: str, start: str, end: str) -> ActualEvent:
    utc = [datetime.fromisoformat(t).astimezone(UTC).isoformat() for t in (start, end)]
    return ActualEvent(title, utc[0], utc[1], False, None, ())


def test_compare_calendars_exact_and_keywords() -> None:
    want = [_expected("Call with Acme", "2025-03-06T15:00-05:00", "2025-03-06T16:00-05:00", ["acme"])]
    live = [_actual("Acme call", "2025-03-06T20:00+00:00", "2025-03-06T21:00+00:00")]
    assert not compare_calendars(want, live, "exact").ok
    assert compare_calendars(want, live, "keywords").ok
    moved = [_actual("Acme call", "2025-03-06T21:00+00:00", "2025-03-06T22:00+00:00")]
    diff = compare_calendars(want, moved, "keywords")
    assert len(diff.missing) == 1 and len(diff.unexpected) == 1


def test_compare_calendars_is_a_maximum_matching() -> None:
    # Greedy matching would give the first "Sync" to the keyword-only expectation and strand the second.
    slot = ("2025-03-06T15:00-05:00", "2025-03-06T16:00-05:00")
    want = [_expected("Team sync", *slot, ["sync"]), _expected("Sync", *slot)]
    got = [_actual("Sync", "2025-03-06T20:00+00:00", "2025-03-06T21:00+00:00"),
           _actual("Team sync", "2025-03-06T20:00+00:00", "2025-03-06T21:00+00:00")]  # fmt: skip
    assert compare_calendars(want, got, "keywords").ok


@pytest.mark.parametrize(
    ("fields", "pending_before", "expected", "reason"),
    [
        ({"writes": []}, False, False, "no write"),
        ({"writes": ["created"], "model_calls": 1, "model_tool_calls": [{"name": "create_event"}]}, False, False,
         "the model asked for it"),
        ({"writes": ["created"], "model_calls": 1, "model_tool_calls": [{"name": "list_events"}]}, False, True,
         "the model only read"),
        ({"writes": ["created"], "model_calls": 0}, True, False, "a gate finished a pending command"),
        ({"writes": ["created"], "model_calls": 0}, False, True, "no model, nothing pending"),
        ({"writes": ["deleted"], "model_calls": 0, "user": "undo"}, False, False, "the exact undo command"),
        ({"writes": ["deleted"], "model_calls": 0, "route": "gate_command"}, False, False, "the command gate"),
    ],
)  # fmt: skip
def test_unbacked_write(fields: dict, pending_before: bool, expected: bool, reason: str) -> None:
    from evals.runner import _unbacked

    assert _unbacked(turn("write", "write", **fields), pending_before) is expected, reason


def test_guarantee_failures_are_what_code_guarantees() -> None:
    from agent.cli.eval_cmd import guarantee_failures

    quality = run("q", "en", turn("none", "write", dirty_write=True, claim_before=True))
    assert guarantee_failures([quality]) == []  # model quality, not a code guarantee
    broken = run("b", "zh", turn("none", "none", claim_after=True), turn("ask", "none", error="KeyError: x"))
    broken.turns[1].index = 1
    found = guarantee_failures([broken])
    assert len(found) == 2 and "false claim survived" in found[0] and "crash" in found[1]
