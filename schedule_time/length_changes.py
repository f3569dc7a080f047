"""A change of length whose verb and amount the event's name splits: "extend tomorrow's review by 30 minutes",
"shorten the 3pm call by 10 min", "lengthen the standup on Friday by 15 minutes".

The name holds a time of its own, so the scan reads the day (or clock) and the amount as two phrases, and the
amount alone reads as a length: written as one, the hour-long review would become half an hour long — the
opposite of the change. Chinese puts the amount right after its verb (把明天的评审延长半小时), which the scan
reads whole, so only English needs this.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import pieces as p
from .en_words import DURATION_LIST
from .language import normalise, scan

__all__ = ["split_length_change"]

_SPLIT = re.compile(
    r"\b(?:extend|lengthen|prolong|(?P<short>shorten|cut|trim))(?:ed|ing|s|es)?\b"
    r"(?P<name>(?:\s+(?!by\b)[^\s.!?;。！？；]+){1,6}?)"  # the event's name, in one sentence
    r"\s+by\s+(?:another\s+|an\s+extra\s+)?(?P<dur>" + DURATION_LIST + r")(?![^\W\d_])"
)


@lru_cache(maxsize=1024)   # (grounding asks it of each source of each time argument)
def split_length_change(text: str) -> str | None:
    """The message's one change of length split by the event's name, as a text the time service reads as
    that change ("30 minutes longer", "10 min shorter"); None when there is none, or more than one."""
    found = list(_SPLIT.finditer(normalise(text)))
    if len(found) != 1:
        return None
    m = found[0]
    change = f"{m['dur']} {'shorter' if m['short'] else 'longer'}"
    lengthens = [x for x in scan(normalise(change)).pieces if isinstance(x, p.Lengthen)]
    return change if len(lengthens) == 1 else None
