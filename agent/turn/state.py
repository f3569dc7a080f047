"""What one turn has established so far, typed: the facts the tools, guards and checks share.

It replaces the string-keyed flags the turn's modules used to pass decisions between them. Each field says
what happened (the model read the message as a question; an event was shown; this write persisted; this
correction was already sent back once), never what the user "meant": code's guards decide from these
facts. One instance per turn, on ``ToolContext.state``; nothing in it outlives the turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["SendBack", "TurnState"]

SendBack = Literal[
    "title_language", "repetition", "nothing_left", "no_call", "changes_nothing", "another_request",
    "no_such_event", "scope", "named_value_kept", "several_times", "duplicate",
]
"""The one-shot send-backs: each goes back to the model at most once per turn (per call where keyed)."""


@dataclass
class TurnState:
    request: str | None = None
    """The model's reading of the message (``constrained.REQUEST_KINDS``) in its latest answer, or None
    where the model gives none (native tool calling)."""
    request_p: Mapping[str, float] | None = None
    """How the model weighed each request kind in that answer (``ModelResponse.request_p``); None where
    unknown."""
    answer_calls: tuple[tuple[str, dict[str, Any]], ...] = ()
    """The calls of the model's latest answer (tool name, arguments as sent), in order: a read beside a
    write answers a question of its own ("add X Thursday — and what's on Wednesday?"); a time another call
    uses is not this call's."""
    answer_first_call: int = 0
    """The turn's call index of the answer's first call (``answer_calls[i]`` is call ``answer_first_call + i``)."""
    no_tool_p: float | None = None
    """The probability the model gave to answering without a tool in the turn's first answer, when that
    answer called one (``ModelResponse.no_tool_p``); it holds for the turn. None where unknown."""
    first_request: str | None = None
    """The model's reading of the message in the turn's first answer that called a tool (``request``): like
    ``no_tool_p`` it holds for the turn (later answers read tool results as much as the message)."""
    answer_logprob: float | None = None
    """That answer's mean token log-probability (``ModelResponse.mean_logprob``); None where unknown."""
    shown: bool = False
    """The model has read event content this turn (a listing or a search result)."""
    written: set[str] = field(default_factory=set)
    """The ids of the events this turn's writes persisted."""
    unsaid: tuple[str, ...] | None = None
    """The time phrases the turn asked the model about after its writes (``agent.turn.unsaid``)."""
    sent_back: set[tuple[SendBack, int | None]] = field(default_factory=set)
    """Which one-shot send-backs were used, with the call index where they are per call."""
    code_call: int | None = None
    """The call index of a write code proposed for the model (``agent.turn.correction``): it always asks
    yes/no first, since the model never called it."""
    answered: bool = False
    """The message was an answer a gate applied by code (an option picked, a yes, a missing value): its
    words are spent on the question, never read again as a new time for the command."""
    checks: list[dict[str, Any]] = field(default_factory=list)
    """What each guard and reply check decided that was not a plain allow/keep (telemetry ``checks``)."""

    def send_back_once(self, kind: SendBack, call_index: int | None = None) -> bool:
        """True the first time ``kind`` (for this call) is sent back this turn; False after that."""
        key = (kind, call_index)
        if key in self.sent_back:
            return False
        self.sent_back.add(key)
        return True

    def was_sent_back(self, kind: SendBack, call_index: int | None = None) -> bool:
        return (kind, call_index) in self.sent_back
