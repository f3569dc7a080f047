"""The user's "twice a week" (每周三次) without the days: the question that asks for them and the answer
that gives them. One place, so the question a write, a change and the grounding guard ask is the same and
an answer of days alone joins the count the same way wherever it is read."""

from __future__ import annotations

from agent.context import ToolContext
from agent.render import phrases
from agent.user_gave import weekly_count_said
from schedule_time.language import normalise

__all__ = ["joined_to_the_count", "recurrence_question"]


def recurrence_question(ctx: ToolContext, title: str | None) -> str:
    """"How often should … repeat?", or, after a count without days, "Which days … (twice a week)?"."""
    often = weekly_count_said(ctx.time_sources, ctx.memo)
    return phrases.ask_value("recurrence", ctx.lang, title=title, now=ctx.now, often=often)


def joined_to_the_count(ctx: ToolContext, text: str) -> str | None:
    """``text`` after the user's weekly count ("twice a week Tuesday and Thursday"): how an answer of days
    alone is read. None when no count was said or the answer says it again."""
    often = weekly_count_said(ctx.time_sources, ctx.memo)
    if often is None or often in normalise(text):
        return None
    return f"{often} {text}"
