"""The intent sweep: public utterances (``../shared/data/intent/*.jsonl``) through the live agent, each
alone with an empty calendar. Non-calendar utterances (``other_intent``, ``out_of_scope``) must end with
no write, and every read the model makes for one is a wasted round trip; calendar ones are tallied by
decision (an empty calendar makes "ask" as right as "write").

    rows = sample_utterances(load_utterances(intent_dir(repo_root)))    # 600 rows, seeded, every intent
    results = await run_intents(rows, LiveSource(model), template=template)

The sample covers every intent of every file (CLINC150's 150 intents and its out-of-scope rows, SNIPS'
7): ``floor`` rows each, drawn round robin over the source's splits (train/val/test, oos_*) so both sides
of a split are in; the rest of the budget goes, one row at a time, to the calendar intents (weight 4),
out-of-scope (4) and CLINC's calendar-adjacent intents (reminders, alarms, timers, dates: 1). Rows are
drawn with a seeded shuffle per intent and split, so the same seed gives the same sweep.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from evals.results import RunResult
from evals.runner import OnResult, run_scenario
from evals.scenarios import Scenario
from evals.sources import ModelSource

__all__ = [
    "SWEEP_NOW",
    "SWEEP_ROWS",
    "SWEEP_SEED",
    "Utterance",
    "intent_dir",
    "load_utterances",
    "run_intents",
    "sample_utterances",
]

SWEEP_NOW = datetime(2025, 3, 5, 9, 0, tzinfo=ZoneInfo("America/New_York"))
"""A fixed Wednesday morning, so that a sweep is reproducible."""
NON_CALENDAR = frozenset({"other_intent", "out_of_scope"})
SWEEP_ROWS = 600
SWEEP_SEED = 150
_WEIGHTS = {"calendar": 4, "out_of_scope": 4, "adjacent": 1}


@dataclass(frozen=True, slots=True)
class Utterance:
    id: str
    text: str
    label: str
    adjacent: bool
    """CLINC's calendar-adjacent intents (reminders, alarms, timers, date questions)."""
    intent: str = ""
    """The source's own label (``calendar_update``, ``GetWeather``, ``oos``, …)."""
    split: str = ""
    """The source's split (``train``, ``val``, ``test``, ``oos_test``, ``validate``, …)."""

    @property
    def source(self) -> str:
        """The data set: the id's prefix (``clinc``, ``snips``)."""
        return self.id.split("-", 1)[0]

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
                        str(data.get("intent") or ""),
                        str(data.get("split") or ""),
                    )
                )
    if limit is not None and 0 < limit < len(rows):
        step = len(rows) / limit
        rows = [rows[int(i * step)] for i in range(limit)]
    return rows


def _weight(row: Utterance) -> int:
    if row.label == "out_of_scope":
        return _WEIGHTS["out_of_scope"]
    if row.calendar:
        return _WEIGHTS["calendar"]
    return _WEIGHTS["adjacent"] if row.adjacent else 0


def _drawn(rows: list[Utterance], seed: int) -> list[Utterance]:
    """One intent's rows in draw order: a seeded shuffle per split, then round robin over the splits."""
    by_split: dict[str, list[Utterance]] = {}
    for row in rows:
        by_split.setdefault(row.split, []).append(row)
    queues = []
    for split, chosen in sorted(by_split.items()):
        chosen = sorted(chosen, key=lambda r: r.id)
        random.Random(f"{seed}:{chosen[0].source}:{chosen[0].intent}:{split}").shuffle(chosen)
        queues.append(chosen)
    return [q[i] for i in range(max(map(len, queues), default=0)) for q in queues if i < len(q)]


def sample_utterances(
    rows: Sequence[Utterance], *, total: int = SWEEP_ROWS, seed: int = SWEEP_SEED, floor: int = 3
) -> list[Utterance]:
    """``total`` rows covering every (source, intent): ``floor`` each (fewer when the budget is smaller
    than that), the rest weighted to the calendar, out-of-scope and calendar-adjacent intents (see the
    module docstring). The order is the sweep's: round robin over the intents, so a sweep stopped early
    has seen every intent."""
    groups: dict[tuple[str, str], list[Utterance]] = {}
    for row in rows:
        groups.setdefault((row.source, row.intent or row.label), []).append(row)
    drawn = {key: _drawn(chosen, seed) for key, chosen in sorted(groups.items())}
    if total >= len(rows):
        counts = {key: len(chosen) for key, chosen in drawn.items()}
    else:
        each = max(1, min(floor, total // max(1, len(drawn))))
        counts = {key: min(each, len(chosen)) for key, chosen in drawn.items()}
        budget = total - sum(counts.values())
        weighted = [key for key, chosen in drawn.items() for _ in range(_weight(chosen[0]))]
        while budget > 0 and weighted:
            open_ = [key for key in weighted if counts[key] < len(drawn[key])]
            if not open_:
                break
            for key in open_:
                if budget == 0:
                    break
                if counts[key] < len(drawn[key]):
                    counts[key] += 1
                    budget -= 1
            weighted = open_
        while sum(counts.values()) > total:  # a budget smaller than one row per intent
            key = max(counts, key=lambda k: (counts[k], k))
            counts[key] -= 1
    queues = [chosen[: counts[key]] for key, chosen in drawn.items()]
    return [q[i] for i in range(max(map(len, queues), default=0)) for q in queues if i < len(q)]


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
        result.label, result.intent = row.label, row.intent or None
        _relax(result, calendar=row.calendar)
        results.append(result)
        if on_result is not None:
            maybe = on_result(result)
            if maybe is not None:
                await maybe
    return results
