"""A second request the model left out: the time phrases of the message no tool call of the turn used.

A small model answers "周六下午3点带孩子去游泳，周日中午12点和朋友聚餐" or "Skip swimming tomorrow and book a
physio at 5pm instead" with ONE tool call, and the turn ends on that write's receipt (live eval: six
multi-request scenarios). After a round of writes only, the turn gives the model one more call if the
message still has a time phrase that none of the turn's tool arguments accounts for (``unsaid``), naming it
in the last tool result. What the model does with it is held to that phrase (``uses_unsaid``): a write
after the prompt must take one of its time arguments from an unsaid phrase, or it is refused without a
word to the user; prose after it is dropped (the receipts already say what was done).

A phrase is accounted for when a tool argument quotes it or is grounded by it (``time_grounding``), when it
lies inside an argument ("lunch" in "lunch with Marco"; not inside the notes, where a small model parks the
request it left out: "Both Saturday and Sunday at 9am"), when its time words all appear in the arguments
("yes but at 5" after "tomorrow 5pm"; connectors such as "to"/"starting"/"now" aside), or when it reads as
the day a written event starts on, or was on before the change ("starting tomorrow" for a series that
starts tomorrow; "她周三临时有事" for a coffee moved off Wednesday).

A list the time service reads as no one time ("Saturday and Sunday", "周二、周四晚上八点") counts by its
items: "Sunday" is unsaid when only Saturday was written. The prompt quotes each unsaid phrase with the
clause it stands in (``clause_of``: "周日晚上6点" in "周日晚上6点家庭聚餐"), so the model sees what was asked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from datetime import datetime

from agent.checks.read_check import free_time_answer, listing_text
from agent.context import ToolContext
from agent.language import clauses
from agent.matchers import ordinal_index
from agent.outcomes import Command, NeedsConfirmation, Persisted, Rejected
from agent.render import phrases
from agent.render.free_time import FreeTime
from agent.time_accounting import accounted
from agent.time_grounding import (
    is_time_grounded,
    phrases_in,
    phrases_of,
    quotes,
    resolved,
    starts_as,
)
from agent.time_lists import list_items
from agent.time_words import shares_time_words
from agent.tools.registry import ReadResult, ToolRun
from agent.turn.focus import focus_group
from schedule_time import TimeExpressionError, resolve
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock

__all__ = [
    "asked_apart",
    "carried",
    "clause_of",
    "free_times_asked_apart",
    "given_args",
    "not_done_items",
    "times_of",
    "unanswered_reads",
    "unsaid",
    "uses_unsaid",
    "with_unsaid_note",
]


_ARGS = (
    "when",
    "end",
    "duration",
    "recurrence",
    "event_when",
    "range",
    "event",
    "title",
    "query",
    "location",
)  # (a place that holds the phrase: "3号会议室" is a room, not the 3rd)


def given_args(run: ToolRun) -> dict[str, object]:
    """What a call stood on once code had settled it: with what it filled in from the user's words, without
    what it dropped (an end from another clause is that clause's time, still unsaid)."""
    command = getattr(run.result, "command", None)
    if command is None:
        return run.args.model_dump() if run.args is not None else {}
    asked = getattr(getattr(run.result, "ask", None), "command", None)
    if asked is not None and asked.tool == command.tool:  # code's own offer stands on the user's time too
        return {**command.args, **{k: v for k, v in asked.args.items() if v is not None}}
    return command.args


def _values(runs: Iterable[ToolRun], keys: Sequence[str] = _ARGS, ctx: ToolContext | None = None) -> list[str]:
    return [
        v for run in runs for k in keys
        if isinstance(v := given_args(run).get(k), str) and v.strip()
        and not (k == "event_when" and ctx is not None and _not_the_events_time(ctx, run, v))
    ]  # fmt: skip


def _not_the_events_time(ctx: ToolContext, run: ToolRun, when: str) -> bool:
    """A call's ``event_when`` that the event it found is not at: the reference set it aside as another
    request's time ("cancel friday's book club, and what's on saturday?" sent with event_when "saturday"
    found the book club by its name), so it accounts for no phrase of the message; that request is left."""
    command = _changed_or_asked(run)
    target = command.target if command is not None else None
    if not target or not target.get("start") or target.get("from"):
        return False  # (a series changed from a day on: ``event_when`` names that day, not an occurrence)
    r = resolved(when, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if r.status != "resolved" or r.start is None or r.recurrence:
        return False
    if r.end is None or r.end <= r.start:
        return False  # "starting March 17": where a change of a series begins, not the event's time
    start = datetime.fromisoformat(target["start"])
    return not r.start <= start < r.end


def _accounted(ctx: ToolContext, phrase: str, values: Sequence[str], runs: Sequence[ToolRun]) -> bool:
    if accounted(ctx, phrase, values):
        return True
    starts = [r.result.result.event.start for r in runs if isinstance(r.result, Persisted)]
    starts += [  # the day a changed event was on ("改到周五，她周三临时有事"), or one the turn asks yes/no about
        datetime.fromisoformat(target["start"])
        for r in runs
        if (command := _changed_or_asked(r)) is not None and (target := command.target) and target.get("start")
    ]
    return (
        any(_reads_as(ctx, phrase, start) for start in starts)
        or _a_position_shown(ctx, phrase, runs)
        or any(_moved_there(ctx, phrase, run) for run in runs)
    )


def _moved_there(ctx: ToolContext, phrase: str, run: ToolRun) -> bool:
    """The phrase, read against the event a run moved ("2-4" after "friday 1-3pm": the hours 2 to 4 that day,
    or a date), has a reading where the event now starts."""
    result = run.result
    if not isinstance(result, Persisted) or not (target := result.command.target) or not target.get("end"):
        return False
    before = (datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"]))
    try:
        r = resolve(phrase, now=ctx.now, tz=ctx.tz, prefer="future", relative_to=before)
    except TimeExpressionError:
        return False
    starts = [c.start for c in r.candidates] if r.status == "ambiguous" else [r.start]
    return result.result.event.start in starts


def _a_position_shown(ctx: ToolContext, phrase: str, runs: Sequence[ToolRun]) -> bool:
    """"the second" of "move the second thing on that list to 2pm" (which the time service reads as a day of
    the month): the position, in the list the last turn showed, of an event a call of this turn changed or
    asks about."""
    group = focus_group(ctx.focus)
    if len(group) < 2 or any(e.get("written") for e in group):
        return False
    shown = list(reversed(group))  # (focus holds a turn's events last shown first)
    index = ordinal_index(phrase, len(shown))
    if index is None:
        return False
    changed = {
        str(target.get("event_id"))
        for r in runs
        if (command := getattr(r.result, "command", None)) is not None and (target := command.target)
    }
    return shown[index].get("event_id") in changed


def _changed_or_asked(run: ToolRun) -> Command | None:
    """The command of an event a run changed, or asks yes/no about (its own confirmation, or code's question
    after the model's retry failed): "tomorrow" of "skip the gym tomorrow" is that event's day, not a
    request left undone, while the question about the gym stands."""
    result = run.result
    if isinstance(result, Persisted | NeedsConfirmation):
        return result.command
    ask = getattr(result, "ask", None)
    return ask.command if isinstance(ask, NeedsConfirmation) else None


def _reads_as(ctx: ToolContext, phrase: str, start: datetime) -> bool:
    """The phrase names that event's day ("周三" of "改到周五，她周三临时有事"), the part of a day it starts in
    ("friday night" of a book club at 7pm that day), or, when it has a clock, its very start: "五點" is not
    accounted for by a meeting that day at three."""
    r = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if r.status != "resolved" or r.start is None or r.recurrence:
        return False
    if any(isinstance(piece, Clock) for piece in scan(normalise(phrase)).pieces):
        return r.start == start
    if r.grain in ("minute", "hour"):
        return r.end is not None and r.start <= start < r.end
    return r.start.date() == start.astimezone(ctx.tz).date()


def _a_time(ctx: ToolContext, phrase: str) -> bool:
    """A day or a time from today on, the heart of a request. A repetition or a length alone is context
    ("I run every weekday, so …") or an argument the write path already asks about; a past day is context
    ("had a meeting yesterday, so tired")."""
    r = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if r.status == "unresolved" or r.recurrence or r.duration is not None:
        return False
    starts = [c.start for c in r.candidates] if r.status == "ambiguous" else [r.start or r.end]
    today = ctx.now.astimezone(ctx.tz).date()
    return any(s is not None and s.astimezone(ctx.tz).date() >= today for s in starts)


def _items(ctx: ToolContext) -> list[str]:
    """The items of the message's time lists that read as no one time ("on saturday and sunday" →
    "saturday", "sunday"; "at 9 and 4" → "at 9", "at 4"), each item that reads on its own."""
    return [
        item
        for phrase in phrases_of(ctx.user_text, ctx.memo)
        for item in list_items(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo, series=False)
    ]  # (an item of a series' list is a time of its own: "at 4" of "every Monday at 9 and 4")


def times_of(ctx: ToolContext) -> list[str]:
    """The message's time phrases that read on their own, and the items of its lists."""
    return list(dict.fromkeys(phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo) + _items(ctx)))


def carried(runs: Sequence[ToolRun]) -> list[ToolRun]:
    """The runs that carried out (or asked about) their request: not a call refused with nothing for the
    user — sent back and never fixed, or refused silently. Those account for none of the message's times
    at the end of a turn ("push the Carlos call to 3pm" sent as a move of another event and refused: that
    request is still undone, and is asked alone or said undone). A refusal's question for the user counts only
    when nothing came after it (it is asked in place of a retry that never came): "cancel the 4 o'clock call"
    sent as an update that changes nothing, then a delete refused, had asked nobody anything."""
    return [
        r for i, r in enumerate(runs)
        if not (
            isinstance(r.result, Rejected) and (r.result.fixable or r.result.silent)
            and (r.result.ask is None or i < len(runs) - 1)
        )
    ]  # fmt: skip


def still_undone(ctx: ToolContext, runs: Sequence[ToolRun]) -> str | None:
    """After the turn asked the model about a request it left out and the model still did not carry it
    out: the line that tells the user so, with the request's own words ("I haven't done this part of your
    message yet: “book a massage at 6pm instead”."), so that nothing the user asked for is lost without a
    word. None when every time of the message is accounted for."""
    left = unsaid(ctx, carried(runs))
    if not left:
        return None
    parts = [_said_part(ctx.user_text, phrase) for phrase in left]
    return phrases.say("left_undone", ctx.lang, items="; ".join(dict.fromkeys(parts))[:200])


def _said_part(text: str, phrase: str) -> str:
    """The clause of the user's own message (as written, not normalised) that holds ``phrase``."""
    wanted = normalise(phrase)
    return next((c.strip() for c in clauses(text) if wanted in normalise(c)), phrase)


def not_done_items(ctx: ToolContext, left: Sequence[str], runs: Sequence[ToolRun] = ()) -> list[str]:
    """What the prompt lists as not done: each unsaid phrase's clause ("周日晚上6点家庭聚餐"), narrowed to
    the part of it with the phrase when the clause also holds what the turn's calls did ("put a haircut at
    5pm in its place" of "drop pilates tomorrow and put a haircut at 5pm in its place": a small model repeats
    the call the whole clause also names); or, when the clause holds another time of the message and no
    words of its own around the phrase, the phrase in it ("sunday (in 'yoga on saturday and sunday')")."""
    times = times_of(ctx)
    named = [normalise(v) for v in _values(runs, ("event", "title"))]  # what the done calls named
    items = []
    for phrase in left:
        clause = clause_of(ctx.user_text, phrase)
        others = [t for t in times if t != phrase and t in clause and phrase not in t]
        done = [t for t in others if t not in left] + [
            v for v in named if v and v in clause and phrase not in v
        ]
        part = _own_part(clause, phrase) if done else None
        items.append(part if part else f"{phrase} (in {clause!r})" if others else clause)
    return list(dict.fromkeys(items))


def _own_part(clause: str, phrase: str) -> str | None:
    """The part of ``clause`` (``agent.language.clauses``: between "and", "then", 然后, 再 …) that holds
    ``phrase``, when it says more than times and connectors; None otherwise."""
    parts = [c for c in clauses(clause) if phrase in c]
    if len(parts) != 1 or parts[0] == clause:
        return None
    rest = parts[0].replace(phrase, " ").strip()
    return parts[0] if rest and scan(rest).unknown else None


def unsaid(ctx: ToolContext, runs: Sequence[ToolRun]) -> list[str]:
    """The message's time phrases (days or times, or the items of a list of them) that none of ``runs``
    (the turn's tool calls so far) accounts for."""
    values = _values(runs, ctx=ctx)
    return [p for p in times_of(ctx) if _a_time(ctx, p) and not _accounted(ctx, p, values, runs)]


def asked_apart(ctx: ToolContext, window: str, writes: Sequence[ToolRun]) -> bool:
    """A read's ``window`` ("周二上午") is a time of the message that no write of the turn accounts for: the
    read answered a question of its own ("周二上午有什么会？顺便帮我加个周五下午三点的体检"), not a lookup
    for the write ("move the dentist to 4" after reading today)."""
    values = _values(writes, ctx=ctx)
    return any(
        (quotes(phrase, [window]) or quotes(window, [phrase])) and not _accounted(ctx, phrase, values, writes)
        for phrase in phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    )


_CLAUSE_END = re.compile(r"[,，。.;；!?！？\n]")


def clause_of(text: str, phrase: str) -> str:
    """The clause of ``text`` (between punctuation) that holds ``phrase`` (normalised, as the phrases
    are); the phrase itself when it is not found."""
    said = normalise(text)
    at = said.find(phrase)
    if at < 0:
        return phrase
    starts = [m.end() for m in _CLAUSE_END.finditer(said, 0, at)]
    end = _CLAUSE_END.search(said, at + len(phrase))
    return said[starts[-1] if starts else 0 : end.start() if end else len(said)].strip() or phrase


def uses_unsaid(ctx: ToolContext, args: dict[str, object]) -> bool:
    """Whether a write's time arguments (after the prompt about unsaid phrases) come from one of them."""
    asked = ctx.state.unsaid or ()
    keys = ("when", "event_when", "recurrence", "event")  # the event's name may carry it: "Monday's standup"
    values = [(k, v) for k in keys if isinstance(v := args.get(k), str) and v]
    return any(
        quotes(p, [v])
        or quotes(v, [p])
        or is_time_grounded(v, [p], now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        or shares_time_words(v, p, [ctx.user_text])
        or (k == "event_when" and starts_as(v, p, now=ctx.now, tz=ctx.tz, memo=ctx.memo))
        for p in asked
        for k, v in values
    )


def with_unsaid_note(
    result_text: str, left: Sequence[str], ctx: ToolContext, runs: Sequence[ToolRun] = ()
) -> str:
    """The last tool result with what the message still asks for (``not_done_items``) as ``not_done_yet``,
    placed before what was done, and a note saying to call the tool for each (the embedded model read a
    bare note after "done" as the end of the task)."""
    data = json.loads(result_text)
    items = not_done_items(ctx, left, runs)
    data = {"ok": data.get("ok"), "not_done_yet": items} | {k: v for k, v in data.items() if k != "ok"}
    data["note"] = (
        "the user's message also asks for each item of not_done_yet. Call the tool for each item now, with that "
        "item's own time (what is done above stays done). If an item is not a request (only context), reply "
        "with one short sentence"
    )
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def unanswered_reads(runs: Sequence[ToolRun], ctx: ToolContext) -> str:
    """For a turn that ended on writes, which never let the model answer its reads: the listing of each
    ``list_events`` read of a time the user asked about apart from the writes (``asked_apart``: "周三下午有什么
    安排？顺便帮我加个周四上午十点的牙医"), to go before the receipts; a read that looked up the written event is
    not shown."""
    writes = [r for r in runs if r.kind == "write" and not isinstance(r.result, Rejected)]
    shown = [
        listing_text(r.result.listing, ctx.lang, now=ctx.now)  # type: ignore[arg-type]
        for r in runs
        if isinstance(r.result, ReadResult)
        and r.result.listing is not None
        and not r.result.listing.is_search
        and isinstance(window := getattr(r.args, "range", None), str)
        and asked_apart(ctx, window, writes)
    ]
    for free in free_times_asked_apart(runs, ctx):
        shown += free_time_answer(free, ctx.lang, now=ctx.now)
    return "\n".join(dict.fromkeys(shown))


def free_times_asked_apart(runs: Sequence[ToolRun], ctx: ToolContext) -> list[FreeTime]:
    """The free-time reads of times the user asked about apart from the turn's writes (``asked_apart``: "明天
    下午有什么事？" beside "明早七点加个瑜伽"): questions of their own, to be answered."""
    writes = [r for r in runs if r.kind == "write" and not isinstance(r.result, Rejected)]
    return [
        r.result.free_time
        for r in runs
        if isinstance(r.result, ReadResult)
        and r.result.free_time is not None
        and isinstance(window := getattr(r.args, "range", None), str)
        and asked_apart(ctx, window, writes)
    ]
