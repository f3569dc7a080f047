"""A "move" to the event's own end is a new end, and so is a "move" to the user's "until 6" (both run before
``ground_times``).

After "9 to 10" the user says "it goes until 11" / 写错了，到十一点才完: the model often sends an update whose
``when`` is the event's current *end* (10:00, copied from the receipt) and leaves the new time out. That
value is a fact about which end the user is changing: the one the model copied. When the update's ``when``
is not in this message's words, is the current end of the event the reference finds, and the message has
exactly one time phrase no argument uses, the command becomes: the new ``end`` is that phrase, the start
stays. Any other shape (no event found, the copied value is the start, several new phrases, a phrase that
says where the event goes: "change it to 4:30", 改成四点半 — ``schedule_time.reads_as_a_destination``) goes on
to ``ground_times`` unchanged, whose send-back asks the model.

"Board prep needs more time — make it run until 6" came as ``when="6"``: a move to 6:00. The time service
reads "until 6" / "till 6pm" / 到六点为止 as an end (``schedule_time.reads_as_an_end``: "until" is never a
destination, where "to 6" / 到六点 may be one), so an update whose new start is only such a phrase of the
user's, with no length the user gave and no other end, has that phrase as its new end
(``start_said_as_an_end``). So is a time the clause says is the end ("the end time should be 5pm",
结束时间应该是12点: ``schedule_time.said_as_an_end``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from agent.context import ToolContext
from agent.guards.clauses import another_requests_clause, others_times
from agent.guards.users_times import beside_the_event, new_start_against
from agent.outcomes import Command
from agent.time_accounting import phrases_left
from agent.time_grounding import is_time_grounded, phrases_in, phrases_of, quotes, resolved, the_time_itself
from agent.writes.references import Found, resolve_reference
from schedule_time import reads_as_a_destination, reads_as_an_end, said_as_an_end, without_end_words

__all__ = ["bare_hour_end", "copied_end_is_the_end", "start_said_as_an_end"]


def bare_hour_end(ctx: ToolContext, command: Command) -> Command | None:
    """An ``end`` the model wrote as a bare hour ("7" for 七点结束 / "until 7") is that clock, as after "at":
    the time service reads a bare number as no time, so grounding and the end rule would see none."""
    end = str(command.args.get("end") or "").strip()
    if not end.isdigit() or int(end) > 24:
        return None
    return command.with_(args={**command.args, "end": f"at {end}"})


async def copied_end_is_the_end(ctx: ToolContext, command: Command) -> Command | None:
    args = command.args
    when = str(args.get("when") or "")
    if command.tool != "update_event" or not when or args.get("end") or args.get("duration"):
        return None
    if not args.get("event") or is_time_grounded(when, (ctx.user_text,), now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    # a ``when`` that is the user's new time (which may happen to be the current end) uses its phrase, or
    # names its clock in other words ("2025-11-12 13:00" for "1pm", though the phrase sits in the reference)
    if any(_said_clock(ctx, s) for s in _starts(ctx, when)):
        return None
    used = [str(args[n]) for n in ("event_when", "when") if args.get(n)]
    # (a time another call of the answer uses, or one in another event's clause, is another request's)
    left = phrases_left(ctx, [*used, *others_times(ctx, command)], name=str(args["event"]))
    if len(left) == 1 and (
        not beside_the_event(ctx, command, left[0], unnamed=True)
        or await another_requests_clause(ctx, str(args["event"]), left[0]) is not None
    ):
        left = []
    span = resolved(when, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    ranged = span.status == "resolved" and span.start is not None and span.end is not None
    ranged = ranged and span.end - span.start > timedelta(minutes=1) and _said_clock(ctx, span.end, bare=True)
    if len(left) != 1 and not ranged:
        return None
    said = phrases_of(ctx.user_text, ctx.memo)
    written = said if len(said) == 1 else []  # the one phrase as written: "to 7", which ``left`` reads "at 7"
    if len(left) == 1 and any(reads_as_a_destination(ctx.user_text, p) for p in (left[0], *written)):
        return None  # "change it to 4:30", 改成四点半: where the event goes, never a new end (live: 15:00–16:30)
    found = await resolve_reference(ctx, str(args["event"]), args.get("event_when"), occurrences=False)
    if not isinstance(found, Found):
        return None
    if len(left) == 1 and not _an_end_said(ctx, written) and _a_bare_new_start(ctx, left[0], found):
        return None  # "no, 7 pm" after 6:30–7:30: the dinner's new time, never its end (live: 6:30–7:00)
    if len(left) == 1 and _same_clock(ctx, when, found.ref.end):
        end = _as_an_end(left[0])
    elif ranged and span.start is not None and span.end is not None and _clock(span.start, ctx) == _clock(
        found.ref.end, ctx
    ):  # "10:00–11:00" after "9 to 10": the old end copied as the start of a range to the new end
        end = span.end.astimezone(ctx.tz).strftime("%H:%M")  # read against the start by the end rule
    elif (
        ranged
        and span.start is not None
        and span.end is not None
        and _clock(span.start, ctx) == _clock(found.ref.start, ctx)
        and _an_end_said(ctx, written)
    ):
        # "Friday 2–5pm" for "extend it to 5" after 2–4: the start copied as it stands, the end the user's
        end = span.end.astimezone(ctx.tz).strftime("%H:%M")
    else:
        return None
    ctx.notes.append({"replaced": "when", "reason": "the_events_own_end", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return command.with_(args={**args, "when": None, "end": end})


def start_said_as_an_end(ctx: ToolContext, command: Command) -> Command | None:
    """An update whose ``when`` is only the user's end phrase ("until 6"), with no length the user gave and
    no end but one at the phrase's own clock: the phrase is the new end and the start stays (see the module
    docstring). None otherwise."""
    args = command.args
    when = str(args.get("when") or "")
    if command.tool != "update_event" or not when:
        return None
    # a length the user never said is the model's (grounding drops it); an end naming the phrase's own
    # clock ("until 6" sent as when="until 6" and end="6pm") says the same thing twice
    duration = str(args.get("duration") or "")
    if duration and is_time_grounded(duration, (ctx.user_text,), now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    phrases = phrases_of(ctx.user_text, ctx.memo)
    holding = [
        p for p in phrases if quotes(when, [p]) or is_time_grounded(when, [p], now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    ]
    if not holding:  # "Thursday 11:00" for "the end should be at 11": the one end phrase's clock, on a made-up day
        ends = [p for p in phrases if said_as_an_end(ctx.user_text, p)]
        same = len(ends) == 1 and _clocks(ctx, _as_an_end(ends[0])) & _clocks(ctx, when)
        holding = ends if same and len(_clocks(ctx, when)) == 1 else []
    if not holding or not all(reads_as_an_end(p) or said_as_an_end(ctx.user_text, p) for p in holding):
        return None
    end = str(args.get("end") or "")
    if end and not _clocks(ctx, _as_an_end(end)) & _clocks(ctx, _as_an_end(holding[0])):
        return None
    ctx.notes.append({"replaced": "when", "reason": "an_end_phrase", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return command.with_(args={**args, "when": None, "end": _as_an_end(holding[0]), "duration": None})


def _an_end_said(ctx: ToolContext, left: list[str]) -> bool:
    """The message's one time phrase left is said as an end ("extend it to 5", "until 5", 延长到五点)."""
    return len(left) == 1 and (reads_as_an_end(left[0]) or said_as_an_end(ctx.user_text, left[0]))


