"""``corrected_answer``: a time answer wrapped in a correction's own words ("actually Sunday", "sorry, I meant
5pm", "Sunday, actually", 其实是周日, 我是说五点) — the time alone, or None.

Those words carry no time and change nothing a caller asked for: the answer to "what time on Saturday?" is
still only a time. They are read at the edges of a reply only (between two times, "9am — I mean 9:30" is two
times, not one range), so they are not fillers of the scan.
"""

from __future__ import annotations

import re

from .slots import is_slot_reply

__all__ = ["corrected_answer"]

_SEP = r"[\s,.:;!?，。：；！？、—–-]*"
_LEADING = re.compile(
    rf"^{_SEP}(?:(?:actually|sorry|oops|wait|i\s+meant?|no\s+wait|"
    rf"其实是|其實是|其实|其實|我是说|我是說|我说的是|我說的是|应该是|應該是|我的意思是){_SEP})+",
    re.IGNORECASE,
)
_TRAILING = re.compile(rf"{_SEP}(?:actually|rather|instead|其实|其實)\W*$", re.IGNORECASE)


def corrected_answer(text: str) -> str | None:
    """The time ``text`` answers with once a correction's own words at its edges are cut; None when it has
    none of them or what is left is not only a time (``is_slot_reply``)."""
    if not isinstance(text, str):
        return None
    core = _TRAILING.sub("", _LEADING.sub("", text, count=1), count=1).strip()
    if not core or core == text.strip() or not is_slot_reply(core):
        return None
    return core
