"""The items of a list of times ("saturday and sunday", "at 9am and 5pm", 周二、周四晚上八点): a phrase the time
service reads as no one time, split at its list words, each item that reads on its own. A bare hour listed
after a clock ("at 9 and 4", 9点和10) is an hour, as the clock before it is. One answer for the turn's "left
out" prompt (an item no call used) and the write guard that sends a call with two times in one argument back.
Splitting a time expression is parsing a bounded field; what the user wants from it stays the model's."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from agent.language import HAN_RUN
from agent.time_grounding import Memo, resolved
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock

__all__ = ["list_items"]

_LIST_SEP = re.compile(r"\s*(?:,|，|、|;|；|\band\b|&|和|及|与|與)\s*")


def list_items(phrase: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None) -> list[str]:
    """The items of ``phrase`` when it is a list that reads as no one time, each that reads alone; [] for a
    phrase that reads as one time ("every mon and wed", "between 9 and 5") or is no list."""
    parts = [p for p in _LIST_SEP.split(phrase) if p]
    if len(parts) < 2 or resolved(phrase, now=now, tz=tz, memo=memo).status != "unresolved":
        return []
    parts = [_hour_after_a_clock(p, parts[i - 1]) if i else p for i, p in enumerate(parts)]
    return [p for p in parts if resolved(p, now=now, tz=tz, memo=memo).status != "unresolved"]


def _hour_after_a_clock(part: str, before: str) -> str:
    """A bare number listed after a clock is an hour: "at 4" (4点); any other item stands as written."""
    said = part.strip()
    if not (said.isdigit() and 0 < int(said) <= 24):
        return part
    if not any(isinstance(piece, Clock) for piece in scan(normalise(before)).pieces):
        return part
    return f"{said}点" if HAN_RUN.search(before) else f"at {said}"
