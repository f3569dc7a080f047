"""Constrained-JSON tool calling: one schema, "one of {a tool + its arguments} | {no tool + reply text}".

For models that do not emit native tool-call markup (the embedded model among them), the server is asked
for a JSON object that matches::

    {"tool": "<tool name>", "arguments": {...that tool's argument schema...}, "request": "<kind>"}
    {"tool": "none", "reply": "<text for the user>", "request": "<kind>"}

``request`` is the model's own reading of the message (``REQUEST_KINDS``): code uses it — never a word
list — to tell a request to write from a question, a greeting or something kairos cannot do, and a write
whose kind disagrees with its tool becomes a confirmation, not a write. It comes last: asked first, it
changed the embedded model's tool choice (live dev split, 34 scenarios: 29 → 24 passed; Chinese statements
of a plan went to ``update_event`` as "change"), so the tool is chosen as before and the kind is its
second look at the message.

The schema is built from the same ``ToolSpec``s as the native ``tools=`` payload, and the answer is turned
back into the same ``ToolCall`` objects. Each tool's ``$defs`` are hoisted to the root under a
``<tool>__`` prefix so that ``$ref``s keep resolving once the schemas are merged.
"""

from __future__ import annotations

import copy
import json
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from agent.model.errors import ModelOutputError
from agent.model.messages import ToolCall, ToolChoice, ToolSpec

NO_TOOL = "none"
REQUEST_KINDS: dict[str, str] = {
    "add": "asks to put something new on their calendar",
    "change": "asks to move, edit, delete or undo something on their calendar",
    "calendar_question": "asks what is on their calendar or when they are free",
    "mixed": "asks a calendar question and also to add or change something",
    "cannot_do": "asks for something a calendar cannot do: alarms, timers, booking, buying, sending messages",
    "chat": "anything else: greetings, thanks, statements, questions about other things (weather, facts)",
}
"""The kinds of message the model tells apart in its answer's ``request`` field (see the module doc)."""

__all__ = [
    "NO_TOOL",
    "REQUEST_KINDS",
    "ConstrainedAnswer",
    "ReplyStreamer",
    "build_response_schema",
    "encode_reply",
    "encode_tool_call",
    "llguidance_grammar",
    "new_call_id",
    "parse_constrained",
]


def new_call_id() -> str:
    return "call_" + secrets.token_hex(6)


def _hoist_defs(schema: Mapping[str, Any], prefix: str, defs_out: dict[str, Any]) -> dict[str, Any]:
    body = copy.deepcopy(dict(schema))
    local: dict[str, Any] = {**body.pop("definitions", {}), **body.pop("$defs", {})}
    renamed = {name: f"{prefix}__{name}" for name in local}

    def rewrite(node: Any) -> Any:
        if isinstance(node, dict):
            out: dict[str, Any] = {}
            for key, value in node.items():
                if key == "$ref" and isinstance(value, str):
                    for root in ("#/$defs/", "#/definitions/"):
                        if value.startswith(root) and value[len(root) :] in renamed:
                            value = "#/$defs/" + renamed[value[len(root) :]]
                    out[key] = value
                else:
                    out[key] = rewrite(value)
            return out
        if isinstance(node, list):
            return [rewrite(item) for item in node]
        return node

    for name, definition in local.items():
        defs_out[renamed[name]] = rewrite(definition)
    return rewrite(body)


_REQUEST = {"enum": list(REQUEST_KINDS)}


def _tool_branch(tool: ToolSpec, defs: dict[str, Any], request: bool) -> dict[str, Any]:
    arguments = _hoist_defs(tool.parameters, tool.name, defs)
    arguments.setdefault("type", "object")
    tail = {"request": dict(_REQUEST)} if request else {}
    return {
        "type": "object",
        "properties": {"tool": {"const": tool.name}, "arguments": arguments, **tail},
        "required": ["tool", "arguments", *tail],
        "additionalProperties": False,
    }


def _reply_branch(request: bool) -> dict[str, Any]:
    tail = {"request": dict(_REQUEST)} if request else {}
    return {
        "type": "object",
        "properties": {"tool": {"const": NO_TOOL}, "reply": {"type": "string"}, **tail},
        "required": ["tool", "reply", *tail],
        "additionalProperties": False,
    }


def build_response_schema(
    tools: Sequence[ToolSpec], tool_choice: ToolChoice = "auto", *, request: bool = True
) -> dict[str, Any]:
    """The JSON schema of one answer. ``tool_choice="none"`` allows only a reply, ``"required"`` only tools;
    ``request``: the answer ends with the model's ``request`` kind (``REQUEST_KINDS``)."""
    names = [tool.name for tool in tools]
    if NO_TOOL in names:
        raise ValueError(f"a tool may not be named {NO_TOOL!r}: that name means 'no tool'")
    if len(set(names)) != len(names):
        raise ValueError("tool names must be unique")
    if tool_choice == "required" and not tools:
        raise ValueError("tool_choice='required' needs at least one tool")
    defs: dict[str, Any] = {}
    branches = [] if tool_choice == "none" else [_tool_branch(tool, defs, request) for tool in tools]
    if tool_choice != "required":
        branches.append(_reply_branch(request))
    schema: dict[str, Any] = branches[0] if len(branches) == 1 else {"anyOf": branches}
    if defs:
        schema = {**schema, "$defs": defs}
    return schema


_COMPACT_JSON = {"whitespace_flexible": False, "item_separator": ", ", "key_separator": ": "}


