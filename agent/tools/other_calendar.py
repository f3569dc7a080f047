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

from agent.context import ToolContext
from agent.writes.references import events_sharing_a_word
from schedule_time import is_slot_reply

__all__ = ["asks_about_someone", "names_other_calendar", "whose_is_someone_else"]

_SELF = frozenset(
    ["me", "my", "mine", "myself", "i", "you", "your", "yours", "user", "the user", "none", "null", "我", "我的",
     "自己", "本人", "你", "您", "用户"]
)  # fmt: skip
"""The model's ways of naming the user (or nobody) in a read's ``whose``: a bounded field's values."""


async def whose_is_someone_else(ctx: ToolContext, whose: str | None) -> bool:
    """The model's reading that a read is of another person's calendar (the read's ``whose``), held to
    facts: the name is the user's own words, not the user, not a time ("tomorrow's"), and no event on the
    calendar shares a word with it (a small model puts the event asked about there: "when is my dentist?"
    came with whose="dentist"; "lunch with Bob" names an event, not Bob's calendar)."""
    name = (whose or "").strip()
    folded = name.casefold()
    if not name or folded in _SELF or folded not in ctx.user_text.casefold() or is_slot_reply(name):
        return False
    return not await events_sharing_a_word(ctx, name, name, limit=5)

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
_ZH_FUNCTION = "我你您们咱自己本人帮请给把在到加添放改删取消问告诉查看一下个这那些的了吧呢和跟"


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
    return bool(run.strip(_ZH_FUNCTION))


# "李雷明天有什么安排", "老板周五有空吗": a question about someone's time without 的日程.
_ZH_ASKS = re.compile(
    r"(?P<run>[\u4e00-\u9fff0-9:：点半]{2,24}?)(?:有什么安排|有啥安排|有什么事|有安排吗|有空吗|有没有空|有空没|忙不忙|忙吗|在忙什么)"
)
# Extra words around a possessor in a question ("所以", "请问", "麻烦"): never a name on their own.
_ZH_ASKING = _ZH_FUNCTION + "所以然后那么请问麻烦能可还都又再要会就"
# "What does Priya have tomorrow?", "Is Bob free on Friday?", "when is Li Lei available".
_EN_ASKS = re.compile(
    r"\b(?i:what\s+does|what\s+has|is|when\s+is|what(?:'s|\s+is)|does)\s+"
    r"(?P<who>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?i:have|got|free|busy|available|doing|up\s+to)\b"
)
_EN_NOT_NAMES = frozenset(["I", "It", "There", "This", "That", "Everyone", "Anyone", "He", "She", "They"])


def _zh_asks(run: str) -> bool:
    """Characters before the question, minus a time expression at their end: a name must be left, and
    the time must be there (最近有什么安排 has no name; 李雷有什么安排 is left to the model)."""
    for cut in range(len(run)):  # the longest time expression at the end ("周三下午", not "三下午")
        if is_slot_reply(run[cut:]):
            who = run[:cut].strip(_ZH_ASKING)
            return bool(who) and not is_slot_reply(who)
    return False


def asks_about_someone(text: str) -> bool:
    """Whether a question asks about another person's time ("Is Bob free Friday?", "李雷明天有空吗").

    Used for reads only: the user's own calendar must not be read out as someone else's. A write
    naming a person ("lunch with Bob") is the user's own event, so this never guards writes.
    """
    for m in _EN_ASKS.finditer(text):
        who = m.group("who")
        if who.split()[0] not in _EN_NOT_NAMES and not is_slot_reply(who):
            return True
    return any(_zh_asks(m.group("run")) for m in _ZH_ASKS.finditer(text))


def names_other_calendar(text: str) -> bool:
    """Whether the message asks about or for someone else's calendar."""
    if _EN_PRONOUN.search(text):
        return True
    if any(_en_other(m) for m in _EN_POSSESSIVE.finditer(text)):
        return True
    return any(_zh_other(m.group("who")) for m in _ZH_POSSESSIVE.finditer(text))
