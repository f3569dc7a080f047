"""A move whose one new time came as the event's end: "shift Friday's dentist to 4" sent as ``when``
"Friday" (the event's own start) and ``end`` "Friday 4pm" would stretch the 2pm dentist to 2-4pm. When the
time they gave, read against the event by the time service, is where the event would *start*:

* the time service reads it as where a move goes (a move verb before it: "move … to 4", "push it to 9",
  改到四点, 挪到): the event is moved there, its length kept;
* the user's words name an end (a range, a length, "until", 到…): the end, as the model sent it;
* otherwise the two readings are asked as a choice — moved there, or kept and ending there — instead of
  writing the one the model happened to pick. A reply to the choice (its number) writes it with no model
  call.
"""

from __future__ import annotations

from datetime import datetime

from agent.context import ToolContext
from agent.outcomes import Command, NeedsChoice, Option
from agent.render import phrases
from agent.render.timefmt import range_text
from agent.time_grounding import phrases_of, resolved, the_time_itself
from agent.timing import timing_from_json, timing_json
from agent.user_gave import user_gave_end_time
from agent.writes.no_change import read_against
from agent.writes.timing import anchor_of
from schedule_time import reads_as_a_destination

__all__ = ["end_or_move"]


def end_or_move(ctx: ToolContext, command: Command) -> Command | NeedsChoice | None:
    """The choice between moving the event to its new end and ending it there (see the module doc); the
    command moved there when the time service reads the user's time as where a move goes ("move … to 4",
    改到四点: ``schedule_time.reads_as_a_destination``); None when the words or the arguments settle it."""
    anchor, target = anchor_of(command), command.target or {}
    if anchor is None or command.resolved is None or target.get("recurring") or command.args.get("duration"):
        return None
    if not command.args.get("end") or _end_read_by_a_guard(ctx, command):
        return None
    start, end, all_day, _ = timing_from_json(command.resolved)
    if all_day or start != anchor[0] or end == anchor[1]:
        return None
    phrase = _starting_there(ctx, end, anchor)
    if phrase is None:
        return None
    length = anchor[1] - anchor[0]
    if reads_as_a_destination(ctx.user_text, phrase):
        ctx.notes.append({"replaced": "end", "reason": "a_destination", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
        return command.with_(  # the user's time is the new start: the model's end value becomes ``when``
            args={**command.args, "when": command.args["end"], "end": None},
            resolved=timing_json(end, end + length, False, None),
        )
    if _an_end_said(ctx):
        return None
    today = ctx.now.astimezone(ctx.tz).date()
    readings = ((end, end + length), (start, end))  # moved there (its length kept), or ending there
    options = tuple(
        Option(
            label=range_text(s.astimezone(ctx.tz), e.astimezone(ctx.tz), ctx.lang, ref=today),
            start=s,
            end=e,
            time={"start": s.isoformat(), "end": e.isoformat(), "grain": "minute", "rrule": None},
        )
        for s, e in readings
    )
    title = str(target.get("title") or "")
    question = phrases.ask_move_or_end(title, options[0].label, options[1].label, ctx.lang)
    return NeedsChoice(command.with_(resolved=None), "when", question, options)


def _end_read_by_a_guard(ctx: ToolContext, command: Command) -> bool:
    """``guards.ends`` made the end from facts (the model copied the event's current end as the new start,
    or the user's phrase reads as an end only): the user is changing the end."""
    return any(
        n.get("replaced") == "when" and n.get("call_index") == command.call_index for n in ctx.notes
    )


def _an_end_said(ctx: ToolContext) -> bool:
    """The message names an end or a length: a range, "for 2 hours", "until 5", 到五点, "the end time should
    be 11" (``user_gave_end_time``)."""
    if user_gave_end_time(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return True
    for phrase in phrases_of(ctx.user_text, ctx.memo):
        r = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        if r.status == "resolved" and r.start is None and r.end is not None:
            return True
    return False


def _starting_there(ctx: ToolContext, at: datetime, event: tuple[datetime, datetime]) -> str | None:
    """The time phrase of the message that, read against the event, starts it at ``at`` ("to 4" → 16:00)."""
    for phrase in phrases_of(ctx.user_text, ctx.memo):
        for text in dict.fromkeys((phrase, the_time_itself(phrase))):
            r = read_against(ctx, text, event)
            if r is not None and r.status == "resolved" and r.start == at and not r.recurrence:
                return phrase
    return None
