"""The offline eval: the dev split's scenarios, and the variant sets the scripted replay can play, through
the real agent with their scripted model (issue 7).

It checks the harness and the code paths, not a model: the script is what a correct model does, so a
failure here is either the agent departing from the behaviour spec in evals/README.md, or a wrong
scenario. The test split (evals/split.json) is not run here: the development loop never sees it.

Known agent departures are listed, with the reason, in evals/known_failures.yaml (shared with
``kairos eval``): strict xfails here, so fixing the agent turns them into XPASS failures that ask for the
entry to go.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from evals import Scenario, load_scenarios
from evals.backend import migrated_template
from evals.known import load_known
from evals.runner import run_scenario
from evals.sources import ScriptSource
from evals.split import load_split, select_split

ALL = load_scenarios(variants="offline")
SCENARIOS = select_split(ALL, "dev")

KNOWN: dict[str, str] = load_known()
"""Runs where the agent (or a package under it) departs from the spec, with the reason."""


def _params() -> list[object]:
    params = []
    for scenario in SCENARIOS:
        reason = KNOWN.get(scenario.id)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        params.append(pytest.param(scenario, id=scenario.id, marks=marks))
    return params


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return asyncio.run(migrated_template(tmp_path_factory.mktemp("eval-template")))


@pytest.mark.parametrize("scenario", _params())
async def test_scenario_offline(scenario: Scenario, template: Path) -> None:
    result = await run_scenario(scenario, ScriptSource(), template=template)
    for turn in result.turns:
        if turn.gate is not None:
            assert turn.model_calls == 0, f"turn {turn.index + 1}: the {turn.gate} gate called the model"
    details = "\n".join(
        [*result.failures]
        + [f"  turn {t.index + 1} reply: {t.reply!r}" for t in result.turns if t.failures]
        + [f"  missing: {e}" for e in result.missing]
        + [f"  unexpected: {e}" for e in result.unexpected]
    )
    assert result.success, f"{scenario.id} ({scenario.source}):\n{details}"


def test_known_failures_name_real_runs() -> None:
    ids = {s.id for s in ALL}
    assert set(KNOWN) <= ids, sorted(set(KNOWN) - ids)


def test_the_dev_loop_never_runs_the_test_split() -> None:
    split = load_split()
    assert SCENARIOS and all(split.of(s.id) != "test" for s in SCENARIOS)
    assert any(split.of(s.id) == "test" for s in ALL)
