from __future__ import annotations

from agent.model.tool_prompt import render_tool_prompt
from tests.agent.model.tools_fixture import TOOLS


def test_tool_prompt_is_deterministic_and_describes_each_argument() -> None:
    text = render_tool_prompt(TOOLS)
    assert text == render_tool_prompt(TOOLS)
    assert '{"tool": "none", "reply": "<your reply>"}' in text
    assert "## create_event\nCreate one calendar event." in text
    assert "- title (string, required): Short title, in the user's words." in text
    assert "- duration (string): e.g. '1h', '30 minutes'." in text
    assert "- attendees (array of {name: string, email?: string})" in text
    assert '- visibility (one of "private"|"public")' in text
    assert "## list_events" in text
