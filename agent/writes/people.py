"""A person replaced in an event's attendees is replaced in its title too.

"Lunch with Mark", then a correction of the name: the model changes the attendees (Mark → Marcus) and leaves
the title, which still names Mark. The new title is a computation, not a reading: exactly one name left the
attendees and exactly one came in, the title holds the old name once (a whole Latin word, or a run of Han
characters) and not the new one — then the new name takes the old one's place. Any other shape leaves the
title as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent.language import HAN_RUN

__all__ = ["title_with_new_name"]


def title_with_new_name(title: str, before: Iterable[str] | None, after: Iterable[str] | None) -> str | None:
    """``title`` with the one attendee who left replaced by the one who came in; None when nothing is to
    change or the change is not that plain."""
    old_people, new_people = list(before or ()), list(after or ())
    folded_old = {p.casefold() for p in old_people}
    folded_new = {p.casefold() for p in new_people}
    gone = [p for p in old_people if p.casefold() not in folded_new]
    came = [p for p in new_people if p.casefold() not in folded_old]
    if len(gone) != 1 or len(came) != 1 or not gone[0].strip() or not came[0].strip():
        return None
    old, new = gone[0].strip(), came[0].strip()
    if _find(new, title):
        return None
    spans = _find(old, title)
    if len(spans) != 1:
        return None
    start, end = spans[0]
    return title[:start] + new + title[end:]


def _find(name: str, title: str) -> list[tuple[int, int]]:
    if HAN_RUN.fullmatch(name):
        return [(m.start(), m.end()) for m in re.finditer(re.escape(name), title)]
    pattern = rf"(?<![\w]){re.escape(name)}(?![\w])"
    return [(m.start(), m.end()) for m in re.finditer(pattern, title, flags=re.IGNORECASE)]
