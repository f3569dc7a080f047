"""Time arguments are grounded before anything else (``time_grounding``: they must quote the user's words or
read as a time the user wrote; one that only reads the same — "2026-12-01 15:00" for "明天下午三点" — is
replaced by the user's phrase, which says more: a clock for a repeating event, not a day). Not grounded:

* ``when`` / ``event_when``: a fixable error back to the model once, as a tool result naming the field with
  an example of the user's words; if the retry fails too, the turn asks the user (``Rejected.ask``: a
  ``NeedsValue`` for ``when``, saved as the pending command, so the zero-model slot gate finishes it).
  Nothing is written with an ungrounded time.
* ``event_when`` when the message has no time phrase left for it (the grounded arguments use them all):
  the user gave the event no time ("Cancel my call with Ravi"); dropped, so the title alone finds the
  event and several matches become a question. An update's ``when``/``end`` that is the current minute
  (the prompt's "Now:" line copied) is dropped too.
* ``end`` / ``duration`` / ``recurrence``: optional. If the user's words name an end/duration (or a
  repetition), the model mangled it: fixable as above. Otherwise the model added it: dropped, noted in
  telemetry (``dropped_fields``), and the event gets the default hour / no repetition.
"""

from __future__ import annotations

from datetime import datetime

from agent.context import ToolContext
from agent.fuller_phrase import fuller_phrase, readable_part
from agent.guards.bare_hour import hour_of_a_correction, hour_said_as_an_end, the_hour_said_instead
from agent.guards.days_asked import shown_with_its_day, users_clock_on_the_day_asked
from agent.guards.phrase_fallback import COMPLETED_ARGS, from_the_users_phrase
from agent.guards.shifts import the_shift_said
from agent.guards.users_times import (
    amount_of_a_move,
    anchored,
    clock_for_the_day,
    end_of_a_range_said,
    move_inside,
    the_users_part,
)
from agent.outcomes import Command, NeedsValue, Rejected
from agent.render import phrases
from agent.time_accounting import phrases_left
from agent.time_grounding import (
    is_time_grounded,
    names_a_day,
    phrases_in,
    resolved,
    the_time_itself,
)
from agent.time_readings import picked_reading, reads_as_now, ungrounded_hint, users_phrase
from agent.tools.args import STOP_REPEATING
from agent.user_gave import user_gave_end, user_gave_end_time, user_gave_recurrence
from agent.writes.how_often import recurrence_question
from agent.writes.repetition import denies_a_repetition
from agent.writes.siblings import time_of_another_request
from agent.writes.store import title_of
from schedule_time import reads_as_a_destination, without_denied

__all__ = ["ground_times"]

_TIME_ARGS = ("when", "end", "duration", "recurrence", "event_when")  # event_when last: see ground_times


def _optional_unasked(ctx: ToolContext, name: str) -> bool:
    """An optional time argument the user's words give no reason for (the model added it)."""
    said = {"recurrence": user_gave_recurrence, "end": user_gave_end_time}.get(name, user_gave_end)
    return name in ("end", "duration", "recurrence") and not any(
        said(t, now=ctx.now, tz=ctx.tz, memo=ctx.memo) for t in ctx.time_sources
    )


def _time_left_for_event(ctx: ToolContext, command: Command, grounded: list[str]) -> bool:
    """Whether this message has a time phrase the command's grounded time arguments do not account for
    (``time_accounting``): one that may be the event's current time, mangled by the model ("move Friday's
    call to Monday"). A phrase inside the event's name ("lunch with Marco") is a name, not a time, and one
    that reads as where the event goes ("move my call to friday") is its new time, not its current one."""
    left = phrases_left(ctx, grounded, name=str(command.args.get("event") or ""))
    return any(not reads_as_a_destination(ctx.user_text, p) for p in left)


