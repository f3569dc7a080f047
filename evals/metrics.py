"""Figures from run results: pass^1 and pass^k, decision accuracy and its confusion matrix, dirty writes,
false claims before and after the exit check, clarifications, round trips by route, latency — each for
all runs and split by language and by dev/test split; the paraphrase variants (pass^1 per variant set,
the worst variant per scenario); a per-class table (category tag × decision); the intent sweep.

    summary = summarize(results, k=3)          # {"all": {...}, "en": {...}, "zh": {...}, "dev": …, "test": …}
    variants = variant_summary(results)        # {"sets": {"0": …, "1": …}, "worst": {"all": 0.81, …}, …}
    classes = class_summary(results)           # {"create": {"pass_1": …, "decisions": {…}}, …}
    errors = frequent_errors(results)          # [("decision: expected none, got write", 7), ...]

The scenario figures (``summarize``, ``class_summary``) are over the scenarios as written (variant set
0); the variants have their own figures. A scenario passes only when every variant set passes: its
*worst-variant* rate is the lowest pass rate over its sets.

pass^k follows τ-bench: for a scenario tried n times with c successes, the chance that k trials drawn
from them all succeed is C(c, k) / C(n, k); pass^k is its mean over scenarios (pass^1 = mean of c / n).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from evals.contract import READ_TOOLS
from evals.results import RunResult, TurnResult
from evals.scenarios import CATEGORIES

__all__ = [
    "DECISIONS",
    "class_summary",
    "confusion_matrix",
    "frequent_errors",
    "intent_summary",
    "pass_hat_k",
    "percentile",
    "summarize",
    "variant_summary",
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
    writes = [t for t in judged if t.expected == "write"]
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
        "confirmed_write_rate": _rate(sum(t.pending == "needs_confirmation" for t in writes), len(writes)),
        "text_questions": sum(t.text_question for t in turns),
        "dropped_fields": dict(Counter(f for t in turns for f in t.dropped_fields)),
        "filled_fields": dict(Counter(f for t in turns for f in t.filled_fields)),
        "round_trips_by_route": {k_: _mean(v) for k_, v in sorted(by_route.items())},
        "round_trips_by_decision": {d: _mean(by_decision[d]) for d in DECISIONS if by_decision[d]},
        "latency_ms_p50": percentile(latencies, 50),
        "latency_ms_p95": percentile(latencies, 95),
        "crashes": sum(r.crashed for r in results),
        "unbacked_writes": sum(t.unbacked_write for t in turns),
        "calendar_mismatches": sum(not r.calendar_ok for r in results),
        "other_user_changes": sum(not r.others_unchanged for r in results),
    }


def originals(results: Sequence[RunResult]) -> list[RunResult]:
    """The runs of the scenarios as written (variant set 0)."""
    return [r for r in results if r.variant == 0]


def _slices(results: Sequence[RunResult]) -> dict[str, list[RunResult]]:
    """all, each language present, each split present (dev, test)."""
    out: dict[str, list[RunResult]] = {"all": list(results)}
    for lang in sorted({r.lang for r in results}):
        out[lang] = [r for r in results if r.lang == lang]
    for split in ("dev", "test"):
        chosen = [r for r in results if r.split == split]
        if chosen:
            out[split] = chosen
    return out


def summarize(results: Sequence[RunResult], k: int = 1) -> dict[str, dict[str, Any]]:
    """The figures for the scenarios as written: all, each language, each split present."""
    runs = originals(results) or list(results)
    return {name: _slice(chosen, k) for name, chosen in _slices(runs).items()}


def _rates(results: Sequence[RunResult]) -> dict[str, dict[int, float]]:
    """scenario as written → variant set → share of its trials that succeeded."""
    trials: dict[str, dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for r in results:
        trials[r.base_id][r.variant].append(r.success)
    return {base: {j: sum(v) / len(v) for j, v in sets.items()} for base, sets in trials.items()}


def variant_summary(results: Sequence[RunResult]) -> dict[str, Any] | None:
    """pass^1 per variant set (beside the same scenarios' own pass^1), the worst-variant pass rate per
    scenario and its mean per slice, and how many scenarios pass in every set. None without variants."""
    if not any(r.variant for r in results):
        return None
    rates = _rates(results)
    sets: dict[str, dict[str, Any]] = {}
    for j in sorted({r.variant for r in results}):
        bases = [b for b, by_set in rates.items() if j in by_set]
        sets[str(j)] = {
            "scenarios": len(bases),
            "runs": sum(r.variant == j for r in results),
            "pass_1": _mean([rates[b][j] for b in bases]),
            "original_pass_1": _mean([rates[b][0] for b in bases if 0 in rates[b]]),
        }
    first = {}
    for r in results:
        first.setdefault(r.base_id, r)
    worst = {base: min(by_set.values()) for base, by_set in rates.items()}
    varied = {base for base, by_set in rates.items() if len(by_set) > 1}
    slices: dict[str, dict[str, Any]] = {}
    for name, chosen in _slices(list(first.values())).items():
        bases = [r.base_id for r in chosen]
        slices[name] = {
            "scenarios": len(bases),
            "with_variants": sum(b in varied for b in bases),
            "pass_1": _mean([rates[b][0] for b in bases if 0 in rates[b]]),
            "worst_variant_pass_1": _mean([worst[b] for b in bases]),
            "all_variants_pass": sum(all(r == 1.0 for r in rates[b].values()) for b in bases),
        }
    return {
        "sets": sets,
        "slices": slices,
        "scenarios": {
            base: {"sets": {str(j): rate for j, rate in sorted(rates[base].items())}, "worst": worst[base]}
            for base in sorted(rates)
        },
    }


def class_summary(results: Sequence[RunResult]) -> dict[str, dict[str, Any]]:
    """Per category tag: scenarios, pass^1, worst-variant pass rate (when variants ran), turns, decision
    accuracy, and the decisions (expected → actual → turns) — tags × decision."""
    rates = _rates(results)
    runs = originals(results) or list(results)
    out: dict[str, dict[str, Any]] = {}
    for tag in sorted({t for r in runs for t in r.tags} & CATEGORIES):
        chosen = [r for r in runs if tag in r.tags]
        bases = sorted({r.base_id for r in chosen})
        judged = [t for r in chosen for t in r.turns if t.expected is not None]
        out[tag] = {
            "scenarios": len(bases),
            "pass_1": _mean([rates[b][0] for b in bases if 0 in rates[b]]),
            "worst_variant_pass_1": (
                _mean([min(rates[b].values()) for b in bases]) if any(r.variant for r in results) else None
            ),
            "turns": len(judged),
            "decision_accuracy": _rate(sum(t.correct for t in judged), len(judged)),
            "decisions": confusion_matrix(judged),
        }
    return out


def _read_calls(result: RunResult) -> int:
    return sum(c["name"] in READ_TOOLS for t in result.turns for c in t.model_tool_calls)


def _source(result: RunResult) -> str:
    """The data set of a sweep row, from its run id (``intent_clinc_test_00012`` → ``clinc``)."""
    parts = result.scenario.split("_")
    return parts[1] if len(parts) > 2 and parts[0] == "intent" else "?"


def _tally(results: Sequence[RunResult], key: Any) -> dict[str, dict[str, int]]:
    tally: dict[str, dict[str, int]] = {}
    for r in results:
        row = tally.setdefault(str(key(r) or "?"), dict.fromkeys(DECISIONS, 0))
        for t in r.turns:
            row[t.decision] += 1
    return dict(sorted(tally.items()))


def intent_summary(results: Sequence[RunResult]) -> dict[str, Any]:
    """The intent sweep: writes on non-calendar utterances (must be 0), the read calls the model made on
    them (wasted round trips), and the decision table of the calendar utterances, by label and by intent."""
    non_calendar = [r for r in results if r.label in NON_CALENDAR]
    calendar = [r for r in results if r.label not in NON_CALENDAR]
    wrote = [r for r in non_calendar if any(t.writes for t in r.turns)]
    read = [r for r in non_calendar if _read_calls(r)]
    calls = [t.model_calls for r in non_calendar for t in r.turns]
    return {
        "utterances": len(results),
        "intents": len({r.intent for r in results if r.intent}),
        "sources": dict(sorted(Counter(_source(r) for r in results).items())),
        "non_calendar": len(non_calendar),
        "non_calendar_writes": len(wrote),
        "non_calendar_write_rate": _rate(len(wrote), len(non_calendar)),
        "non_calendar_write_examples": [r.turns[0].user for r in wrote[:10] if r.turns],
        "non_calendar_reads": len(read),
        "non_calendar_read_rate": _rate(len(read), len(non_calendar)),
        "non_calendar_read_calls": sum(_read_calls(r) for r in non_calendar),
        "non_calendar_round_trips": _mean(calls),
        "non_calendar_read_examples": [r.turns[0].user for r in read[:10] if r.turns],
        "calendar": len(calendar),
        "decisions_by_label": _tally(results, lambda r: r.label),
        "calendar_decisions_by_intent": _tally(calendar, lambda r: r.intent),
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
