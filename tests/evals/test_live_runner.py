"""The live runner with a ScriptedModel standing in for the endpoint (no network): facts observed, not
the model's word — keyword titles, dirty writes, claims caught by the exit check, other users untouched,
the intent sweep, the smoke list and the CLI."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.cli.eval_cmd import guarantee_failures, select, smoke_ids
from agent.model import Message, ModelResponse, ScriptedModel, ToolCall, ToolSpec, UserMessage
from evals import load_scenarios
from evals.backend import migrated_template
from evals.intents import load_utterances, run_intents
from evals.report import build_report, write_report
from evals.runner import run_scenarios
from evals.sources import LiveSource
from tests.evals.test_report import STARTED

SCENARIOS = {s.id: s for s in load_scenarios()}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return asyncio.run(migrated_template(tmp_path_factory.mktemp("eval-template")))


def _last_user(messages: Sequence[Message]) -> str:
    return next(m.content for m in reversed(messages) if isinstance(m, UserMessage))


def _create(title: str, when: str) -> ModelResponse:
    call = ToolCall(id="call_1", name="create_event", arguments={"title": title, "when": when})
    return ModelResponse(tool_calls=(call,), finish_reason="tool_calls")


def endpoint(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ModelResponse:
    """A stand-in 'live model': creates with its own wording, writes on a past statement (a dirty write),
    claims a write it never made, and refuses about Bob."""
    text = _last_user(messages)
    if "Zhang San" in text:
        return _create("Zhang San meeting", "tomorrow 3pm")
    if "yesterday" in text:
        return _create("Meeting", "yesterday afternoon")
    if "Bob" in text:
        return ModelResponse(text="I can only see your own calendar.")
    return ModelResponse(text="Done, I've added it to your calendar.")


async def test_live_runner_judges_facts(template: Path) -> None:
    chosen = [
        SCENARIOS["create_en_tomorrow_3pm_zhang_san"],
        SCENARIOS["past_en_meeting_yesterday_tired"],
        SCENARIOS["other_en_whats_on_bobs_calendar"],
        SCENARIOS["chitchat_en_hello"],
    ]
    model = ScriptedModel(endpoint, name="stand-in")
    results = await run_scenarios(chosen, LiveSource(model), template=template, k=2)
    by_id = {(r.scenario, r.trial): r for r in results}
    assert len(results) == 8

    create = by_id["create_en_tomorrow_3pm_zhang_san", 1]
    assert create.success, create.failures  # "Zhang San meeting" matches title_match ["Zhang San"]
    assert create.turns[0].decision == "write" and create.turns[0].model_calls == 1
    assert create.turns[0].write_attempts[0]["op"] == "create"

    past = by_id["past_en_meeting_yesterday_tired", 0].turns[0]
    assert past.tool_statuses  # the create went through the real write path …
    assert past.decision in {"write", "ask"}  # … a past time asks for confirmation, or writes
    assert not past.claim_after

    bob = by_id["other_en_whats_on_bobs_calendar", 0]
    assert bob.success and bob.others_unchanged

    hello = by_id["chitchat_en_hello", 0].turns[0]
    assert hello.claim_before and not hello.claim_after  # the exit check replaced the false claim
    assert hello.decision == "none"
    assert guarantee_failures(results) == []

    report = build_report(results, kind="live", model=model.name, k=2, started_at=STARTED)
    assert report["summary"]["all"]["false_claim_rate_before"] > 0
    assert report["summary"]["all"]["false_claim_rate_after"] == 0


async def test_dirty_write_is_reported(template: Path) -> None:
    scenario = SCENARIOS["past_en_meeting_yesterday_tired"]
    # The model's time must be in the user's words (agent.time_grounding), or nothing is written at all:
    # the turn says a time, and the model writes for a statement about the past anyway.
    said = scenario.turns[0].model_copy(
        update={"user": "Sat through a long meeting yesterday afternoon, exhausted. Tomorrow 10am again"}
    )
    scenario = scenario.model_copy(update={"turns": (said, *scenario.turns[1:])})

    def writes_anyway(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ModelResponse:
        return _create("Meeting", "tomorrow 10am")  # a future time: no confirmation, so it persists

    [result] = await run_scenarios([scenario], LiveSource(ScriptedModel(writes_anyway)), template=template)
    turn = result.turns[0]
    assert turn.dirty_write and turn.decision == "write"
    assert "turn 1: dirty write: created" in result.failures
    assert not result.calendar_ok and result.unexpected


async def test_intent_sweep(tmp_path: Path, template: Path) -> None:
    rows = [
        {"id": "r1", "text": "what's the weather like", "calendar_label": "other_intent"},
        {
            "id": "r2",
            "text": "play some jazz at 7am tomorrow",  # (a booking is refused by code before this)
            "calendar_label": "other_intent",
            "calendar_adjacent": True,
        },
        {"id": "r3", "text": "add lunch with Zhang San tomorrow 7am", "calendar_label": "calendar_create"},
    ]
    folder = tmp_path / "intent"
    folder.mkdir()
    (folder / "x.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    utterances = load_utterances(folder)
    assert [u.calendar for u in utterances] == [False, False, True]
    assert len(load_utterances(folder, limit=2)) == 2

    def model(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ModelResponse:
        text = _last_user(messages)
        if "jazz" in text or "lunch" in text:
            return _create("Thing", "tomorrow 7am")
        return ModelResponse(text="I can only help with your calendar.")

    results = await run_intents(utterances, LiveSource(ScriptedModel(model)), template=template)
    assert [r.success for r in results] == [True, False, True]
    report = build_report(results, kind="intents", model="m", k=1, started_at=STARTED)
    assert report["intents"]["non_calendar_writes"] == 1
    assert report["intents"]["decisions_by_label"]["calendar_create"] == {
        "write": 1,
        "read": 0,
        "ask": 0,
        "none": 0,
    }
    assert "Intent sweep" in write_report(report, tmp_path / "out")[1].read_text(encoding="utf-8")


def test_smoke_list_names_real_scenarios_in_both_languages() -> None:
    ids = smoke_ids()
    assert 12 <= len(ids) <= 20 and len(set(ids)) == len(ids)
    chosen = select(list(SCENARIOS.values()), [], ids)
    assert {s.lang for s in chosen} == {"en", "zh"} and len(chosen) == len(ids)


def test_interleave_visits_every_file_first() -> None:
    from agent.cli.eval_cmd import interleave

    ordered = interleave(list(SCENARIOS.values()))
    files = {str(s.source) for s in SCENARIOS.values()}
    assert sorted(s.id for s in ordered) == sorted(SCENARIOS)
    assert {str(s.source) for s in ordered[: len(files)]} == files


def test_select_by_tag_language_or_id() -> None:
    scenarios = list(SCENARIOS.values())
    assert {s.lang for s in select(scenarios, ["zh"])} == {"zh"}
    assert all("conflict" in s.tags or "conflict" in s.id for s in select(scenarios, ["conflict"]))


def test_cli_offline_and_compare(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "out"
    done = runner.invoke(app, ["eval", "--filter", "chitchat_zh", "--out", str(out)])
    assert done.exit_code == 0, done.output
    result = out / "eval-offline.json"
    assert json.loads(result.read_text(encoding="utf-8"))["summary"]["zh"]["pass_1"] == 1.0
    compared = runner.invoke(app, ["eval", "--compare", str(result), str(result)])
    assert compared.exit_code == 0 and "now passing less often (0)" in compared.output
    assert runner.invoke(app, ["eval", "--compare", str(result)]).exit_code == 2