def _never_given(ctx: ToolContext, command: Command, name: str, value: str, grounded: list[str]) -> bool:
    """An ungrounded time argument the user gave no reason for, dropped rather than sent back:

    * an optional end, duration or repetition the user's words do not name (the model added it);
    * ``event_when`` with no time phrase left for it, or that is the prompt's current minute: the user gave
      the event no time ("Cancel my call with Ravi") and the model filled one in. Without it the title alone
      finds the event, and several matches become a question. Likewise when the reference says its time
      itself ("the 4pm call"): a phrase left elsewhere in the message belongs to another request;
    * an update's new start or end that is the prompt's "Now:" minute ("缩短到一个小时" came with when=now):
      the event keeps what the user did not ask to change."""
    if name == "event_when":  # the event's own name may say when it is ("the 4pm call", 四点那个电话)
        named = phrases_in(str(command.args.get("event") or ""), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        copied = reads_as_now(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo)  # the prompt's "Now:", unsaid
        return bool(named) or copied or not _time_left_for_event(ctx, command, grounded)
    now_copied = command.tool == "update_event" and name in ("when", "end")
    if now_copied and reads_as_now(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return True
    if name == "recurrence" and _start_repeats(ctx, command, grounded):
        return True
    return _optional_unasked(ctx, name)


def _a_stop_said(ctx: ToolContext, value: str) -> bool:
    """The update's repetition only denies one, and so does the user's message ("以后不再每周开了")."""
    return denies_a_repetition(ctx, value) and denies_a_repetition(ctx, ctx.user_text)


def _start_repeats(ctx: ToolContext, command: Command, grounded: list[str]) -> bool:
    """The grounded start already says how the event repeats ("first of each month", 每周三晚上七点): an
    ungrounded ``recurrence`` beside it is the model's noise ("one"), not a second repetition to ask about."""
    when = command.args.get("when")
    if not when or str(when) not in grounded:
        return False
    start = resolved(str(when), now=ctx.now, tz=ctx.tz, memo=ctx.memo)  # (morning or evening: each repeats)
    return bool(start.recurrence or any(c.recurrence for c in start.candidates))


def _reference_says_otherwise(ctx: ToolContext, args: dict[str, object]) -> bool:
    """The event's reference names its own time ("Sunday's book club", 周五那个会) and ``event_when`` falls
    outside it: the reference is the user's, so its time finds the event ("now" of "…is at Fiona's place
    now" grounds a copied current minute, which is no time of the event)."""
    reference = str(args.get("event") or "")
    said = phrases_in(reference, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    own = [(resolved(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo), names_a_day(p)) for p in said]
    spans = [
        (r.start, r.end, dated) for r, dated in own
        if r.status == "resolved" and r.start and r.end and not r.recurrence
    ]  # fmt: skip
    if not spans:
        return False
    given = resolved(str(args["event_when"]), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if given.status != "resolved" or given.start is None:
        return False
    at, a_day = given.start.astimezone(ctx.tz), given.grain == "day"
    return not any(
        start <= given.start < end
        or (
            not dated
            and (a_day or start.astimezone(ctx.tz).time() <= at.time() < end.astimezone(ctx.tz).time())
        )
        for start, end, dated in spans
    )  # a clock with no day ("my 2pm") agrees with a day ("Friday") and that clock on it ("Friday 2pm")


def _users_day(ctx: ToolContext) -> tuple[str, datetime] | None:
    """The message's one day phrase when it is a single day from today on ("明天" of "明天跟律师过一下合同",
    "Friday" of "lunch with Ana on Friday", where "lunch" is a time of day, not a day) and the day:
    a question for the time keeps it, so "下午三点半" answers for that day, not today."""
    key = ("users_day",)
    if key not in ctx.memo:  # asked twice per ungrounded start: for the stored command and for the question
        ctx.memo[key] = _one_day_said(ctx)
    return ctx.memo[key]  # type: ignore[no-any-return]


def _one_day_said(ctx: ToolContext) -> tuple[str, datetime] | None:
    today = ctx.now.astimezone(ctx.tz).date()
    days = []
    for phrase in phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        r = resolved(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        if r.status != "resolved" or r.grain in ("minute", "hour") or r.start is None or r.end is None:
            continue  # a time of day ("lunch", "3pm") is what is asked for, not another day
        days.append((phrase, r))
    if len(days) != 1:
        return None
    phrase, r = days[0]
    assert r.start is not None and r.end is not None
    if (
        r.grain != "day"
        or r.recurrence
        or (r.end.date() - r.start.date()).days != 1
        or r.start.date() < today
    ):
        return None
    return phrase, r.start


def _earlier_time(
    ctx: ToolContext, command: Command, args: dict[str, object], grounded: list[str]
) -> tuple[str, str] | None:
    """A write's new start or end that only an earlier message gives, while this message names a time no
    argument uses: the model reached back for the old time ("9 to 10" then "wait, until 11" came back as a
    move to 10; the old end was in the receipt too). The argument and the phrase left, or None. An option
    the user was asked to pick, a ``when`` that is the ``event_when`` again, and a message with every time used,
    are fine."""
    if command.tool not in ("create_event", "update_event") or not anchored(ctx, command):
        return None
    reference = str(args.get("event_when") or "")
    for name in ("when", "end"):
        value = args.get(name)
        if not value or is_time_grounded(
            value, (without_denied(ctx.user_text), *ctx.pending_texts), now=ctx.now, tz=ctx.tz, memo=ctx.memo
        ):
            continue
        if name == "when" and reference and is_time_grounded(value, (reference,), now=ctx.now, tz=ctx.tz, memo=ctx.memo):
            continue  # the event's own time twice (这周二不打了 as an update to it): no move, nothing reached for
        if left := phrases_left(ctx, grounded, name=str(args.get("event") or "")):
            return name, left[0]
    return None


def ground_times(ctx: ToolContext, command: Command) -> Command | Rejected:
    """Every time argument in the user's words, or dropped (optional, never asked for), or a fixable
    error with the question to ask if the retry fails too."""
    args, asked_args = dict(command.args), dict(command.args)
    problems: list[dict[str, str]] = []
    grounded_values: list[str] = []
    for name in _TIME_ARGS:
        value = args.get(name)
        if not value or (name == "recurrence" and value == STOP_REPEATING):
            continue  # (no time: a repetition's end, always asked about first, ``writes.repetition``)
        if name == "recurrence" and command.tool == "update_event" and _a_stop_said(ctx, str(value)):
            args[name] = asked_args[name] = STOP_REPEATING  # "no longer weekly": the user's words deny it
            continue
        if name in ("duration", "end") and (move := amount_of_a_move(ctx, command, str(value))):
            # "45 minutes" of "45 minutes later": the move's amount, no length; the move is the new start
            args[name] = asked_args[name] = None
            ctx.notes.append({"dropped": name, "reason": "amount_of_a_move", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
            if not args.get("when"):
                args["when"] = asked_args["when"] = move
                grounded_values.append(move)
            continue
        if name == "when" and (hour := the_hour_said_instead(ctx, command, value)) is not None:
            args[name] = asked_args[name] = hour  # "make it 7" sent as the receipt's "7:30 PM"
            ctx.notes.append({"replaced": name, "reason": "the_hour_said", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
            grounded_values.append(hour)
            continue
        if is_time_grounded(
            value, (*ctx.time_sources, *ctx.shown_times), now=ctx.now, tz=ctx.tz, memo=ctx.memo
        ):
            if name in ("end", "duration") and _optional_unasked(ctx, name) and not is_time_grounded(
                value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo
            ):
                # an end only our own texts gave ("9 to 12" of another event in a listing), where the user
                # named no end or length ("move the checkup to monday, same time"): no change of length
                args[name] = asked_args[name] = None
                ctx.notes.append({"dropped": name, "reason": "only_shown", "tool": command.tool,
                                  "call_index": command.call_index})  # fmt: skip
                continue
            grounded_values.append(str(value))
            if name == "when" and (mine := the_users_part(ctx, command, str(value))) is not None:
                # a receipt's date and clock copied around the user's one word ("make it friday"): the
                # user's word, read against the event, is the change
                args[name] = asked_args[name] = mine
                ctx.notes.append({"replaced": name, "reason": "the_users_part", "tool": command.tool,
                                  "call_index": command.call_index})  # fmt: skip
                grounded_values[-1] = mine
                continue
            if name == "when" and (inside := move_inside(ctx, command, str(value))) is not None:
                move, day = inside  # the event's day and its shift in one value: the shift moves it
                args[name] = asked_args[name] = grounded_values[-1] = move
                if day is not None:
                    args["event_when"] = asked_args["event_when"] = day
                ctx.notes.append({"replaced": name, "reason": "the_move_inside", "tool": command.tool,
                                  "call_index": command.call_index})  # fmt: skip
                continue
            if name in COMPLETED_ARGS:  # "3pm" where the user said "tomorrow at 3pm": the user's words
                fuller = fuller_phrase(value, ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
                if fuller is None:  # "2026-12-01 15:00" for "明天下午三点": the same instant, in their words
                    fuller = users_phrase(value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
                if fuller is None:  # "Friday, March 6, 6pm" for "friday 6pm" (the 6th a Thursday): theirs
                    fuller = readable_part(value, ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
                if fuller is None:  # "12:00 PM to 2:00 PM" of a free slot listed under "Friday, March 7:"
                    fuller = shown_with_its_day(ctx, str(value))
                if name == "when" and command.tool == "create_event":  # "at 3" after "free friday pm?"
                    fuller = users_clock_on_the_day_asked(ctx, str(fuller or value)) or fuller
                if fuller is not None:
                    args[name] = asked_args[name] = fuller
                left_open = picked_reading(
                    str(args[name]), (*ctx.time_sources, *ctx.shown_times), now=ctx.now, tz=ctx.tz,
                    memo=ctx.memo,
                )  # fmt: skip
                if left_open is not None:  # the user's "Friday at 8", not the model's guess of "8 AM"
                    args[name] = asked_args[name] = left_open
                    ctx.notes.append(
                        {"replaced": name, "reason": "picked_a_reading", "tool": command.tool,
                         "call_index": command.call_index}
                    )  # fmt: skip
            continue
        if name == "end" and end_of_a_range_said(ctx, str(value)):
            grounded_values.append(str(value))  # "16:30" of 三点到四点半: the end of the user's range
            continue
        if name in ("when", "end") and hour_of_a_correction(ctx, command, value):
            grounded_values.append(str(value))  # "oops, meant 5" after a write: its hour is the user's
            continue
        if name == "end" and hour_said_as_an_end(ctx, command, value):
            grounded_values.append(str(value))  # "the end time should be 11": the bare hour is the user's end
            continue
        if _never_given(ctx, command, name, value, grounded_values):
            args[name] = asked_args[name] = None
            ctx.notes.append(
                {"dropped": name, "reason": "ungrounded_time", "tool": command.tool,
                 "call_index": command.call_index}
            )  # fmt: skip
            continue
        problems.append(
            {"field": name, "problem": "not_the_users_words", "hint": ungrounded_hint(name, ctx.time_sources)}
        )
        asked_args[name] = (
            (day[0] if (day := _users_day(ctx)) else "")
            if name == "when" and command.tool == "create_event"
            else None
        )
    if args.get("event_when") and _reference_says_otherwise(ctx, args):
        args["event_when"] = asked_args["event_when"] = None
        ctx.notes.append(
            {"dropped": "event_when", "reason": "the_reference_says_when", "tool": command.tool,
             "call_index": command.call_index}
        )  # fmt: skip
        problems = [p for p in problems if p["field"] != "event_when"]
    when = str(args.get("when") or "")
    whole = clock_for_the_day(ctx, command, when, grounded_values) if when in grounded_values else None
    if whole is not None and not problems:
        args["when"] = asked_args["when"] = whole  # "后天中午 … ，12点": the day's clock, said apart
        grounded_values.append(whole)
        ctx.notes.append({"filled": "when", "from": "users_clock", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
    problems = the_shift_said(ctx, command, args, asked_args, problems, grounded_values)
    if not problems and time_of_another_request(ctx, command.with_(args=args)):
        hint = "`when` takes its time from another request of the message; give this event only its own time"
        problems.append({"field": "when", "problem": "another_requests_time", "hint": hint})
        asked_args["when"] = None
    if problems:
        problems = from_the_users_phrase(ctx, command, args, problems, grounded_values)
    elif stale := _earlier_time(ctx, command, args, grounded_values):
        name, left = stale
        said = the_time_itself(left)
        hint = f"`{name}` is a time from an earlier message; this message says {said!r}: use it"
        problems.append({"field": name, "problem": "an_earlier_time", "hint": hint})
    command = command.with_(args=args)
    if not problems:
        return command
    field = problems[0]["field"]
    ask = None
    if field != "event_when":  # an event's current time: the retry's failure asks to rephrase
        asked = command.with_(args=asked_args)
        day = _users_day(ctx) if field == "when" and asked_args.get("when") else None
        if field == "recurrence":
            question = recurrence_question(ctx, title_of(asked))
        else:
            question = phrases.ask_value(field, ctx.lang, title=title_of(asked), day=day[1] if day else None, now=ctx.now)
        ask = NeedsValue(asked, field, question)
    return Rejected("ungrounded_time", "", fixable=True, problems=tuple(problems), command=command, ask=ask)
