"""One model call with one tool the model must call: a side reading of a message, outside the turn's loop.

Two readings use it: which numbered events of an attached file the words keep (``attachments.narrowing``)
and what an answer that says more changes in a pending command (``turn.amend``). Both send a system text
and a context, force the one tool, and take its arguments only if they validate; a provider failure, an
answer in prose or arguments that do not validate give None, and the caller falls back to what it does
without a reading. Telemetry counts the round trip and records the call (``status``) either way.
"""

from __future__ import annotations

import logging
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from agent.model import Model, ModelError, SystemMessage, ToolSpec, UserMessage
from agent.turn.telemetry import TurnTelemetry

__all__ = ["call_one_tool"]

log = logging.getLogger("kairos.agent.turn")

Args = TypeVar("Args", bound=BaseModel)


async def call_one_tool(
    model: Model, instructions: str, context: str, spec: ToolSpec, schema: type[Args], telemetry: TurnTelemetry,
    *, done: str,
) -> Args | None:  # fmt: skip
    """The tool's arguments as ``schema`` (``done``: the telemetry status of a usable call), or None."""
    try:
        with telemetry.stage("model"):
            telemetry.model_round_trips += 1
            response = await model.complete(
                [SystemMessage(instructions), UserMessage(context)], [spec], tool_choice="required"
            )
    except ModelError as exc:
        telemetry.fallback_reason = exc.kind
        log.warning(
            "the model gave no %s reading: %s", spec.name, exc.kind, extra={"turn_id": telemetry.turn_id}
        )
        return None
    for call in response.tool_calls:
        if call.name != spec.name:
            continue
        try:
            args = schema.model_validate(call.arguments)
        except ValidationError:
            break
        telemetry.tools.append({"name": spec.name, "kind": "pick", "call_index": 0, "status": done})
        return args
    telemetry.tools.append({"name": spec.name, "kind": "pick", "call_index": 0, "status": "invalid"})
    telemetry.fallback_reason = telemetry.fallback_reason or "invalid_arguments"
    return None
