"""The intent sweep: the seeded sample over every intent of the public data, and what the sweep reports
(writes and wasted reads on non-calendar utterances, the calendar decision table), with a fake model."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent.model import Message, ModelResponse, ScriptedModel, ToolCall, ToolSpec, UserMessage
from evals.backend import migrated_template
from evals.intents import (
    SWEEP_ROWS,
    Utterance,
    intent_dir,
    load_utterances,
    run_intents,
    sample_utterances,
)
from evals.report import build_report, render_markdown
from evals.sources import LiveSource

REPO = Path(__file__).resolve().parents[2]
DATA = intent_dir(REPO)


def _rows() -> list[Utterance]:
    rows = []
    for intent, label, adjacent in (
        ("calendar", "calendar_query", False),
        ("schedule_meeting", "calendar_create", False),
        ("oos", "out_of_scope", False),
        ("alarm", "other_intent", True),
        ("weather", "other_intent", False),
        ("PlayMusic", "other_intent", False),
    ):
        for split in ("train", "test"):
            source = "snips" if intent == "PlayMusic" else "clinc"
            rows += [Utterance(f"{source}-{split}-{intent}-{i}", f"{intent} {i}", label, adjacent, intent, split)
                     for i in range(20)]  # fmt: skip
    return rows


def test_every_intent_gets_its_floor_and_the_rest_goes_to_calendar_rows() -> None:
    sample = sample_utterances(_rows(), total=60, seed=1, floor=3)
    counts = Counter(u.intent for u in sample)
    assert len(sample) == 60 and set(counts) == {u.intent for u in _rows()}
    assert counts["weather"] == counts["PlayMusic"] == 3
    assert counts["calendar"] > counts["alarm"] > counts["weather"]
    assert counts["oos"] > counts["alarm"]
    # both splits of an intent are drawn from
    assert {u.split for u in sample if u.intent == "weather"} == {"train", "test"}
    # round robin over intents: a sweep stopped early has seen every intent
    assert {u.intent for u in sample[:6]} == set(counts)


def test_the_sample_is_seeded() -> None:
    assert sample_utterances(_rows(), total=40, seed=7) == sample_utterances(_rows(), total=40, seed=7)
    assert sample_utterances(_rows(), total=40, seed=7) != sample_utterances(_rows(), total=40, seed=8)
    assert len(sample_utterances(_rows(), total=10**6)) == len(_rows())
    assert len(sample_utterances(_rows(), total=4)) == 4  # fewer rows than intents


@pytest.mark.skipif(not DATA.exists(), reason="../shared/data/intent is not present")
def test_the_default_sweep_covers_every_clinc_and_snips_intent() -> None:
    rows = load_utterances(DATA)
    sample = sample_utterances(rows)
    assert len(sample) >= 600 and len(sample) == SWEEP_ROWS
    assert {(u.source, u.intent) for u in sample} == {(u.source, u.intent) for u in rows}
    assert {u.source for u in sample} == {"clinc", "snips"}
    clinc_splits = {u.split for u in sample if u.source == "clinc"}
    assert {"train", "val", "test"} <= clinc_splits
    calendar = [u for u in sample if u.calendar]
    assert len(calendar) >= 60 and len({u.intent for u in calendar}) == 4


def _last_user(messages: Sequence[Message]) -> str:
    return next(m.content for m in reversed(messages) if isinstance(m, UserMessage))


def test_the_sweep_reports_writes_reads_and_the_calendar_table(tmp_path: Path) -> None:
    rows = [
        Utterance("clinc-test-1", "what's the weather like", "other_intent", False, "weather", "test"),
        Utterance("clinc-test-2", "set an alarm for 7am tomorrow", "other_intent", True, "alarm", "test"),
        Utterance(
            "clinc-train-3", "what do I have on tomorrow", "calendar_query", False, "calendar", "train"
        ),
        Utterance("snips-validate-4", "play some jazz", "other_intent", False, "PlayMusic", "validate"),
    ]

    def model(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ModelResponse:
        text = _last_user(messages)
        if messages and not isinstance(messages[-1], UserMessage):  # a tool result came back
            return ModelResponse(text="Here you go.")
        if "weather" in text or "do I have" in text:  # a read for a weather question is a wasted round trip
            return ModelResponse(tool_calls=(ToolCall("c1", "list_events", {"range": "tomorrow"}),))
        if "alarm" in text:
            return ModelResponse(  # read as something kairos cannot do, and a create all the same
                tool_calls=(ToolCall("c1", "create_event", {"title": "Alarm", "when": "7am tomorrow"}),),
                request="cannot_do",
            )
        return ModelResponse(text="I can only help with your calendar.")

    async def sweep() -> list:  # type: ignore[type-arg]
        template = await migrated_template(tmp_path)
        return await run_intents(rows, LiveSource(ScriptedModel(model)), template=template)

    results = asyncio.run(sweep())
    report = build_report(
        results, kind="intents", model="m", k=1, started_at=datetime(2025, 3, 5, tzinfo=UTC)
    )
    sweep_figures = report["intents"]
    assert sweep_figures["utterances"] == 4 and sweep_figures["intents"] == 4
    assert sweep_figures["sources"] == {"clinc": 3, "snips": 1}
    assert sweep_figures["non_calendar"] == 3 and sweep_figures["calendar"] == 1
    assert sweep_figures["non_calendar_reads"] == 1 and sweep_figures["non_calendar_read_calls"] == 1
    assert sweep_figures["non_calendar_read_examples"] == ["what's the weather like"]
    assert sweep_figures["non_calendar_round_trips"] == pytest.approx(4 / 3)
    assert sweep_figures["calendar_decisions_by_intent"] == {
        "calendar": {"write": 0, "read": 1, "ask": 0, "none": 0}
    }
    assert sweep_figures["non_calendar_writes"] == 0  # code refuses the alarm the model tried to create
    text = render_markdown(report)
    assert "Read calls on non-calendar utterances (wasted round trips): 1 calls on 1 utterances" in text
    assert "| calendar intent |" in text
    assert json.loads(json.dumps(report))["intents"]["utterances"] == 4


def test_the_cli_finds_the_shared_data_beside_the_checkout() -> None:
    from agent.cli.eval_cmd import REPO_ROOT

    assert (REPO_ROOT / "pyproject.toml").is_file()
    assert intent_dir(REPO_ROOT, env={}) == REPO_ROOT.parent / "shared" / "data" / "intent"
