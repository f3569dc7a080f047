"""The intent sweep: public utterances (``../shared/data/intent/*.jsonl``) through the live agent, each
alone with an empty calendar. Non-calendar utterances (``other_intent``, ``out_of_scope``) must end with
no write; calendar ones are only tallied by decision (an empty calendar makes "ask" as right as "write").

    rows = load_utterances(intent_dir(repo_root), limit=300)      # evenly spread over every file
    results = await run_intents(rows, LiveSource(model), template=template)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from evals.results import RunResult
from evals.runner import OnResult, run_scenario
from evals.scenarios import Scenario
from evals.sources import ModelSource

__all__ = ["SWEEP_NOW", "Utterance", "intent_dir", "load_utterances", "run_intents"]

SWEEP_NOW = datetime(2025, 3, 5, 9, 0, tzinfo=ZoneInfo("America/New_York"))
"""A fixed Wednesday morning, so that a sweep is reproducible."""
NON_CALENDAR = frozenset({"other_intent", "out_of_scope"})


@dataclass(frozen=True, slots=True)
class Utterance:
    id: str
    text: str
    label: str
    adjacent: bool
    """CLINC's calendar-adjacent intents (reminders, alarms, timers, date questions)."""

    @property
    def calendar(self) -> bool:
        return self.label not in NON_CALENDAR


def intent_dir(repo_root: Path, env: Mapping[str, str] | None = None) -> Path:
    """``$KAIROS_SHARED_DATA/intent`` if set, else ``<repo>/../shared/data/intent``."""
    env = os.environ if env is None else env
    base = env.get("KAIROS_SHARED_DATA")
    root = Path(base) if base else repo_root.parent / "shared" / "data"
    return root / "intent"


def load_utterances(folder: Path, *, limit: int | None = None) -> list[Utterance]:
    """Every row of every ``*.jsonl`` in ``folder`` (sorted by file, then file order); with ``limit``, that
    many rows spread evenly over the whole list (so every file and label is represented)."""
    files = sorted(folder.glob("*.jsonl"))
    if not files:
        raise FileNotFoundError(f"{folder}: no *.jsonl intent files")
    rows = []
    for file in files:
        for line in file.read_text(encoding="utf-8").splitlines():
            if line.strip():
                data = json.loads(line)
                rows.append(
                    Utterance(
                        str(data["id"]),
                        str(data["text"]),
                        str(data.get("calendar_label") or "other_intent"),
                        bool(data.get("calendar_adjacent")),
                    )
                )
    if limit is not None and 0 < limit < len(rows):
        step = len(rows) / limit
        rows = [rows[int(i * step)] for i in range(limit)]
    return rows


def _scenario(row: Utterance, now: datetime) -> Scenario:
    """A one-turn scenario: decision ``none`` (what a non-calendar row must end in), empty calendar."""
    slug = "".join(ch if ch.isalnum() else "_" for ch in row.id.lower()).strip("_") or "row"
    return Scenario.model_validate(
        {
            "id": f"intent_{slug}",
            "lang": "en",
            "now": now.isoformat(),
            "tz": str(now.tzinfo),
            "tags": ["chitchat" if not row.calendar else "query", "intent_sweep"],
            "turns": [{"user": row.text, "expect": {"decision": "none"}, "script": [{"text": "-"}]}],
        }
    )


def _relax(result: RunResult, *, calendar: bool) -> None:
    """Only writes (and crashes, false claims) fail a sweep row; calendar rows keep no expectation."""
    dropped = ("decision:", "dirty write", "calendar:") if calendar else ("decision:",)
    for turn in result.turns:
        turn.failures = [f for f in turn.failures if not f.startswith(dropped)]
        if calendar:
            turn.expected, turn.must_not_write, turn.dirty_write = None, False, False
    result.failures = [f for f in result.failures if not f.split(": ", 1)[-1].startswith(dropped)]
    if calendar:
        result.failures = [f for f in result.failures if not f.startswith("calendar:")]


async def run_intents(
    rows: list[Utterance],
    source: ModelSource,
    *,
    template: Path,
    now: datetime = SWEEP_NOW,
    on_result: OnResult | None = None,
) -> list[RunResult]:
    """Each utterance once. A write on a non-calendar row is a failure; calendar rows are tallied only."""
    results = []
    for row in rows:
        result = await run_scenario(_scenario(row, now), source, template=template)
        result.label = row.label
        _relax(result, calendar=row.calendar)
        results.append(result)
        if on_result is not None:
            maybe = on_result(result)
            if maybe is not None:
                await maybe
    return results
