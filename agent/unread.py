"""A question about the user's calendar that the model answered without reading it.

The prompt carries no events, so such an answer is made up: the embedded model answered a question about
what an event's notes say with notes it invented (live eval). When the model's first response is prose, no tool
ran, and the message asks about the user's own calendar (``asks_about_calendar``), code makes the read the
model skipped — ``list_events`` for the one time the message names, else ``search_events`` with the message
when it names something ("the vendor call"), else today's ``list_events`` ("what's on?") — and its listing is
the answer: the model's words were made without the calendar, even where they name
the event the user named. A message naming several times is left to the model's reply: which window to
read is not code's to guess.
"""

from __future__ import annotations

import re

from agent.asks_to_add import QUESTION_MARKS
from agent.other_calendar import names_other_calendar
from agent.read_tools import listed_in
from agent.registry import BoundTools, ToolRun
from agent.time_grounding import phrases_in, phrases_of
from agent.tool_args import ListEventsArgs

__all__ = ["asks_about_calendar", "names_something", "read_skipped"]

_QUESTION = re.compile(  # English question words only at the start ("my meeting is at 3" states a fact)
    QUESTION_MARKS + r"|^\s*(?:what|when|which|where|who|how|is|are|do|does|am|did)\b",
    re.IGNORECASE,
)
_MINE = re.compile(
    r"\b(?:what'?s on|what is on|on my (?:calendar|schedule)|do i have|am i (?:free|busy|booked)"
    r"|when(?:'s| is| was| are) my|my (?:\w+ ){0,3}(?:meetings?|appointments?|calls?|events?|calendar|schedule"
    r"|agenda|plans?|day|week|weekend|notes?)|notes? (?:on|of|for|in) (?:the|my))\b"
    r"|(?:我|我的)[^，。？！?!]{0,12}(?:安排|日程|行程|会议|會議|开会|開會|约|約|预约|預約|备注|備註|有空|忙)"
    r"|有什么安排|有什麼安排|有啥安排|有什么事|有什麼事|的备注|的備註",
    re.IGNORECASE,
)


_GENERIC_EN = frozenset(
    [
        "what",
        "whats",
        "what's",
        "when",
        "whens",
        "when's",
        "which",
        "where",
        "who",
        "how",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "have",
        "has",
        "any",
        "anything",
        "the",
        "a",
        "an",
        "my",
        "me",
        "on",
        "in",
        "at",
        "for",
        "of",
        "to",
        "about",
        "there",
        "next",
        "upcoming",
        "coming",
        "up",
        "planned",
        "plans",
        "plan",
        "calendar",
        "schedule",
        "agenda",
        "events",
        "event",
        "notes",
        "note",
        "look",
        "looks",
        "like",
        "free",
        "busy",
        "booked",
        "today",
    ]
)
_GENERIC_ZH = re.compile(
    r"我的?|有|什么|什麼|啥|安排|日程|行程|事情?|吗|嗎|呢|的|今天|看看|一下|[？?！!。，,\s]"
)
_LATIN_WORD = re.compile(r"[a-z][a-z'’]+", re.IGNORECASE)
_HAN = re.compile(r"[\u3400-\u9fff]")


def names_something(text: str) -> bool:
    """The question names an event or a detail of one ("the vendor call", "dentist", 牙医) beyond question
    words and words for the calendar itself ("what's on?", 我有什么安排?)."""
    latin = [w.strip("'’").casefold() for w in _LATIN_WORD.findall(text)]
    if any(len(w) >= 3 and w not in _GENERIC_EN for w in latin):
        return True
    return bool(_HAN.search(_GENERIC_ZH.sub("", text)))


def asks_about_calendar(text: str) -> bool:
    """A question about the user's own events ("When's my next haircut?", "What's on Friday?",
    "我周五有什么安排？", "What did I note for the budget review?"), not about the world or the assistant."""
    return bool(_QUESTION.search(text)) and bool(_MINE.search(text))


async def read_skipped(tools: BoundTools, call_index: int) -> ToolRun | None:
    """The read the model skipped for a calendar question, run by code; None when the message is not one,
    or names more than one time."""
    ctx = tools.ctx
    if not asks_about_calendar(ctx.user_text) or names_other_calendar(ctx.user_text):
        return None  # (someone else's calendar: the model's refusal is the answer, and code's would be too)
    if not phrases_of(ctx.user_text, ctx.memo):
        if names_something(ctx.user_text):
            return await tools.run("search_events", {"query": ctx.user_text[:200]}, call_index)
        # "what's on?", 我有什么安排: today (a range code chose, so not held to the user's words)
        today = ListEventsArgs(range="today")
        return ToolRun("list_events", "read", call_index, today, await listed_in(ctx, today.range))
    said = phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if len(said) != 1 or len(phrases_of(ctx.user_text, ctx.memo)) != 1:
        return None  # several times, or a list of them ("Friday and next Monday")
    return await tools.run("list_events", {"range": said[0]}, call_index)
