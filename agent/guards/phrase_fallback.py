"""The user's own time phrase in place of an ungrounded start (``guards.times`` sends the rest back).

When the model's ``when`` / ``event_when`` / ``duration`` is not the user's words, the message often holds
exactly the phrase it was made from: one phrase left unaccounted for ("a week later" sent as "next week"),
a day here and a clock there ("add friday's team dinner, it starts at 7pm"), or the user's clock on a day
the model computed wrong. Each is a fact about the message's time phrases (``time_accounting``), read by
the time service; anything else stays a problem for the model.
"""

from __future__ import annotations

from datetime import time

from agent.context import ToolContext
from agent.guards.users_times import (
    anchored,
    beside_the_event,
    clock_only,
    phrases_left_for,
    same_clock_as,
    users_own,
)
from agent.outcomes import EVENT_WRITES, Command
from agent.time_grounding import (
    has_clock,
    is_a_length,
    is_a_shift,
    is_time_grounded,
    names_a_day,
    phrases_of,
    reads_at_clock,
    reads_or_moves,
    resolved,
    starts_as,
)
from agent.time_words import covers
from agent.user_gave import user_gave_end
from agent.writes.references import clauses_apart
from schedule_time import reads_as_a_destination
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock

__all__ = ["COMPLETED_ARGS", "from_the_users_phrase"]

COMPLETED_ARGS = ("when", "event_when")
"""The start arguments the user's fuller phrase may stand in for."""


def _has_words_of(value: str, phrase: str) -> bool:
    """``value`` holds a time word of ``phrase`` (the time service's pieces: "next tuesday" of "to the same
    time next tuesday" in "next tuesday 11:30")."""
    mine = scan(normalise(phrase)).pieces
    return bool(mine) and any(covers(mine, piece) for piece in scan(normalise(value)).pieces)


