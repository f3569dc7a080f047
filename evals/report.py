"""The eval's outputs: a JSON result (everything, re-readable) and a Markdown report (for people), and
the comparison of two JSON results.

    report = build_report(results, kind="live", model="qwen…", k=3, started_at=now)
    write_report(report, out_dir)          # → out_dir/eval-<kind>.json and out_dir/eval-<kind>.md
    print(compare_reports(load_report(old), load_report(new)))
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from evals.metrics import DECISIONS, frequent_errors, intent_summary, summarize
from evals.results import RunResult

__all__ = ["build_report", "compare_reports", "load_report", "render_markdown", "write_report"]

FORMAT_VERSION = 1


def build_report(
    results: Sequence[RunResult],
    *,
    kind: str,
    model: str,
    k: int,
    started_at: datetime,
    elapsed_s: float | None = None,
) -> dict[str, Any]:
    """The JSON-able result of one eval run."""
    report: dict[str, Any] = {
        "version": FORMAT_VERSION,
        "kind": kind,
        "model": model,
        "k": k,
        "started_at": started_at.isoformat(),
        "elapsed_s": elapsed_s,
        "summary": summarize(results, k),
        "frequent_errors": [{"error": e, "count": n} for e, n in frequent_errors(results)],
        "failed": sorted({r.scenario for r in results if not r.success}),
        "results": [r.to_json() for r in results],
    }
    if any(r.label is not None for r in results):
        report["intents"] = intent_summary(results)
    return report


def load_report(path: str | Path) -> dict[str, Any]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION or "summary" not in data:
        raise ValueError(f"{path}: not a kairos eval result (version {FORMAT_VERSION})")
    return data


def write_report(report: dict[str, Any], out_dir: str | Path) -> tuple[Path, Path]:
    """Write ``eval-<kind>.json`` and ``eval-<kind>.md`` into ``out_dir`` (created); return both paths."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    json_path = folder / f"eval-{report['kind']}.json"
    md_path = folder / f"eval-{report['kind']}.md"
    json_path.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    md_path.write_text(render_markdown(report), encoding="utf-8")
    return json_path, md_path


def _fmt(value: Any, percent: bool = False) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value * 100:.1f}%" if percent else f"{value:.2f}"
    return str(value)


_ROWS: list[tuple[str, str, bool]] = [
    ("scenarios", "scenarios", False),
    ("runs", "runs", False),
    ("turns", "turns", False),
    ("pass_1", "task success pass^1", True),
    ("pass_k", "task success pass^k", True),
    ("decision_accuracy", "decision accuracy", True),
    ("dirty_write_rate", "dirty-write rate (turns that must not write)", True),
    ("false_claim_rate_before", "false claims before the exit check", True),
    ("false_claim_rate_after", "false claims after the exit check (must be 0)", True),
    ("clarification_rate", "clarification rate (decision ask)", True),
    ("text_questions", "questions asked in plain text (counted as none)", False),
    ("latency_ms_p50", "latency p50 (ms)", False),
    ("latency_ms_p95", "latency p95 (ms)", False),
    ("crashes", "crashes", False),
    ("unbacked_writes", "writes without a model write call or pending command", False),
    ("calendar_mismatches", "final calendar mismatches", False),
    ("other_user_changes", "other users' calendars changed", False),
]


