from __future__ import annotations

import json

from agent.model import AssistantMessage, SystemMessage, ToolCall, ToolResultMessage, UserMessage
from agent.model.tool_prompt import render_tool_prompt
from agent.model.wire import native_tools, to_wire_messages
from tests.agent.model.tools_fixture import TOOLS

CALL = ToolCall("call_1", "list_events", {"range": "tomorrow"})
CONVERSATION = [
    SystemMessage("You are a calendar assistant."),
    SystemMessage("Now: 2025-01-01T09:00+08:00"),
    UserMessage("Anything on tomorrow?"),
    AssistantMessage(tool_calls=(CALL,)),
    ToolResultMessage("call_1", "list_events", "[]"),
    AssistantMessage("Nothing tomorrow."),
]


def test_native_tool_call_messages_carry_empty_string_content_not_null() -> None:
    wire = to_wire_messages(CONVERSATION, TOOLS, "native")
    assistant = wire[3]
    assert assistant["content"] == ""
    assert assistant["tool_calls"][0]["function"] == {
        "name": "list_events",
        "arguments": '{"range": "tomorrow"}',
    }
    assert wire[4] == {"role": "tool", "tool_call_id": "call_1", "content": "[]"}
    assert all(m["content"] is not None for m in wire)


def test_native_mode_leaves_the_system_prompt_alone() -> None:
    wire = to_wire_messages(CONVERSATION, TOOLS, "native")
    assert wire[0] == {"role": "system", "content": "You are a calendar assistant."}


def test_json_mode_appends_tools_to_the_first_system_message_only() -> None:
    wire = to_wire_messages(CONVERSATION, TOOLS, "json")
    assert wire[0]["content"] == "You are a calendar assistant.\n\n" + render_tool_prompt(TOOLS)
    assert wire[1]["content"] == "Now: 2025-01-01T09:00+08:00"


def test_json_mode_replays_history_in_the_json_form() -> None:
    wire = to_wire_messages(CONVERSATION, TOOLS, "json")
    assert json.loads(wire[3]["content"]) == {"tool": "list_events", "arguments": {"range": "tomorrow"}}
    assert wire[4] == {"role": "user", "content": "Result of list_events:\n[]"}
    assert json.loads(wire[5]["content"]) == {"tool": "none", "reply": "Nothing tomorrow."}
    assert "tool_calls" not in wire[3]


def test_json_mode_without_a_system_message_gets_one_for_the_tools() -> None:
    wire = to_wire_messages([UserMessage("hi")], TOOLS, "json")
    assert wire[0]["role"] == "system" and wire[0]["content"] == render_tool_prompt(TOOLS)


def test_static_prefix_is_byte_identical_across_turns_and_users() -> None:
    first = to_wire_messages([CONVERSATION[0], SystemMessage("user A"), UserMessage("x")], TOOLS, "json")
    second = to_wire_messages([CONVERSATION[0], SystemMessage("user B"), UserMessage("y")], TOOLS, "json")
    assert first[0] == second[0]


def test_native_tools_payload_keeps_the_registry_schema() -> None:
    payload = native_tools(TOOLS)
    assert payload[0]["type"] == "function"
    assert payload[0]["function"]["parameters"] == dict(TOOLS[0].parameters)
