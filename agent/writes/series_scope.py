"""Which part of a repeating event a change is for: one occurrence, or the whole series.

A change to a repeating event never rewrites the series unless the user asked for the series. Which one
they meant is the model's reading, given as the ``scope`` argument ("one" / "series"); an occurrence the
model names (``event_when`` that the time service reads as one day or time: "tomorrow's standup", not
"每周") is "one". No word of the message decides it: when the model says neither, a delete goes back to it
once naming the repetition (``scope_not_said``: the delete then asks yes/no, naming one or all), and a
move, or a delete that still says neither, gets code's question, naming the occurrence; the numbered
answer (or "all" / "just this one", a bounded option reply) is merged without the model. When the model's
two arguments disagree — scope "series" beside an ``event_when`` naming one occurrence, with no "from X on"
in the words — a change is asked the same way (``series_doubted``).

A change to the whole series is a change from now on: it applies from the series' first occurrence that
has not started at the turn's ``now`` (``series_from``; or from a later occurrence the user named), and the
store splits the series there (``storage.series_split``), so the occurrences that already happened stay
exactly as they were — time of day, date, title, count. A series that has not started yet is changed
whole; one with no occurrence left is not changed. A move shifts the series from that occurrence on by what
the named occurrence moves ("the standup to 10" moves every later standup by the same hour). A move that
changes the day of a series whose rule names its days (BYDAY, BYMONTHDAY) would need a new rule, so it is
refused rather than written half-right. Deleting the series ("cancel my weekly standup") likewise ends it
before that occurrence.

"From X on" (``starts_from``): the user names where the change starts — "from next week on", "starting next
Monday", "as of December", "March 17 onwards", 从下周开始, 下周起, 自12月起, 下周一以后都, and the time service's
"from X" with no end after it ("from next week, …", "cancel yoga from Monday", 从下周…) — where X is a day, a
weekday, a week, a month or longer (never a time of day: 从三点开始 is a start time). It settles the scope
(the whole series, even when the model also named X's occurrence with ``event_when``), and the change
applies from the series' first occurrence at or after the start of X (or the first not started, when X
has begun: the past is never rewritten). A series with no occurrence from X on is not changed. "After
X" is not a "from X on" (it leaves X out, and may mean X's end); "next Monday's standup" names one
occurrence. The reading is kept on the target (``"from"``), so an answer to a later question keeps it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any, Literal, NamedTuple

from agent.context import ToolContext
from agent.outcomes import Command, NeedsChoice, Option, Rejected, WriteOutcome
from agent.render import phrases
from agent.render.receipts import without_repeat_mark
from agent.render.timefmt import day_text, range_text
from agent.time_grounding import Memo, resolved
from schedule_time import time_phrases
from schedule_time.language import normalise, scan
from schedule_time.pieces import RangeSep, RangeStart
from storage import EventSnapshot, split_from

__all__ = [
    "ONE_REPLIES",
    "SERIES_REPLIES",
    "FromX",
    "Scope",
    "ask_scope",
    "from_day",
    "is_series_answer",
    "scope_not_said",
    "scope_of",
    "series_doubted",
    "series_from",
    "series_move_allowed",
    "settle_scope",
    "starts_from",
    "target_from",
]

Scope = Literal["one", "series"]

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


def scope_of(
    command: Command, *, now: datetime, tz: Any, memo: Memo | None = None, since: FromX | None = None
) -> Scope | None:
    """The scope the user gave, or None (ask): an answer already chosen; the whole series when the message
    says "from X on" (``since``, ``from_day``); the model's ``scope`` argument; an occurrence the model
    named by ``event_when`` ("tomorrow's standup"), when the time service reads it as a time and not as a
    repetition ("每周", "every Monday" name the series)."""
    chosen = (command.target or {}).get("scope")
    if chosen in ("one", "series"):
        return chosen  # type: ignore[return-value]
    if since is not None:
        return "series"
    chosen = command.args.get("scope")
    if chosen in ("one", "series"):
        return chosen  # type: ignore[return-value]
    named = str(command.args.get("event_when") or "").strip()
    if named:
        r = resolved(named, now=now, tz=tz, memo=memo)
        if r.status == "resolved" and not r.recurrence:
            return "one"
    return None


def series_doubted(ctx: ToolContext, command: Command, since: FromX | None) -> bool:
    """The model's ``scope`` "series" beside an ``event_when`` that names one occurrence ("move this Monday's
    standup to 10" sent with scope "series"), and no "from X on" in the words: its two arguments disagree,
    so which the user meant is asked (``ask_scope``) — never every later one moved on the model's word."""
    if since is not None or command.args.get("scope") != "series" or (command.target or {}).get("scope"):
        return False
    named = str(command.args.get("event_when") or "").strip()
    if not named:
        return False
    r = resolved(named, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return r.status == "resolved" and not r.recurrence


def settle_scope(ctx: ToolContext, command: Command, since: FromX | None) -> tuple[Command, Scope | None]:
    """The command a change or delete looks its event up with, and the scope said (``scope_of``):
    ``event_when`` that is the repetition itself ("每周", "every Monday") names no occurrence, so it is
    dropped — the series is found by its name, not by the day its rule starts on; our receipt's time with its
    "(repeating)" mark names the occurrence it shows."""
    named = str(command.args.get("event_when") or "").strip()
    if named and (bare := without_repeat_mark(named)) != named:  # our receipt's time, copied: that occurrence
        command, named = command.with_(args={**command.args, "event_when": bare}), bare
    if named and resolved(named, now=ctx.now, tz=ctx.tz, memo=ctx.memo).recurrence:
        command = command.with_(args={**command.args, "event_when": None})
    return command, scope_of(command, now=ctx.now, tz=ctx.tz, memo=ctx.memo, since=since)


def scope_not_said(ctx: ToolContext, command: Command, ask: WriteOutcome) -> WriteOutcome:
    """A delete of a repeating event that says neither one occurrence nor the series: back to the model
    once, naming the repetition (which one the user meant is its reading of their words); the second time,
    or when it still says neither, ``ask`` (code's question to the user). Only for a delete, whose answer
    is put to the user as yes/no naming one or all: asked, a small model picks "series" whether or not the
    user said so (live: 3 of 3 runs of a plain "move X to 3pm" of a weekly event), so a move — written at
    once — is asked."""
    if not ctx.state.send_back_once("scope"):
        return ask
    title = (command.target or {}).get("title") or command.args.get("event")
    problem = {
        "field": "scope",
        "problem": "missing",
        "hint": f"{title!r} repeats: call again with `scope` \"series\" if the user's words are about all of "
        "them, or \"one\" and `event_when` for the day of the one they mean; leave it out if they say neither",
    }
    return Rejected("scope_not_said", "", fixable=True, problems=(problem,), command=command, ask=ask)


def _without_titles(command: Command, text: str) -> str:
    """``text`` with the event's name cut out (a day in "Monday meeting" is no X), as a clause break: the
    words on either side of a name are not one time ("starting monday the standup moves to 10am" is no
    "starting monday … 10am")."""
    for title in ((command.target or {}).get("title"), command.args.get("event")):
        if title:
            text = re.sub(re.escape(title), " , ", text, flags=re.IGNORECASE)
    return text


_CLAUSE = r"[^,.;:!?，。；：！？、\n]"
_FROM_ON = re.compile(
    rf"\bfrom\s+(?P<x>(?:(?!\bfrom\b){_CLAUSE}){{1,40}}?)\s+(?:on(?:wards?)?|forwards?)\b"  # from next week on
    rf"|(?:从|從|自)(?P<zh>{_CLAUSE}{{1,12}}?)(?:开始|開始|起)",  # 从下周开始, 自12月起
    re.IGNORECASE,
)
_STARTING = re.compile(
    rf"\b(?:starting|beginning|effective|as\s+of)(?:\s+(?:from|on|with))?\s+(?P<x>{_CLAUSE}{{1,60}})",
    re.IGNORECASE,
)  # starting next Monday, …: X is the time words right after
_ONWARDS = re.compile(
    rf"(?P<x>{_CLAUSE}{{1,60}}?)\s*\bonwards?\b"  # March 17 onwards
    rf"|(?P<zh>{_CLAUSE}{{1,12}}?)(?:起(?![来來床身飞飛草诉訴码碼点點见見])|(?:以后|以後|之后|之後)都"
    rf"|(?:开始|開始)(?=[，,、\s]|都|每|以后|以後))",  # 下周起, 下周一以后都, 下周开始，…
    re.IGNORECASE,
)  # X is the time words right before
_FROM_WORD = re.compile(r"\bfrom\b|从|從|自", re.IGNORECASE)
_FINE_GRAINS = frozenset({"second", "minute", "hour"})
_AHEAD = timedelta(days=370)


class FromX(NamedTuple):
    """A "from X on" reading: the start of X, and the user's words for X ("next week", "12月")."""

    start: datetime
    words: str


def starts_from(text: str, *, now: datetime, tz: Any, memo: Memo | None = None) -> FromX | None:
    """The "from X on" of ``text`` (see the module docstring): "from next week on" → next Monday 00:00,
    "从12月起" → December 1. None when it says none, when X is a time of day ("from 3pm on",
    从明天下午三点开始), a repetition or unreadable, or when it names several different X."""
    found: dict[datetime, str] = {}
    for match in _FROM_ON.finditer(text):
        x = (match.group("x") or match.group("zh")).strip()
        _day_start([x], now, tz, memo, found)
    for match in _STARTING.finditer(text):
        words = match.group("x").split()
        _day_start([" ".join(words[:n]) for n in range(min(len(words), 6), 0, -1)], now, tz, memo, found)
    for match in _ONWARDS.finditer(text):
        if match.group("zh") is not None:
            x = match.group("zh").strip()
            _day_start([x[-n:] for n in range(len(x), 0, -1)], now, tz, memo, found)
        else:
            words = match.group("x").split()
            _day_start([" ".join(words[-n:]) for n in range(min(len(words), 6), 0, -1)], now, tz, memo, found)
    for phrase in time_phrases(text):  # "from next week, …", "cancel yoga from Monday": the time service's
        pieces = scan(normalise(phrase)).pieces  # "from X" with no end (a range's "from X to Y" is a move;
        starts = [i for i, x in enumerate(pieces) if isinstance(x, RangeStart)]  # "to 10 from X": a move to 10)
        if len(starts) == 1 and not any(isinstance(x, RangeSep) for x in pieces[starts[0]:]):
            x = _FROM_WORD.split(phrase)[-1].strip()  # ("at 10 from next week": the words after "from")
            _day_start([x], now, tz, memo, found)
    if len(found) != 1:
        return None
    ((start, words),) = found.items()
    return FromX(start, words)


def _day_start(
    candidates: list[str], now: datetime, tz: Any, memo: Memo | None, found: dict[datetime, str]
) -> None:
    """The start of the longest candidate made only of time words that reads as one time, when that is a
    day or longer (a weekday, a date, a week, a month …), into ``found``; nothing when it is finer (a time
    of day)."""
    for x in candidates:
        scanned = scan(normalise(x))
        if not x or scanned.unknown or not scanned.pieces:
            continue
        r = resolved(x, now=now, tz=tz, memo=memo)
        if r.status != "resolved" or r.start is None:
            continue
        if r.grain not in _FINE_GRAINS and not r.recurrence:
            found.setdefault(r.start, x)
        return


def from_day(ctx: ToolContext, command: Command) -> FromX | None:
    """The "from X on" of the user's message (the event's title left out), or the one kept on the
    command's target."""
    kept = (command.target or {}).get("from")
    if kept:
        return FromX(datetime.fromisoformat(kept), "")
    text = _without_titles(command, ctx.user_text)
    return starts_from(text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)


Finder = Callable[..., Awaitable["Command | WriteOutcome"]]
"""``write_target.find_target`` (passed in: it reads ``matchers``, which read this module)."""


async def target_from(
    ctx: ToolContext, command: Command, since: FromX | None, find: Finder, *, occurrences: bool
) -> Command | WriteOutcome:
    """``find(ctx, command, occurrences=…)`` (``find_target``), and for a change "from X on" (``since``):
    the series found keeps the reading (scope "series", ``"from"``: X's start) and is shown by its first
    occurrence from X on (not started: what a new time is read against, and what a question names); the
    events offered when several match keep the reading too. The model's ``event_when`` narrows the search;
    when its X holds no occurrence of the series ("starting next Monday" for a Thursday class) the series
    is found by its name alone. The user's X becomes the ``event_when`` the model left out (the words the
    change used)."""
    settled = await find(ctx, command, occurrences=occurrences)
    if since is None:
        return settled
    reading = {"scope": "series", "from": since.start.isoformat()}
    if command.target is None:
        if isinstance(settled, Rejected) and settled.code == "not_found" and command.args.get("event_when"):
            bare = command.with_(args={**command.args, "event_when": None})
            found = await find(ctx, bare, occurrences=occurrences)
            if isinstance(found, Command) and (found.target or {}).get("recurring"):
                settled = found.with_(args=command.args)
        if isinstance(settled, NeedsChoice) and settled.field == "event":
            options = tuple(
                dataclasses.replace(o, target={**o.target, **reading})
                if o.target is not None and o.target.get("recurring") else o
                for o in settled.options
            )  # fmt: skip
            return dataclasses.replace(settled, options=options)
    if not isinstance(settled, Command):
        return settled
    target = settled.target or {}
    if not target.get("recurring") or target.get("anchored"):
        return settled
    first = await _first_from(ctx, target, since.start)
    if "start" in first and target.get("occurrence_start"):
        first["occurrence_start"] = first["start"]
    settled = settled.with_(target={**target, **reading, **first})
    if since.words and not settled.args.get("event_when"):
        settled = settled.with_(args={**settled.args, "event_when": since.words})
    return settled


async def _first_from(ctx: ToolContext, target: dict[str, Any], since: datetime) -> dict[str, Any]:
    """The series' first occurrence starting at or after X's start and not started (its start and end),
    marked as settled (``"anchored"``: a resumed command keeps the occurrence its new time was read
    against). Only the mark when there is none within the store's longest range (``series_from`` says)."""
    moment = max(since, ctx.now)
    for o in await ctx.events.list_range(moment, moment + _AHEAD):
        if str(o.event.id) == target["event_id"] and o.start >= moment:
            return {"start": o.start.isoformat(), "end": o.end.isoformat(), "anchored": True}
    return {"anchored": True}


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
    from: its first occurrence not started at ``ctx.now``, or a later one the user named — the first at or
    after the start of X for "from X on" (the target's ``"from"``), the one ``event_when`` found. Rejected
    when the series has no occurrence left to change (from X on)."""
    target = command.target or {}
    series = await ctx.events.get(target["event_id"])
    title = target.get("title") or series.title
    first = split_from(series, ctx.now)
    if first is None:
        return Rejected("series_over", phrases.say("series_over", ctx.lang, title=title), command=command)
    if target.get("from"):
        since = datetime.fromisoformat(target["from"])
        at = split_from(series, since)
        if at is None:
            day = day_text(since.astimezone(ctx.tz).date(), ctx.lang, ref=ctx.now.astimezone(ctx.tz).date())
            message = phrases.say("series_over_from", ctx.lang, title=title, day=day)
            return Rejected("series_over", message, command=command)
        first = max(first, at)
    if command.args.get("event_when") and target.get("start"):
        named = split_from(series, datetime.fromisoformat(target["start"]))
        if named is not None and named > first:
            first = named
    return series, first
