"""The model steps of a scenario turn: what a correct model would answer (text, or tool calls), for the
offline scripted eval. Every call is checked against the tool contract (``evals.contract``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from evals.contract import AMEND_TOOLS, PICK_TOOLS, WRITE_TOOLS, ContractError, validate_call
from evals.scenario_events import ScenarioModel

__all__ = ["RequestKind", "Step", "TextStep", "ToolCall", "ToolStep"]


class ToolCall(ScenarioModel):
    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _contract(self) -> ToolCall:
        try:
            validate_call(self.name, self.arguments)
        except ContractError as exc:
            raise ValueError(str(exc)) from None
        return self

    @property
    def is_write(self) -> bool:
        return self.name in WRITE_TOOLS

    @property
    def is_pick(self) -> bool:
        return self.name in PICK_TOOLS

    @property
    def is_amend(self) -> bool:
        return self.name in AMEND_TOOLS


RequestKind = Literal["add", "change", "calendar_question", "mixed", "cannot_do", "chat"]


class TextStep(ScenarioModel):
    """The model answers with text (no tool call); ``request``: the kind it read the message as."""

    text: str = Field(min_length=1)
    request: RequestKind | None = None


class ToolStep(ScenarioModel):
    """The model calls one or more tools in one response.

    ``sent_back``: code is expected to refuse these write calls as fixable (a time that is not in the
    user's words, say) and send the refusal back to the model, so another step follows. Without it a step
    of write calls ends the turn."""

    tool_calls: list[ToolCall] = Field(min_length=1)
    sent_back: bool = False
    request: RequestKind | None = None

    @model_validator(mode="after")
    def _sent_back_writes_only(self) -> ToolStep:
        if self.sent_back and not all(c.is_write for c in self.tool_calls):
            raise ValueError("sent_back: only a step of write calls is sent back (read results always are)")
        return self


def _step_kind(value: Any) -> str:
    if isinstance(value, dict):
        return "tool_calls" if "tool_calls" in value else "text"
    return "tool_calls" if isinstance(value, ToolStep) else "text"


Step = Annotated[
    Annotated[TextStep, Tag("text")] | Annotated[ToolStep, Tag("tool_calls")], Discriminator(_step_kind)
]
