"""An event pointed at by its place in the list the last turn showed ("push the 3rd item to 4", 第二个取消).

The model turns "the 2nd item" into a title, and often the wrong one (the first event of the list, the one
it read most recently). Which event stands second is a fact code holds: the newest focus group is the list
the last turn showed, in the order it was shown. A position word is a bounded field — an ordinal with a
pointer noun ("the 2nd one", "the third item", 第二个, 最后一项), parsed here, never a reading of what the
user wants — and one that is part of a time phrase ("the second Friday", 第二个周五) is the time service's.

The position decides the event when the message holds exactly one position word, it falls inside the
list, the list is one read's whole list as shown (not a write — a correction of a write is
``focus.just_written``'s — nor a longer list of which only the first events are in focus), and the
message names no event of the list by its title words (then the user named it, and the model's reference is
resolved as usual). A repeating event is left to the usual path: its place in a list is one occurrence,
which the scope question settles.
"""

from __future__ import annotations

import re

from agent.context import ToolContext
from agent.matchers import ordinal_position
from agent.turn.focus import focus_group
from agent.writes.references import Found, Ref
from agent.writes.title_match import shares_a_word
from schedule_time import time_phrases
from schedule_time.language import normalise
from storage import EventNotFound, InvalidInput

__all__ = ["shown_at_position"]

_EN = re.compile(
    r"\b(?:the\s+)?(?P<n>first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)\s+"
    r"(?:one|event|item|entry|thing|appointment|meeting)\b"
    r"|\b(?:number|no\.?|#)\s*(?P<d>[1-5])\b",
    re.IGNORECASE,
)
_ZH = re.compile(r"第(?P<n>[一二两三四五]|[1-5])(?:个|個|项|項|件|条|條)|(?P<l>最后|最後)一?(?:个|個|项|項|件|条|條)")


def _positions(text: str) -> list[str]:
    """The ordinal token of each position word of ``text`` ("second", "2", 二, "last", 最后). An English one needs
    its pointer noun ("the third item"), so it is never a date; a Chinese one inside a time phrase of the time
    service (第二个周五, 这个月第二个周末) is part of that time, not a position."""
    found = [(m.group("n") or m.group("d")).casefold() for m in _EN.finditer(text)]
    spans = [(at, at + len(p)) for p in time_phrases(text) if (at := text.find(normalise(p))) >= 0]
    for match in _ZH.finditer(text):
        if not any(a <= match.start() and match.end() <= b for a, b in spans):
            found.append(match.group("n") or match.group("l"))
    return found


async def shown_at_position(ctx: ToolContext) -> Found | None:
    """The event the newest message points at by its place in the list the last turn showed; None when the
    message points at no such place (see the module docstring)."""
    group = focus_group(ctx.focus)
    if ctx.state.shown:  # this turn read a list of its own ("what do I have monday? drop the 2nd item"): not in focus yet
        return None
    if len(group) < 2 or any(entry.get("written") or entry.get("shown") != len(group) for entry in group):
        return None  # not one read's whole list (a write, a longer list cut short, two reads in one turn)
    text = normalise(ctx.user_text)
    positions = _positions(text)
    if len(positions) != 1:
        return None
    shown = list(reversed(group))  # (focus holds a turn's events last shown first)
    index = ordinal_position(positions[0], len(shown))
    if index is None:
        return None
    if any(shares_a_word(ctx.user_text, str(entry.get("title") or "")) for entry in shown):
        return None  # the message names an event of the list: the model's reference is resolved as usual
    try:
        event = await ctx.events.get(shown[index]["event_id"])
    except (EventNotFound, InvalidInput, KeyError):
        return None
    if event.recurring:
        return None
    return Found(Ref(event, event.start, event.end, occurrence=False))
