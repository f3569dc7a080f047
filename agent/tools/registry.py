"""The tool registry: each tool's name, model-facing description, pydantic argument model, handler, kind
(read or write) and whether it always needs confirmation; start-up checks; the ``ToolSpec``s the model
layer turns into native tool payloads and the constrained-JSON schema (both from the same definitions).

Handlers are module-level ``async def handler(ctx: ToolContext, args: <ArgsModel>, call_index: int)``;
``Registry.bind(ctx)`` closes them over one request's context (user, stores, now, zone, turn id). No
argument model may have a user, owner or tenant field: the model cannot even express "someone else's".
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_type_hints

from pydantic import BaseModel, ValidationError

from agent.checks.read_check import Listing
from agent.context import ToolContext
from agent.model import ToolSpec
from agent.outcomes import Rejected, WriteOutcome
from agent.render.free_time import FreeTime

__all__ = [
    "FORBIDDEN_FIELD",
    "BoundTools",
    "ReadResult",
    "Registry",
    "RegistryError",
    "Tool",
    "ToolRun",
    "schema_field_names",
]

ToolKind = Literal["read", "write"]
FORBIDDEN_FIELD = re.compile(r"user|owner|tenant|account|principal", re.IGNORECASE)
_NAME = re.compile(r"^[a-z][a-z0-9_]{1,63}$")


class RegistryError(ValueError):
    """A tool definition breaks a start-up rule (raised when the registry is built)."""


@dataclass(frozen=True, slots=True)
class ReadResult:
    """A read tool's answer: a JSON object for the model (it may say ``"ok": false`` with an error code).
    ``listing``: what a calendar read returned, kept for code (``read_check``), never sent to the model;
    ``refusal``: the user's answer when code refused the read (it replaces the model's reply);
    ``free_time``: what a free-time read found, kept for code like ``listing``."""

    data: dict[str, Any]
    listing: Listing | None = None
    refusal: str | None = None
    free_time: FreeTime | None = None

    def as_text(self) -> str:
        return json.dumps(self.data, ensure_ascii=False, separators=(",", ":"))


Handler = Callable[[ToolContext, Any, int], Awaitable[ReadResult | WriteOutcome]]


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    description: str
    args: type[BaseModel]
    handler: Handler
    kind: ToolKind
    needs_confirmation: bool = False
    examples: tuple[tuple[str, dict[str, Any]], ...] = ()
    """(user message, arguments): shown to models that answer in constrained JSON; validated at start-up."""
    request: str | None = None
    """The request kind a call of this tool answers (``REQUEST_KINDS``); by default "calendar_question" for a read
    and "change" for a write."""

    def spec(self) -> ToolSpec:
        schema = _compact(self.args.model_json_schema())
        request = self.request or ("calendar_question" if self.kind == "read" else "change")
        return ToolSpec(self.name, " ".join(self.description.split()), schema, self.examples, request)


def _compact(node: Any) -> Any:
    """The schema without pydantic's generated ``title`` keywords (prompt tokens the model does not need).
    Property *names* (a field called "title") are kept."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "title" and isinstance(value, str):
                continue
            if key in ("properties", "$defs"):
                out[key] = {name: _compact(sub) for name, sub in value.items()}
            else:
                out[key] = _compact(value)
        return out
    if isinstance(node, list):
        return [_compact(item) for item in node]
    return node


@dataclass(frozen=True, slots=True)
class ToolRun:
    """One executed call: the tool, its validated arguments (or None), and the result or outcome."""

    name: str
    kind: ToolKind
    call_index: int
    args: BaseModel | None
    result: ReadResult | WriteOutcome

    @property
    def status(self) -> str:
        """For telemetry: ``read``, ``invalid``, or the write outcome's kind."""
        if isinstance(self.result, ReadResult):
            return "read" if self.result.data.get("ok", True) else "read_error"
        if isinstance(self.result, Rejected) and self.result.code == "invalid_arguments":
            return "invalid"
        return self.result.kind


def schema_field_names(schema: Mapping[str, Any]) -> Iterator[str]:
    """Every property name anywhere in a JSON schema (nested objects, ``$defs``, arrays, unions)."""
    if isinstance(schema, Mapping):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, Mapping):
                yield from (str(name) for name in value)
            if isinstance(value, Mapping):
                yield from schema_field_names(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, Mapping):
                        yield from schema_field_names(item)


