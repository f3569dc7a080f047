"""``is_slot_reply``: is this message nothing but a date/time answer ("周日下午2点", "at 3 please")?

It reuses the resolver's own scan and composition: a text is a slot reply exactly when every word is
recognised by some language module (as a time piece or a filler), at least one time piece is present,
and the pieces compose into one expression. A new phrasing is therefore added in one place: the rules.
"""

from __future__ import annotations

from .compose import Unusable, compose
from .language import normalise, scan

MAX_REPLY = 120


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
