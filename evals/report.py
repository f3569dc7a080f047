"""The eval's outputs: a JSON result (everything, re-readable) and a Markdown report (for people), and
the comparison of two JSON results.

    report = build_report(results, kind="live", model="qwen…", k=3, started_at=now, split=load_split())
    write_report(report, out_dir)          # → out_dir/eval-<kind>.json and out_dir/eval-<kind>.md
    print(compare_reports(load_report(old), load_report(new)))

The JSON is written with sorted keys and sorted results, so two runs (from different commits, say) diff
line by line; its keys are documented in evals/README.md ("The result file"). ``FORMAT_VERSION`` changes
only when a key changes meaning; ``load_report`` reads version 1 files too (they lack the newer keys).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from evals.metrics import (
    DECISIONS,
    class_summary,
    frequent_errors,
    intent_summary,
    summarize,
    variant_summary,
)
from evals.results import RunResult
from evals.split import Split

__all__ = [
    "FORMAT_VERSION",
    "build_report",
    "compare_reports",
    "dumps",
    "load_report",
    "render_markdown",
    "write_report",
]

FORMAT_VERSION = 2
_READABLE = (1, 2)


def build_report(
    results: Sequence[RunResult],
    *,
    kind: str,
    model: str,
    k: int,
    started_at: datetime,
    elapsed_s: float | None = None,
    split: Split | None = None,
    selection: Mapping[str, Any] | None = None,
    known: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The JSON-able result of one eval run.

    ``split`` fills in each result's dev/test split (figures per split); ``selection`` records what was
    asked for (``{"split": "dev", "variants": "offline"}``); ``known`` the known failures (run id →
    reason) that do not count against an offline run."""
    if split is not None:
        for r in results:
            r.split = split.of(r.base_id)
    ordered = sorted(results, key=lambda r: (r.base_id, r.variant, r.trial))
    failed_runs = sorted({r.scenario for r in ordered if not r.success})
    known = dict(known or {})
    ran = {r.scenario for r in ordered}
    report: dict[str, Any] = {
        "version": FORMAT_VERSION,
        "kind": kind,
        "model": model,
        "k": k,
        "started_at": started_at.isoformat(),
        "elapsed_s": elapsed_s,
        "selection": dict(selection or {}),
        "summary": summarize(ordered, k),
        "classes": class_summary(ordered),
        "variants": variant_summary(ordered),
        "frequent_errors": [{"error": e, "count": n} for e, n in frequent_errors(ordered)],
        "failed": sorted({r.base_id for r in ordered if not r.success}),
        "failed_runs": failed_runs,
        "known_failures": sorted(set(failed_runs) & set(known)),
        "unexpected_failures": sorted(set(failed_runs) - set(known)),
        "known_now_passing": sorted((set(known) & ran) - set(failed_runs)),
        "results": [r.to_json() for r in ordered],
    }
    if any(r.label is not None for r in ordered):
        report["intents"] = intent_summary(ordered)
    return report


def load_report(path: str | Path) -> dict[str, Any]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("version") not in _READABLE or "summary" not in data:
        raise ValueError(f"{path}: not a kairos eval result (version {', '.join(map(str, _READABLE))})")
    return data


