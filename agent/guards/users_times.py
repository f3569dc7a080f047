"""Which of the user's time words an argument stands for, when the model's argument is not them: the one
shift of the event the message says (an update sent with no new start, or with the prompt's current
minute), a length that is only a shift's amount ("45 minutes" of "45 minutes later"), and the user's one
word inside a receipt's date copied around it. Each is a fact the time service reads (a shift moves two
probe events by the same span), never a guess about wording; ``guards.times`` applies them."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from agent.context import ToolContext
from agent.grounding import bare_words, names_event
from agent.language import clauses
from agent.outcomes import Command
from agent.time_accounting import phrases_or_moves_left
from agent.time_grounding import (
    has_clock,
    is_a_length,
    is_a_shift,
    is_time_grounded,
    names_a_day,
    norm,
    phrases_in,
    phrases_of,
    quotes,
    reads_at_clock,
    reads_or_moves,
    resolved,
    the_time_itself,
)
from agent.timing import Missing, resolve_start
from agent.title_grounding import names_what_was_said
from agent.writes.title_match import shares_a_word
from schedule_time import resolve
from schedule_time.language import normalise, scan
from schedule_time.pieces import PartOfDay

__all__ = [
    "amount_of_a_move",
    "anchored",
    "beside_the_event",
    "clock_for_the_day",
    "clock_only",
    "end_of_a_range_said",
    "move_inside",
    "phrases_left_for",
    "same_clock_as",
    "shift_after_the_events_day",
    "the_users_part",
    "the_users_shift",
    "users_own",
]


def new_start_against(ctx: ToolContext, phrase: str, start: datetime, end: datetime) -> datetime | None:
    """Where ``phrase`` starts the event at ``[start, end)`` when the time service reads it against the event
    as a new start to the minute ("3pm", 七点半, "an hour later") — not an end ("until 3"), a day, or a
    repetition; None otherwise."""
    r = resolve(phrase, now=ctx.now, tz=ctx.tz, relative_to=(start, end))
    ok = r.status == "resolved" and r.start is not None and r.grain == "minute" and not r.recurrence
    return r.start if ok else None


def phrases_left_for(ctx: ToolContext, command: Command, grounded: list[str]) -> list[str]:
    """What an ungrounded argument may have been made from (for a change, not words of the event's name)."""
    name = str(command.args.get("event") or "") if command.tool != "create_event" else ""
    return phrases_or_moves_left(ctx, grounded, name=name)


def users_own(ctx: ToolContext, values: list[str]) -> list[str]:
    """The values without those only our own texts ground: a range copied from a receipt ("15:00–16:00" as
    the event's time) accounts for none of the user's phrases — its 16:00 is not the user's new "四点"."""
    return [v for v in values if not _only_ours(ctx, v)]


def _only_ours(ctx: ToolContext, value: str) -> bool:
    mine = is_time_grounded(value, ctx.shown_times, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return mine and not is_time_grounded(value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo)


def anchored(ctx: ToolContext, command: Command) -> bool:
    """The rest of the write is the user's: a change names an event the user pointed at, a new event has a
    title in their words. Only then may a time phrase of theirs stand in for the model's: a write made up on
    "anything on tomorrow?" never gains the question's "tomorrow"."""
    if command.tool == "create_event":
        title = str(command.args.get("title") or "")
        return bool(title) and names_what_was_said(title, ctx.time_sources)
    reference = str(command.args.get("event") or "")
    return bool(reference) and (names_event(reference, ctx.time_sources) or _part_of_day_said(ctx, reference))


def _part_of_day_said(ctx: ToolContext, reference: str) -> bool:
    """A word of the event's name that is also a part of the day ("Lunch with Ana", "Morning run"), said in
    this message: the user names the event by it ("lunch is on friday"), though as a time word alone it
    names no event for the write gate."""
    said = set(re.findall(r"[a-z]+", ctx.user_text.casefold()))
    return any(
        word in said and [type(piece) for piece in scan(word).pieces] == [PartOfDay]
        for word in re.findall(r"[a-z]+", reference.casefold())
    )


def beside_the_event(ctx: ToolContext, command: Command, phrase: str, *, unnamed: bool = False) -> bool:
    """The phrase stands in a clause of the message that names the command's event (or the message is one
    clause): a time in another clause is another request's ("午餐改到一点半；四点的电话不打了"). With
    ``unnamed``, a message none of whose clauses names the event is about it throughout (搞错了，四点才对)."""
    reference = str(command.args.get("event") or "")
    parts = clauses(ctx.user_text)
    if len(parts) < 2 or not reference:
        return True
    naming = [c for c in parts if shares_a_word(reference, c)]
    if unnamed and not naming:
        return True
    return any(phrase in normalise(c) for c in naming)


def the_users_shift(ctx: ToolContext, command: Command, grounded: list[str]) -> str | None:
    """The one phrase of the message left unused that shifts an event by an amount (``is_a_shift``), in the
    clause that names the event: an update the model sent with no new start (or with the prompt's current
    minute, dropped) moves by it. None when there is none, or several, or the event is not the user's."""
    if not anchored(ctx, command):
        return None
    left = phrases_left_for(ctx, command, grounded)
    shifts = [p for p in left if is_a_shift(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
    if not shifts:
        return shift_after_the_events_day(ctx, command)
    if len(shifts) != 1 or not beside_the_event(ctx, command, shifts[0]):
        return None
    return shifts[0]


def shift_after_the_events_day(ctx: ToolContext, command: Command) -> str | None:
    """The one shift of the message said right after the event's day in one run ("讀書會從週二延後三天",
    "move standup from monday one day later"): the day says which event, the shift where it goes. The time
    service reads the run only against the event, so no part of it grounds a new start the model made up
    ("週五 12:00" for two days after Thursday); the shift does. None unless exactly one such run, beside the
    event."""
    if command.tool != "update_event" or not anchored(ctx, command):
        return None
    tails = [tail for p in phrases_of(ctx.user_text, ctx.memo) if (tail := _shift_after_a_time(ctx, p)) is not None]
    if len(tails) != 1 or not beside_the_event(ctx, command, tails[0]):
        return None
    return tails[0]


def _shift_after_a_time(ctx: ToolContext, phrase: str) -> str | None:
    """The end of a phrase that shifts an event, after a start that reads as a time of its own (从周四 /
    "from monday"); None when the phrase is a shift or a time as a whole."""
    if is_a_shift(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    cuts = [i for i in range(1, len(phrase)) if phrase[i - 1] == " " or not phrase[i - 1].isascii()]
    for at in cuts:
        head, tail = phrase[:at].strip(), phrase[at:].strip()
        if (
            head
            and is_a_shift(tail, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
            and reads_or_moves(head, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        ):
            return tail
    return None


def the_users_part(ctx: ToolContext, command: Command, value: str) -> str | None:
    """An update's new start that holds one time phrase of this message and, around it, time words this
    message does not say but the assistant's own texts gave (a receipt's date and clock, copied): that phrase
    of the user's. None when the value is the user's phrase itself, holds none or several, or its other
    words are this message's too."""
    if command.tool != "update_event" or not ctx.shown_times:
        return None
    said = [the_time_itself(p) for p in phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
    mine = [p for p in said if quotes(p, [value])]  # ("to thursday": the time is "thursday")
    if not mine:
        return _clock_in_other_words(ctx, value, said)
    if len(mine) != 1 or norm(mine[0]) == norm(value):
        return None
    at = value.casefold().find(mine[0].casefold())
    if at < 0:
        return None
    theirs = phrases_of(value[:at] + " " + value[at + len(mine[0]) :], ctx.memo)
    if not theirs or any(
        is_time_grounded(p, [ctx.user_text], now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        and not is_time_grounded(p, [mine[0]], now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        for p in theirs
    ):
        return None  # (words of this message around it are part of the change; "June 12" for the user's
        # "Thursday" says that day again)
    if not all(_ours(ctx, p) for p in theirs):
        return None
    return mine[0]


def _clock_in_other_words(ctx: ToolContext, value: str, said: list[str]) -> str | None:
    """The user's one clock, in the model's own notation ("15:00" for 下午3点, "3:00 PM" for "three"), beside
    a day only the assistant's texts gave ("周四 15:00" after a receipt of 3月6日（周四）): that clock of the
    user's, read against the event like any other. None unless exactly one clock-only phrase of the message
    starts at the value's wall-clock minute."""
    if not names_a_day(value) or resolved(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo).grain != "minute":
        return None  # (a clock alone is grounded as it is; a day alone has no clock to compare)
    theirs = same_clock_as(ctx, value, [p for p in said if clock_only(p)])
    if theirs is None or is_time_grounded(value, [ctx.user_text], now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    shown = (*ctx.shown_times, theirs)
    return theirs if is_time_grounded(value, shown, now=ctx.now, tz=ctx.tz, memo=ctx.memo) else None


def _ours(ctx: ToolContext, phrase: str) -> bool:
    """Time words the assistant's own texts gave: as one of their phrases, or piece by piece between commas
    as code writes a day and a clock ("June 12, 6:30–7:30 PM" of "Thursday, June 12" and "6:30–7:30 PM")."""
    shown = ctx.shown_times
    if quotes(phrase, shown) or is_time_grounded(phrase, shown, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return True
    parts = [p for p in phrase.split(",") if p.strip()]
    return len(parts) > 1 and all(quotes(p.strip(), shown) for p in parts)


def amount_of_a_move(ctx: ToolContext, command: Command, value: str) -> str | None:
    """The user's phrase that moves the event and holds ``value`` as its amount ("45 minutes" inside "45
    minutes later", 半小时 inside 推迟半小时), when no length of the message says ``value`` on its own: the
    model read the move's amount as the event's new length. None otherwise (and for a new event)."""
    if command.tool != "update_event":
        return None
    found = None
    for phrase in phrases_of(ctx.user_text, ctx.memo):
        if not quotes(value, [phrase]):
            continue
        if is_a_length(phrase) or not is_a_shift(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
            return None  # said as a length somewhere: it may well be one
        found = phrase
    return found


def clock_for_the_day(ctx: ToolContext, command: Command, when: str, grounded: list[str]) -> str | None:
    """A start that names a day (and maybe a part of it) but no clock, while the one phrase of the message
    left unused is a clock with no day, in the same clause or in a clause of its own ("后天中午跟阿玲吃饭，12点",
    "move lunch to friday, 1pm"): the two read as one start. None otherwise (the clock may be another
    request's: "dinner friday, and gym tomorrow at 7")."""
    start = resolve_start(when, now=ctx.now, tz=ctx.tz)
    if not isinstance(start, Missing) or start.day is None:
        return None
    title = norm(str(command.args.get("title") or ""))
    left = [p for p in phrases_left_for(ctx, command, grounded) if not (title and norm(p) in title)]
    clocks = [p for p in left if clock_only(p)]  # (a meal word of the new event's title is its name)
    if len(left) != 1 or len(clocks) != 1:
        return None
    clock = clocks[0]
    parts = clauses(ctx.user_text)
    together = any(norm(when) in norm(c) and norm(clock) in norm(c) for c in parts)
    alone = any(bare_words(c) == bare_words(clock) for c in parts)
    if not (together or alone):
        return None
    joined = f"{when} {clock}"
    return joined if not isinstance(resolve_start(joined, now=ctx.now, tz=ctx.tz), Missing) else None


def clock_only(phrase: str) -> bool:
    """A clock with no day of its own ("7pm", 晚上七点; not "friday 7pm")."""
    return has_clock(phrase) and not names_a_day(phrase)


def move_inside(ctx: ToolContext, command: Command, value: str) -> tuple[str, str | None] | None:
    """A change's new start that holds the event's day and a shift of it together ("週四的讀書會往後延兩天",
    "thursday's book club two days later": a slice of the message with the event's name between): the
    shift is the new start, read against the event, and the one other phrase — the day the event is on —
    says which event, when the model gave no ``event_when``. None unless the value has exactly one shift
    and at most one other phrase (the time service reads both)."""
    if command.tool != "update_event" or not anchored(ctx, command):
        return None
    found = phrases_of(value, ctx.memo)
    if len(found) < 2:
        return None
    moves = [p for p in found if is_a_shift(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
    others = [p for p in found if p not in moves]
    if len(moves) != 1 or len(others) > 1:
        return None
    day = others[0] if others and not command.args.get("event_when") else None
    return moves[0], day


def end_of_a_range_said(ctx: ToolContext, value: str) -> bool:
    """An ``end`` with no day of its own that is where a clock range of the user's ends ("16:30" for
    三点到四点半, "4:30 PM" for "3 to 4:30"): each reading of the range counts."""
    if names_a_day(value):
        return False
    found = resolved(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if found.status != "resolved" or found.start is None or found.grain != "minute":
        return False
    clock = found.start.astimezone(ctx.tz).time()
    for phrase in phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        r = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        readings = r.candidates if r.status == "ambiguous" else (r,) if r.status == "resolved" else ()
        for c in readings:
            if c.start is not None and c.end is not None and c.grain == "minute" and not r.recurrence and (
                c.end - c.start > timedelta(minutes=1) and c.end.astimezone(ctx.tz).time() == clock
            ):
                return True
    return False


def same_clock_as(ctx: ToolContext, value: str, left: list[str]) -> str | None:
    """The one phrase left that holds a clock and reads at ``value``'s wall-clock minute: the model took the
    user's clock and computed the day wrong. None when no phrase, or several, do."""
    given = resolved(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if given.status != "resolved" or given.start is None or given.recurrence:
        return None
    clock = given.start.astimezone(ctx.tz).time()
    # (a part of day — "lunch" reads from 12:00 — names no clock)
    same = [p for p in left if reads_at_clock(p, clock, now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
    return same[0] if len(same) == 1 else None
