from __future__ import annotations

import json

import pytest

from agent.model import ModelOutputError, ToolSpec
from agent.model.constrained import (
    REQUEST_KINDS,
    ConstrainedAnswer,
    ReplyStreamer,
    build_response_schema,
    encode_reply,
    encode_tool_call,
    parse_constrained,
)
from tests.agent.model.tools_fixture import CREATE, LIST, TOOLS


def test_schema_is_one_of_each_tool_or_a_reply() -> None:
    schema = build_response_schema(TOOLS)
    branches = schema["anyOf"]
    assert [b["properties"]["tool"]["const"] for b in branches] == ["create_event", "list_events", "none"]
    assert branches[-1]["required"] == ["tool", "reply", "request"]
    assert branches[0]["required"] == ["tool", "arguments", "request"]
    assert list(branches[0]["properties"])[-1] == "request"  # after the tool: it must not steer the choice
    assert branches[0]["properties"]["request"]["enum"] == list(REQUEST_KINDS)


def test_the_request_field_can_be_left_out() -> None:
    branches = build_response_schema(TOOLS, request=False)["anyOf"]
    assert all("request" not in b["properties"] for b in branches)
    assert branches[-1]["required"] == ["tool", "reply"]
    assert branches[0]["properties"]["arguments"]["required"] == ["title", "when"]


def test_defs_are_hoisted_with_a_tool_prefix_and_refs_rewritten() -> None:
    schema = build_response_schema(TOOLS)
    assert set(schema["$defs"]) == {"create_event__Attendee"}
    items = schema["anyOf"][0]["properties"]["arguments"]["properties"]["attendees"]["items"]
    assert items == {"$ref": "#/$defs/create_event__Attendee"}
    assert "$defs" not in schema["anyOf"][0]["properties"]["arguments"]
    assert CREATE.parameters["$defs"]  # the input spec is left untouched


def test_same_def_name_in_two_tools_does_not_collide() -> None:
    other = ToolSpec(
        "update_event",
        "Update.",
        {
            "type": "object",
            "properties": {"a": {"$ref": "#/$defs/Attendee"}},
            "$defs": {"Attendee": {"type": "string"}},
        },
    )
    schema = build_response_schema([CREATE, other])
    assert {"create_event__Attendee", "update_event__Attendee"} <= set(schema["$defs"])


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        ("auto", ["create_event", "list_events", "none"]),
        ("required", ["create_event", "list_events"]),
        ("none", ["none"]),
    ],
)
def test_tool_choice_restricts_the_branches(choice: str, expected: list[str]) -> None:
    schema = build_response_schema(TOOLS, choice)  # type: ignore[arg-type]
    branches = schema.get("anyOf", [schema])
    assert [b["properties"]["tool"]["const"] for b in branches] == expected


def test_a_tool_named_none_or_duplicated_is_refused() -> None:
    with pytest.raises(ValueError, match="none"):
        build_response_schema([ToolSpec("none", "x", {"type": "object"})])
    with pytest.raises(ValueError, match="unique"):
        build_response_schema([LIST, LIST])


@pytest.mark.parametrize(
    ("text", "reply", "call"),
    [
        ('{"tool": "none", "reply": "Hi!"}', "Hi!", None),
        (
            '{"tool": "list_events", "arguments": {"range": "tomorrow"}}',
            "",
            ("list_events", {"range": "tomorrow"}),
        ),
        ('```json\n{"tool": "none", "reply": "fenced"}\n```', "fenced", None),
        ('Sure: {"tool": "list_events", "arguments": {}} ok', "", ("list_events", {})),
        ('{"tool": "none", "reply": "明天下午三点"}', "明天下午三点", None),
        ('{"reply": "no tool key"}', "no tool key", None),
    ],
)
def test_parse_turns_answers_into_reply_or_calls(text: str, reply: str, call: tuple | None) -> None:
    answer = parse_constrained(text, TOOLS)
    got_reply, calls = answer.text, answer.calls
    assert got_reply == reply
    assert answer.request is None
    if call is None:
        assert calls == ()
    else:
        assert [(c.name, c.arguments) for c in calls] == [call]
        assert calls[0].id.startswith("call_")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ('{"tool": "none", "reply": "cut off', "truncated"),
        ("[1, 2]", "not an object"),
        ('{"tool": "drop_database", "arguments": {}}', "unknown tool"),
        ('{"tool": "list_events", "arguments": "tomorrow"}', "arguments not an object"),
        ('{"tool": "none"}', "no reply text"),
    ],
)
def test_parse_refuses_malformed_answers(text: str, reason: str) -> None:
    with pytest.raises(ModelOutputError):
        parse_constrained(text, TOOLS)


def test_encoders_round_trip_through_the_parser() -> None:
    calls = parse_constrained('{"tool": "list_events", "arguments": {"range": "周末"}}', TOOLS).calls
    assert parse_constrained(encode_tool_call(calls[0]), TOOLS).calls[0].arguments == {"range": "周末"}
    assert parse_constrained(encode_reply('say "hi"\n'), TOOLS) == ConstrainedAnswer('say "hi"\n')
    again = parse_constrained(encode_tool_call(calls[0], "calendar_question"), TOOLS)
    assert again.request == "calendar_question"
    assert parse_constrained(encode_reply("hi", "chat"), TOOLS) == ConstrainedAnswer("hi", (), "chat")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{"request": "add", "tool": "create_event", "arguments": {"title": "x", "when": "5"}}', "add"),
        ('{"request": "cannot_do", "tool": "none", "reply": "I can\'t."}', "cannot_do"),
        ('{"request": "invented", "tool": "none", "reply": "hm"}', None),
        ('{"request": 3, "tool": "none", "reply": "hm"}', None),
    ],
)
def test_the_request_kind_is_read_when_known(text: str, kind: str | None) -> None:
    assert parse_constrained(text, TOOLS).request == kind


def _stream(pieces: list[str]) -> str:
    streamer = ReplyStreamer()
    return "".join(streamer.feed(p) for p in pieces)


@pytest.mark.parametrize(
    "reply",
    ["Hello there", 'quote " and \\ backslash\nnewline', "中文回复，好的", "emoji 😀 ok", "tab\tend"],
)
def test_reply_streamer_emits_the_decoded_reply_for_any_chunking(reply: str) -> None:
    for ascii_only in (True, False):
        text = json.dumps({"tool": "none", "reply": reply}, ensure_ascii=ascii_only)
        for size in (1, 2, 3, 7, len(text)):
            pieces = [text[i : i + size] for i in range(0, len(text), size)]
            assert _stream(pieces) == reply, (ascii_only, size)


def test_reply_streamer_is_silent_for_tool_calls() -> None:
    text = '{"tool": "list_events", "arguments": {"range": "tomorrow", "reply": "x"}}'
    assert _stream(list(text)) == ""
    text = '{"request": "calendar_question", "tool": "list_events", "arguments": {"reply": "x"}}'
    assert _stream(list(text)) == ""


def test_reply_streamer_reads_past_the_request_kind() -> None:
    text = json.dumps({"request": "chat", "tool": "none", "reply": "Hi there"})
    for size in (1, 4, len(text)):
        assert _stream([text[i : i + size] for i in range(0, len(text), size)]) == "Hi there"
