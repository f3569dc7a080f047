"""A "move" to the event's own time is no move: the time left in the message is (runs before ``ground_times``).

"move Friday's run to the day after" came as an update whose ``when`` is "Friday": the day the event is on,
copied from the message's reference to it, while the move itself ("the day after") went nowhere. The update
would change nothing ("already so"), and a send-back rarely mends it. The facts: ``when`` reads as the
found event's current start (or the day it is on), and the message has exactly one other time phrase no
argument uses that reads as a time or a move. That phrase becomes ``when``; the time service reads it
against the event ("the day after", 推迟一天, "the following day"). Any other shape goes on unchanged (no
phrase left is "already so"; several go back to the model). A new place or name in the same update ("it's
at Zuni, not Nopa, and till 3") is a change of its own and says nothing about the start.

After a listing the model also copies the event's clock from it ("15:00-16:00" for a dentist at 15:00
tomorrow) and parks the new time in an ``end`` the user never said ("16:00-17:00" for "push the
latter to 4pm"): a ``when`` with no day that is the event's own clock, beside an ``end`` that is
not the user's words and starts at the clock of the phrase left, is its own time too; that end goes with it
(the event keeps its length).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from agent.context import ToolContext
from agent.guards.clauses import another_requests_clause, others_times
from agent.guards.lengths import LENGTH_ARGS
from agent.guards.users_times import beside_the_event, new_start_against, users_own
from agent.outcomes import Command
from agent.time_accounting import phrases_or_moves_left
from agent.time_grounding import (
    is_a_length,
    is_time_grounded,
    names_a_day,
    phrases_of,
    reads_or_moves,
    resolved,
    the_time_itself,
)
from agent.timing import resolve_end, wall_clock
from agent.writes.references import Found, resolve_reference
from schedule_time import Resolution, resolve

__all__ = ["copied_start_is_no_move"]



async def copied_start_is_no_move(ctx: ToolContext, command: Command) -> Command | None:
    args = command.args
    when = str(args.get("when") or "")
    if command.tool != "update_event" or not when or not args.get("event"):
        return None
    lengths = [n for n in LENGTH_ARGS if args.get(n)]
    if any(_users(ctx, str(args[n])) for n in lengths) and not await _receipt_copied(ctx, command):
        # an end or length the user gave is a change of its own; a start beside it that is the event's own
        # start exactly ("Friday 12:00" copied with "till 2") moves nothing: the end alone changes
        return await _start_kept(ctx, command, when)
    used = users_own(ctx, [str(args[n]) for n in ("event_when", "when", "recurrence") if args.get(n)])
    left = [
        p
        for p in phrases_or_moves_left(ctx, [*used, *others_times(ctx, command)], name=str(args["event"]))
        if reads_or_moves(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    ]
    if ctx.state.unsaid is not None:  # after the prompt about a left-out time, only that time is left to it:
        left = [p for p in left if p in ctx.state.unsaid]  # an earlier answer's time is that answer's
    if len(left) != 1 or await another_requests_clause(ctx, str(args["event"]), left[0]) is not None:
        return None  # (a time another call uses, or one in another event's clause, is another request's)
    span = resolved(when, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if span.status != "resolved" or span.start is None or span.end is None or span.recurrence:
        return None
    found = await resolve_reference(ctx, str(args["event"]), args.get("event_when"), occurrences=False)
    if not isinstance(found, Found):
        return None
    parked = _parked_in_the_end(ctx, str(args.get("end") or ""), left[0])
    if not _own_time(when, span, found.ref.start, ctx, clock_only=parked or _a_new_start(ctx, command, left[0], found)):
        return None
    ctx.notes.append({"replaced": "when", "reason": "the_events_own_time", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    kept = {n: v for n, v in args.items() if n not in lengths}
    if (end := _said_as_an_end(ctx, left[0])) is not None:  # "block it till 2": a new end, the start stays
        return command.with_(args={**kept, "when": None, "end": end})
    return command.with_(args={**kept, "when": left[0]})


async def _start_kept(ctx: ToolContext, command: Command, when: str) -> Command | None:
    span = resolved(when, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if span.status != "resolved" or span.start is None or span.recurrence or span.grain == "day":
        return None
    found = await resolve_reference(
        ctx, str(command.args["event"]), command.args.get("event_when"), occurrences=False
    )
    if not isinstance(found, Found) or span.start != found.ref.start:
        return None
    ctx.notes.append({"dropped": "when", "reason": "the_events_own_time", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    args = {**command.args, "when": None}
    if args.get("end"):  # the end in the user's words ("till 2" for "Friday 2:00 PM"): the same instant
        start = found.ref.start
        theirs = resolve_end(str(args["end"]), start=start, now=ctx.now, tz=ctx.tz)
        for phrase in phrases_of(ctx.user_text, ctx.memo):
            if theirs is not None and resolve_end(phrase, start=start, now=ctx.now, tz=ctx.tz) == theirs:
                args["end"] = phrase
                break
    return command.with_(args=args)


async def _receipt_copied(ctx: ToolContext, command: Command) -> bool:
    """The update's ``end`` is the event's current end, read from the receipt with its start, while the one
    time phrase of the message reads against the event as a new start ("no wait, 3pm" after 2–3 PM, sent as
    when="…2:00–3:00 PM", end="3:00 PM"; live: 不对，是三点): the end is the receipt's, though the user's
    "3pm" happens to ground it — not an end the user gave ("till 3" reads as an end, and stays one)."""
    end, phrases = str(command.args.get("end") or ""), phrases_of(ctx.user_text, ctx.memo)
    if not end or command.args.get("duration") or len(phrases) != 1:
        return False
    found = await resolve_reference(ctx, str(command.args["event"]), command.args.get("event_when"), occurrences=False)
    if not isinstance(found, Found):
        return False
    ref = found.ref
    if resolve_end(end, start=ref.start, now=ctx.now, tz=ctx.tz) != ref.end:
        return False
    moved_to = new_start_against(ctx, phrases[0], ref.start, ref.end)
    return moved_to is not None and moved_to != ref.start


def _said_as_an_end(ctx: ToolContext, bare: str) -> str | None:
    """The user's phrase whose time words are ``bare`` when it names an end and no start ("till 2", "until
    6pm", 一直到两点), as the time service reads it against an event: that phrase. None when the user said
    it as a time of its own or as where the event goes ("to 3pm", 改到三点)."""
    for phrase in phrases_of(ctx.user_text, ctx.memo):
        if bare not in (phrase, the_time_itself(phrase)):
            continue
        probe = ctx.now.replace(second=0, microsecond=0) + timedelta(days=1)
        r = resolve(phrase, now=ctx.now, tz=ctx.tz, relative_to=(probe, probe + timedelta(hours=1)))
        if r.status == "resolved" and r.start is None and r.end is not None:
            return phrase  # (read against an event, "to 3pm" / 改到三点 is where it goes: no end)
    return None


def _users(ctx: ToolContext, value: str) -> bool:
    return is_time_grounded(value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo)


def _parked_in_the_end(ctx: ToolContext, end: str, phrase: str) -> bool:
    """The model's ``end`` (not the user's words) starts at the clock of the phrase left: the new time,
    parked in the wrong argument ("16:00-17:00" for "move it to 4pm")."""
    if not end:
        return False
    parked, said = (resolved(v, now=ctx.now, tz=ctx.tz, memo=ctx.memo) for v in (end, phrase))
    if parked.start is None or said.start is None or said.status != "resolved":
        return False
    return wall_clock(parked.start, ctx.tz) == wall_clock(said.start, ctx.tz)


def _a_new_start(ctx: ToolContext, command: Command, phrase: str, event: Found) -> bool:
    """The phrase left is one the time service reads against the event as a new start to the minute, not
    as an end or a length ("oops, I meant 3pm", 其实是四点, "an hour later"; not "make it end at 11"), and the
    update says no end: beside it, the event's own clock copied as ``when`` is the start it replaces. The
    phrase stands in the event's own clause, or no clause names the event ("move lunch to 1pm and cancel the
    3pm call": 1pm is no start of the call's)."""
    if command.args.get("end") or is_a_length(phrase) or not beside_the_event(ctx, command, phrase, unnamed=True):
        return False
    ref = event.ref
    return new_start_against(ctx, phrase, ref.start, ref.end) is not None


def _own_time(when: str, span: Resolution, event: datetime, ctx: ToolContext, *, clock_only: bool) -> bool:
    """``when`` is the event's start, the day it is on, or — naming no day, beside a new time parked in the
    end (``clock_only``) — its clock. A clock alone is not enough: "make it end at 11" sent as the
    event's own "9am" is a change of the end, which the model says when sent back."""
    start, end = span.start, span.end
    if start == event or (span.grain == "day" and start <= event < end):  # type: ignore[operator]
        return True
    if not clock_only or names_a_day(when):
        return False
    return wall_clock(start, ctx.tz) == wall_clock(event, ctx.tz)  # type: ignore[arg-type]
