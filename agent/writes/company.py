"""Who an event is with, split out of its title by the model: the user's fuller name for the event is the
stretch of their words where the title and the names stand together ("Lunch with Ana", 老陈爬山) — found by
where the names stand, not by which words join them (``writes.left_out`` fills the title from it)."""

from __future__ import annotations

import itertools
import re

from agent.language import HAN_RUN
from agent.title_grounding import cased_like, is_event_kind, kind_said

__all__ = ["title_with_company"]

_CLAUSE = re.compile(r"[,.;!?，。；！？\n]")


def title_with_company(text: str, title: str, company: list[str]) -> str | None:
    """The user's fuller name for the event when the model split who it is with out of the title: the
    stretch of one clause of the message that holds the title and the attendees it names, each next to
    the other with at most one word (or three Han characters) between them — "Lunch with Ana" for "Lunch"
    + Ana, "老陈爬山" for "爬山" + 老陈, "coffee with Sam and Priya". None when the words do not stand
    together so, or the title already names one of them. Where the event is (a location) stays apart: it
    has its own field. Which words join them is not read: only where the names stand. A title that is only
    a kind of event worded otherwise than the user did ("会议" for 开会, "Meeting" for a call) is looked for
    as the user's own kind word: "小王开会" for "会议" + 小王."""
    found = title.strip()
    if not found or any(v.strip().casefold() in found.casefold() for v in company):
        return None
    generic = is_event_kind(found)
    for clause in _CLAUSE.split(text):
        folded = clause.casefold()
        spans = [_span(folded, found.casefold())]
        own = kind_said(clause) if generic and spans[0] is None else None
        if own is not None:  # "会议" for the user's "开会", "Meeting" for their "call": their word stands
            spans = [_span(folded, own.casefold())]
        spans += [_span(folded, v.strip().casefold()) for v in company if v.strip()]
        present = sorted(s for s in spans if s is not None)
        if len(present) < 2 or spans[0] is None:
            continue
        if all(_joined(clause[a[1] : b[0]]) for a, b in itertools.pairwise(present)):
            start, end = present[0][0], max(e for _, e in present)
            if start == spans[0][0] and own is None:
                return found + clause[spans[0][1] : end]
            fuller = clause[start:end].strip()
            return cased_like(fuller, found)
    return None


def _span(text: str, value: str) -> tuple[int, int] | None:
    """Where ``value`` stands in ``text`` as a whole (a Latin value not inside a longer word)."""
    for m in re.finditer(re.escape(value), text):
        before, after = text[m.start() - 1 : m.start()], text[m.end() : m.end() + 1]
        if value[:1].isascii() and before.isalnum() and before.isascii():
            continue
        if value[-1:].isascii() and after.isalnum() and after.isascii():
            continue
        return m.start(), m.end()
    return None


def _joined(gap: str) -> bool:
    """Two names stand together: nothing, or one word, or up to three Han characters between them."""
    words = gap.split()
    if not words:
        return True
    if len(words) == 1 and HAN_RUN.fullmatch(words[0]):
        return len(words[0]) <= 3
    return len(words) == 1 and words[0].isalpha() and words[0].isascii()
