"""Which texts count as the user's words for a turn's time arguments (``time_grounding``): the segment's
user messages, the pending command's stored time words and the options the assistant printed for it, and —
kept apart — the time phrases of the assistant's own messages, which a model may copy back."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agent.time_grounding import TIME_FIELDS
from schedule_time import time_phrases

__all__ = ["assistant_times", "earlier_sources", "pending_sources"]


def assistant_times(history: Iterable[Any]) -> tuple[str, ...]:
    """The time phrases of the assistant's messages of the segment (``MessageRecord``s): what a model may
    copy back from a receipt or a question ("4月16日（周三） 14:00–15:00")."""
    return tuple(
        phrase
        for m in history
        if getattr(m, "role", None) == "assistant" and m.text
        for phrase in time_phrases(m.text)
    )


def earlier_sources(history: Iterable[Any], pending: Any) -> tuple[str, ...]:
    """The current segment's user messages (``MessageRecord``s, oldest first), the pending command's
    stored time words, and the options the assistant printed for it: what a follow-up's time arguments may
    also quote (a model that copies back the option the user picked — "Wednesday, December 9, 8:00–9:00
    PM" — quotes our own words, which the user answered)."""
    texts = [m.text for m in history if getattr(m, "role", None) == "user" and m.text]
    return (*texts, *pending_sources(pending))


def pending_sources(pending: Any) -> tuple[str, ...]:
    """The pending command's stored time words and the options the assistant printed for it: what the user
    was asked about, and answers now."""
    payload = getattr(pending, "payload", None) or {}
    args = (payload.get("command") or {}).get("args") or {}
    texts = [str(args[f]) for f in TIME_FIELDS if isinstance(args.get(f), str) and args[f]]
    texts += [str(o["label"]) for o in payload.get("options") or () if isinstance(o, dict) and o.get("label")]
    return tuple(texts)
