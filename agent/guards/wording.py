"""What a write's wording must keep: a title in the user's language, a repetition the user gave, what the
model left out that the user's words plainly give (``left_out``), and only the user's words in the title
(``write_guards.ground_title``)."""

from __future__ import annotations

from agent.context import ToolContext
from agent.grounding import in_unwritten_script
from agent.language import in_users_script
from agent.outcomes import Command, Rejected
from agent.time_grounding import quotes
from agent.timing import resolve_recurrence
from agent.user_gave import user_gave_recurrence
from schedule_time import time_phrases
from schedule_time.language import normalise, scan
from schedule_time.pieces import Except

__all__ = ["repetition_kept", "title_language", "title_script"]


def title_language(ctx: ToolContext, command: Command) -> Rejected | None:
    """A title in a script the user never wrote ("与Acme通话" for "Book a call with Acme", "Meeting" for
    "明天开会"): the model translated it. Sent back once per turn; a model that insists is believed."""
    title = str(command.args.get("title") or "")
    if not in_unwritten_script(title, " ".join(ctx.time_sources)):
        return None
    if not ctx.state.send_back_once("title_language"):
        return None
    problem = {"field": "title", "problem": "not_the_users_language", "hint": "use the user's language"}
    return Rejected("title_language", "", fixable=True, problems=(problem,), command=command)


def title_script(ctx: ToolContext, command: Command) -> Command | None:
    """A Chinese title in the other script than the user's (帶貓咪去打預防針 written 带猫咪去打预防针): the same
    words, saved as the user writes them (``language.in_users_script``)."""
    title = command.args.get("title")
    if not isinstance(title, str) or not title:
        return None
    theirs = in_users_script(title, " ".join(ctx.time_sources))  # the segment's words: a pick resumes it
    if theirs == title:
        return None
    ctx.notes.append({"replaced": "title", "reason": "users_script", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return command.with_(args={**command.args, "title": theirs})


def repetition_kept(ctx: ToolContext, command: Command) -> Command | Rejected | None:
    """A create without a repetition the user's words give ("I run every weekday at 8am, starting
    tomorrow" → a single event): back to the model once, quoting the user's words; its second answer stands
    (the repetition may belong to something else: "I run every weekday; book the physio tomorrow at 8")."""
    if command.tool == "create_event" and command.args.get("recurrence"):
        return _fuller_repetition(ctx, command)
    if command.tool != "create_event" or ctx.state.was_sent_back("repetition"):
        return None
    if user_gave_recurrence(command.args["when"], now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    said = [
        p
        for p in time_phrases(ctx.user_text)
        if user_gave_recurrence(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    ]
    if not said:
        return None
    ctx.state.send_back_once("repetition")
    hint = f"the user said {said[0]!r}: pass it as `recurrence` if it is this event's repetition"
    problem = {"field": "recurrence", "problem": "left_out", "hint": hint}
    return Rejected("recurrence_left_out", "", fixable=True, problems=(problem,), command=command)


def _fuller_repetition(ctx: ToolContext, command: Command) -> Command | None:
    """A repetition that is part of the user's longer one and says less ("每週二" of "每週二和週四晚上八點", "every
    Tuesday" of "every Tuesday and Thursday"), or that leaves out the days the user took out of it ("daily"
    for "every day at 5pm except weekends", whose clock is the model's `when`): the user's phrase, which the
    time service reads as the rule they gave (a day the model cut off is a day the event would never be on;
    a day taken out, one it must never be on)."""
    given = str(command.args["recurrence"])
    when = str(command.args.get("when") or "")
    start = ctx.now
    mine = resolve_recurrence(given, start=start, tz=ctx.tz)
    for phrase in time_phrases(ctx.user_text):
        if normalise(phrase) == normalise(given):
            continue
        theirs = resolve_recurrence(phrase, start=start, tz=ctx.tz)
        if not theirs or not mine:
            continue
        fuller = quotes(given, [phrase]) and _days(theirs) > _days(mine)
        fewer = (quotes(given, [phrase]) or (when and quotes(when, [phrase]))) and _days_taken_out(phrase, mine, theirs)
        if fuller or fewer:
            ctx.notes.append({"replaced": "recurrence", "reason": "the_users_fuller_phrase", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
            return command.with_(args={**command.args, "recurrence": phrase})
    return None


def _days_taken_out(phrase: str, mine: str, theirs: str) -> bool:
    """The user's phrase takes days out of the model's repetition: an exception in it, and its days fewer."""
    if not any(isinstance(p, Except) for p in scan(normalise(phrase)).pieces):
        return False
    every_day = {"MO", "TU", "WE", "TH", "FR", "SA", "SU"}
    days = _days(mine) or (every_day if "FREQ=DAILY" in mine and "INTERVAL=" not in mine else set())
    return bool(_days(theirs)) and _days(theirs) < days


def _days(rule: str) -> set[str]:
    """The weekdays of an RRULE's BYDAY (empty when it has none)."""
    parts = dict(p.split("=", 1) for p in rule.split(";") if "=" in p)
    return set(filter(None, parts.get("BYDAY", "").split(",")))
