"""What a write call left out that the user's words plainly give: code fills it in from their words.

A small model leaves out an argument the message spells out, and sending it back with a hint does not fix
it: live, "I run every weekday at 8am … put it in the calendar" came back as an ``update_event`` of an event
that does not exist. Five cases are plain enough to take from the words without asking anyone:

* **the repetition of a new event**: a repetition phrase ("every weekday at 8am", "每天晚上10点") in the
  same clause as the event's title, or inside the title the model wrote ("Run every weekday at 8am for 30
  min": the title loses the phrase). A repetition in another clause may be about something else ("I run
  every weekday; book the physio tomorrow at 8") and still goes back to the model.
* **the day of a new event's clock time**: "Skip swimming tomorrow and book a physio at 5pm instead" came
  with ``when="5pm"`` (today). When the message names exactly one day, today or later, in the same sentence
  as that clock, the clock is on that day. Two days, a past day, another sentence: the time stays as given.
* **the clock of a new event's day**: the other way round ("the 14th please, 9am works" sent as "the
  14th"): the message's one clock phrase, with no day or bound of its own, in a sentence naming a day.
* **the length of a new event**: the one length the message says ("half an hour is enough", 一个半小时) when
  the model gave no end or duration.
* **who, split out of the title**: "周六和老陈爬山" came as title "爬山" with 老陈 as an attendee; the
  stretch of the user's words where the title and the names stand together ("老陈爬山", "Lunch with Ana")
  is the title — found by where the names stand, not by which words join them (``writes.company``).

And one the other way: **an end that is another clause's time** ("把后天的例会改到上午十点，再加一个十一点的电话"
came as an update to 10–11am) is dropped when the user said no end or length: the change keeps its length and
the other clause's time stays unsaid, so the turn asks the model about it (``agent.turn.unsaid``).

Not the new time of a change: an update that gives none goes to the write path, which names the time of the
message said of that event to the model once and then offers the move as yes/no (``writes.path``). Which of
a message's times is the new start, and whether it is a start at all ("改到十一点" / "要到十一点", "move it
to 4" / "run until 4"), is the model's reading; code only holds it to the user's words.

The filled value is the user's own phrase, so the time service computes it and every later check (past,
overlap, confirmation) applies as to any other time argument.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from agent.context import ToolContext
from agent.outcomes import Command
from agent.time_grounding import (
    Memo,
    has_clock,
    is_an_event_length,
    is_time_grounded,
    phrases_of,
    quotes,
    resolved,
)
from agent.turn.focus import is_just_written
from agent.user_gave import user_gave_end, user_gave_recurrence
from agent.writes.company import title_with_company
from agent.writes.siblings import time_of_another_request
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock, DateParts, DayShift, HolidayRef, PartOfDay, WeekdayRef

__all__ = [
    "clock_for_day",
    "day_for_clock",
    "end_from_another_clause",
    "filled_from_users_words",
    "length_of_a_correction",
    "length_said",
    "repetition_said",
    "title_without",
]


async def filled_from_users_words(ctx: ToolContext, command: Command) -> Command:
    """``command`` with what the model left out taken from the user's words, and without an end that is
    another clause's time (see the module docstring); each fill or drop is noted for telemetry."""
    args, now, tz, memo = command.args, ctx.now, ctx.tz, ctx.memo
    when, end = str(args.get("when") or ""), str(args.get("end") or "")
    if when and end and end_from_another_clause(ctx.user_text, when, end, now=now, tz=tz, memo=memo):
        ctx.notes.append({"dropped": "end", "reason": "another_clause", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
        command = command.with_(args={**args, "end": None})
        args = command.args
    if command.tool != "create_event" or not args.get("title"):
        return command
    title = str(args["title"])
    company = [str(v) for v in (args.get("attendees") or []) if str(v).strip()]
    fuller = title_with_company(ctx.user_text, title, company)
    if fuller is not None:
        _note(ctx, command, "title")
        command = command.with_(args={**args, "title": fuller})
        args, title = command.args, fuller
    when = str(args.get("when") or "")
    day = day_for_clock(ctx.user_text, when, now=now, tz=tz, memo=memo, title=title) if when else None
    if day is not None:
        _note(ctx, command, "when")
        when = f"{day} {when}"
        command = command.with_(args={**args, "when": when})
        args = command.args
    clock = clock_for_day(ctx.user_text, when, title, now=now, tz=tz, memo=memo) if when and day is None else None
    if clock is not None and time_of_another_request(ctx, command.with_(args={**args, "when": f"{when} {clock}"})):
        clock = None  # the clock of a clause naming another call of the answer: that request's, not this one's
    if clock is not None:
        _note(ctx, command, "when")
        when = f"{when} {clock}"
        command = command.with_(args={**args, "when": when})
        args = command.args
    if not (args.get("end") or args.get("duration")) and (length := length_said(ctx.user_text, args, memo)):
        _note(ctx, command, "duration")
        command = command.with_(args={**args, "duration": length})
        args = command.args
    if args.get("recurrence") or (when and user_gave_recurrence(when, now=now, tz=tz, memo=memo)):
        return command
    phrase = repetition_said(ctx.user_text, title, now=now, tz=tz, memo=memo)
    if phrase is None:
        return command
    _note(ctx, command, "recurrence")
    return command.with_(args={**args, "recurrence": phrase, "title": title_without(title, phrase)})


def length_said(text: str, args: dict[str, object], memo: Memo | None = None) -> str | None:
    """The one length the message says that no argument holds ("…at 9am, half an hour is
    enough", 大概一个半小时): a new event's duration. None when there is none, or several."""
    used = [str(args[n]) for n in ("when", "recurrence") if args.get(n)]  # (the notes are no time)
    lengths = []
    for phrase in phrases_of(text, memo):
        if is_an_event_length(phrase):
            lengths.append(phrase)
        elif (rest := _beyond(phrase, used)) and is_an_event_length(rest):
            lengths.append(rest)  # "friday 6pm for 2 hours" sent as "friday 6pm": its length is left
    if len(lengths) != 1:
        return None
    return None if any(quotes(lengths[0], [u]) for u in used) else lengths[0]


def length_of_a_correction(ctx: ToolContext, command: Command) -> Command:
    """``command`` with the message's one event length as its ``duration`` when it updates the event the last
    turn wrote and has no time of its own left ("…, and give it two hours", 再留一个半小时 beside a corrected
    name, sent with the event's own time or a made-up one that grounding dropped): the length is the change
    the correction asks for, not "nothing to change". Any other update is unchanged."""
    args = command.args
    if command.tool != "update_event" or not is_just_written(ctx.focus, command.target):
        return command
    if ctx.state.answered or any(args.get(n) for n in ("when", "end", "duration")) or command.resolved:
        return command
    said = {**args, "when": " ".join(str(args.get(n) or "") for n in ("event", "event_when")).strip()}
    length = length_said(ctx.user_text, said, ctx.memo)
    if length is None:
        return command
    _note(ctx, command, "duration")
    return command.with_(args={**args, "duration": length})


def _beyond(phrase: str, used: list[str]) -> str | None:
    """What is left of the user's ``phrase`` once an argument that is a part of it is cut out (None when
    no argument is)."""
    folded = phrase.casefold()
    for value in used:
        at = folded.find(value.strip().casefold())
        if value.strip() and at >= 0 and len(value.strip()) < len(phrase):
            rest = f"{phrase[:at]} {phrase[at + len(value.strip()) :]}".strip(" ,，")
            return rest or None
    return None


def day_for_clock(
    text: str, when: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None, title: str | None = None
) -> str | None:
    """The one day the message names, for a new event's clock time given without one ("Skip swimming tomorrow
    and book a physio at 5pm instead": "5pm" is tomorrow's, not today's): the day phrase when it is the
    only one in the message, a single day after today, in the same sentence as the clock; else None. A past
    day only in the clause that names the event (``title``): "log yesterday's client call, it ran from 2 till
    3" is yesterday's (then asked, as every past write is), "yesterday was long, book a massage at 6pm"
    stays today's."""
    pieces = scan(normalise(when)).pieces
    if any(isinstance(p, _DAY_PIECES) for p in pieces) or not _time_of_day(when, pieces, now, tz, memo):
        return None
    days = []
    for raw in phrases_of(text, memo):
        found = scan(normalise(raw)).pieces
        if any(isinstance(p, _DAY_PIECES) for p in found):
            days.append(_EDGE_WORDS.sub("", raw).strip() or raw)
    if len(days) != 1 or has_clock(days[0]):
        return None
    r = resolved(days[0], now=now, tz=tz, memo=memo)
    today = now.astimezone(tz).date()
    if r.status != "resolved" or r.grain != "day" or r.start is None or r.start.date() == today:
        return None  # today adds nothing
    day, clock = days[0].casefold(), when.casefold()
    if r.start.date() < today and not _in_the_events_clause(text, day, title):
        return None  # a past day elsewhere is context ("yesterday was long, so …")
    folded = [part.casefold() for part in _SENTENCE.split(text)]
    if not any(
        day in part and (clock in part or is_time_grounded(when, [part], now=now, tz=tz, memo=memo))
        for part in folded
    ):
        return None  # the clock is the model's ("下午5點" for 五點 is the user's), or in another sentence
    return days[0]


def _time_of_day(when: str, pieces: list, now: datetime, tz: ZoneInfo, memo: Memo | None) -> bool:
    """``when`` says a time of day: a clock, or hours the time service reads ("from 2 till 3 in the
    afternoon")."""
    if any(isinstance(p, Clock) for p in pieces):
        return True
    r = resolved(when, now=now, tz=tz, memo=memo)
    return r.status == "resolved" and r.grain in ("hour", "minute") and not r.recurrence


def _in_the_events_clause(text: str, day: str, title: str | None) -> bool:
    """``day`` stands in a clause of ``text`` that names the event: its title, or each word of it."""
    if not title:
        return False
    words = [w for w in re.findall(r"\w+", title.casefold()) if not w.isascii() or len(w) > 2]
    for clause in _CLAUSE.split(text.casefold()):
        if day in clause and (title.casefold() in clause or (words and all(w in clause for w in words))):
            return True
    return False


def clock_for_day(
    text: str, when: str, title: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> str | None:
    """The one clock time the message says, for a new event's day given without one ("From 20 March, a
    monthly review with Sam at 4pm" sent as when="20 March 2025": the user said when, so "What time?" would
    ask for what they gave): the clock phrase when it is the only phrase of the message with a clock, has no
    day and no bound of its own ("after 2pm", "until 5" stay out), stands in a sentence that names a day,
    and makes one time with ``when``; else None."""
    pieces = scan(normalise(when)).pieces
    if any(isinstance(p, Clock) for p in pieces) or not any(isinstance(p, _DAY_PIECES) for p in pieces):
        return None
    clocks, days = [], []
    for raw in phrases_of(text, memo):
        found = scan(normalise(raw)).pieces
        if any(isinstance(p, Clock) for p in found):
            clocks.append((raw, found))
        if any(isinstance(p, _DAY_PIECES) for p in found):
            days.append(raw.casefold())
    if len(clocks) != 1:
        return None
    clock, found = clocks[0]
    if not all(isinstance(p, _CLOCK_ONLY) for p in found) or quotes(clock, [title]):
        return None
    sentences = [part.casefold() for part in _SENTENCE.split(text)]
    if not any(clock.casefold() in part and any(d in part for d in days) for part in sentences):
        return None
    day = resolved(when, now=now, tz=tz, memo=memo)
    both = resolved(f"{when} {clock}", now=now, tz=tz, memo=memo)
    if day.status != "resolved" or both.status != "resolved" or day.start is None or both.start is None:
        return None
    same_day = both.start.astimezone(tz).date() == day.start.astimezone(tz).date()
    return clock if same_day and both.grain in ("minute", "hour") else None


def end_from_another_clause(
    text: str, when: str, end: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> bool:
    """Whether ``end`` is a time the user gave in another clause than the start, with no end or length said
    anywhere: "把后天的例会改到上午十点，再加一个十一点的电话" came as when=10am, end=11am — eleven o'clock is
    the call's. A start and end said together ("3点到5点", "from 3 to 5", "make it run until 6") stay."""
    if user_gave_end(text, now=now, tz=tz, memo=memo):
        return False
    clauses = [c for c in _CLAUSE.split(text) if c.strip()]
    if len(clauses) < 2:
        return False

    def clauses_of(value: str) -> set[int]:
        mine = _clocks(value)
        return {i for i, c in enumerate(clauses) if mine & _clocks(c)}

    starts, ends = clauses_of(when), clauses_of(end)
    return bool(starts) and bool(ends) and not starts & ends and not _UNTIL.search(text)


def _clocks(text: str) -> set[tuple[int, int]]:
    """The clock readings in ``text``, am/pm aside ("下午三點" and "15:00" are both (3, 0))."""
    return {(p.hour % 12, p.minute) for p in scan(normalise(text)).pieces if isinstance(p, Clock)}


def _note(ctx: ToolContext, command: Command, field: str) -> None:
    ctx.notes.append(
        {"filled": field, "from": "user_words", "tool": command.tool, "call_index": command.call_index}
    )  # fmt: skip


_UNTIL = re.compile(
    r"\b(?:until|till|til|through|thru|ends?|ending|finish(?:es|ing)?|over\s+by|wraps?\s+up)\b"
    r"|结束|結束|为止|為止|开到|開到|延长到|延長到|到.{0,6}点?(?:结束|結束)",
    re.IGNORECASE,
)
"""Words that make a lone time an end ("run until 6", "开到六点")."""
_DAY_PIECES = (DayShift, WeekdayRef, DateParts, HolidayRef)
_CLOCK_ONLY = (Clock, PartOfDay)
"""A clock phrase with nothing else: "2pm", 上午十点半 (no day, no "after"/"until", no length)."""
_EDGE_WORDS = re.compile(r"^(?:and|then|和|跟|与|與)\s*|\s*(?:and|then|和|跟|与|與|的)$", re.IGNORECASE)
"""Connectors the scanner keeps at a phrase's edge ("tomorrow and", "明天的")."""
_SENTENCE = re.compile(r"[.!?;。！？；\n]")
_CLAUSE = re.compile(r"[,.;!?，。；！？\n]")


def _one_repetition(said: list[str], *, now: datetime, tz: ZoneInfo, memo: Memo | None) -> str | None:
    """The one repetition the phrases say: the only phrase, or, when one repeats what another says more
    fully ("book club every Thursday at 6pm, weekly": the same frequency), the fullest; None for two
    different ones."""
    if len(said) < 2:
        return said[0] if said else None
    rules = [resolved(p, now=now, tz=tz, memo=memo).recurrence or "" for p in said]
    freqs = {part for rule in rules for part in rule.split(";") if part.startswith("FREQ=")}
    if len(freqs) != 1:
        return None
    fullest = max(range(len(said)), key=lambda i: len(rules[i].split(";")))
    others = [set(r.split(";")) for i, r in enumerate(rules) if i != fullest]
    whole = set(rules[fullest].split(";"))
    return said[fullest] if all(o <= whole for o in others) else None


def repetition_said(
    text: str, title: str, *, now: datetime, tz: ZoneInfo, memo: Memo | None = None
) -> str | None:
    """The user's repetition phrase for the event titled ``title``: the one in the title itself or in the
    clause of ``text`` that names the title; None when there is none or it is in another clause."""
    said = [p for p in phrases_of(text, memo) if user_gave_recurrence(p, now=now, tz=tz, memo=memo)]
    phrase = _one_repetition(said, now=now, tz=tz, memo=memo)
    if phrase is None:
        return None
    if quotes(phrase, [title]):
        return phrase
    words = _title_words(title_without(title, phrase))
    if not words:
        return None
    for clause in _CLAUSE.split(text):
        folded = clause.casefold()
        if phrase.casefold() in folded and any(
            re.search(r"(?<![a-z])" + re.escape(w), folded) for w in words
        ):
            return phrase
    return None


def title_without(title: str, phrase: str) -> str:
    """``title`` without the time phrase the model copied into it ("Run" for "Run every weekday at 8am for
    30 min"); the title itself when nothing is left."""
    at = title.casefold().find(phrase.casefold())
    if at < 0:
        return title
    rest = (title[:at] + title[at + len(phrase) :]).strip(" ,-–—:;，。：；")
    return re.sub(r"\s{2,}", " ", rest) or title


def _title_words(title: str) -> list[str]:
    """What of a title must appear in the clause: its Latin words of three letters or more, or its CJK text."""
    folded = title.casefold().strip()
    latin = re.findall(r"[a-z][a-z'’-]{2,}", folded)
    if latin:
        return [w.rstrip("s") if len(w) > 3 else w for w in latin]
    cjk = re.sub(r"[^\u3400-\u9fff]", "", folded)
    return [cjk] if cjk else []