def render_markdown(report: dict[str, Any]) -> str:
    summary: dict[str, dict[str, Any]] = report["summary"]
    k = report["k"]
    slices = list(summary)
    lines = [
        f"# kairos eval: {report['kind']}",
        "",
        f"model `{report['model']}`, k = {k}, started {report['started_at']}"
        + (f", {report['elapsed_s']:.0f} s" if report.get("elapsed_s") else ""),
        "",
        "| figure | " + " | ".join(slices) + " |",
        "|---|" + "---|" * len(slices),
    ]
    for key, label, percent in _ROWS:
        name = f"pass_{k}" if key == "pass_k" else key
        if key == "pass_k" and k == 1:
            continue
        shown = label.replace("pass^k", f"pass^{k}")
        values = [summary[s].get(name) for s in slices]
        if key.startswith("latency"):
            values = [round(v) if isinstance(v, float) else v for v in values]
        lines.append(f"| {shown} | " + " | ".join(_fmt(v, percent) for v in values) + " |")
    routes = sorted({r for s in slices for r in summary[s]["round_trips_by_route"]})
    for route in routes:
        values = " | ".join(_fmt(summary[s]["round_trips_by_route"].get(route)) for s in slices)
        lines.append(f"| model round trips per turn, route `{route}` | {values} |")
    for decision in DECISIONS:
        values = " | ".join(_fmt(summary[s]["round_trips_by_decision"].get(decision)) for s in slices)
        lines.append(f"| model round trips per turn, decision {decision} | {values} |")
    dropped = summary["all"].get("dropped_fields") or {}
    if dropped:
        shown = ", ".join(f"{name} {count}" for name, count in sorted(dropped.items()))
        lines += ["", f"Invented arguments dropped by grounding (the user never said them): {shown}."]
    for name in slices:
        lines += ["", f"## Decisions ({name}): expected (rows) × actual (columns)", ""]
        lines += ["| expected \\ actual | " + " | ".join(DECISIONS) + " |", "|---|" + "---|" * len(DECISIONS)]
        matrix = summary[name]["confusion"]
        lines += [f"| {e} | " + " | ".join(str(matrix[e][a]) for a in DECISIONS) + " |" for e in DECISIONS]
    if "intents" in report:
        lines += _intent_lines(report["intents"])
    if report["frequent_errors"]:
        lines += ["", "## Most frequent failures", "", "| failure | count |", "|---|---|"]
        lines += [f"| {e['error']} | {e['count']} |" for e in report["frequent_errors"]]
    if report["failed"]:
        lines += ["", f"## Failed scenarios ({len(report['failed'])})", ""]
        by_id: dict[str, list[str]] = {}
        for r in report["results"]:
            if not r["success"]:
                by_id.setdefault(r["scenario"], []).extend(r["failures"] or ["crash"])
        lines += [f"- `{sid}`: {'; '.join(dict.fromkeys(by_id[sid]))}" for sid in report["failed"]]
    return "\n".join(lines) + "\n"


def _intent_lines(intents: dict[str, Any]) -> list[str]:
    lines = [
        "",
        "## Intent sweep",
        "",
        f"{intents['utterances']} utterances; non-calendar: {intents['non_calendar']}, of which "
        f"{intents['non_calendar_writes']} wrote ({_fmt(intents['non_calendar_write_rate'], True)}; must be 0).",
        "",
        "| label | " + " | ".join(DECISIONS) + " |",
        "|---|" + "---|" * len(DECISIONS),
    ]
    for label, counts in intents["decisions_by_label"].items():
        lines.append(f"| {label} | " + " | ".join(str(counts.get(d, 0)) for d in DECISIONS) + " |")
    if intents["non_calendar_write_examples"]:
        lines += ["", "Non-calendar utterances that wrote:", ""]
        lines += [f"- {text}" for text in intents["non_calendar_write_examples"]]
    return lines


_COMPARED = [
    "pass_1",
    "decision_accuracy",
    "dirty_write_rate",
    "false_claim_rate_before",
    "false_claim_rate_after",
    "clarification_rate",
    "latency_ms_p50",
    "latency_ms_p95",
    "crashes",
    "unbacked_writes",
]


def compare_reports(old: dict[str, Any], new: dict[str, Any]) -> str:
    """What changed between two results: figures per slice, then scenarios that started or stopped
    passing (by pass^1 over their trials)."""
    lines = [f"old: {old['kind']} {old['model']} k={old['k']} {old['started_at']}"]
    lines.append(f"new: {new['kind']} {new['model']} k={new['k']} {new['started_at']}")
    for name in sorted(set(old["summary"]) | set(new["summary"])):
        a, b = old["summary"].get(name, {}), new["summary"].get(name, {})
        lines.append(f"\n[{name}]")
        for key in _COMPARED:
            x, y = a.get(key), b.get(key)
            if x == y:
                continue
            percent = key.endswith(("rate", "accuracy")) or key.startswith(("pass", "false_claim"))
            delta = (
                f" ({(y - x) * (100 if percent else 1):+.1f}{' pts' if percent else ''})"
                if (isinstance(x, int | float) and isinstance(y, int | float))
                else ""
            )
            lines.append(f"  {key}: {_fmt(x, percent)} → {_fmt(y, percent)}{delta}")
    before, after = _pass_rates(old), _pass_rates(new)
    fixed = sorted(s for s in after if s in before and after[s] > before[s])
    broken = sorted(s for s in after if s in before and after[s] < before[s])
    lines.append(f"\nnow passing more often ({len(fixed)}): {', '.join(fixed) or '–'}")
    lines.append(f"now passing less often ({len(broken)}): {', '.join(broken) or '–'}")
    only = sorted(set(before) ^ set(after))
    if only:
        lines.append(f"in one result only ({len(only)}): {', '.join(only)}")
    return "\n".join(lines)


def _pass_rates(report: dict[str, Any]) -> dict[str, float]:
    trials: dict[str, list[bool]] = {}
    for r in report["results"]:
        trials.setdefault(r["scenario"], []).append(bool(r["success"]))
    return {s: sum(v) / len(v) for s, v in trials.items()}