def dumps(report: dict[str, Any]) -> str:
    """The result as written to disk: sorted keys, one value per line, so two results diff cleanly."""
    return json.dumps(report, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write_report(report: dict[str, Any], out_dir: str | Path) -> tuple[Path, Path]:
    """Write ``eval-<kind>.json`` and ``eval-<kind>.md`` into ``out_dir`` (created); return both paths."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    json_path = folder / f"eval-{report['kind']}.json"
    md_path = folder / f"eval-{report['kind']}.md"
    json_path.write_text(dumps(report), encoding="utf-8")
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
    ("confirmed_write_rate", "writes expected at once that asked yes/no first (target ≤ 5%)", True),
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
    ]
    selection = report.get("selection") or {}
    if selection:
        lines += [", ".join(f"{key}: {value}" for key, value in sorted(selection.items())), ""]
    lines += [
        "Scenarios as written (variant set 0); `dev` / `test`: the split (evals/split.json).",
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
    filled = summary["all"].get("filled_fields") or {}
    if filled:
        shown = ", ".join(f"{name} {count}" for name, count in sorted(filled.items()))
        lines += ["", f"Arguments code filled in (field:from): {shown}."]
    if report.get("variants"):
        lines += _variant_lines(report["variants"])
    if report.get("classes"):
        lines += _class_lines(report["classes"])
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
    if report.get("known_failures") or report.get("known_now_passing"):
        lines += [
            "",
            f"Known failures (evals/known_failures.yaml): {len(report.get('known_failures') or [])}",
        ]
        if report.get("known_now_passing"):
            lines.append(
                f"Known failures that now pass (remove them): {', '.join(report['known_now_passing'])}"
            )
    if report["failed"]:
        lines += [
            "",
            f"## Failed scenarios ({len(report['failed'])}; a variant set failing fails its scenario)",
            "",
        ]
        by_id: dict[str, list[str]] = {}
        for r in report["results"]:
            if not r["success"]:
                by_id.setdefault(r["scenario"], []).extend(r["failures"] or ["crash"])
        for sid in sorted(by_id):
            lines.append(f"- `{sid}`: {'; '.join(dict.fromkeys(by_id[sid]))}")
    return "\n".join(lines) + "\n"


def _variant_lines(variants: dict[str, Any]) -> list[str]:
    lines = [
        "",
        "## Paraphrase variants",
        "",
        "Set 0 is the scenarios as written; set j puts each turn's j-th variant in place (evals/variants/).",
        "",
        "| variant set | scenarios | runs | pass^1 | the same scenarios as written |",
        "|---|---|---|---|---|",
    ]
    for j, row in variants["sets"].items():
        lines.append(
            f"| {j} | {row['scenarios']} | {row['runs']} | {_fmt(row['pass_1'], True)} | "
            f"{_fmt(row['original_pass_1'], True)} |"
        )
    lines += [
        "",
        "| slice | scenarios | with variants | pass^1 as written | worst-variant pass^1 | pass in every set |",
        "|---|---|---|---|---|---|",
    ]
    for name, row in variants["slices"].items():
        lines.append(
            f"| {name} | {row['scenarios']} | {row['with_variants']} | {_fmt(row['pass_1'], True)} | "
            f"{_fmt(row['worst_variant_pass_1'], True)} | {row['all_variants_pass']} |"
        )
    only = [
        base
        for base, row in variants["scenarios"].items()
        if row["sets"].get("0") is not None and row["worst"] < row["sets"]["0"]
    ]
    if only:
        lines += [
            "",
            f"Pass as written, fail on a variant ({len(only)}): " + ", ".join(f"`{b}`" for b in only),
        ]
    return lines


def _class_lines(classes: dict[str, Any]) -> list[str]:
    lines = [
        "",
        "## Classes: category tag × decision",
        "",
        "Decision cells: turns with the right decision / turns expecting it.",
        "",
        "| class | scenarios | pass^1 | worst variant | decision accuracy | " + " | ".join(DECISIONS) + " |",
        "|---|---|---|---|---|" + "---|" * len(DECISIONS),
    ]
    for tag, row in classes.items():
        cells = []
        for d in DECISIONS:
            expected = sum(row["decisions"][d].values())
            cells.append(f"{row['decisions'][d][d]}/{expected}" if expected else "–")
        lines.append(
            f"| {tag} | {row['scenarios']} | {_fmt(row['pass_1'], True)} | "
            f"{_fmt(row['worst_variant_pass_1'], True)} | {_fmt(row['decision_accuracy'], True)} | "
            + " | ".join(cells)
            + " |"
        )
    return lines


def _intent_lines(intents: dict[str, Any]) -> list[str]:
    lines = [
        "",
        "## Intent sweep",
        "",
        f"{intents['utterances']} utterances"
        + (f" over {intents['intents']} intents" if intents.get("intents") else "")
        + (
            f" ({', '.join(f'{k} {v}' for k, v in intents['sources'].items())})"
            if intents.get("sources")
            else ""
        )
        + f"; non-calendar: {intents['non_calendar']}, of which {intents['non_calendar_writes']} wrote "
        f"({_fmt(intents['non_calendar_write_rate'], True)}; must be 0).",
    ]
    if "non_calendar_reads" in intents:
        lines += [
            "",
            f"Read calls on non-calendar utterances (wasted round trips): {intents['non_calendar_read_calls']} "
            f"calls on {intents['non_calendar_reads']} utterances ({_fmt(intents['non_calendar_read_rate'], True)}); "
            f"model round trips per non-calendar utterance: {_fmt(intents['non_calendar_round_trips'])}.",
        ]
    tables = [("label", intents["decisions_by_label"])]
    if intents.get("calendar_decisions_by_intent"):
        tables.append(("calendar intent", intents["calendar_decisions_by_intent"]))
    for title, table in tables:
        lines += ["", f"| {title} | " + " | ".join(DECISIONS) + " |", "|---|" + "---|" * len(DECISIONS)]
        for label, counts in table.items():
            lines.append(f"| {label} | " + " | ".join(str(counts.get(d, 0)) for d in DECISIONS) + " |")
    for key, title in (
        ("non_calendar_write_examples", "Non-calendar utterances that wrote:"),
        ("non_calendar_read_examples", "Non-calendar utterances the model read the calendar for:"),
    ):
        if intents.get(key):
            lines += ["", title, ""]
            lines += [f"- {text}" for text in intents[key]]
    return lines


_COMPARED = [
    "pass_1",
    "decision_accuracy",
    "dirty_write_rate",
    "false_claim_rate_before",
    "false_claim_rate_after",
    "clarification_rate",
    "confirmed_write_rate",
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
    lines += _compare_variants(old, new)
    lines += _compare_classes(old, new)
    before, after = _pass_rates(old), _pass_rates(new)
    fixed = sorted(s for s in after if s in before and after[s] > before[s])
    broken = sorted(s for s in after if s in before and after[s] < before[s])
    lines.append(f"\nnow passing more often ({len(fixed)}): {', '.join(fixed) or '–'}")
    lines.append(f"now passing less often ({len(broken)}): {', '.join(broken) or '–'}")
    only = sorted(set(before) ^ set(after))
    if only:
        lines.append(f"in one result only ({len(only)}): {', '.join(only)}")
    return "\n".join(lines)


def _delta(key: str, x: Any, y: Any, percent: bool) -> str:
    delta = (
        f" ({(y - x) * (100 if percent else 1):+.1f}{' pts' if percent else ''})"
        if (isinstance(x, int | float) and isinstance(y, int | float))
        else ""
    )
    return f"  {key}: {_fmt(x, percent)} → {_fmt(y, percent)}{delta}"


def _compare_variants(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    a, b = (old.get("variants") or {}).get("slices", {}), (new.get("variants") or {}).get("slices", {})
    lines = []
    for name in sorted(set(a) | set(b)):
        x, y = a.get(name, {}), b.get(name, {})
        changed = [
            _delta(key, x.get(key), y.get(key), key != "all_variants_pass")
            for key in ("worst_variant_pass_1", "all_variants_pass")
            if x.get(key) != y.get(key)
        ]
        if changed:
            lines += [f"\n[variants: {name}]", *changed]
    return lines


def _compare_classes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Per class: pass^1, worst variant and decision accuracy that changed, and each expected → actual
    decision count that changed."""
    a, b = old.get("classes") or {}, new.get("classes") or {}
    lines = []
    for tag in sorted(set(a) | set(b)):
        x, y = a.get(tag, {}), b.get(tag, {})
        changed = [
            _delta(key, x.get(key), y.get(key), True)
            for key in ("pass_1", "worst_variant_pass_1", "decision_accuracy")
            if x.get(key) != y.get(key)
        ]
        for expected in DECISIONS:
            for actual in DECISIONS:
                n = (x.get("decisions") or {}).get(expected, {}).get(actual, 0)
                m = (y.get("decisions") or {}).get(expected, {}).get(actual, 0)
                if n != m:
                    changed.append(f"  expected {expected}, got {actual}: {n} → {m}")
        if changed:
            lines += [f"\n[class {tag}]", *changed]
    return lines


def _pass_rates(report: dict[str, Any]) -> dict[str, float]:
    trials: dict[str, list[bool]] = {}
    for r in report["results"]:
        trials.setdefault(r["scenario"], []).append(bool(r["success"]))
    return {s: sum(v) / len(v) for s, v in trials.items()}
