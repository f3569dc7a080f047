"""``kairos eval``: the scenario evals and the intent sweep (see evals/README.md and issue 7).

    kairos eval                                   # offline: the dev split with its scripted model + variants
    kairos eval --live [--k 3] [--filter create] [--split dev|test|all] [--no-variants] [--out DIR]
    kairos eval --live --smoke --k 1              # CI: fails only on what code guarantees
    kairos eval --intents [--limit 600] [--seed N] # public utterances, empty calendar, no write allowed
    kairos eval --compare OLD.json NEW.json

Scenario runs take the dev split unless ``--split`` says otherwise (the test third, ``evals/split.json``,
is for measuring, not for the development loop); ``--smoke`` runs its fixed list, whatever the split.
Each scenario is followed by its paraphrase variant sets (``evals/variants``): all of them live, offline
those the scripted model can replay. Offline, the known failures (``evals/known_failures.yaml``) do not
fail the run; a known failure that passes does.

Live runs use the configured endpoint (``KAIROS_MODEL_BASE_URL`` …), else the embedded model, which is
started for the run and stopped after it. Results go to ``--out`` as ``eval-<kind>.json`` and
``eval-<kind>.md``; each finished run is also appended to ``eval-<kind>.progress.jsonl`` as it happens.
This is the entry point, so it is the one place that reads the clock (for the report's timestamp).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from rich.console import Console

from evals.backend import migrated_template
from evals.intents import SWEEP_ROWS, SWEEP_SEED, intent_dir, load_utterances, run_intents, sample_utterances
from evals.known import load_known
from evals.report import build_report, compare_reports, load_report, write_report
from evals.results import RunResult
from evals.runner import run_scenarios
from evals.scenarios import SCENARIOS_DIR, Scenario, load_scenarios
from evals.sources import LiveSource, ModelSource, ScriptSource
from evals.split import load_split, select_split

console = Console(stderr=True)

REPO_ROOT = Path(__file__).resolve().parents[2]
"""The checkout (``agent/cli/`` is two levels down): ``../shared/data`` is beside it."""
SMOKE_FILE = Path(SCENARIOS_DIR).parent / "smoke.txt"


def smoke_ids(path: Path = SMOKE_FILE) -> list[str]:
    """The smoke subset's scenario ids (one per line; ``#`` comments)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def select(scenarios: list[Scenario], filters: list[str], ids: list[str] | None = None) -> list[Scenario]:
    """Scenarios matching any filter: a language (``en``/``zh``), a tag, or part of the id (all when none)."""
    chosen = scenarios
    if ids is not None:
        wanted = set(ids)
        missing = wanted - {s.base_id for s in scenarios}
        if missing:
            raise typer.BadParameter(f"unknown scenario ids: {', '.join(sorted(missing))}")
        chosen = [s for s in chosen if s.base_id in wanted]
    if filters:
        chosen = [s for s in chosen if any(_matches(s, f) for f in filters)]
    return chosen


def interleave(scenarios: list[Scenario]) -> list[Scenario]:
    """Round robin over the scenario files (themes × languages), so that a live run stopped early — or
    read from its progress file — has already covered every theme."""
    by_file: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        by_file.setdefault(str(scenario.source), []).append(scenario)
    queues = list(by_file.values())
    return [q[i] for i in range(max(map(len, queues), default=0)) for q in queues if i < len(q)]


def _matches(scenario: Scenario, token: str) -> bool:
    if token in ("en", "zh"):  # a language, not an id substring ("zh" is in "zhang_san")
        return scenario.lang == token
    return token in scenario.tags or token in scenario.id


def guarantee_failures(results: list[RunResult]) -> list[str]:
    """What code guarantees whatever the model does: no crash, no false claim after the exit check, no
    write that no model write call or pending command asked for."""
    found = []
    for r in results:
        for t in r.turns:
            where = f"{r.scenario}#{r.trial} turn {t.index + 1}"
            if t.error is not None:
                found.append(f"{where}: crash: {t.error}")
            if t.claim_after:
                found.append(f"{where}: false claim survived the exit check: {t.reply[:120]!r}")
            if t.unbacked_write:
                found.append(f"{where}: write without a model write call: {', '.join(t.writes)}")
    return found


