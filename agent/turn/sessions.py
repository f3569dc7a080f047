"""Sessions: a conversation is cut into segments by silence, and the prompt carries only the current one.

- A new segment starts when the last message is at least ``KAIROS_SESSION_GAP_MINUTES`` (default 120) old
  (decided by ``storage.TurnStore.load``; the gap is read from the environment once, by ``session_gap``).
- The current segment's messages go into the prompt, newest kept first within ``HISTORY_TOKENS``.
- Each earlier segment is one line: its date and size ("2025-03-04 (6 messages)"); the model reads them
  with ``search_conversation_archive`` when the user refers back.
- A message from another day than today carries its absolute date ("[Tue 2025-03-04] …"), so a relative
  date in it ("tomorrow") is never re-read against today.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from storage import MessageRecord, PendingRecord, SegmentSummary

__all__ = [
    "DEFAULT_GAP_MINUTES",
    "HISTORY_TOKENS",
    "earlier_line",
    "estimate_tokens",
    "fit_history",
    "focus_line",
    "pending_line",
    "session_gap",
]

DEFAULT_GAP_MINUTES = 120
HISTORY_TOKENS = 600
"""The current segment's share of the prompt (an estimate: a CJK character ~ 1 token, else 4 chars);
about what six 400-character messages cost before segments existed."""
MAX_MARKERS = 5
MAX_FOCUS_SHOWN = 4
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def session_gap(env: Mapping[str, str] | None = None) -> timedelta:
    """``KAIROS_SESSION_GAP_MINUTES`` (a positive number), else 120 minutes."""
    env = os.environ if env is None else env
    raw = env.get("KAIROS_SESSION_GAP_MINUTES", "").strip()
    try:
        minutes = float(raw) if raw else DEFAULT_GAP_MINUTES
    except ValueError:
        minutes = DEFAULT_GAP_MINUTES
    return timedelta(minutes=minutes if minutes > 0 else DEFAULT_GAP_MINUTES)


def estimate_tokens(text: str) -> int:
    cjk = len(_CJK.findall(text))
    return cjk + (len(text) - cjk + 3) // 4


def dated(record: MessageRecord, *, now: datetime, tz: ZoneInfo, limit: int) -> str:
    """The message text (cut to ``limit``), prefixed with its local date when that is not today."""
    text = record.text[:limit]
    day = record.created_at.astimezone(tz)
    if day.date() != now.astimezone(tz).date():
        return f"[{day.strftime('%a %Y-%m-%d')}] {text}"
    return text


def fit_history(
    history: Sequence[MessageRecord],
    *,
    now: datetime,
    tz: ZoneInfo,
    per_message: int,
    budget: int = HISTORY_TOKENS,
) -> list[tuple[str, str]]:
    """``(role, text)`` of the newest messages that fit ``budget``, oldest first."""
    kept: list[tuple[str, str]] = []
    used = 0
    for record in reversed(history):
        text = dated(record, now=now, tz=tz, limit=per_message)
        cost = estimate_tokens(text)
        if kept and used + cost > budget:
            break
        kept.append((record.role, text))
        used += cost
    return kept[::-1]


def earlier_line(earlier: Sequence[SegmentSummary], tz: ZoneInfo) -> str | None:
    """One line for the earlier segments (newest first), or None when there are none."""
    if not earlier:
        return None
    parts = [
        f"{e.start.astimezone(tz).strftime('%Y-%m-%d')} ({e.messages} messages)"
        for e in earlier[:MAX_MARKERS]
    ]
    more = len(earlier) - MAX_MARKERS
    if more > 0:
        parts.append(f"{more} older")
    return "Earlier conversations (read with search_conversation_archive): " + "; ".join(parts) + "."


def focus_line(focus: Sequence[dict[str, Any]]) -> str | None:
    """The events the conversation is about (shown, created or changed in this segment), newest first:
    the model sees what "it" or "that meeting" can point at instead of guessing (code still checks the
    target it names: ``write_target``)."""
    titles = list(dict.fromkeys(str(e.get("title")) for e in focus if e.get("title")))[:MAX_FOCUS_SHOWN]
    if not titles:
        return None
    just = next((e for e in focus if e.get("written") and e.get("title")), None)
    shown = ", ".join(json.dumps(t, ensure_ascii=False) for t in titles)
    line = f"Events in this conversation, newest first: {shown}."
    if just:
        line += f" Just added or changed: {_with_details(just)}."
    return line


def _with_details(entry: dict[str, Any]) -> str:
    """The title with the stored place and people: "it's Marcus, not Mark" or 不是A店，是B店 corrects one of
    them, and the model can only replace a value it can see (it copies the new one into title, location or
    attendees; grounding still checks it against the user's words)."""
    said = json.dumps(str(entry["title"]), ensure_ascii=False)
    details = []
    if entry.get("location"):
        details.append(f"location {json.dumps(str(entry['location']), ensure_ascii=False)}")
    people = [str(p) for p in entry.get("attendees") or () if p]
    if people:
        details.append(f"attendees {json.dumps(people, ensure_ascii=False)}")
    return f"{said} ({'; '.join(details)})" if details else said


def pending_line(pending: PendingRecord | None) -> str | None:
    """The pending command, for a reply that the gates did not take: the model may complete or change it
    by calling the tool again with all arguments, or leave it (it is dropped)."""
    if pending is None:
        return None
    command = pending.payload.get("command") or {}
    args = {k: v for k, v in (command.get("args") or {}).items() if v not in (None, [], "")}
    target = command.get("target") or {}
    if target.get("title") and "event" in args:
        args["event"] = target["title"]
    shown = ", ".join(f"{k}={v!r}" for k, v in args.items())
    question = str(pending.payload.get("question") or "").replace("\n", " ")[:200]
    return (
        f"Waiting for the user's answer: {command.get('tool')}({shown}); asked: {question!r}. "
        "If the message completes or changes it, call the tool again with all arguments."
    )
