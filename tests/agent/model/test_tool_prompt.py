from __future__ import annotations

import json

from agent.model import ToolSpec
from agent.model.constrained import build_response_schema
from agent.model.tool_prompt import render_tool_prompt
from tests.agent.model.tools_fixture import TOOLS


def test_tool_prompt_is_deterministic_and_describes_each_argument() -> None:
    text = render_tool_prompt(TOOLS)
    assert text == render_tool_prompt(TOOLS)
    assert '{"tool": "none", "reply": "<your reply>", "request": "<kind>"}' in text
    assert "- cannot_do: " in text and "- calendar_question: " in text  # each request kind is explained
    assert "## create_event\nCreate one calendar event." in text
    assert "- title (string, required): Short title, in the user's words." in text
    assert "- duration (string): e.g. '1h', '30 minutes'." in text
    assert "- attendees (array of {name: string, email?: string})" in text
    assert '- visibility (one of "private"|"public")' in text
    assert "## list_events" in text


def test_examples_are_rendered_as_the_exact_answer_the_model_must_give() -> None:
    spec = ToolSpec(
        "list_events",
        "What is on.",
        {"type": "object", "properties": {"range": {"type": "string"}}, "required": ["range"]},
        examples=(("周四晚上有什么安排", {"range": "周四晚上"}),),
        request="calendar_question",
    )
    text = render_tool_prompt([spec])
    line = next(line for line in text.splitlines() if line.startswith("Example: "))
    said, answer = line.removeprefix("Example: ").split(" -> ")
    assert json.loads(said) == "周四晚上有什么安排"
    assert json.loads(answer) == {"request": "calendar_question", "tool": "list_events", "arguments": {"range": "周四晚上"}}
    assert "周四晚上" in answer  # not \u-escaped: the model reads the same characters the user types
    assert build_response_schema([spec]) == build_response_schema(
        [ToolSpec(spec.name, spec.description, spec.parameters)]
    )
