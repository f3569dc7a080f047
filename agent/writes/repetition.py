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

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from agent.context import ToolContext
from agent.outcomes import Command, NeedsValue, Rejected, WriteOutcome
from agent.render import phrases
from agent.render.repetition import repetition_text
from agent.time_grounding import resolved
from agent.timing import Timing, resolve_recurrence, timing_from_json
from agent.tools.args import STOP_REPEATING
from agent.writes.series_scope import series_from
from agent.writes.store import confirm, store
from agent.writes.timing import settle_time, with_timing
from storage import EventPatch, EventSnapshot, StorageError
from storage.recurrence import expand, first_of_rule

__all__ = ["RuleChange", "as_series", "change_repetition", "rule_change"]

_STOP_REASON = "stop_repeating"
_COMPARED = 60


@dataclass(frozen=True, slots=True)
class RuleChange:
    """The repetition asked for: ``words`` read by the time service, or ``None`` to stop repeating;
    ``clock``: the start the words themselves give ("every Monday at 10"), else None."""

    words: str | None
    clock: datetime | None = None


def rule_change(ctx: ToolContext, command: Command) -> RuleChange | None:
    """The update's change of repetition, or None when it changes none."""
    if command.tool != "update_event":
        return None
    args = command.args
    value = args.get("recurrence")
    if value == STOP_REPEATING:
        return RuleChange(None)
    when = args.get("when")
    words = str(value) if value else None
    if words is None and when:
        r = resolved(str(when), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        words = str(when) if r.status == "resolved" and r.recurrence else None
    if words is None:
        return None
    r = resolved(words, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    clock = r.start if r.status == "resolved" and r.start and "BYHOUR" in (r.recurrence or "").upper() else None
    return RuleChange(words, clock)


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
    if change.words is None and not event.recurring:
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
    if change.words is not None:
        rule = resolve_recurrence(change.words, start=start, tz=ctx.tz)
        if rule is None:
            return NeedsValue(command, "recurrence", phrases.ask_value("recurrence", ctx.lang, title=title, now=ctx.now))
        first = first_of_rule(rule, start, all_day=all_day)
        start, end, patch = first, end + (first - start), {"rrule": rule}
    patch.update({"start": start.date(), "end": end.date()} if all_day else {"start": start, "end": end})
    for name in ("title", "location", "notes"):
        if command.args.get(name) is not None:
            patch[name] = command.args[name]
    if command.args.get("attendees") is not None:
        patch["attendees"] = tuple(command.args["attendees"])
    if change.words is None and _STOP_REASON not in command.confirmed:
        return confirm(ctx, command, "stop_repeating", title, start, end, all_day, (_STOP_REASON,), ())
    if needs_confirmation and "destructive" not in command.confirmed:
        return confirm(ctx, command, "update", title, start, end, all_day, ("destructive",), ())
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
    when = args.get("when")
    plain = command.with_(args={**args, "recurrence": None})
    if when and when != change.words:
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
    timed = with_timing(ctx, no_when, Timing(start, None), anchor=base)
    if not isinstance(timed, Command):
        return timed
    start, end, _, _ = timing_from_json(timed.resolved or {})
    return start, end

