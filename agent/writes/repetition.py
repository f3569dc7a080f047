"""A change of how an event repeats: "make the standup weekly", 改成每两周一次, "yoga on Tuesdays and
Thursdays from now on", "stop repeating the standup".

The new rule is the time service's reading of the user's words (``recurrence``, or a ``when`` that reads
as a repetition: where a model puts "every week"), never a rule the model wrote; before, such a ``when``
moved the event to the rule's next day and dropped the repetition. Where the series starts is computed: a
one-off becomes a series from its own start; a series changes from its first upcoming occurrence on (the
ones before it stay as they were: ``storage.series_split``); either way the first start is the rule's own
first day at or after it (``storage.recurrence.first_of_rule``), at the clock the user gave or the
event's own, and the event keeps its length unless the user changed it. "Never" has no words the time
service can check, so stopping a repetition is always asked first (yes/no naming the event); the one left
is the next occurrence, earlier ones kept.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from agent.context import ToolContext
from agent.outcomes import Command, NeedsValue, Rejected, WriteOutcome
from agent.render import phrases
from agent.render.repetition import repetition_text, rule_parts
from agent.time_grounding import phrases_in, resolved
from agent.time_readings import reads_as_now
from agent.timing import Timing, resolve_recurrence, timing_from_json
from agent.tools.args import STOP_REPEATING
from agent.writes.how_often import recurrence_question
from agent.writes.overlaps import overlaps
from agent.writes.series_scope import series_from
from agent.writes.store import confirm, conflict_rows, store, unasked
from agent.writes.timing import settle_time, with_timing
from schedule_time import denied_phrases
from schedule_time.recurrence import BYDAY
from storage import EventPatch, EventSnapshot, StorageError
from storage.recurrence import expand, first_of_rule

__all__ = [
    "RuleChange", "as_series", "change_repetition", "denies_a_repetition", "on_another_weekday", "rule_change",
]  # fmt: skip

_STOP_REASON = "stop_repeating"
_COMPARED = 60


@dataclass(frozen=True, slots=True)
class RuleChange:
    """The repetition asked for. ``words``: the phrase the time service reads it from; ``rule``: one code
    computed instead (a series moved to another weekday); neither: stop repeating. ``clock``: the start the
    change itself gives ("every Monday at 10", the moved occurrence), else None; ``length``: the moved
    occurrence's. ``from_when``: the change came from ``when``, which then moves nothing of its own."""

    words: str | None
    clock: datetime | None = None
    rule: str | None = None
    length: timedelta | None = None
    from_when: bool = False

    @property
    def stops(self) -> bool:
        return self.words is None and self.rule is None


def rule_change(ctx: ToolContext, command: Command) -> RuleChange | None:
    """The update's change of repetition, or None when it changes none: ``recurrence``, or a ``when`` that
    holds a repetition ("every week", "每周五开": the one phrase the time service reads as repeating in it,
    not one the text denies). A ``recurrence`` that only denies a repetition (不用每周, "no longer weekly")
    stops it."""
    if command.tool != "update_event":
        return None
    args = command.args
    value, when = args.get("recurrence"), args.get("when")
    if value == STOP_REPEATING:
        return RuleChange(None)
    if value:
        found = _repetition_in(ctx, str(value))
        if found == _DENIED:
            return RuleChange(None)
        return _with_clock(ctx, RuleChange(found or str(value)))  # (unreadable: asked how often)
    if when and (found := _repetition_in(ctx, str(when))) not in (None, _DENIED):
        return _with_clock(ctx, RuleChange(found, from_when=True))
    return None


_DENIED = "\x00denied"