def _progress(out: Path, kind: str, total: int) -> Any:
    out.mkdir(parents=True, exist_ok=True)
    log = out / f"eval-{kind}.progress.jsonl"
    log.write_text("", encoding="utf-8")
    done = 0

    def on_result(result: RunResult) -> None:
        nonlocal done
        done += 1
        with log.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
        mark = "ok  " if result.success else "FAIL"
        spent = sum(t.latency_ms for t in result.turns) / 1000
        detail = "" if result.success else f"  {'; '.join(result.failures)[:160]}"
        console.print(f"[{done}/{total}] {mark} {result.scenario}#{result.trial} {spent:.1f}s{detail}")

    return on_result


async def _run(
    kind: str,
    scenarios: list[Scenario],
    utterances: list[Any],
    k: int,
    out: Path,
    live: bool,
    selection: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], list[RunResult]]:
    template = await migrated_template()
    started, began = datetime.now(UTC), time.perf_counter()
    total = len(utterances) if kind == "intents" else len(scenarios) * k
    on_result = _progress(out, kind, total)

    async def play(source: ModelSource, name: str) -> tuple[dict[str, Any], list[RunResult]]:
        if kind == "intents":
            results = await run_intents(utterances, source, template=template, on_result=on_result)
        else:
            results = await run_scenarios(scenarios, source, template=template, k=k, on_result=on_result)
        elapsed = time.perf_counter() - began
        scenario_run = kind != "intents"
        report = build_report(
            results,
            kind=kind,
            model=name,
            k=k,
            started_at=started,
            elapsed_s=elapsed,
            split=load_split() if scenario_run else None,
            selection=selection,
            known=load_known() if kind == "offline" else None,
        )
        return report, results

    if not live:
        return await play(ScriptSource(), "scripted")
    from agent.model import SystemMessage, open_model
    from agent.tools.calendar import build_registry
    from agent.turn.prompt import INSTRUCTIONS

    warm = ([SystemMessage(INSTRUCTIONS)], build_registry().specs)
    async with open_model(console=console, warm=warm) as model:
        return await play(LiveSource(model), model.name)


def run(
    live: Annotated[bool, typer.Option("--live", help="Run against the configured model.")] = False,
    k: Annotated[
        int | None, typer.Option("--k", min=1, help="Trials per scenario (3 live, 1 offline).")
    ] = None,
    filters: Annotated[
        list[str] | None, typer.Option("--filter", help="Scenario id substring, tag or language.")
    ] = None,
    smoke: Annotated[bool, typer.Option("--smoke", help="Only the smoke subset (evals/smoke.txt).")] = False,
    split: Annotated[
        str | None,
        typer.Option("--split", help="dev (the default), test or all: which scenarios (evals/split.json)."),
    ] = None,
    variants: Annotated[
        bool | None,
        typer.Option("--variants/--no-variants", help="Also run the paraphrase variants (default: yes)."),
    ] = None,
    intents: Annotated[bool, typer.Option("--intents", help="The intent sweep (always live).")] = False,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help=f"Intent sweep: this many rows ({SWEEP_ROWS}).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Intent sweep: the sampling seed.")] = SWEEP_SEED,
    out: Annotated[Path, typer.Option("--out", help="Folder for the JSON and Markdown.")] = Path(
        "eval-results"
    ),
    compare: Annotated[bool, typer.Option("--compare", help="Print the differences of two results.")] = False,
    files: Annotated[
        list[Path] | None, typer.Argument(help="With --compare: OLD.json NEW.json.", show_default=False)
    ] = None,
) -> None:
    """Evals: offline (scripted model), live (a real model), intent sweep; writes JSON and Markdown."""
    if compare or files:
        if not compare or len(files or []) != 2:
            console.print("[red]usage: kairos eval --compare OLD.json NEW.json[/red]")
            raise typer.Exit(2)
        try:
            print(compare_reports(load_report(files[0]), load_report(files[1])))
        except (OSError, ValueError) as exc:
            console.print(f"[red]{exc}[/red]")
            raise typer.Exit(2) from None
        return
    scenarios: list[Scenario] = []
    utterances: list[Any] = []
    selection: dict[str, Any] = {}
    if split not in (None, "dev", "test", "all"):
        console.print("[red]--split: dev, test or all[/red]")
        raise typer.Exit(2)
    if intents:
        kind, live, k = "intents", True, 1
        rows = load_utterances(intent_dir(REPO_ROOT))
        utterances = sample_utterances(rows, total=limit or SWEEP_ROWS, seed=seed)
        selection = {"rows": len(utterances), "seed": seed}
    else:
        kind = ("smoke" if smoke else "live") if live else "offline"
        k = k or (3 if live else 1)
        which: Literal["dev", "test", "all"] = split or ("all" if smoke else "dev")  # type: ignore[assignment]
        with_variants = variants if variants is not None else not smoke
        mode: Literal["live", "offline"] | None = ("live" if live else "offline") if with_variants else None
        chosen = select_split(load_scenarios(variants=mode), which)
        scenarios = select(chosen, filters or [], smoke_ids() if smoke else None)
        scenarios = interleave(scenarios) if live else scenarios
        selection = {"split": which, "variants": mode or "none", "filters": sorted(filters or [])}
        if not scenarios:
            console.print("[red]no scenario matches[/red]")
            raise typer.Exit(2)
    report, results = asyncio.run(_run(kind, scenarios, utterances, k, out, live, selection))
    json_path, md_path = write_report(report, out)
    _print_summary(report)
    console.print(f"wrote {json_path} and {md_path}")
    broken = guarantee_failures(results)
    for line in broken:
        console.print(f"[red]{line}[/red]")
    if broken:
        raise typer.Exit(1)
    if kind == "offline":
        gated = offline_gate(report)
        for line in gated:
            console.print(f"[red]{line}[/red]")
        if gated:
            raise typer.Exit(1)


