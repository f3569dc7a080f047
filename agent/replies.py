"""What one turn gives back: the ``Reply`` (stored text, receipts, options, what waits for the user), the
items ``Assistant.stream`` yields while it runs, and ``ReplyRecord`` (an HTTP request's answer stored with
the turn)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from agent.language import Lang
from agent.outcomes import Option
from agent.render.receipts import Receipt
from storage import WriteResult

__all__ = ["FinalReply", "PendingState", "Reply", "ReplyDelta", "ReplyRecord", "StreamItem", "ToolActivity"]


@dataclass(frozen=True, slots=True)
class PendingState:
    """What the turn left waiting for the user (stored; the gates of issue 6 finish it without a model)."""

    kind: Literal["needs_value", "needs_choice", "needs_confirmation"]
    field: str | None
    question: str
    expires_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "field": self.field,
            "question": self.question,
            "expires_at": self.expires_at.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class Reply:
    """One turn's answer. ``text`` is exactly what was stored in the transcript."""

    text: str
    turn_id: str
    conversation_id: str
    lang: Lang
    receipts: tuple[Receipt, ...] = ()
    options: tuple[Option, ...] = ()
    pending: PendingState | None = None
    model_round_trips: int = 0
    writes: tuple[WriteResult, ...] = ()
    exit_check: str = "no_claim"
    replaced: bool = False
    fallback_reason: str | None = None
    telemetry: dict[str, Any] = field(default_factory=dict, compare=False)
    route: str = "model"
    """How the turn was answered: "model", "model_unavailable", a gate ("gate_confirm", "gate_cancel",
    "gate_slot", "gate_choice", "gate_command", "gate_expired") with zero model calls, or "attachment" (a file sent with the
    message, routed by code: ``agent.attachments``)."""

    @property
    def trace_id(self) -> str:
        return self.turn_id

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "turn_id": self.turn_id,
            "conversation_id": self.conversation_id,
            "lang": self.lang,
            "receipts": [r.to_json() for r in self.receipts],
            "options": [o.to_json() for o in self.options],
            "pending": self.pending.to_json() if self.pending else None,
            "model_round_trips": self.model_round_trips,
            "writes": [w.to_json() for w in self.writes],
            "exit_check": self.exit_check,
            "replaced": self.replaced,
            "fallback_reason": self.fallback_reason,
            "route": self.route,
        }


@dataclass(frozen=True, slots=True)
class ToolActivity:
    name: str
    status: str
    call_index: int
    type: Literal["tool"] = "tool"


@dataclass(frozen=True, slots=True)
class ReplyDelta:
    text: str
    type: Literal["text"] = "text"


@dataclass(frozen=True, slots=True)
class FinalReply:
    reply: Reply
    type: Literal["final"] = "final"


StreamItem = ToolActivity | ReplyDelta | FinalReply


@dataclass(slots=True)
class ReplyRecord:
    """Store a request's answer with the turn: ``render(reply)`` is stored on the HTTP API's claim of
    ``request_id`` (``storage.api_requests``) in the turn's own commit, so the reply kept for replays and the
    transcript commit together (one transaction fewer per request). ``stored`` says it committed; when it is
    false (the commit failed), the caller stores the answer itself."""

    request_id: str
    render: Callable[[Reply], dict[str, Any]]
    stored: bool = False
    result: dict[str, Any] = field(default_factory=dict)
    """What ``render`` returned (what was stored)."""
    turn_id: str | None = None
    """Run the turn under this id (derived from the request's claim: a retry after a crash finds the
    writes keyed ``<turn id>:<n>``); ``None``: a random one."""
