"""``is_slot_reply``: is this message nothing but a date/time answer ("周日下午2点", "at 3 please")?

It reuses the resolver's own scan and composition: a text is a slot reply exactly when every word is
recognised by some language module (as a time piece or a filler), at least one time piece is present,
and the pieces compose into one expression. A new phrasing is therefore added in one place: the rules.
"""

from __future__ import annotations

import re

from .compose import Unusable, compose
from .language import normalise, scan

MAX_REPLY = 120
_EDGES = " ,.;:!?，。、；：！？…"
_CLAUSE = re.compile(r"[,;!?，。；！？]+")


def is_slot_reply(text: str) -> bool:
    """True when ``text`` is only date/time/duration expressions plus fillers and connectors."""
    if not isinstance(text, str):
        return False
    norm = normalise(text)
    if not norm or len(norm) > MAX_REPLY:
        return False
    found = scan(norm)
    if found.unknown or not found.pieces:
        return False
    try:
        expr = compose(found.pieces)
    except Unusable:
        return False
    return not (expr.kind == "point" and expr.left.number is not None and not expr.left.has_date())


def time_phrases(text: str) -> list[str]:
    """The runs of normalised ``text`` between words no language recognises (and clause punctuation) that
    hold a time piece, in order ("明天下午三点和张三开会" → ["明天下午三点", "三"]). Callers resolve each run (or runs joined)
    to learn which times a sentence names; a run need not resolve on its own."""
    if not isinstance(text, str):
        return []
    norm = normalise(text)
    found = scan(norm)
    runs, pos = [], 0
    for word in found.unknown:
        at = norm.find(word, pos)
        if at < 0:
            continue
        runs.append(norm[pos:at])
        pos = at + len(word)
    runs.append(norm[pos:])
    out = []
    for part in (p for run in runs for p in _CLAUSE.split(run)):
        part = part.strip(_EDGES)
        if part and scan(part).pieces:
            out.append(part)
    return out