def offline_gate(report: dict[str, Any]) -> list[str]:
    """What fails an offline run: a dev-split run that fails and is not a known failure, or a known
    failure that now passes (its entry must go). Test-split runs are measured, never gated."""
    split = {r["scenario"]: r.get("split") for r in report["results"]}
    found = [
        f"{run_id}: fails (not in evals/known_failures.yaml)"
        for run_id in report["unexpected_failures"]
        if split.get(run_id) != "test"
    ]
    found += [
        f"{run_id}: a known failure now passes; remove it from evals/known_failures.yaml"
        for run_id in report["known_now_passing"]
    ]
    return found


def _print_summary(report: dict[str, Any]) -> None:
    rows = ["pass_1", "decision_accuracy", "dirty_write_rate", "false_claim_rate_before"]
    rows += ["false_claim_rate_after", "clarification_rate", "latency_ms_p50", "latency_ms_p95"]
    for name, figures in report["summary"].items():
        shown = []
        for key in rows:
            value = figures.get(key)
            if value is None:
                text = "–"
            elif key.startswith("latency"):
                text = f"{value:.0f}ms"
            else:
                text = f"{value * 100:.1f}%"
            shown.append(f"{key}={text}")
        print(f"[{name}] runs={figures['runs']} " + " ".join(shown), file=sys.stdout)
    for name, row in ((report.get("variants") or {}).get("slices") or {}).items():
        worst = row["worst_variant_pass_1"]
        print(
            f"[variants {name}] scenarios={row['scenarios']} with_variants={row['with_variants']} "
            f"worst_variant_pass_1={'–' if worst is None else f'{worst * 100:.1f}%'} "
            f"all_variants_pass={row['all_variants_pass']}",
            file=sys.stdout,
        )
    if report.get("known_failures"):
        print(
            f"[known failures] {len(report['known_failures'])} (evals/known_failures.yaml)", file=sys.stdout
        )
    if "intents" in report:
        sweep = report["intents"]
        print(
            f"[intents] rows={sweep['utterances']} intents={sweep.get('intents')} "
            f"non-calendar writes: {sweep['non_calendar_writes']}/{sweep['non_calendar']} "
            f"reads: {sweep.get('non_calendar_reads')}/{sweep['non_calendar']}",
            file=sys.stdout,
        )
