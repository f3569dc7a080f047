"""What one run records: a ``TurnResult`` per turn and a ``RunResult`` per scenario trial, JSON round-trip.

Everything here is a fact the runner observed (what the store committed, which tools the model called,
what the turn log recorded, how long the turn took); the checks that compare facts with the scenario's
expectations are listed, by name, in ``failures``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

__all__ = ["Decision", "RunResult", "TurnResult"]

Decision = Literal["write", "read", "ask", "none"]


@dataclass
class TurnResult:
    """One turn of one scenario trial."""

    index: int
    user: str
    expected: Decision | None
    """The scenario's decision (``None`` in the intent sweep: no per-turn expectation)."""
    decision: Decision
    gate: str | None = None
    """The gate the scenario expects (``confirm``/``slot``/``command``), if any."""
    route: str = ""
    model_calls: int = 0
    model_tool_calls: list[dict[str, Any]] = field(default_factory=list)
    """``{"name", "arguments"}`` of every tool call the model made this turn, in order."""
    tool_statuses: list[str] = field(default_factory=list)
    requests: list[str | None] = field(default_factory=list)
    """The model's reading of the message in each answer (``constrained.REQUEST_KINDS``)."""
    confidence: list[float | None] = field(default_factory=list)
    """The mean token log-probability of each answer, where the server returns logprobs."""
    no_tool_p: list[float | None] = field(default_factory=list)
    """Per answer: the probability the model gave to answering without a tool where it called one."""
    request_p: list[dict[str, float] | None] = field(default_factory=list)
    """Per answer: the weight the model gave each request kind (kinds with none left out)."""
    writes: list[str] = field(default_factory=list)
    """Actions the store committed this turn ("created", "updated", "deleted", "restored")."""
    write_attempts: list[dict[str, Any]] = field(default_factory=list)
    pending: str | None = None
    options: int = 0
    reply: str = ""
    latency_ms: float = 0.0
    must_not_write: bool = False
    claim_before: bool = False
    """The model's text claimed a write that was not persisted (the exit check caught it)."""
    claim_after: bool = False
    """The reply that left the turn still claims a write that was not persisted (must never happen)."""
    dirty_write: bool = False
    """A write was persisted on a turn that must not write."""
    unbacked_write: bool = False
    """A write was persisted although the model made no write call and no gate had a pending command."""
    dropped_fields: list[str] = field(default_factory=list)
    """Arguments the agent's grounding dropped because the user never said them (an invented location…)."""
    filled_fields: list[str] = field(default_factory=list)
    """Arguments code filled in or replaced (``field:from``, e.g. ``when:user_words``,
    ``when:swapped_with_event_when``): how often code, not the model, set a value."""
    text_question: bool = False
    """The model asked in plain text (no tool, no pending command): counted as ``none``, flagged here."""
    error: str | None = None
    failures: list[str] = field(default_factory=list)

    @property
    def correct(self) -> bool:
        return self.expected is not None and self.expected == self.decision


@dataclass
class RunResult:
    """One trial of one scenario (or one intent-sweep utterance)."""

    scenario: str
    lang: str
    tags: list[str]
    trial: int
    turns: list[TurnResult] = field(default_factory=list)
    calendar_ok: bool = True
    missing: list[dict[str, Any]] = field(default_factory=list)
    """Expected events the final calendar lacks."""
    unexpected: list[dict[str, Any]] = field(default_factory=list)
    """Final events nobody expected."""
    others_unchanged: bool = True
    crashed: bool = False
    failures: list[str] = field(default_factory=list)
    label: str | None = None
    """Intent sweep: the utterance's ``calendar_label``."""
    intent: str | None = None
    """Intent sweep: the source's own intent label (``calendar``, ``GetWeather``, ``oos``, …)."""
    base: str | None = None
    """The scenario a variant set was made from (``None`` for a scenario as written)."""
    variant: int = 0
    """0 for the scenario as written, j for its variant set j (``evals.variants``)."""
    split: str | None = None
    """``dev`` or ``test`` (``evals.split``), filled in by the report."""

    @property
    def success(self) -> bool:
        return not self.failures and not self.crashed

    @property
    def base_id(self) -> str:
        """The scenario as written that this run (a variant set, or the scenario itself) belongs to."""
        return self.base or self.scenario

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["success"] = self.success
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunResult:
        known = {f.name for f in fields(cls)}
        turn_fields = {f.name for f in fields(TurnResult)}
        values = {k: v for k, v in data.items() if k in known and k != "turns"}
        turns = [
            TurnResult(**{k: v for k, v in t.items() if k in turn_fields}) for t in data.get("turns", [])
        ]
        return cls(**values, turns=turns)