def from_the_users_phrase(
    ctx: ToolContext, command: Command, args: dict[str, object], problems: list[dict[str, str]],
    grounded: list[str],
) -> list[dict[str, str]]:  # fmt: skip
    """The problems left once each ungrounded start (``when``, ``event_when``) made from the user's words is
    replaced by them: with exactly one of the message's time phrases unaccounted for, and it reads as a time
    or a move, that phrase is what the model mangled ("a week later" sent as "next week", "推迟一个小时" sent as
    the computed "3月14日11:00"); a length left ("half an hour is enough") is no start, and the one length
    left is an ungrounded ``duration`` ("30 minutes" for "three quarters of an hour"). A change whose new
    start has no phrase left at all keeps its start (the model copied the event's current time: "make it run
    until 6" came with when="4:00 PM")."""
    left = phrases_left_for(ctx, command, users_own(ctx, grounded)) if anchored(ctx, command) else []
    kept = []
    for problem in problems:
        field = problem["field"]
        # a length ("half an hour is enough") is no start, and only a length is a duration; where the event
        # goes ("挪到礼拜五", "move it to friday") is never its current time
        fit = [p for p in left if is_a_length(p) == (field == "duration")]
        if field == "event_when":
            fit = [p for p in fit if not reads_as_a_destination(ctx.user_text, p)]
        destinations = [p for p in fit if reads_as_a_destination(ctx.user_text, p)]
        if (
            command.tool == "update_event" and field == "when" and len(fit) > 1 and len(destinations) == 1
            and _at_its_clock(ctx, str(args[field]), destinations[0])
        ):  # fmt: skip
            # "这周三的瑜伽挪到晚上8点" sent as "周三 2025-06-16 20:00": where it goes (at the value's clock) is the
            # new start, the other phrase says which; a clock the user never said still goes back
            fit = destinations
        elif command.tool == "update_event" and field in COMPLETED_ARGS and len(fit) > 1:
            # "下午那个面试提前20分钟": a move of the event is its new start, the other phrase says which
            moves = [p for p in fit if is_a_shift(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
            if len(moves) == 1:
                fit = moves if field == "when" else [p for p in fit if p != moves[0]]
            else:  # "…today, move it to the same time next tuesday" sent as "next tuesday 11:30": the one
                # phrase whose time words the mangled value kept is the one it was made from
                kept_words = [p for p in fit if _has_words_of(str(args[field]), p)]
                fit = kept_words if len(kept_words) == 1 else fit
        if field == "event_when" and len(fit) > 1:
            # the event's whole time as a tool result named it ("Wednesday, November 12, 4:00–4:30 PM"): the
            # one phrase whose reading starts there ("at 4") is the user's for it
            same = [p for p in fit if starts_as(str(args[field]), p, now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
            fit = same if len(same) == 1 else fit
        if field == "duration" and len(fit) == 1:
            args[field] = fit[0]  # "30 minutes" for "roughly three quarters of an hour"
            left.remove(fit[0])
            ctx.notes.append({"replaced": field, "reason": "the_users_phrase", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
            continue
        if field in COMPLETED_ARGS and len(fit) > 1:
            # the one phrase in the clause that names the event, at the value's clock, is its ("add yoga
            # tonight 7:15, and move the dentist to 2pm" sent as "2025-03-05 7:15": "tonight 7:15" is the
            # yoga's, "2pm" the other request's); a day alone may have its clock apart, and a clock the user
            # never said goes back
            name = str(args.get("title") or args.get("event") or "")
            own = [p for p in fit if name and not clauses_apart(ctx, name, p)]
            if len(own) == 1 and has_clock(own[0]) and _at_its_clock(ctx, str(args[field]), own[0], face=True):
                fit = own
        one = len(fit) == 1 and reads_or_moves(fit[0], now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        if field == "event_when" and one and not beside_the_event(ctx, command, fit[0]):
            args[field] = None  # another clause's time ("…；四点的电话不打了"): the title alone finds it
            ctx.notes.append({"dropped": field, "reason": "another_clause", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
        elif field in COMPLETED_ARGS and one:
            args[field] = fit[0]
            left.remove(fit[0])
            ctx.notes.append({"replaced": field, "reason": "the_users_phrase", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
        elif field == "when" and (apart := _day_and_clock_apart(ctx, command, fit)) is not None:
            args[field] = apart  # a day here, a clock there: the one event's start
            for phrase in fit:
                left.remove(phrase)
            ctx.notes.append({"replaced": field, "reason": "the_users_day_and_clock", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
        elif field == "when" and (same := same_clock_as(ctx, str(args[field]), fit)) is not None:
            # "2025-03-03 15:00" for "Monday 3pm, she's busy Friday": the clock said, the day not
            args[field] = same
            left.remove(same)
            ctx.notes.append({"replaced": field, "reason": "the_users_clock", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
        elif field == "when" and command.tool == "update_event" and not fit and anchored(ctx, command):
            args[field] = None
            ctx.notes.append({"dropped": field, "reason": "ungrounded_time", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
        else:
            kept.append(problem)
    replaced = {n.get("replaced") for n in ctx.notes if n.get("call_index") == command.call_index}
    if (
        "when" in replaced
        and any(p["field"] == "end" for p in kept)
        and user_gave_end(str(args["when"]), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    ):  # fmt: skip
        # the user's range stands for the start and the end: an end the model made up beside it goes
        # ("from 2 till 3" came as 15:00 and end 17:00 on a day the user never named)
        args["end"] = None
        ctx.notes.append({"dropped": "end", "reason": "the_users_range", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
        kept = [p for p in kept if p["field"] != "end"]
    if "duration" in replaced and any(p["field"] == "end" for p in kept):
        # the user's one length stands for the duration: an end the model made up beside it goes
        # ("一次一个半小时" came as end=8:30pm and duration=30 minutes)
        args["end"] = None
        ctx.notes.append({"dropped": "end", "reason": "the_users_length", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
        kept = [p for p in kept if p["field"] != "end"]
    return kept


def _day_and_clock_apart(ctx: ToolContext, command: Command, left: list[str]) -> str | None:
    """A new event's ungrounded start, when the message says a day in one place and a clock in another
    ("add friday's team dinner, it starts at 7pm"; 週五的聚餐記一下，時間是晚上六點半):
    those two are the message's only time phrases and the model's answer made this one write, so both are
    this event's — the day, then the clock, read as one start. None otherwise."""
    title = normalise(str(command.args.get("title") or ""))
    said = [p for p in phrases_of(ctx.user_text, ctx.memo) if not (title and normalise(p) in title)]
    left = [p for p in left if p in said]  # (a meal word of the title is its name: "team dinner")
    if command.tool != "create_event" or len(left) != 2 or len(said) != 2:
        return None
    writes = [tool for tool, _ in ctx.state.answer_calls if tool in EVENT_WRITES]
    if len(writes) != 1:
        return None
    days = [p for p in left if names_a_day(p) and not has_clock(p)]
    clocks = [p for p in left if clock_only(p) or _clock_range(ctx, p)]
    if len(days) != 1 or len(clocks) != 1:
        return None
    joined = f"{days[0]} {clocks[0]}"
    return joined if is_time_grounded(joined, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo) else None


def _clock_range(ctx: ToolContext, phrase: str) -> bool:
    """A time of day to the minute with no day of its own, though no piece of it is a clock ("from 1 to 2
    in the afternoon": two hours and a part of day)."""
    if names_a_day(phrase):
        return False
    found = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return found.status == "resolved" and found.grain == "minute" and not found.recurrence


def _at_its_clock(ctx: ToolContext, value: str, phrase: str, *, face: bool = False) -> bool:
    """The value's clock (its Clock word, whatever date it was wrapped in: "周三 2025-06-16 20:00") is one
    reading of the phrase ("到晚上8点"). ``face``: its hour on a 12-hour face will do ("2025-05-22 6:30" for
    "tonight 6:30": the user's clock copied without its evening)."""
    clocks = [c for c in scan(normalise(value)).pieces if isinstance(c, Clock)]
    if len(clocks) != 1:
        return False
    c = clocks[0]
    if face:
        hours = {c.hour % 12, c.hour % 12 + 12}
    elif c.h24:
        hours = {c.hour % 24}
    elif c.meridiem:
        hours = {c.hour % 12 + (12 if c.meridiem == "pm" else 0)}
    else:
        hours = {c.hour % 12, c.hour % 12 + 12}
    return any(
        reads_at_clock(phrase, time(h, c.minute), now=ctx.now, tz=ctx.tz, memo=ctx.memo) for h in hours
    )
