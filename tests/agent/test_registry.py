"""The registry: start-up checks, and the schemas the model sees (no user, owner or tenant anywhere)."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict

import agent
from agent.attachments.narrowing import KEEP_EVENTS, KeepEvents
from agent.context import ToolContext
from agent.outcomes import WriteOutcome
from agent.tools.args import ListEventsArgs
from agent.tools.calendar import CALENDAR_TOOLS, build_registry
from agent.tools.reads import list_events
from agent.tools.registry import (
    FORBIDDEN_FIELD,
    ReadResult,
    Registry,
    RegistryError,
    Tool,
    schema_field_names,
)
from agent.turn.amend import AMEND_PENDING, AmendPending
from evals.contract import AMEND_TOOLS, PICK_TOOLS
from evals.contract import TOOLS as CONTRACT


def test_no_schema_has_a_user_owner_or_tenant_field() -> None:
    for spec in build_registry().specs:
        names = list(schema_field_names(spec.parameters))
        assert not [n for n in names if FORBIDDEN_FIELD.search(n)], spec.name
        assert "user" not in str(spec.parameters).lower(), spec.name


def test_tools_match_the_lead_contract() -> None:
    registry = build_registry()
    assert {t.name for t in registry} == set(CONTRACT) - PICK_TOOLS - AMEND_TOOLS
    # the one tool of a turn with an attached file (agent.attachments.narrowing), offered only there
    assert {KEEP_EVENTS} == PICK_TOOLS and set(KeepEvents.model_fields) == set(
        CONTRACT[KEEP_EVENTS].model_fields
    )
    # the one tool of a reply that answers the pending question and says more (agent.turn.amend)
    assert {AMEND_PENDING} == AMEND_TOOLS
    assert set(AmendPending.model_fields) == set(CONTRACT[AMEND_PENDING].model_fields)
    for tool in registry:
        assert set(tool.args.model_fields) == set(CONTRACT[tool.name].model_fields), tool.name
    kinds = {t.name: t.kind for t in registry}
    assert {n for n, k in kinds.items() if k == "write"} == {
        "create_event",
        "update_event",
        "delete_event",
        "undo_last_change",
    }


def test_specs_are_compact_and_stable() -> None:
    a, b = build_registry().specs, build_registry().specs
    assert a == b
    create = next(s for s in a if s.name == "create_event")
    assert "title" in create.parameters["properties"]  # the field, kept
    assert "title" not in create.parameters and "title" not in create.parameters["properties"]["when"]


class _Open(BaseModel):
    range: str


class _Owned(BaseModel):
    model_config = ConfigDict(extra="forbid")
    range: str
    owner_id: str


class _Nested(BaseModel):
    model_config = ConfigDict(extra="forbid")
    filters: dict[str, _Owned] | None = None


async def _read(ctx: ToolContext, args: ListEventsArgs, call_index: int) -> ReadResult:
    return ReadResult({})


async def _owned(ctx: ToolContext, args: _Owned, call_index: int) -> ReadResult:
    return ReadResult({})


async def _nested(ctx: ToolContext, args: _Nested, call_index: int) -> ReadResult:
    return ReadResult({})


async def _write_returns_read(ctx: ToolContext, args: ListEventsArgs, call_index: int) -> ReadResult:
    return ReadResult({})


async def _write(ctx: ToolContext, args: ListEventsArgs, call_index: int) -> WriteOutcome:
    raise AssertionError


def _sync(ctx: ToolContext, args: ListEventsArgs, call_index: int) -> ReadResult:
    return ReadResult({})


@pytest.mark.parametrize(
    ("tools", "problem"),
    [
        ([Tool("a_tool", "x", ListEventsArgs, _read, "read")] * 2, "duplicate"),
        ([Tool("Bad-Name", "x", ListEventsArgs, _read, "read")], "snake_case"),
        ([Tool("a_tool", " ", ListEventsArgs, _read, "read")], "description"),
        ([Tool("a_tool", "x", _Open, _read, "read")], "forbid extra"),  # type: ignore[arg-type]
        ([Tool("a_tool", "x", _Owned, _owned, "read")], "name a user"),
        ([Tool("a_tool", "x", _Nested, _nested, "read")], "name a user"),
        ([Tool("a_tool", "x", _Owned, _read, "read")], "arguments are not"),
        ([Tool("a_tool", "x", ListEventsArgs, _sync, "read")], "async"),  # type: ignore[arg-type]
        ([Tool("a_tool", "x", ListEventsArgs, _write_returns_read, "write")], "returns"),
        ([Tool("a_tool", "x", ListEventsArgs, _write, "read")], "returns"),
        ([Tool("a_tool", "x", ListEventsArgs, _read, "read", needs_confirmation=True)], "only a write"),
        ([], "at least one"),
        ([Tool("a_tool", "x", ListEventsArgs, _read, "read", examples=(("hi", {"when": "x"}),))], "example"),
    ],
)
def test_start_up_checks(tools: list[Tool], problem: str) -> None:
    with pytest.raises(RegistryError, match=problem):
        Registry(tools)


def test_the_calendar_registry_passes_its_checks() -> None:
    assert len(Registry(CALENDAR_TOOLS)) == 8
    assert Registry([Tool("list_events", "x", ListEventsArgs, list_events, "read")]).get("list_events")


def test_public_api_exports() -> None:
    for name in agent.__all__:
        assert hasattr(agent, name), name
    assert {"Assistant", "Reply", "resume", "Receipt"} <= set(agent.__all__)
