"""Requests aimed at someone else's calendar ("Add a meeting to Priya's calendar", "李雷的日程").

Tools are bound to the authenticated user, so such a request can never touch another user's data; but a
model that calls ``create_event`` for it writes to *this* user's calendar something the user did not ask
for, and a read would present the user's own events as someone else's. Code refuses both when the message
names another owner's calendar, whatever the model chose.

A possessor that is a time expression ("tomorrow's schedule", "下周的日程") means the user's own calendar;
that is decided by ``schedule_time.is_slot_reply`` — the time service's own patterns, not a list here.
"""

from __future__ import annotations

import re

from schedule_time import is_slot_reply

__all__ = ["names_other_calendar"]

_EN_POSSESSIVE = re.compile(
    r"(?P<before>\b[a-z][\w.-]*\s+)?\b(?P<who>[a-z][\w.-]*)['’]s?\s+(?:calendar|schedule|agenda|diary)\b",
    re.IGNORECASE,
)
_EN_PRONOUN = re.compile(r"\b(?:his|her|their)\s+(?:calendar|schedule|agenda|diary)\b", re.IGNORECASE)
# Possessors that are the user's own calendar or a stretch of time ("the day's schedule").
_EN_OWN = frozenset(
    [
        "my",
        "our",
        "your",
        "the",
        "this",
        "that",
        "a",
        "an",
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "year",
        "weekend",
        "morning",
        "afternoon",
        "evening",
        "night",
    ]
)
_ZH_POSSESSIVE = re.compile(r"(?P<who>[\u4e00-\u9fff]{1,6})的(?:日历|日程表|日程|行程|时间表|日曆|行事曆)")
# Words around a possessor that are not an owner: me/us/you, asking verbs, particles ("帮我看看下周的日程").
_ZH_FUNCTION = frozenset("我你您们咱自己本人帮请给把在到加添放改删取消问告诉查看一下个这那些的了吧呢和跟")


def _en_other(match: re.Match[str]) -> bool:
    who = match.group("who").casefold()
    before = (match.group("before") or "").strip().casefold()
    if who in _EN_OWN:
        return False
    return not (is_slot_reply(who) or (before and is_slot_reply(f"{before} {who}")))


def _zh_other(run: str) -> bool:
    """The characters before 的, minus a time expression at their end and function words: a name is left."""
    for cut in range(len(run)):
        if is_slot_reply(run[cut:]):
            run = run[:cut]
            break
    return bool(run.lstrip("".join(_ZH_FUNCTION)).strip("".join(_ZH_FUNCTION)))


def names_other_calendar(text: str) -> bool:
    """Whether the message asks about or for someone else's calendar."""
    if _EN_PRONOUN.search(text):
        return True
    if any(_en_other(m) for m in _EN_POSSESSIVE.finditer(text)):
        return True
    return any(_zh_other(m.group("who")) for m in _ZH_POSSESSIVE.finditer(text))
