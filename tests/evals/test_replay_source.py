"""``ReplaySource``: a live report's recorded tool calls played back against the current code."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from evals import load_scenarios
from evals.backend import migrated_template
from evals.runner import run_scenario
from evals.sources import ReplaySource, ScriptSource


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return asyncio.run(migrated_template(tmp_path_factory.mktemp("replay-template")))


def _report_of(scenario, template: Path) -> dict:  # type: ignore[no-untyped-def]
    """A report as a live run writes it, from the scenario's own script (what a correct model does)."""
    result = asyncio.run(run_scenario(scenario, ScriptSource(), template=template))
    turns = [{"model_tool_calls": t.model_tool_calls, "reply": t.reply} for t in result.turns]
    return {
        "results": [{"scenario": scenario.id, "trial": 0, "turns": turns, "success": not result.failures}]
    }


def _one_write():  # type: ignore[no-untyped-def]
    """A one-turn scenario whose turn writes."""
    return next(s for s in load_scenarios() if len(s.turns) == 1 and s.turns[0].expect.decision == "write")


def _one_recorded_write(template: Path):  # type: ignore[no-untyped-def]
    """That scenario, its report as a correct model's run, and the report's one turn."""
    scenario = _one_write()
    report = _report_of(scenario, template)
    return scenario, report, report["results"][0]["turns"][0]


def test_replaying_a_recorded_run_gives_the_same_outcome(template: Path) -> None:
    scenario = _one_write()
    report = _report_of(scenario, template)
    source = ReplaySource(report)
    assert source.covers(scenario.id) and not source.covers("no such scenario")
    result = asyncio.run(run_scenario(scenario, source, template=template))
    assert result.failures == [] and result.turns[0].writes
    assert result.turns[0].model_tool_calls == report["results"][0]["turns"][0]["model_tool_calls"]


def test_a_turn_with_nothing_recorded_gets_an_empty_reply(template: Path) -> None:
    scenario = next(s for s in load_scenarios() if "chitchat" in s.tags or "chit_chat" in s.tags)
    source = ReplaySource({"results": [{"scenario": scenario.id, "trial": 0, "turns": []}]})
    result = asyncio.run(run_scenario(scenario, source, template=template))
    assert result.turns[0].model_tool_calls == [] and result.turns[0].writes == []


def test_the_recorded_doubt_and_request_kind_go_with_each_call(template: Path) -> None:
    """A write the live model doubted (``no_tool_p``) confirms in the replay too, as it did live."""
    scenario, report, turn = _one_recorded_write(template)
    calls = len(turn["model_tool_calls"])
    turn["no_tool_p"] = [0.4] + [None] * calls
    turn["requests"] = ["add"] * (calls + 1)
    result = asyncio.run(run_scenario(scenario, ReplaySource(report), template=template))
    assert result.turns[0].writes == [] and result.turns[0].pending == "needs_confirmation"


def test_the_recorded_request_weights_are_played_back_and_reported(template: Path) -> None:
    """The weight the live model gave each request kind reaches the replayed turn's record as it came."""
    scenario, report, turn = _one_recorded_write(template)
    calls = len(turn["model_tool_calls"])
    weights = [{"add": 0.93, "chat": 0.04}] * calls + [{"chat": 0.7, "calendar_question": 0.2}]
    turn["requests"] = ["add"] * calls + ["chat"]
    turn["request_p"] = weights
    result = asyncio.run(run_scenario(scenario, ReplaySource(report), template=template))
    played = result.turns[0]
    assert played.model_calls >= 1 and played.request_p == weights[: played.model_calls]
