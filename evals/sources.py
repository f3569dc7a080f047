"""Where a turn's model comes from: the scenario's script (offline) or a real endpoint (live).

Both hand the runner a ``RecordingModel`` per turn, which counts round trips and keeps every tool call
the model made, so the runner derives decisions from facts and never trusts the model's text.

    ScriptSource()          # offline: a ScriptedModel per turn, fed from ``turn.script`` ({id:ref} rendered)
    LiveSource(model)       # live: one shared Model (the embedded one or an endpoint), every turn
    ReplaySource(report)    # a live report's recorded tool calls, played back against the current code
"""

from __future__ import annotations

from collections import deque
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent.model import (
    Message,
    Model,
    ModelResponse,
    ModelUnavailableError,
    ScriptedModel,
    StreamEvent,
    ToolCall,
    ToolChoice,
    ToolSpec,
)
from evals.matching import TitleMode
from evals.scenarios import Scenario, TextStep, ToolStep

__all__ = ["LiveSource", "ModelSource", "RecordingModel", "ReplaySource", "ScriptSource"]


@dataclass
class RecordingModel:
    """Wraps a ``Model``: counts ``complete`` calls and records each response's tool calls.

    ``overrun`` is set when a scripted turn asked the model more often than the script has steps.
    """

    inner: Model
    calls: int = 0
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    overrun: bool = False
    unused_steps: int = 0

    @property
    def name(self) -> str:
        return self.inner.name

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        tool_choice: ToolChoice = "auto",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> ModelResponse:
        self.calls += 1
        response = await self.inner.complete(
            messages, tools, tool_choice=tool_choice, max_tokens=max_tokens, temperature=temperature
        )
        self.tool_calls += [{"name": c.name, "arguments": c.arguments} for c in response.tool_calls]
        return response

    async def stream(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        *,
        tool_choice: ToolChoice = "auto",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> AsyncIterator[StreamEvent]:
        response = await self.complete(
            messages, tools, tool_choice=tool_choice, max_tokens=max_tokens, temperature=temperature
        )
        from agent.model import Completed

        yield Completed(response)

    async def warm(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> None:
        await self.inner.warm(messages, tools)

    async def aclose(self) -> None:
        return None  # the source owns the inner model


class ModelSource(Protocol):
    """What the runner needs from a source of models."""

    title_mode: TitleMode
    scripted: bool
    """True when each turn's model calls are scripted (the runner then checks the script was followed)."""

    def for_turn(self, scenario: Scenario, index: int, ids: dict[str, str]) -> RecordingModel: ...


def _render(value: Any, scenario: Scenario, ids: dict[str, str]) -> Any:
    if isinstance(value, str):
        return scenario.render(value, ids)
    if isinstance(value, list):
        return [_render(v, scenario, ids) for v in value]
    if isinstance(value, dict):
        return {k: _render(v, scenario, ids) for k, v in value.items()}
    return value


class _ScriptedTurn(RecordingModel):
    """A ``RecordingModel`` over a ``ScriptedModel`` whose queue is this turn's steps.

    A call past the end of the script (a gate turn that reached the model, say) answers with
    ``ModelUnavailableError`` — the agent then replies honestly without writing — and sets ``overrun``,
    so the runner reports it instead of crashing the scenario.
    """

    def __init__(self, steps: list[ModelResponse], optional: int = 0) -> None:
        queue = deque(steps)
        self._optional = optional

        def next_step(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ModelResponse | Exception:
            if queue:
                return queue.popleft()
            self.overrun = True
            return ModelUnavailableError("the scenario's script has no step for this model call")

        super().__init__(ScriptedModel(next_step, name="scripted"))  # type: ignore[arg-type]
        self._queue = queue

    @property
    def remaining(self) -> int:
        """Steps never requested, less the optional tail (the answer to a send-back that did not come)."""
        return max(0, len(self._queue) - self._optional)


class ScriptSource:
    """Offline: each turn's model is the scenario's ``script`` for that turn (exact titles compared)."""

    title_mode: TitleMode = "exact"
    scripted = True

    def for_turn(self, scenario: Scenario, index: int, ids: dict[str, str]) -> RecordingModel:
        """The turn's steps; those after a ``sent_back`` step are optional: if code ends the turn instead
        of sending the calls back (a question, a refusal), they are never asked for, and that is no error —
        the turn's expectations say whether what code did was right."""
        steps: list[ModelResponse] = []
        calls = 0
        script = scenario.turns[index].script
        sent_back = [i for i, step in enumerate(script) if isinstance(step, ToolStep) and step.sent_back]
        optional = len(script) - 1 - sent_back[0] if sent_back else 0
        for step in script:
            if isinstance(step, TextStep):
                text = _render(step.text, scenario, ids)
                steps.append(ModelResponse(text=text, finish_reason="stop", request=step.request))
                continue
            tool_calls = []
            for call in step.tool_calls:
                calls += 1
                arguments = _render(call.arguments, scenario, ids)
                tool_calls.append(ToolCall(id=f"call_{index}_{calls}", name=call.name, arguments=arguments))
            steps.append(
                ModelResponse(tool_calls=tuple(tool_calls), finish_reason="tool_calls", request=step.request)
            )
        return _ScriptedTurn(steps, optional)


class LiveSource:
    """Live: every turn talks to the same real model (titles compared by ``title_match`` keywords)."""

    title_mode: TitleMode = "keywords"
    scripted = False

    def __init__(self, model: Model) -> None:
        self.model = model

    def for_turn(self, scenario: Scenario, index: int, ids: dict[str, str]) -> RecordingModel:
        return RecordingModel(self.model)


def _per_answer(values: Any, calls: int) -> list[Any]:
    """A recorded per-answer list (``requests``, ``no_tool_p``, ``request_p``) padded to one entry per call plus the
    reply; empty (all None) where the record has fewer entries than calls (several calls in one answer)."""
    items = list(values or ())
    if len(items) < calls:
        items = []
    return (items + [None] * (calls + 1))[: calls + 1]


class ReplaySource:
    """A live report's model, played back: each turn's recorded tool calls (one per model call, in order),
    then the recorded reply. It answers "what would the current code have made of the same model calls?"
    — a fix for what went wrong after a call shows at once, without a model. It cannot say what the model
    would do next once the code answers differently (that needs a live run), and a response that held
    several calls is replayed as several responses. Titles compare by keywords, as in the live run."""

    title_mode: TitleMode = "keywords"
    scripted = False

    def __init__(self, report: dict[str, Any]) -> None:
        self._turns = {r["scenario"]: r["turns"] for r in report["results"] if r.get("trial", 0) == 0}

    def covers(self, scenario_id: str) -> bool:
        return scenario_id in self._turns

    def for_turn(self, scenario: Scenario, index: int, ids: dict[str, str]) -> RecordingModel:
        turns = self._turns.get(scenario.id, [])
        recorded = turns[index] if index < len(turns) else {"model_tool_calls": [], "reply": ""}
        calls = recorded["model_tool_calls"]
        # one call per answer in JSON mode: the answer's request kind and doubt go with its call
        requests = _per_answer(recorded.get("requests"), len(calls))
        doubts = _per_answer(recorded.get("no_tool_p"), len(calls))
        weights = _per_answer(recorded.get("request_p"), len(calls))
        fluency = _per_answer(recorded.get("confidence"), len(calls))
        steps = [
            ModelResponse(
                tool_calls=(ToolCall(id=f"call_{index}_{n}", name=c["name"], arguments=c["arguments"]),),
                finish_reason="tool_calls",
                request=requests[n - 1],
                no_tool_p=doubts[n - 1],
                request_p=weights[n - 1],
                mean_logprob=fluency[n - 1],
            )
            for n, c in enumerate(calls, 1)
        ]
        steps.append(
            ModelResponse(
                text=recorded.get("reply") or "",
                finish_reason="stop",
                request=requests[len(calls)],
                request_p=weights[len(calls)],
            )
        )
        return _ScriptedTurn(steps)