class Registry:
    """An immutable, checked set of tools. Build it once at start-up; ``specs`` is computed once."""

    def __init__(self, tools: Iterable[Tool]) -> None:
        self._tools: dict[str, Tool] = {}
        for tool in tools:
            _check(tool)
            if tool.name in self._tools:
                raise RegistryError(f"duplicate tool name {tool.name!r}")
            self._tools[tool.name] = tool
        if not self._tools:
            raise RegistryError("a registry needs at least one tool")
        self.specs: tuple[ToolSpec, ...] = tuple(t.spec() for t in self._tools.values())

    def __iter__(self) -> Iterator[Tool]:
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def bind(self, ctx: ToolContext) -> BoundTools:
        """This request's tools: the handlers closed over ``ctx``."""
        return BoundTools(self, ctx)


class BoundTools:
    """The registry's tools bound to one request's context. ``run`` validates and executes one call."""

    def __init__(self, registry: Registry, ctx: ToolContext) -> None:
        self.registry = registry
        self.ctx = ctx

    async def run(self, name: str, arguments: Mapping[str, Any], call_index: int) -> ToolRun:
        tool = self.registry.get(name)
        if tool is None:
            problem = {
                "field": "(tool)",
                "problem": "unknown_tool",
                "allowed": ", ".join(self.registry._tools),
            }
            rejected = Rejected("invalid_arguments", "", fixable=True, problems=(problem,))
            return ToolRun(name, "read", call_index, None, rejected)
        try:
            args = tool.args.model_validate(dict(arguments))
        except ValidationError as exc:
            problems = tuple(
                {"field": ".".join(str(p) for p in err["loc"]) or "(arguments)", "problem": err["type"]}
                for err in exc.errors(include_url=False, include_context=False, include_input=False)
            )
            rejected = Rejected("invalid_arguments", "", fixable=True, problems=problems)
            return ToolRun(tool.name, tool.kind, call_index, None, rejected)
        result = await tool.handler(self.ctx, args, call_index)
        return ToolRun(tool.name, tool.kind, call_index, args, result)


def _check(tool: Tool) -> None:
    where = f"tool {tool.name!r}"
    if not _NAME.match(tool.name):
        raise RegistryError(f"{where}: names are lower_snake_case")
    if not tool.description.strip():
        raise RegistryError(f"{where}: needs a description for the model")
    if tool.kind not in ("read", "write"):
        raise RegistryError(f"{where}: kind must be 'read' or 'write'")
    if tool.needs_confirmation and tool.kind != "write":
        raise RegistryError(f"{where}: only a write can need confirmation")
    if not (isinstance(tool.args, type) and issubclass(tool.args, BaseModel)):
        raise RegistryError(f"{where}: args must be a pydantic model class")
    if tool.args.model_config.get("extra") != "forbid":
        raise RegistryError(f"{where}: its argument model must forbid extra fields")
    if not inspect.iscoroutinefunction(tool.handler):
        raise RegistryError(f"{where}: the handler must be an async function")
    hints = get_type_hints(tool.handler)
    params = list(inspect.signature(tool.handler).parameters)
    if len(params) != 3:
        raise RegistryError(f"{where}: the handler takes (ctx, args, call_index)")
    if hints.get(params[0]) is not ToolContext:
        raise RegistryError(f"{where}: the handler's first parameter must be a ToolContext")
    if hints.get(params[1]) is not tool.args:
        raise RegistryError(f"{where}: the handler's arguments are not {tool.args.__name__}")
    returns = hints.get("return")
    expected = ReadResult if tool.kind == "read" else WriteOutcome
    if returns != expected:
        raise RegistryError(
            f"{where}: a {tool.kind} handler returns {getattr(expected, '__name__', expected)}"
        )
    for said, arguments in tool.examples:
        try:
            tool.args.model_validate(arguments)
        except ValidationError as exc:
            raise RegistryError(f"{where}: example {said!r} does not fit its arguments: {exc}") from exc
    schema = tool.args.model_json_schema()
    for field_name in schema_field_names(schema):
        if FORBIDDEN_FIELD.search(field_name):
            raise RegistryError(f"{where}: argument {field_name!r} would let the model name a user")
