"""Which day a clock with no day of its own is on, when the conversation just showed or asked about one.

A model copies a listed slot without the day of its heading ("12:00 PM to 2:00 PM" of a free slot under
"Friday, March 7:"), or passes the user's bare clock ("3pm" of "ok, book coffee with Chen at 3") right after
the user asked about a day ("am I free friday afternoon?"). Read alone, either is today's clock — a write
on the wrong day (live, twice). These are facts of the conversation, not guesses from words: the day our
own listing showed the time under, or the day the user's question named, whose time holds the clock."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta

from agent.context import ToolContext
from agent.time_grounding import is_time_grounded, names_a_day, phrases_in, phrases_of, resolved

__all__ = ["shown_with_its_day", "users_clock_on_the_day_asked"]

_A_MINUTE = timedelta(minutes=1)
_A_DAY = timedelta(days=1)


def shown_with_its_day(ctx: ToolContext, value: str) -> str | None:
    """``value`` on the day of the assistant's newest shown time that starts at its clock (and ends at its
    end, when it has one), when ``value`` names no day and only our own words ground it: a clock the model
    copied from a listed item without the day of its heading ("12:00 PM to 2:00 PM" of a free slot under
    "Friday, March 7:") is on the day the user saw it under, not today — or, when no shown time gives one, on
    the day the user asked about (``_the_day_asked``)."""
    if names_a_day(value) or is_time_grounded(value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    r = resolved(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if r.status != "resolved" or r.start is None or r.end is None:
        return None
    start, length = r.start.astimezone(ctx.tz), r.end - r.start
    point = r.grain == "minute" and length <= _A_MINUTE  # "12:00 PM": a start alone, the default hour
    for shown in reversed(ctx.shown_times):
        other = resolved(shown, now=ctx.now, tz=ctx.tz, memo=ctx.memo) if names_a_day(shown) else None
        if other is None or other.status != "resolved" or other.start is None or other.end is None:
            continue
        at = other.start.astimezone(ctx.tz)
        if at.time() == start.time() and (point or other.end - other.start == length):
            return f"{at.date().isoformat()} {value}"
    day = _the_day_asked(ctx, ctx.earlier_texts, start)
    return None if day is None else f"{day.isoformat()} {value}"


def users_clock_on_the_day_asked(ctx: ToolContext, value: str) -> str | None:
    """A new event's ``value``, the user's clock with no day in a message that names none, on the day the
    user's message just before named, when the clock lies in the time it named ("am I free friday
    afternoon?" then "ok, book coffee with Chen at 3": Friday at 15:00, not today — live, a write on the
    wrong day). None with a question pending (its own command holds the day) or any other shape."""
    if ctx.pending_texts or not ctx.earlier_texts or names_a_day(value):
        return None
    if any(names_a_day(p) for p in phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)):
        return None
    if not is_time_grounded(value, (ctx.user_text,), now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    r = resolved(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if r.status != "resolved" or r.start is None or r.end is None or r.grain != "minute" or r.end - r.start >= _A_DAY:
        return None
    start, end = r.start.astimezone(ctx.tz), r.end.astimezone(ctx.tz)
    day = _the_day_asked(ctx, ctx.earlier_texts[-1:], start)
    if day is None:
        return None
    point = r.end - r.start <= _A_MINUTE
    at = datetime.combine(day, start.time(), tzinfo=ctx.tz)
    # the user's own phrase with the day, which quotes their words (the turn's accounting of the message's
    # times reads it as theirs), if it reads as that time; else the clock itself
    theirs = [p for p in phrases_of(ctx.user_text, ctx.memo) if is_time_grounded(value, [p], now=ctx.now, tz=ctx.tz,
                                                                                   memo=ctx.memo)][:1]  # fmt: skip
    clock = f"{start:%H:%M}" if point else f"{start:%H:%M}-{end:%H:%M}"
    for text in (*(f"{day.isoformat()} {p}" for p in theirs), f"{day.isoformat()} {clock}"):
        read = resolved(text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        if read.start == at and (point or read.end == datetime.combine(day, end.time(), tzinfo=ctx.tz)):
            return text
    return None


def _the_day_asked(ctx: ToolContext, texts: Sequence[str], start: datetime) -> date | None:
    """The day of the newest of ``texts`` (the user's earlier messages) that names a day, when ``start``'s
    clock lies in the time that message named: our reply in words ("free from 12:00 PM to 2:00 PM") named
    no day, the user's question ("what's free on friday afternoon?") did (live: the call was written on the
    next Monday)."""
    for text in reversed(texts):
        days = [p for p in phrases_in(text, now=ctx.now, tz=ctx.tz, memo=ctx.memo) if names_a_day(p)]
        for phrase in days:
            asked = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
            if asked.status != "resolved" or asked.start is None or asked.end is None:
                continue
            at = datetime.combine(asked.start.astimezone(ctx.tz).date(), start.time(), tzinfo=ctx.tz)
            if asked.start <= at < asked.end:
                return at.date()
        if days:
            return None
    return None


