"""Which texts count as the user's words for a turn's time arguments (``time_grounding``): the segment's
user messages, the pending command's stored time words and the options the assistant printed for it, and —
kept apart — the time phrases of the assistant's own messages, which a model may copy back."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from agent.time_grounding import TIME_FIELDS, names_a_day
from schedule_time import time_phrases

__all__ = ["assistant_times", "earlier_sources", "pending_sources"]


def assistant_times(history: Iterable[Any]) -> tuple[str, ...]:
    """The time phrases of the assistant's messages of the segment (``MessageRecord``s): what a model may
    copy back from a receipt or a question ("4月16日（周三） 14:00–15:00"), oldest first."""
    return tuple(
        phrase
        for m in history
        if getattr(m, "role", None) == "assistant" and m.text
        for phrase in _line_times(m.text)
    )


def _line_times(text: str) -> Iterator[str]:
    """Each line's time phrases — a listing's lines are items of their own ("…, 12:00–7:00 PM:" above
    "- 2:00–3:00 PM" is no range) — and an item's time with the day of the heading above it ("Free …,
    Friday, March 7:" over "- 12:00–2:00 PM" gives "March 7 12:00–2:00 PM": the slot the user saw)."""
    day = None
    for line in text.splitlines():
        phrases = time_phrases(line)
        item = line.lstrip().startswith(("-", "•", "*"))
        if not item:
            days = [p for p in phrases if names_a_day(p)] if line.rstrip().endswith((":", "：")) else []
            day = days[-1] if days else None
        for phrase in phrases:
            yield phrase
            if item and day is not None and not names_a_day(phrase):
                yield f"{day} {phrase}"


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
