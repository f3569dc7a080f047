"""Figures from run results: pass^1 and pass^k, decision accuracy and its confusion matrix, dirty writes,
false claims before and after the exit check, clarifications, round trips by route, latency — each for
all runs and split by language.

    summary = summarize(results, k=3)          # {"all": {...}, "en": {...}, "zh": {...}}
    errors = frequent_errors(results)          # [("decision: expected none, got write", 7), ...]

pass^k follows τ-bench: for a scenario tried n times with c successes, the chance that k trials drawn
from them all succeed is C(c, k) / C(n, k); pass^k is its mean over scenarios (pass^1 = mean of c / n).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from evals.results import RunResult, TurnResult

__all__ = [
    "DECISIONS",
    "confusion_matrix",
    "frequent_errors",
    "intent_summary",
    "pass_hat_k",
    "percentile",
    "summarize",
]

DECISIONS = ("write", "read", "ask", "none")
NON_CALENDAR = ("other_intent", "out_of_scope")


def pass_hat_k(outcomes: dict[str, list[bool]], k: int) -> float | None:
    """τ-bench pass^k over scenarios (scenario → success of each trial); scenarios with < k trials are left
    out; ``None`` when none is left."""
    values = []
    for trials in outcomes.values():
        n, c = len(trials), sum(trials)
        if n >= k:
            values.append(math.comb(c, k) / math.comb(n, k))
    return sum(values) / len(values) if values else None


def percentile(values: Sequence[float], q: float) -> float | None:
    """Linear-interpolated percentile (``q`` in 0..100); ``None`` for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def confusion_matrix(turns: Iterable[TurnResult]) -> dict[str, dict[str, int]]:
    """expected decision → actual decision → count (turns without an expectation are left out)."""
    matrix = {e: dict.fromkeys(DECISIONS, 0) for e in DECISIONS}
    for turn in turns:
        if turn.expected is not None:
            matrix[turn.expected][turn.decision] += 1
    return matrix


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _slice(results: Sequence[RunResult], k: int) -> dict[str, Any]:
    turns = [t for r in results for t in r.turns]
    judged = [t for t in turns if t.expected is not None]
    outcomes: dict[str, list[bool]] = defaultdict(list)
    for r in results:
        outcomes[r.scenario].append(r.success)
    guarded = [t for t in turns if t.must_not_write]
    by_route: dict[str, list[int]] = defaultdict(list)
    by_decision: dict[str, list[int]] = defaultdict(list)
    for t in turns:
        by_route[t.route or "?"].append(t.model_calls)
        by_decision[t.decision].append(t.model_calls)
    latencies = [t.latency_ms for t in turns if t.error is None]
    return {
        "scenarios": len(outcomes),
        "runs": len(results),
        "turns": len(turns),
        "pass_1": pass_hat_k(outcomes, 1),
        f"pass_{k}": pass_hat_k(outcomes, k),
        "successes": sum(r.success for r in results),
        "decision_accuracy": _rate(sum(t.correct for t in judged), len(judged)),
        "confusion": confusion_matrix(judged),
        "dirty_write_rate": _rate(sum(t.dirty_write for t in guarded), len(guarded)),
        "dirty_writes": sum(t.dirty_write for t in turns),
        "false_claim_rate_before": _rate(sum(t.claim_before for t in turns), len(turns)),
        "false_claim_rate_after": _rate(sum(t.claim_after for t in turns), len(turns)),
        "false_claims_after": sum(t.claim_after for t in turns),
        "clarification_rate": _rate(sum(t.decision == "ask" for t in turns), len(turns)),
        "text_questions": sum(t.text_question for t in turns),
        "dropped_fields": dict(Counter(f for t in turns for f in t.dropped_fields)),
        "round_trips_by_route": {k_: _mean(v) for k_, v in sorted(by_route.items())},
        "round_trips_by_decision": {d: _mean(by_decision[d]) for d in DECISIONS if by_decision[d]},
        "latency_ms_p50": percentile(latencies, 50),
        "latency_ms_p95": percentile(latencies, 95),
        "crashes": sum(r.crashed for r in results),
        "unbacked_writes": sum(t.unbacked_write for t in turns),
        "calendar_mismatches": sum(not r.calendar_ok for r in results),
        "other_user_changes": sum(not r.others_unchanged for r in results),
    }


def summarize(results: Sequence[RunResult], k: int = 1) -> dict[str, dict[str, Any]]:
    """The figures for all results and for each language present."""
    out = {"all": _slice(results, k)}
    for lang in sorted({r.lang for r in results}):
        out[lang] = _slice([r for r in results if r.lang == lang], k)
    return out


def intent_summary(results: Sequence[RunResult]) -> dict[str, Any]:
    """The intent sweep: writes on non-calendar utterances (must be 0), decisions per calendar label."""
    non_calendar = [r for r in results if r.label in NON_CALENDAR]
    wrote = [r for r in non_calendar if any(t.writes for t in r.turns)]
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results:
        for t in r.turns:
            tally[r.label or "?"][t.decision] += 1
    return {
        "utterances": len(results),
        "non_calendar": len(non_calendar),
        "non_calendar_writes": len(wrote),
        "non_calendar_write_rate": _rate(len(wrote), len(non_calendar)),
        "non_calendar_write_examples": [r.turns[0].user for r in wrote[:10] if r.turns],
        "decisions_by_label": {label: dict(c) for label, c in sorted(tally.items())},
    }


_SPECIFIC = re.compile(r"'[^']*'|\"[^\"]*\"|\d+")


def frequent_errors(results: Iterable[RunResult], limit: int = 10) -> list[tuple[str, int]]:
    """The commonest failures, with turn numbers and quoted specifics folded away."""
    counts: Counter[str] = Counter()
    for r in results:
        for failure in r.failures:
            text = failure.split(": ", 1)[1] if failure.startswith("turn ") else failure
            counts[_SPECIFIC.sub("…", text)] += 1
    return counts.most_common(limit)
