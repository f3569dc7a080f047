"""Tool descriptions as prompt text, for constrained-JSON mode (where the server does not render tools).

The text is deterministic (same ToolSpecs → byte-identical text), so it belongs to the static prompt
prefix that the server caches. It is kept compact: on two CPU cores every 100 prompt tokens cost more
than a second when the cache is cold.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from agent.model.constrained import NO_TOOL, REQUEST_KINDS, encode_tool_call
from agent.model.messages import ToolCall, ToolSpec

__all__ = ["render_tool_prompt"]

_HEADER = (
    "# Tools\n"
    "Answer with exactly one JSON object and nothing else:\n"
    '- to use a tool: {"tool": "<tool name>", "arguments": {...}, "request": "<kind>"}\n'
    f'- to answer without a tool: {{"tool": "{NO_TOOL}", "reply": "<your reply>", "request": "<kind>"}}\n'
    "request: what the user's message is:\n"
    + "".join(f"- {kind}: {meaning}\n" for kind, meaning in REQUEST_KINDS.items())
    + "When a tool does what the user asks, call it: never say you did something without its tool.\n"
)


def render_tool_prompt(tools: Sequence[ToolSpec]) -> str:
    """The tool block appended to the static system prompt in JSON mode."""
    parts = [_HEADER]
    for tool in tools:
        parts.append(_render_tool(tool))
    return "\n".join(parts).rstrip() + "\n"


def _render_tool(tool: ToolSpec) -> str:
    schema = tool.parameters
    defs: Mapping[str, Any] = {**schema.get("definitions", {}), **schema.get("$defs", {})}
    lines = [f"## {tool.name}", " ".join(tool.description.split())]
    required = set(schema.get("required", ()))
    for name, prop in schema.get("properties", {}).items():
        lines.append("- " + _render_property(name, prop, name in required, defs))
    for said, arguments in tool.examples:
        call = encode_tool_call(ToolCall("example", tool.name, dict(arguments)), tool.request)
        lines.append(f"Example: {json.dumps(said, ensure_ascii=False)} -> {call}")
    return "\n".join(lines) + "\n"


def _render_property(name: str, prop: Mapping[str, Any], required: bool, defs: Mapping[str, Any]) -> str:
    resolved = _resolve(prop, defs)
    text = f"{name} ({_type_text(resolved, defs)}{', required' if required else ''})"
    description = resolved.get("description") or prop.get("description")
    if description:
        text += ": " + " ".join(str(description).split())
    return text


def _resolve(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = schema.get("$ref")
    if isinstance(ref, str):
        target = defs.get(ref.rsplit("/", 1)[-1])
        if isinstance(target, Mapping):
            merged = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
            return merged
    return schema


def _type_text(schema: Mapping[str, Any], defs: Mapping[str, Any], depth: int = 0) -> str:
    schema = _resolve(schema, defs)
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return "one of " + "|".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [o for o in schema[key] if _resolve(o, defs).get("type") != "null"]
            return " or ".join(_type_text(o, defs, depth) for o in options) or "null"
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind if k != "null")
    if kind == "array":
        items = schema.get("items")
        return "array of " + (_type_text(items, defs, depth + 1) if isinstance(items, Mapping) else "any")
    if kind == "object" and "properties" in schema and depth < 2:
        required = set(schema.get("required", ()))
        fields = ", ".join(
            f"{k}{'' if k in required else '?'}: {_type_text(v, defs, depth + 1)}"
            for k, v in schema["properties"].items()
        )
        return "{" + fields + "}"
    text = str(kind or "any")
    if "format" in schema:
        text += f", {schema['format']}"
    return text