def _repetition_in(ctx: ToolContext, text: str) -> str | None:
    """``text`` itself when it reads as a repetition, else the one repetition phrase in it; ``_DENIED`` when
    its only repetitions are ones it denies."""
    r = resolved(text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if r.status == "resolved" and r.recurrence:
        return text

    def repeating(source: str) -> list[str]:
        said = phrases_in(source, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        return [p for p in said if resolved(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo).recurrence]

    kept = repeating(text)  # (the time service leaves out the times a text denies)
    if len(kept) == 1:
        return kept[0]
    denied = [p for p in denied_phrases(text) if resolved(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo).recurrence]
    return _DENIED if not kept and denied else None


def denies_a_repetition(ctx: ToolContext, text: str) -> bool:
    """``text`` names a repetition only to deny it ("no longer weekly", 不用每周): a stop, not a rule."""
    return _repetition_in(ctx, text) == _DENIED


def _with_clock(ctx: ToolContext, change: RuleChange) -> RuleChange:
    assert change.words is not None
    r = resolved(change.words, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if r.status == "resolved" and r.start and "BYHOUR" in (r.recurrence or "").upper():
        return dataclasses.replace(change, clock=r.start)
    return change


def on_another_weekday(rule: str | None, occurrence: datetime, moved: datetime) -> RuleChange | None:
    """A weekly series on one weekday moved whole to another ("the standup to Thursdays" sent as a move to
    "thursday"): the same rule on the new day, at the moved occurrence's clock and length. None for a
    rule of several days or another frequency: which day goes where is not a fact code has."""
    parts = rule_parts(rule)
    one_day = parts.get("FREQ") == "WEEKLY" and parts.get("BYDAY", "") in BYDAY and "COUNT" not in parts
    if not one_day or occurrence.date() == moved.date():
        return None  # (a COUNT would need recounting from the split: refused as before)
    parts["BYDAY"] = BYDAY[moved.weekday()]  # an UNTIL stays: the series still ends when it did
    new = ";".join(f"{k}={v}" for k, v in parts.items())
    return RuleChange(None, clock=moved, rule=new, from_when=True)


def as_series(ctx: ToolContext, command: Command) -> Command:
    """A change of repetition is about the series, whatever scope the model sent: a single occurrence has
    no rule of its own."""
    if rule_change(ctx, command) is None or command.args.get("scope") == "series":
        return command
    return command.with_(args={**command.args, "scope": "series"})


async def change_repetition(
    ctx: ToolContext, command: Command, change: RuleChange, needs_confirmation: bool
) -> WriteOutcome:
    """Store the new rule (and the start it gives), from the event's start or the series' next occurrence."""
    target = command.target or {}
    try:
        event = await ctx.events.get(target["event_id"])
    except StorageError:
        return Rejected("not_found", phrases.say("not_found_id", ctx.lang), command=command)
    title, all_day, zone = event.title, event.all_day, ZoneInfo(event.timezone)
    if change.stops and not event.recurring:
        return Rejected("not_repeating", phrases.say("not_repeating", ctx.lang, title=title), command=command)
    from_start = None
    base = datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])
    if event.recurring:
        scoped = await series_from(ctx, command)
        if isinstance(scoped, Rejected):
            return scoped
        _, from_start = scoped
        base = from_start, from_start + event.duration
    timed = _new_times(ctx, command, change, base)
    if not isinstance(timed, tuple):
        return timed
    start, end = (t.astimezone(zone) for t in timed)  # (a rule's days and clock are walls in its zone)
    patch: dict[str, Any] = {"rrule": None, "exdates": ()}
    if not change.stops:
        rule = change.rule or resolve_recurrence(str(change.words), start=start, tz=ctx.tz)
        if rule is None:
            return NeedsValue(command, "recurrence", recurrence_question(ctx, title))
        first = first_of_rule(rule, start, all_day=all_day)
        start, end, patch = first, end + (first - start), {"rrule": rule}
    patch.update({"start": start.date(), "end": end.date()} if all_day else {"start": start, "end": end})
    for name in ("title", "location", "notes"):
        if command.args.get(name) is not None:
            patch[name] = command.args[name]
    if command.args.get("attendees") is not None:
        patch["attendees"] = tuple(command.args["attendees"])
    if change.stops and _STOP_REASON not in command.confirmed:
        return confirm(ctx, command, "stop_repeating", title, start, end, all_day, (_STOP_REASON,), ())
    reasons = ("unasked",) if unasked(ctx, command) else ()  # the model's doubt, a swapped time, code's offer
    if needs_confirmation and "destructive" not in command.confirmed:
        reasons = (*reasons, "destructive")
    conflicts: tuple[dict[str, Any], ...] = ()
    if not change.stops and not all_day and "conflict" not in command.confirmed:
        # a coming occurrence of the new rule over another event: asked first, as a new series is
        found = await overlaps(ctx, start, end, rrule=patch["rrule"], exclude=target["event_id"])
        conflicts = conflict_rows(found)
        reasons = (*reasons, "conflict") if conflicts else reasons
    if reasons and not change.stops:
        how = repetition_text(patch["rrule"], start, ctx.lang)
        return confirm(ctx, command, "repeat", title, start, end, all_day, reasons, conflicts, repetition=how)
    unchanged = patch.keys() <= {"rrule", "start", "end"} and patch["rrule"] is not None
    if event.recurring and unchanged and _same_occurrences(event, patch["rrule"], start, end):
        # "every Monday" said of a series stored as weekly from a Monday: nothing to write
        when = repetition_text(event.rrule or "", event.start.astimezone(zone), ctx.lang)
        return Rejected("already_so", phrases.say("already_so", ctx.lang, title=title, when=when), command=command)
    return await store(
        ctx,
        command,
        lambda key: ctx.events.update(
            target["event_id"],
            EventPatch(**patch),
            expected_version=target["version"],
            now=ctx.now,
            idempotency_key=key,
            turn_id=ctx.turn_id,
            from_start=from_start,
        ),
    )


def _same_occurrences(series: EventSnapshot, rule: str, start: datetime, end: datetime) -> bool:
    """The new rule from ``start`` gives the series' own next occurrences (two years of them, at most
    ``_COMPARED``)."""
    window = {"range_start": start, "range_end": start + timedelta(days=730), "limit": _COMPARED}
    new = expand(start=start, end=end, all_day=series.all_day, rule=rule, exdates=(), **window)  # type: ignore[arg-type]
    old = expand(start=series.start, end=series.end, all_day=series.all_day, rule=series.rrule,
                 exdates=series.exdates, **window)  # type: ignore[arg-type]  # fmt: skip
    return new == old


def _new_times(
    ctx: ToolContext, command: Command, change: RuleChange, base: tuple[datetime, datetime]
) -> tuple[datetime, datetime] | WriteOutcome:
    """The first start and end before the rule places them: the base's, at the clock the words give, or
    moved by a plain ``when`` beside the repetition ("weekly, at 10 from now on"); an end or length the
    user gave applies."""
    args = command.args
    when = None if change.from_when else args.get("when")
    if when and reads_as_now(str(when), now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        when = None  # the prompt's "Now:" copied beside a repetition ("from now on"): no new time
    plain = command.with_(args={**args, "recurrence": None})
    if when:
        timed = settle_time(ctx, plain, str(when), anchor=base)
        if not isinstance(timed, Command):
            return timed
        start, end, _, _ = timing_from_json(timed.resolved or {})
        if (command.target or {}).get("recurring"):  # the series keeps its next occurrence's day
            local = start.astimezone(ctx.tz)
            day = base[0].astimezone(ctx.tz)
            moved = day.replace(hour=local.hour, minute=local.minute, second=0, microsecond=0)
            return moved, moved + (end - start)
        return start, end
    start = base[0]
    if change.clock is not None:
        clock = change.clock.astimezone(ctx.tz)
        start = base[0].astimezone(ctx.tz).replace(hour=clock.hour, minute=clock.minute, second=0, microsecond=0)
    no_when = plain.with_(args={**plain.args, "when": None})
    if change.length is not None:
        return start, start + change.length
    timed = with_timing(ctx, no_when, Timing(start, None), anchor=base)
    if not isinstance(timed, Command):
        return timed
    start, end, _, _ = timing_from_json(timed.resolved or {})
    return start, end

