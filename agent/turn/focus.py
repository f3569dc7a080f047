"""The in-focus list: the events most recently shown, created or changed in the current segment, so that
"it", "this", "that meeting", "这个会", "那个" name one of them. Code keeps it (newest first, at most
``MAX_FOCUS`` entries) and the turn store persists it with the conversation state: workers are stateless.

An entry is ``{"event_id", "title", "turn"}``, with ``"written": true`` (and the stored ``location`` and
``attendees``, which the prompt shows so a correction of a name or place has something to replace) while the
event is one the latest turn created or changed (a turn that touches no event clears it): ``just_written`` is the one event a
correction right after a write is about ("actually make it 4", 不对，是下周三). The entries of the newest turn
form the reference group: one event → that event; several (a list was shown) → the user chooses; none →
the user is asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from agent import lexicon_en, lexicon_zh
from agent.matchers import normalize
from agent.outcomes import Persisted
from agent.tools.registry import ReadResult, ToolRun

__all__ = ["MAX_FOCUS", "MAX_SHOWN", "focus_group", "is_anaphor", "is_just_written", "just_written", "updated_focus"]

MAX_FOCUS = 8
MAX_SHOWN = 3
"""A read that shows more events than this puts only its first ``MAX_SHOWN`` in focus."""

_ANAPHOR_EN = re.compile(lexicon_en.POINTER_REFERENCE)
_ANAPHOR_ZH = re.compile(lexicon_zh.POINTER_REFERENCE)
_DEMONSTRATIVE_ZH = re.compile(lexicon_zh.POINTER_DEMONSTRATIVE)


def is_anaphor(reference: str) -> bool:
    """True when an event reference only points back ("it", "that meeting", "这个会", "刚才那个")."""
    said = normalize(reference)
    if not said:
        return False
    if _ANAPHOR_EN.match(said):
        return True
    compact = said.replace(" ", "")
    # The Chinese pattern is all optional parts: demand a demonstrative or "刚才" so "会" alone is a title.
    return bool(_ANAPHOR_ZH.match(compact)) and bool(_DEMONSTRATIVE_ZH.search(compact))


def focus_group(focus: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The newest turn's entries: what "it" can mean."""
    if not focus:
        return []
    newest = focus[0].get("turn")
    return [entry for entry in focus if entry.get("turn") == newest]


def just_written(focus: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The one event the latest turn wrote, when its focus group is exactly that event; else None."""
    group = focus_group(focus)
    if len(group) == 1 and group[0].get("written"):
        return group[0]
    return None


def is_just_written(focus: Sequence[dict[str, Any]], target: dict[str, Any] | None) -> bool:
    """The command's target is the one event the latest turn wrote (a correction of that write)."""
    entry = just_written(focus)
    return entry is not None and str(entry.get("event_id")) == str((target or {}).get("event_id"))


def updated_focus(
    focus: Sequence[dict[str, Any]], runs: Iterable[ToolRun | Persisted], turn_id: str
) -> list[dict[str, Any]]:
    """``focus`` after this turn's tool runs (or a gate's persisted write), newest first."""
    touched: list[dict[str, Any]] = []
    gone: set[str] = set()
    for item in runs:
        result = item.result if isinstance(item, ToolRun) else item
        if isinstance(result, Persisted):
            event = result.result.event
            if result.result.action == "deleted" and result.result.occurrence_start is None:
                gone.add(str(event.id))
                continue
            entry = {"event_id": str(event.id), "title": event.title, "turn": turn_id, "written": True}
            if event.location:
                entry["location"] = event.location
            if event.attendees:
                entry["attendees"] = list(event.attendees)
            touched.append(entry)
        elif isinstance(result, ReadResult) and result.data.get("ok", True):
            shown = [e for e in result.data.get("events") or () if isinstance(e, dict) and e.get("id")]
            touched += [  # ("shown": how many the read listed — its first MAX_SHOWN only are in focus)
                {"event_id": str(e["id"]), "title": str(e.get("title", "")), "turn": turn_id, "shown": len(shown)}
                for e in shown[:MAX_SHOWN]
            ]
    if not touched and not gone:  # the latest turn wrote nothing: no event is "just written" any more
        return [_settled(e) for e in focus]
    # The newest touches first, in the order they happened within the turn (reversed: last touched first).
    fresh: list[dict[str, Any]] = []
    for entry in reversed(touched):
        same = next((e for e in fresh if e["event_id"] == entry["event_id"]), None)
        if same is None:
            fresh.append(entry)
        elif entry.get("written"):  # shown and written in one turn: written
            same.update(entry)
    seen = {e["event_id"] for e in fresh} | gone
    kept = [_settled(e) for e in focus if e.get("event_id") not in seen]
    return (fresh + kept)[:MAX_FOCUS]


_WRITTEN_ONLY = ("written", "location", "attendees")


def _settled(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry of an earlier turn: no longer "just written"."""
    return {k: v for k, v in entry.items() if k not in _WRITTEN_ONLY}
