"""Which part of a repeating event a change is for: one occurrence, or the whole series.

A change to a repeating event never rewrites the series unless the user asked for the series: the
``scope`` argument ("one" / "series"), words that say it ("every", "all of them", "from now on", 所有, 以后都;
"just this one", 这一次), or an occurrence the user named (``event_when``: "tomorrow's standup") settle it.
Otherwise code asks, naming the occurrence, and the numbered answer (or "all" / "just this one") is
merged without the model.

A change to the whole series is a change from now on: it applies from the series' first occurrence that
has not started at the turn's ``now`` (``series_from``; or from a later occurrence the user named with
``event_when``, "from next week on"), and the store splits the series there (``storage.series_split``), so
the occurrences that already happened stay exactly as they were — time of day, date, title, count. A
series that has not started yet is changed whole; one with no occurrence left is not changed. A move
shifts the series from that occurrence on by what the named occurrence moves ("the standup to 10" moves
every later standup by the same hour). A move that changes the day of a series whose rule names its days
(BYDAY, BYMONTHDAY) would need a new rule, so it is refused rather than written half-right. Deleting the
series ("cancel my weekly standup") likewise ends it before that occurrence.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Literal

from agent import phrases
from agent.context import ToolContext
from agent.outcomes import Command, NeedsChoice, Option, Rejected
from agent.timefmt import range_text
from storage import EventSnapshot, split_from

__all__ = [
    "ONE_REPLIES",
    "SERIES_REPLIES",
    "Scope",
    "ask_scope",
    "is_series_answer",
    "scope_of",
    "series_from",
    "series_move_allowed",
]

Scope = Literal["one", "series"]

_SERIES = re.compile(
    r"\b(?:every|all|each|always|from\s+now\s+on|going\s+forward|(?:whole|entire)\s+series|the\s+series)\b"
    r"|每|所有|全部|以后都|以後都|都改|整个系列|整個系列|一律",
    re.IGNORECASE,
)
_ONE = re.compile(
    r"\b(?:just|only)\s+(?:this|that|the\s+one|once|for\s+(?:this|that|today|tomorrow))\b"
    r"|\bthis\s+(?:one|time)\s+only\b|\bjust\s+once\b"
    r"|这一次|這一次|这次|這次|本次|就一次|只改一次|单次|單次",
    re.IGNORECASE,
)


#: Replies that pick "every one" / "just this one" (the option tags of ``ask_scope`` in ``agent.matchers``,
#: and the whole-series answer to "which day's …, or the whole series?").
SERIES_REPLIES = frozenset(
    ["all", "all of them", "every", "every one", "everyone", "everything", "each", "each one", "series",
     "the series", "whole series", "the whole series", "entire series", "the entire series", "whole thing",
     "the whole thing", "全部", "全部的", "所有", "所有的", "都", "都改", "都删", "都删掉", "都取消", "全都",
     "全部都改", "整个系列", "整個系列", "每次", "每一次"]
)  # fmt: skip
ONE_REPLIES = frozenset(
    ["one", "just this", "only this", "just that", "only that", "this", "that", "just once", "once",
     "这一次", "這一次", "这次", "這次", "只改这一次", "只改這一次", "一次", "就这次", "本次", "只改这次"]
)  # fmt: skip
_ANSWER_NOISE = re.compile(r"[\s,.!?，。！？、]+|\bplease\b|\bjust\b|吧|了|啊")


def is_series_answer(text: str) -> bool:
    """The whole reply is "the whole series" / "all of them" / 所有的 (an answer to "which day's …?")."""
    core = " ".join(_ANSWER_NOISE.sub(" ", text.casefold()).split())
    return core in SERIES_REPLIES


def scope_of(command: Command, user_text: str) -> Scope | None:
    """The scope the user gave, or None (ask): the ``scope`` argument (or an answer already chosen); an
    occurrence named by ``event_when`` ("tomorrow's standup") unless that names the repetition itself
    ("每周"); the words of the message, the event's own title left out ("每周例会" is a name, not "every")."""
    chosen = (command.target or {}).get("scope") or command.args.get("scope")
    if chosen in ("one", "series"):
        return chosen  # type: ignore[return-value]
    named = command.args.get("event_when") or ""
    if named.strip() and not _SERIES.search(named):
        return "one"
    text = user_text
    for title in ((command.target or {}).get("title"), command.args.get("event")):
        if title:
            text = text.replace(title, " ")
    if _SERIES.search(text):
        return "series"
    if _ONE.search(text):
        return "one"
    return None


def ask_scope(ctx: ToolContext, command: Command) -> NeedsChoice:
    """ "“Standup” repeats. Change only the one on Monday, March 10, or every “Standup”?" (numbered)."""
    target = command.target or {}
    start, end = datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])
    title = target["title"]
    when = range_text(
        start.astimezone(ctx.tz), end.astimezone(ctx.tz), ctx.lang, all_day=bool(target.get("all_day")),
        ref=ctx.now.date(),
    )  # fmt: skip
    if ctx.lang == "zh":
        head = f"「{title}」是重复日程。只改这一次，还是所有的「{title}」？"
        labels = (f"只改这一次：{when}", f"所有的「{title}」（整个系列）")
    else:
        head = f"“{title}” repeats. Change just this one, or every “{title}”?"
        labels = (f"Just this one: {when}", f"Every “{title}” (the whole series)")
    options = tuple(
        Option(label=label, start=start, end=end, target={**target, "scope": scope}, title=title, tag=scope)
        for label, scope in zip(labels, ("one", "series"), strict=True)
    )
    lines = "\n".join(f"{i}. {o.label}" for i, o in enumerate(options, 1))
    return NeedsChoice(command, "scope", f"{head}\n{lines}", options)


def series_move_allowed(rrule: str | None, occurrence: datetime, moved: datetime, tz: object) -> bool:
    """A series may move in time of day freely; a change of day only when its rule names no days."""
    same_day = occurrence.astimezone(tz).date() == moved.astimezone(tz).date()  # type: ignore[arg-type]
    return same_day or not re.search(r"BY(?:DAY|MONTHDAY|YEARDAY|WEEKNO)=", rrule or "")


async def series_from(ctx: ToolContext, command: Command) -> tuple[EventSnapshot, datetime] | Rejected:
    """The series of the command's target and the occurrence start a change to the whole series applies
    from: its first occurrence not started at ``ctx.now``, or the later one the user named (``event_when``,
    "from next week on"). Rejected when the series has no occurrence left to change."""
    target = command.target or {}
    series = await ctx.events.get(target["event_id"])
    first = split_from(series, ctx.now)
    if first is None:
        message = phrases.say("series_over", ctx.lang, title=target.get("title") or series.title)
        return Rejected("series_over", message, command=command)
    if command.args.get("event_when") and target.get("start"):
        named = split_from(series, datetime.fromisoformat(target["start"]))
        if named is not None and named > first:
            first = named
    return series, first
