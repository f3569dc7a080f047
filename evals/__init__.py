"""kairos evals: scenario files, the tool contract they are checked against, and the runners.

from evals import load_scenarios
scenarios = load_scenarios()          # every file in evals/scenarios/

The runners import the agent, so they are not re-exported here: ``evals.runner.run_scenario`` with
``evals.sources.ScriptSource`` (offline) or ``LiveSource`` (live), ``evals.report`` for the outputs, and
the ``kairos eval`` command (agent/cli/eval_cmd.py). See evals/README.md.
"""

from evals.contract import PICK_TOOLS, READ_TOOLS, TOOLS, WRITE_TOOLS, ContractError, validate_call
from evals.scenarios import (
    CATEGORIES,
    SCENARIOS_DIR,
    Expect,
    ExpectedEvent,
    OtherUser,
    Scenario,
    ScenarioError,
    SeedEvent,
    TextStep,
    ToolCall,
    ToolStep,
    Turn,
    load_scenarios,
    normalize_rrule,
)

__all__ = [
    "CATEGORIES",
    "PICK_TOOLS",
    "READ_TOOLS",
    "SCENARIOS_DIR",
    "TOOLS",
    "WRITE_TOOLS",
    "ContractError",
    "Expect",
    "ExpectedEvent",
    "OtherUser",
    "Scenario",
    "ScenarioError",
    "SeedEvent",
    "TextStep",
    "ToolCall",
    "ToolStep",
    "Turn",
    "load_scenarios",
    "normalize_rrule",
    "validate_call",
]