def _a_bare_new_start(ctx: ToolContext, phrase: str, found: Found) -> bool:
    """The phrase is a time and nothing more — no "to"/到, "until", "ends at" around it (``the_time_itself``)
    — that the time service reads against the event as a new start to the minute ("7 pm", 七点半): where the
    event now begins, whatever end the model copied beside it."""
    if the_time_itself(phrase) != phrase or reads_as_an_end(phrase):
        return False
    return new_start_against(ctx, phrase, found.ref.start, found.ref.end) is not None


def _as_an_end(phrase: str) -> str:
    """The user's phrase as an ``end`` argument: without its "until"/"to"; "11" of "until 11" is a clock
    hour, as after "at"."""
    end = the_time_itself(without_end_words(phrase))
    return f"at {end}" if end.isdigit() else end


def _clock(moment: datetime, ctx: ToolContext) -> tuple[int, int]:
    local = moment.astimezone(ctx.tz)
    return local.hour, local.minute


def _starts(ctx: ToolContext, text: str) -> list[datetime]:
    """The starts ``text`` reads as (each reading of an ambiguous one)."""
    found = resolved(text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    starts = [c.start for c in found.candidates] if found.status == "ambiguous" else [found.start]
    return [s for s in starts if s is not None]


def _clocks(ctx: ToolContext, text: str) -> set[tuple[int, int]]:
    """The wall-clock minutes ``text`` reads as (each reading of an ambiguous one)."""
    return {_clock(s, ctx) for s in _starts(ctx, text)}


def _said_clock(ctx: ToolContext, moment: datetime, *, bare: bool = False) -> bool:
    """A time phrase of this message reads as ``moment``'s wall-clock minute (the new end is the user's); with
    ``bare``, so does a bare hour ("to 5") on either half of the day, on the hour."""
    phrases = phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    hour, minute = _clock(moment, ctx)
    for phrase in phrases:
        itself = the_time_itself(phrase)
        if (hour, minute) in _clocks(ctx, itself):
            return True
        if bare and itself.isdigit() and 0 < int(itself) <= 12 and not minute and hour % 12 == int(itself) % 12:
            return True
    return False


def _same_clock(ctx: ToolContext, value: str, end: datetime) -> bool:
    """``value`` names the end's wall-clock minute (the receipt shows a clock; the model may drop the day)."""
    return _clock(end, ctx) in _clocks(ctx, value)
