"""``ToolContext``: what a request's tools are bound to. Built once per turn by the assistant; never part of
any tool schema, so the model cannot name a user, an owner or a tenant."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from agent.language import Lang
from agent.turn.state import TurnState
from schedule_time import without_denied
from storage import ConversationStore, EventStore, TurnStore

if TYPE_CHECKING:
    from agent.outcomes import Command

__all__ = ["ToolContext"]


@dataclass(frozen=True, slots=True)
class ToolContext:
    """The authenticated user's stores, this turn's ``now`` (aware) and zone, and the user's message
    (for grounding free-text fields). ``notes`` collects operator-facing facts (dropped fields...).
    ``focus``: the events in focus in the current segment, newest first (``{"event_id", "title", "turn"}``);
    ``segment``: the current segment's number; ``turns``: for the archive search of earlier segments.
    ``earlier_texts``: the current segment's earlier user messages and the pending command's time words,
    which (with ``user_text``) ground a follow-up's time arguments (``time_grounding``). ``memo``: this
    turn's time resolutions by (text, now, zone) (``time_grounding.Memo``) and its one-shot flags (a title
    sent back for its language), never shared between turns."""

    user_id: uuid.UUID
    events: EventStore
    conversations: ConversationStore
    conversation_id: str
    now: datetime
    tz: ZoneInfo
    turn_id: str
    lang: Lang
    user_text: str
    notes: list[dict[str, object]] = field(default_factory=list)
    focus: tuple[dict[str, Any], ...] = ()
    segment: int = 0
    turns: TurnStore | None = None
    earlier_texts: tuple[str, ...] = ()
    memo: dict[tuple[object, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    shown_times: tuple[str, ...] = ()
    """The time phrases of what the assistant said in this segment (receipts, options, questions): a time
    argument copied back from them is our own words, which the user read — grounded for times only, never
    for titles or names."""
    pending_texts: tuple[str, ...] = ()
    """The pending command's time words and printed options (``time_sources.pending_sources``): what the
    user was just asked, and may answer with our own words."""
    pending_create: Command | None = None
    """The new event the pending question is about, not yet written (``writes.pending_change``): an update
    of it in this message changes it."""
    state: TurnState = field(default_factory=TurnState, repr=False, compare=False)
    """What this turn established so far (``agent.turn.state``): shared by tools, guards and checks."""

    @property
    def time_sources(self) -> tuple[str, ...]:
        """The texts a time argument may quote, oldest first, this turn's message last — without the times it
        denies ("5pm, not 4pm": the 4pm is the one the user says is wrong)."""
        return (*self.earlier_texts, without_denied(self.user_text))

    @property
    def tz_name(self) -> str:
        return self.tz.key
