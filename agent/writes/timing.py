"""Times for a write command: resolve ``when`` (+ end, duration, recurrence) into ``command.resolved``, or
say what is missing (``NeedsValue`` for the time only) or ambiguous (``NeedsChoice`` with candidates).

Ends (``timing.resolve_end``): an end naming its own day is read from the turn's now, one without a day
on the start's day. An unusable optional end/duration is dropped for the default hour unless the user
said it (then asked): see ``with_timing``. The time arguments reaching here are grounded in the user's
words already (``calendar_tools`` / ``time_grounding``).

A move keeps what the user did not change: a time without a day keeps the event's day (``anchor_of``), a
move without a new end keeps the event's duration. A move's ``when`` is read against the event by the time
service (``resolve(..., relative_to=(start, end))``: the target occurrence's current range): "an hour later",
"push it back two days", 提前二十分钟, "same time next Monday", 周五同一个时间段, "move to 4" — the new start is
computed from the event's start, never from now (``_against_event``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from agent.context import ToolContext
from agent.fuller_phrase import fuller_against_the_event
from agent.language import HAN_RUN
from agent.outcomes import Command, NeedsChoice, NeedsValue, Option, WriteOutcome
from agent.render import phrases
from agent.render.timefmt import range_text
from agent.time_grounding import is_a_length_change, quotes, resolved, the_time_itself
from agent.timing import (
    DEFAULT_DURATION,
    Ambiguous,
    Missing,
    Timing,
    names_start_day,
    resolve_duration,
    resolve_end,
    resolve_recurrence,
    resolve_start,
    rule_days,
    said_all_day,
    timing_json,
)
from agent.user_gave import user_gave_end, user_gave_multi_day
from agent.writes.how_often import recurrence_question
from agent.writes.store import title_of
from schedule_time import Candidate, TimeExpressionError, resolve
from storage.recurrence import first_of_rule

__all__ = ["MAX_SILENT_SPAN", "anchor_of", "choose_time", "option_line", "settle_time", "with_timing"]

MAX_SILENT_SPAN = timedelta(hours=24)
MIN_SPAN = timedelta(minutes=1)
"""No event lasts less than a minute: a shorter end or length ("4s" read in a shop's name) is unusable."""
"""A timed event this long or longer is written only when the user's own words name such a span."""


def settle_time(
    ctx: ToolContext, command: Command, when: str, *, anchor: tuple[datetime, datetime] | None
) -> Command | WriteOutcome:
    """Resolve ``when`` (+ end, duration, recurrence) into ``command.resolved``, or ask. ``anchor``: the
    event a move is about (its current start and end), which ``when`` is read against."""
    all_day = bool((command.target or {}).get("all_day"))
    if anchor is not None and (fuller := fuller_against_the_event(when, ctx.user_text, anchor, now=ctx.now, tz=ctx.tz, memo=ctx.memo)):
        ctx.notes.append({"replaced": "when", "reason": "the_users_fuller_phrase_against_the_event", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
        when = fuller
    framed = _against_event(ctx, when, anchor, all_day) if anchor is not None else None
    if isinstance(framed, Timing):
        return with_timing(ctx, command, framed, anchor=anchor)
    timing = _start_in_context(ctx, command, when, anchor[0] if anchor else None)
    if all_day and isinstance(timing, Timing) and not timing.all_day and _a_day_alone(ctx, when):
        # an all-day event moved to a day ("move the offsite to monday") stays all day: the anchor's
        # midnight start and 24 hours were written as a timed event
        timing = Timing(timing.start, None, all_day=True, rrule=timing.rrule)
    if (
        isinstance(timing, Timing)
        and isinstance(framed, Ambiguous)
        and any(c.start == timing.start for c in framed.candidates)
        and len({c.start.date() for c in framed.candidates}) > 1
    ):
        timing = framed  # "2-4": the date alone, or the hours 2 to 4 on the event's day — the user picks
    elif isinstance(timing, Missing | Ambiguous) and isinstance(framed, Ambiguous) and anchor is not None:
        timing = framed  # "move to 7" / "to 8:45": morning or evening of the event's own day, not of today
        at = anchor[0]  # ... settled by a part of the day in the words or the event's name ("Dinner")
        timing = _settled_by_words(
            timing, when, f"{ctx.user_text} {title_of(command)}",
            lambda text: resolve_start(text, now=ctx.now, tz=ctx.tz, anchor=at),
        )  # fmt: skip
    if isinstance(timing, Ambiguous):
        options = tuple(_option(ctx, c) for c in timing.candidates)
        lines = [option_line(o, ctx) for o in options]
        return NeedsChoice(command, "when", phrases.ask_choice(lines, ctx.lang, field="when"), options)
    if isinstance(timing, Missing):
        title = title_of(command)
        return NeedsValue(
            command, "when", phrases.ask_value("when", ctx.lang, title=title, day=timing.day, now=ctx.now)
        )
    return with_timing(ctx, command, timing, anchor=anchor)


def _whole_days(ctx: ToolContext, value: str) -> timedelta | None:
    """The length ``value`` reads as when it is one or more whole days ("two days", 三天), else None."""
    length = resolve_duration(value, now=ctx.now, tz=ctx.tz)
    if length is None or length < timedelta(days=1) or length % timedelta(days=1):
        return None
    return length


def _a_day_alone(ctx: ToolContext, when: str) -> bool:
    """``when`` names a day and no time of it ("monday", 下周一)."""
    r = resolved(when, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return r.status == "resolved" and r.grain == "day" and not r.recurrence


def _option(ctx: ToolContext, c: Candidate) -> Option:
    """A reading to pick: a range the words gave ("7 to 8:30": 7-8:30 a.m. or p.m.) keeps its own end,
    shown and applied once picked; a point shows the default hour."""
    ranged = c.grain == "minute" and c.end is not None and c.end - c.start > timedelta(minutes=1)
    shown_end = c.end if ranged or c.grain != "minute" else c.start + timedelta(hours=1)
    time = {"start": c.start.isoformat(), "grain": c.grain, "rrule": rule_days(c.recurrence)}
    if ranged:
        time["end"] = c.end.isoformat()
    return Option(
        label=range_text(c.start, shown_end, ctx.lang, ref=ctx.now.date()),
        start=c.start, end=c.end, time=time, tag=c.label,
    )  # fmt: skip


def _against_event(
    ctx: ToolContext, when: str, anchor: tuple[datetime, datetime], all_day: bool
) -> Timing | Ambiguous | None:
    """``when`` read against the event (``relative_to``), when that reading is not the same as without it:
    a move by an amount, the same time another day, a clock time on the event's day, a day at the event's
    time. None when the event changes nothing (the plain reading applies) or the text reads as nothing.
    The event's length is kept unless the words give an end. For an all-day event only a reading that is
    whole days stays one (else None: the plain reading asks or settles it)."""
    if said_all_day(when):
        return None
    try:
        framed = resolve(when, now=ctx.now, tz=ctx.tz, prefer="future", relative_to=anchor)
        bare = the_time_itself(when)  # "to 4" (the "to" of "move it to 4" without its verb): "4"
        if framed.status == "unresolved" and bare != when and not _UNTIL_LEAD.match(when):
            when, framed = bare, resolve(bare, now=ctx.now, tz=ctx.tz, prefer="future", relative_to=anchor)
    except TimeExpressionError:  # (an anchor without a zone: never read against)
        return None
    if framed.status == "ambiguous" and framed.candidates:
        return Ambiguous(framed.candidates[:3])
    if framed.status != "resolved" or framed.start is None or framed.end is None or framed.recurrence:
        return None
    if framed.duration is not None and framed.end - framed.start != framed.duration:
        return None
    plain = resolve(when, now=ctx.now, tz=ctx.tz, prefer="future")
    if plain.status == "resolved" and (plain.start, plain.end) == (framed.start, framed.end):
        return None
    if all_day:
        start, end = framed.start.astimezone(ctx.tz), framed.end.astimezone(ctx.tz)
        whole = start.time() == end.time() == datetime.min.time() and end > start
        return Timing(start, end, all_day=True) if whole else None
    return Timing(framed.start, framed.end)


_BARE_HOUR = re.compile(r"\s*(\d{1,2})\s*")
_UNTIL_LEAD = re.compile(r"\s*(?:until|till|til|through|thru)\b", re.IGNORECASE)
"""A time that leads with "until" is an end ("make it run until 6"), never where the event goes."""


def _length_changed(
    ctx: ToolContext, value: str, start: datetime, anchor: tuple[datetime, datetime]
) -> datetime | None:
    """The new end of a change of length, read against the event at its (new) start with its old length."""
    framed = resolve(value, now=ctx.now, tz=ctx.tz, prefer="future", relative_to=(start, start + (anchor[1] - anchor[0])))
    return framed.end if framed.status == "resolved" and framed.start == start else None


def _start_in_context(
    ctx: ToolContext, command: Command, when: str, anchor: datetime | None
) -> Timing | Ambiguous | Missing:
    """``resolve_start``, then what the rest of the user's message settles about the same words:

    * a bare hour ("move the dentist to 4") is read as a clock hour ("at 4" / "4点");
    * morning-or-evening is settled by a word the time service reads as a part of the day, anywhere in the
      user's message or the title ("dinner … at 7", "周五7点和张三吃晚饭"): the word is tried after
      ``when``, and kept only if exactly one candidate comes out;
    * a day without a time, when the user said "all day" / 全天, is an all-day event.
    """

    def start(text: str) -> Timing | Ambiguous | Missing:
        return resolve_start(text, now=ctx.now, tz=ctx.tz, anchor=anchor)

    timing = start(when)
    if isinstance(timing, Missing) and (bare := _BARE_HOUR.fullmatch(when)) and 0 < int(bare[1]) <= 24:
        timing = start(f"{bare[1]}点" if ctx.lang == "zh" else f"at {bare[1]}")
    if isinstance(timing, Ambiguous):
        timing = _settled_by_words(timing, when, f"{ctx.user_text} {title_of(command)}", start)
    if isinstance(timing, Missing) and timing.day is not None and said_all_day(ctx.user_text):
        timing = start(f"{when} all day")
    if isinstance(timing, Missing) and timing.day is not None and anchor is None:
        timing = _whole_days_from(ctx, command, when, start) or timing
    return timing


def _whole_days_from(
    ctx: ToolContext, command: Command, when: str, start: Callable[[str], Timing | Ambiguous | Missing]
) -> Timing | None:
    """A new event on a day with no time of day and a length of whole days the user gave (周五请假一天,
    "conference for 3 days starting Monday"): all day, from that day for that many days."""
    value = command.args.get("duration")
    if not value or not _user_said(ctx, value, when):
        return None
    length = resolve_duration(value, now=ctx.now, tz=ctx.tz)
    if length is None or length < timedelta(days=1) or length % timedelta(days=1):
        return None
    first = start(f"{when} all day")
    if not isinstance(first, Timing):
        return None
    return Timing(first.start, first.start + length, all_day=True, rrule=first.rrule)


def _settled_by_words(
    timing: Ambiguous, when: str, context: str, start: Callable[[str], Timing | Ambiguous | Missing]
) -> Timing | Ambiguous:
    candidates = {c.start for c in timing.candidates}
    words = set(re.findall(r"[A-Za-z]{3,}", context))
    for run in HAN_RUN.findall(context):
        words |= {run[i : i + n] for n in (2, 3) for i in range(len(run) - n + 1)}
    settled: dict[datetime, Timing] = {}
    for word in sorted(words):
        found = start(f"{when} {word}")
        if isinstance(found, Timing) and found.start in candidates:
            settled.setdefault(found.start, found)
    return next(iter(settled.values())) if len(settled) == 1 else timing


def with_timing(
    ctx: ToolContext, command: Command, timing: Timing, *, anchor: tuple[datetime, datetime] | None
) -> Command | WriteOutcome:
    """Apply end / duration / recurrence to a start; a move without a new end keeps its duration.

    An unusable ``end``/``duration`` (unresolved, less than a minute after the start, or 24 hours or more after a timed
    start when the user's words name no span over a day) is *asked about* only when the user said it (the
    message names an end or duration: "3 to 5pm", "for 2 hours"; or the argument quotes the message and
    is not the start's own words); otherwise the model added it, so it is dropped (noted in telemetry)
    and the default hour applies. A day on or before the start's day given as the end ("starting April 3"
    taken for an end) is where the event starts, not an end: dropped unless the user named an end.
    """
    args = command.args
    title = title_of(command)
    start, end, rrule = timing.start, timing.end, timing.rrule
    for name in ("end", "duration"):
        value = args.get(name)
        if value and timing.all_day and name == "duration" and (days := _whole_days(ctx, value)):
            end = start + days  # "make it two days": the all-day event spans that many days
            break
        if not value or timing.all_day:
            continue
        if anchor is not None and is_a_length_change(value):  # "30 minutes longer": the end moves
            found = _length_changed(ctx, value, start, anchor)
        elif name == "end":
            found = resolve_end(value, start=start, now=ctx.now, tz=ctx.tz)
        else:
            duration = resolve_duration(value, now=ctx.now, tz=ctx.tz)
            found = start + duration if duration is not None else None
        long = found is not None and found - start >= MAX_SILENT_SPAN
        short = found is not None and found - start < MIN_SPAN
        if found is not None and not short and not (long and not _multi_day_said(ctx)):
            end = found
            break
        start_day = (
            name == "end"
            and found is None
            and names_start_day(value, start=start, now=ctx.now, tz=ctx.tz)
            and not user_gave_end(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        )
        if not start_day and _user_said(ctx, value, args.get("when") or ""):
            return NeedsValue(command, name, phrases.ask_value(name, ctx.lang, title=title, now=ctx.now))
        ctx.notes.append(
            {
                "dropped": name,
                "reason": "too_long" if long else "too_short" if short else "start_day" if start_day else "unusable",
                "tool": command.tool,
                "call_index": command.call_index,
            }
        )
        command = command.with_(args={**command.args, name: None})
        args = command.args
    if end is None:
        end = start + (anchor[1] - anchor[0] if anchor is not None else DEFAULT_DURATION)
    if args.get("recurrence"):
        rrule = resolve_recurrence(args["recurrence"], start=start, tz=ctx.tz)
        if rrule is None:
            return NeedsValue(command, "recurrence", recurrence_question(ctx, title))
    if rrule and command.tool == "create_event":
        # "every Tuesday and Thursday, starting the 9th" (a Sunday): the series starts on its first own day,
        # never with a stray occurrence on the day given
        first = first_of_rule(rrule, start.astimezone(ctx.tz), all_day=timing.all_day)  # (walls in its zone)
        start, end = first, end + (first - start)
    return command.with_(resolved=timing_json(start, end, timing.all_day, rrule))


def _user_said(ctx: ToolContext, value: str, when: str) -> bool:
    """The user gave this end: their message names an end or duration, or the value quotes their message
    (an answer to "when does it end?") and is not just the start's words again."""
    if user_gave_end(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return True
    return quotes(value, (ctx.user_text,)) and not quotes(value, (when,))


def _multi_day_said(ctx: ToolContext) -> bool:
    return any(user_gave_multi_day(t, now=ctx.now, tz=ctx.tz, memo=ctx.memo) for t in ctx.time_sources)


def choose_time(ctx: ToolContext, command: Command, option: Option) -> Command | WriteOutcome:
    """Apply a picked time candidate (a clarification's option) to the command: its start, and the
    repetition the words gave (an explicit ``recurrence`` argument still wins in ``with_timing``)."""
    assert option.time is not None
    start, end = datetime.fromisoformat(option.time["start"]), option.time.get("end")
    if end is not None:  # a reading with its own end (``end_or_move``): the arguments' end is that reading's
        command = command.with_(args={**command.args, "end": None, "duration": None})
        end = datetime.fromisoformat(end)
    timing = Timing(start, end, rrule=option.time.get("rrule"))
    anchor = anchor_of(command)
    return with_timing(ctx, command, timing, anchor=anchor)


_PARTS_ZH = {"morning": "上午", "afternoon": "下午", "evening": "晚上", "night": "晚上"}
_DAYS = {"en": ("today", "tomorrow"), "zh": ("今天", "明天")}


def option_line(option: Option, ctx: ToolContext) -> str:
    """An option as the question lists it: the label, and what tells it apart — its part of the day, or
    "today"/"tomorrow" for the time service's after-midnight readings (its note is for developers: "after
    midnight: today (Thu 15 May)" reached Chinese users as it was)."""
    if not option.tag:
        return option.label
    lang = "zh" if ctx.lang == "zh" else "en"
    tags = option.tag.split(", ")
    words = [_PARTS_ZH[t] if lang == "zh" else t for t in tags if t in _PARTS_ZH]
    if len(words) < len(tags) and option.start is not None:  # a reading of the day
        days = (option.start.astimezone(ctx.tz).date() - ctx.now.astimezone(ctx.tz).date()).days
        if days in (0, 1):
            words.insert(0, _DAYS[lang][days])
    if not words:
        return option.label
    return f"{option.label}（{'，'.join(words)}）" if lang == "zh" else f"{option.label} ({', '.join(words)})"


def anchor_of(command: Command) -> tuple[datetime, datetime] | None:
    """The target's current (start, end), which a move keeps the day, time or duration of."""
    target = command.target
    if not target:
        return None
    return datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])