def llguidance_grammar(schema: Mapping[str, Any]) -> str:
    """The same schema as a llama.cpp ``grammar`` for its llguidance engine, with compact JSON enforced.

    Compact output saves the indentation tokens a model otherwise generates (about a quarter of a tool
    call on the embedded model), and each generated token costs ~50-100 ms on two CPU cores.
    """
    return "%llguidance {}\nstart: %json " + json.dumps(
        {**schema, "x-guidance": _COMPACT_JSON}, ensure_ascii=False
    )


def encode_tool_call(call: ToolCall, request: str | None = None) -> str:
    """The JSON the model would have produced for ``call`` (used when replaying history in JSON mode)."""
    tail = {"request": request} if request else {}
    return json.dumps({"tool": call.name, "arguments": call.arguments, **tail}, ensure_ascii=False)


def encode_reply(text: str, request: str | None = None) -> str:
    tail = {"request": request} if request else {}
    return json.dumps({"tool": NO_TOOL, "reply": text, **tail}, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class ConstrainedAnswer:
    """One decoded answer: the reply text or the tool calls, and the model's ``request`` kind (None when
    the answer did not give a known one)."""

    text: str = ""
    calls: tuple[ToolCall, ...] = ()
    request: str | None = None


_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


def parse_constrained(text: str, tools: Sequence[ToolSpec]) -> ConstrainedAnswer:
    """Turn one constrained answer into a ``ConstrainedAnswer``; raise ``ModelOutputError`` if unusable.

    Tolerates what servers without enforcement add (code fences, text around the object); the server
    that enforces the schema never produces those.
    """
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    start, end = body.find("{"), body.rfind("}")
    if start < 0 or end < start:
        raise ModelOutputError("constrained output: no JSON object")
    try:
        obj = json.loads(body[start : end + 1])
    except json.JSONDecodeError:
        raise ModelOutputError("constrained output: invalid JSON") from None
    if not isinstance(obj, dict):
        raise ModelOutputError("constrained output: not a JSON object")
    request = obj.get("request") if obj.get("request") in REQUEST_KINDS else None
    name = obj.get("tool")
    if name in (None, "", NO_TOOL):
        reply = obj.get("reply")
        if not isinstance(reply, str):
            raise ModelOutputError("constrained output: no reply text")
        return ConstrainedAnswer(reply, (), request)
    known = {tool.name for tool in tools}
    if not isinstance(name, str) or name not in known:
        raise ModelOutputError("constrained output: unknown tool")
    arguments = obj.get("arguments", {})
    if not isinstance(arguments, dict):
        raise ModelOutputError("constrained output: arguments are not an object")
    return ConstrainedAnswer("", (ToolCall(id=new_call_id(), name=name, arguments=arguments),), request)


_REQUEST_HEAD = r'(?:"request"\s*:\s*"[a-z_]*"\s*,\s*)?'
_REPLY_START = re.compile(r"^\s*\{\s*" + _REQUEST_HEAD + r'"tool"\s*:\s*"none"\s*,\s*"reply"\s*:\s*"')
_NOT_REPLY = re.compile(r"^\s*\{\s*" + _REQUEST_HEAD + r'"tool"\s*:\s*"(?!none")[^"]*"')
_ESCAPE_LEN = {"u": 6}


class ReplyStreamer:
    """Decodes the ``reply`` string of a no-tool answer while it streams in, so the user sees text early.

    Feed raw content deltas; each call returns the newly decoded reply text (possibly ""). Text is only
    emitted when the answer starts ``{"request": "…", "tool": "none", "reply": "`` (the order the schema
    enforces; the request is optional); a tool
    call emits nothing. The emitted text is always a prefix of the final decoded reply.
    """

    def __init__(self) -> None:
        self._buffer = ""
        self._start: int | None = None  # index in _buffer where the reply string body starts
        self._done_at = 0  # absolute index up to which the body was decoded
        self._closed = False
        self._not_reply = False
        self.emitted = ""

    def feed(self, delta: str) -> str:
        self._buffer += delta
        if self._closed or self._not_reply:
            return ""
        if self._start is None:
            match = _REPLY_START.match(self._buffer)
            if match is None:
                if _NOT_REPLY.match(self._buffer):
                    self._not_reply = True
                return ""
            self._start = self._done_at = match.end()
        out = self._decode_available()
        self.emitted += out
        return out

    def _decode_available(self) -> str:
        buf, i = self._buffer, self._done_at
        safe = i
        while i < len(buf):
            ch = buf[i]
            if ch == '"':
                self._closed = True
                safe = i
                break
            if ch == "\\":
                if i + 1 >= len(buf):
                    break
                step = _ESCAPE_LEN.get(buf[i + 1], 2)
                if i + step > len(buf):
                    break
                if step == 6 and 0xD800 <= _hex(buf[i + 2 : i + 6]) < 0xDC00:
                    # A high surrogate must be decoded together with the low one that follows it.
                    if i + 12 > len(buf):
                        break
                    step = 12
                i += step
            else:
                i += 1
            safe = i
        piece = buf[self._done_at : safe]
        self._done_at = safe + (1 if self._closed else 0)
        if not piece:
            return ""
        try:
            return json.loads('"' + piece + '"', strict=False)
        except json.JSONDecodeError:
            self._not_reply = True  # not what the schema allows; the final parse will judge it
            return ""


def _hex(text: str) -> int:
    try:
        return int(text, 16)
    except ValueError:
        return -1
