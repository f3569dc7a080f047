"""One structured record per turn, into ``db.turn_log`` (kind ``"turn"``) and the ``kairos.agent.turn``
logger. No message bodies, arguments' values or keys unless the logger is at DEBUG.

Record payload::

    {"route": "model" | "model_unavailable" | "gate_confirm" | "gate_cancel" | "gate_slot" | "gate_choice"
              | "gate_command" | "gate_expired" | "attachment", "new_segment": false, "model": "<name>", "model_round_trips": 1,
     "tools": [{"name": "create_event", "kind": "write", "call_index": 0, "status": "persisted" |
                "needs_value" | "needs_choice" | "needs_confirmation" | "rejected" | "invalid" | "read" |
                "read_error", "code": "<rejection code>" | null, "problems": ["when:missing", ...]}],
     "validation_retries": 0, "writes_persisted": [{"action": "created", "event_id": "...", "audit_id": 7}],
     "pending": "needs_confirmation" | null, "exit_check": "no_claim" | "verified" | "unverified_write_claim",
     "read_check": "none" | "reported" | "replaced" | "refused" | "unanswered",
     "dropped_fields": [{"dropped": "location", "tool": "create_event", "call_index": 0}],
     "filled_fields": [{"filled": "when", "from": "user_words", "tool": "update_event", "call_index": 0},
                       {"replaced": "when", "reason": "the_users_phrase", "tool": "update_event", "call_index": 0}]
                      (agent.writes.left_out: what the model left out and code took from the user's words),
     "fallback_reason": null | "timeout" | "unavailable" | "rate_limited" | "rejected" | "malformed_output"
                        | "too_many_rounds" | "invalid_arguments" | "guidance_echo" | "user_echo"
                        | "internal_talk" | "wrong_language" | "unkept_promise",
     "unsaid_prompt": false (the model was asked about a time in the message no tool call used),
     "clause_calls": 0 (model calls made with only a left-out clause of the message, agent.turn.clause_call),
     "read_forced": false (a calendar question the model answered unread: code made the read, agent.checks.unread),
     "requests": ["add" | "change" | "calendar_question" | "mixed" | "cannot_do" | "chat" | null, ...] (the model's reading of
                 the message, per round trip),
     "checks": [{"name": "ground_times", "verdict": "send_back" | "refuse" | "amend" | "confirm" | "replace",
                 ...}] (every guard and reply check that did not simply allow or keep),
     "confidence": [-0.12 | null, ...] (the mean token log-probability of each answer, where the server
                   returns logprobs),
     "no_tool_p": [0.02 | null, ...] (per answer that called a tool: the probability the model gave to
                  answering without one; a write above ``writes.store.DOUBT`` confirms first),
     "request_p": [{"chat": 0.6, "calendar_question": 0.3} | null, ...] (per answer: the weight the model
                  gave each request kind, kinds with none left out),
     "lang": "en" | "zh", "latency_ms": {"prompt": .., "gate": .., "model": .., "tools": .., "exit_check": ..,
     "persist": .., "code_total": .., "total": ..}}

The stored record is written in the turn's own commit, so its ``persist``/``total`` stop before that
commit; ``Reply.telemetry`` (and the log line) carry the whole turn.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

__all__ = ["TurnTelemetry"]

log = logging.getLogger("kairos.agent.turn")


@dataclass
class TurnTelemetry:
    turn_id: str
    lang: str
    route: str = "model"
    new_segment: bool = False
    model: str = ""
    model_round_trips: int = 0
    tools: list[dict[str, Any]] = field(default_factory=list)
    validation_retries: int = 0
    writes_persisted: list[dict[str, Any]] = field(default_factory=list)
    pending: str | None = None
    exit_check: str = "no_claim"
    read_check: str = "none"
    fallback_reason: str | None = None
    unsaid_prompt: bool = False
    clause_calls: int = 0
    read_forced: bool = False
    requests: list[str | None] = field(default_factory=list)
    confidence: list[float | None] = field(default_factory=list)
    no_tool_p: list[float | None] = field(default_factory=list)
    request_p: list[dict[str, float] | None] = field(default_factory=list)
    checks: list[dict[str, Any]] = field(default_factory=list)
    dropped_fields: list[dict[str, Any]] = field(default_factory=list)
    filled_fields: list[dict[str, Any]] = field(default_factory=list)
    latency_ms: dict[str, float] = field(default_factory=dict)
    _started: float = field(default_factory=time.perf_counter)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        began = time.perf_counter()
        try:
            yield
        finally:
            self.latency_ms[name] = round(
                self.latency_ms.get(name, 0.0) + (time.perf_counter() - began) * 1000, 3
            )

    def finish(self) -> dict[str, Any]:
        total = (time.perf_counter() - self._started) * 1000
        self.latency_ms["total"] = round(total, 3)
        self.latency_ms["code_total"] = round(total - self.latency_ms.get("model", 0.0), 3)
        return self.payload()

    def payload(self) -> dict[str, Any]:
        return {
            "route": self.route,
            "new_segment": self.new_segment,
            "model": self.model,
            "model_round_trips": self.model_round_trips,
            "tools": self.tools,
            "validation_retries": self.validation_retries,
            "writes_persisted": self.writes_persisted,
            "pending": self.pending,
            "exit_check": self.exit_check,
            "read_check": self.read_check,
            "dropped_fields": self.dropped_fields,
            "filled_fields": self.filled_fields,
            "fallback_reason": self.fallback_reason,
            "unsaid_prompt": self.unsaid_prompt,
            "clause_calls": self.clause_calls,
            "read_forced": self.read_forced,
            "requests": list(self.requests),
            "confidence": list(self.confidence),
            "no_tool_p": list(self.no_tool_p),
            "request_p": list(self.request_p),
            "checks": list(self.checks),
            "lang": self.lang,
            "latency_ms": dict(self.latency_ms),
        }

    def emit(self, payload: dict[str, Any]) -> None:
        log.info("turn", extra={"turn_id": self.turn_id, "turn": payload})
