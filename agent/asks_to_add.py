"""Whether a message asks to put something on the calendar (and is not a question about it).

The embedded model answers "周日全天家庭日，帮我留出来" with ``find_free_time`` (live eval, three scenarios of
this kind): the read succeeds, a note says the user did not ask for free time, and the model replies in prose
("好的，我会记住你的请求。") — nothing is added. When the message plainly asks to add, the free-time read is the
wrong tool and goes back to the model as a fixable error naming the right one.

A plan stated with no verb asking to add ("後天七點半開會", "明天和设计师对一下稿子", "dinner with Kat Friday
at 8") is the same request (``states_a_plan``): not a question, not a request to see the calendar. The caller
also requires a time phrase in it.
"""

from __future__ import annotations

import re

__all__ = ["QUESTION_MARKS", "asks_to_add", "states_a_plan"]

_ADD = re.compile(
    r"\b(?:add|put|book|schedule|block(?:\s+(?:off|out))?|pencil(?:\s+in)?|set\s+up|note\s+down|reserve|hold)\b"
    r"|(?:帮我|幫我|给我|給我|替我)(?:占|佔|加|记|記|安排|约|約|排|留|定|订|訂)"
    r"|占上|佔上|占个|占一下|加(?:个|個|一个|一個|上|到)|记(?:上|下|一下|到)|記(?:上|下|一下|到)|安排(?:上|一下)"
    r"|排上|留出|预留|預留|放(?:到|进|進)(?:日历|日曆)",
    re.IGNORECASE,
)
QUESTION_MARKS = r"[?？]|吗|嗎|什么|什麼|哪|几点|幾點|有没有|有沒有|是否"
"""What makes a message a question in any language: a question mark, or a Chinese question word."""
_QUESTION = re.compile(
    QUESTION_MARKS + r"|\b(?:what|when|which|where|who|how|whether|is|are|do|does|am|can|could|should)\b",
    re.IGNORECASE,
)


def asks_to_add(text: str) -> bool:
    """A request to add ("帮我占上", "add lunch with Ana", "put the offsite on Friday"), not a question
    ("can you add…?", "有没有空加个会？": those may be about free time, and the model's read stands)."""
    return bool(_ADD.search(text)) and not _QUESTION.search(text)


_READ = re.compile(
    r"\b(?:show|list|see|check|view|look|tell|schedule|agenda|calendar|plans?|busy|free|anything|events?)\b"
    r"|安排|日程|行程|计划|計劃|看|查|列|显示|顯示|忙|有事|什么事|空",
    re.IGNORECASE,
)


def states_a_plan(text: str) -> bool:
    """A plan said as a statement ("後天七點半開會", "明天和设计师对一下稿子"): neither a question nor a request
    to see the calendar ("明天的安排", "show me Friday", "tomorrow's schedule")."""
    return not _QUESTION.search(text) and not _READ.search(text)
