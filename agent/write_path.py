"""The write path, all in code. One function per write tool; each returns a ``WriteOutcome``:

    validated args → time resolution (ambiguous → NeedsChoice; unresolved → NeedsValue for the time only)
    → the target event (update/delete: not found → Rejected; several → NeedsChoice)
    → grounding of location / attendees / notes (unsupported values dropped and logged)
    → past → NeedsConfirmation;  overlap → NeedsConfirmation naming the event
    → persist with idempotency key f"{turn_id}:{call_index}" → Persisted only if ``result.persisted``

Every step records what it settled on the ``Command`` (resolved times, the target, confirmations), so
``execute(ctx, command)`` can resume a saved command later without a model (see ``pending``).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from agent import phrases
from agent.context import ToolContext
from agent.grounding import is_grounded
from agent.outcomes import (
    Command,
    NeedsChoice,
    NeedsConfirmation,
    NeedsValue,
    Option,
    Persisted,
    Rejected,
    WriteOutcome,
)
from agent.references import Choice, NotFound, Ref, resolve_reference
from agent.timefmt import range_text
from agent.timing import (
    DEFAULT_DURATION,
    Ambiguous,
    Missing,
    Timing,
    resolve_duration,
    resolve_end,
    resolve_recurrence,
    resolve_start,
    timing_from_json,
    timing_json,
)
from storage import (
    EventDraft,
    EventNotFound,
    EventPatch,
    InvalidInput,
    NothingToUndo,
    OccurrenceNotFound,
    StorageError,
    UndoConflict,
    VersionConflict,
    WriteResult,
)

__all__ = ["execute"]

log = logging.getLogger("kairos.agent.write")
_GROUNDED_FIELDS = ("location", "notes")


async def execute(ctx: ToolContext, command: Command, *, needs_confirmation: bool = False) -> WriteOutcome:
    """Run ``command`` from wherever it stands. Never raises for a store or time problem."""
    try:
        if command.tool == "create_event":
            return await _create(ctx, command)
        if command.tool == "update_event":
            return await _update(ctx, command, needs_confirmation)
        if command.tool == "delete_event":
            return await _delete(ctx, command, needs_confirmation)
        if command.tool == "undo_last_change":
            return await _undo(ctx, command)
    except Exception:  # an operator problem: logged with its trace, never shown to the model or user
        log.exception("write failed", extra={"turn_id": ctx.turn_id, "tool": command.tool})
        return Rejected("write_failed", phrases.say("write_failed", ctx.lang), command=command)
    raise ValueError(f"not a write tool: {command.tool}")


# --------------------------------------------------------------------------------------------- create


async def _create(ctx: ToolContext, command: Command) -> WriteOutcome:
    args = command.args
    title = args["title"]
    if not command.grounded:
        command = _ground(ctx, command)
        args = command.args
    if command.resolved is None:
        settled = _settle_time(ctx, command, args["when"], anchor=None)
        if not isinstance(settled, Command):
            return settled
        command = settled
    start, end, all_day, rrule = timing_from_json(command.resolved or {})
    reasons, conflicts = await _checks(ctx, command, start, end, all_day, exclude=None)
    if reasons:
        return _confirm(ctx, command, "create", title, start, end, all_day, reasons, conflicts)
    draft = EventDraft(
        title=title,
        start=start.date() if all_day else start,
        end=end.date() if all_day else end,
        timezone=ctx.tz_name,
        location=args.get("location"),
        notes=args.get("notes"),
        attendees=tuple(args.get("attendees") or ()),
        rrule=rrule,
    )
    result = await _store(
        ctx,
        command,
        lambda key: ctx.events.create(draft, now=ctx.now, idempotency_key=key, turn_id=ctx.turn_id),
    )
    return result


def _settle_time(
    ctx: ToolContext, command: Command, when: str, *, anchor: tuple[datetime, datetime] | None
) -> Command | WriteOutcome:
    """Resolve ``when`` (+ end, duration, recurrence) into ``command.resolved``, or ask."""
    timing = resolve_start(when, now=ctx.now, tz=ctx.tz, anchor=anchor[0] if anchor else None)
    if isinstance(timing, Ambiguous):
        options = tuple(
            Option(
                label=range_text(
                    c.start,
                    c.start + timedelta(hours=1) if c.grain == "minute" else c.end,
                    ctx.lang,
                    ref=ctx.now.date(),
                ),
                start=c.start,
                end=c.end,
                time={"start": c.start.isoformat(), "grain": c.grain},
                tag=c.label,
            )
            for c in timing.candidates
        )
        lines = [_option_line(o, ctx) for o in options]
        return NeedsChoice(command, "when", phrases.ask_choice(lines, ctx.lang, field="when"), options)
    if isinstance(timing, Missing):
        title = _title(command)
        return NeedsValue(
            command, "when", phrases.ask_value("when", ctx.lang, title=title, day=timing.day, now=ctx.now)
        )
    return _with_timing(ctx, command, timing, anchor=anchor)


def _with_timing(
    ctx: ToolContext, command: Command, timing: Timing, *, anchor: tuple[datetime, datetime] | None
) -> Command | WriteOutcome:
    """Apply end / duration / recurrence to a start; a move without a new end keeps its duration."""
    args = command.args
    title = _title(command)
    start, end, rrule = timing.start, timing.end, timing.rrule
    if args.get("end") and not timing.all_day:
        end = resolve_end(args["end"], start=start, tz=ctx.tz)
        if end is None:
            return NeedsValue(command, "end", phrases.ask_value("end", ctx.lang, title=title, now=ctx.now))
    elif args.get("duration"):
        duration = resolve_duration(args["duration"], now=ctx.now, tz=ctx.tz)
        if duration is None:
            return NeedsValue(
                command, "duration", phrases.ask_value("duration", ctx.lang, title=title, now=ctx.now)
            )
        end = start + duration
    if end is None:
        end = start + (anchor[1] - anchor[0] if anchor is not None else DEFAULT_DURATION)
    if args.get("recurrence"):
        rrule = resolve_recurrence(args["recurrence"], start=start, tz=ctx.tz)
        if rrule is None:
            return NeedsValue(
                command, "recurrence", phrases.ask_value("recurrence", ctx.lang, title=title, now=ctx.now)
            )
    return command.with_(resolved=timing_json(start, end, timing.all_day, rrule))


def choose_time(ctx: ToolContext, command: Command, option: Option) -> Command | WriteOutcome:
    """Apply a picked time candidate (a clarification's option) to the command."""
    assert option.time is not None
    timing = Timing(datetime.fromisoformat(option.time["start"]), None)
    anchor = _anchor(command)
    return _with_timing(ctx, command, timing, anchor=anchor)


# --------------------------------------------------------------------------------------- update/delete


async def _target(ctx: ToolContext, command: Command, *, occurrences: bool) -> Command | WriteOutcome:
    if command.target is not None:
        return command
    args = command.args
    found = await resolve_reference(ctx, args["event"], args.get("event_when"), occurrences=occurrences)
    if isinstance(found, NotFound):
        key = "not_found_id" if found.by_id else ("not_found_when" if found.with_time else "not_found")
        return Rejected("not_found", phrases.say(key, ctx.lang, ref=args["event"][:80]), command=command)
    if isinstance(found, Choice):
        options = tuple(
            Option(
                label=_ref_label(r, ctx),
                start=r.start,
                end=r.end,
                target=_target_json(r),
                title=r.event.title,
            )
            for r in found.refs
        )
        lines = [o.label for o in options]
        return NeedsChoice(command, "event", phrases.ask_choice(lines, ctx.lang, field="event"), options)
    return command.with_(target=_target_json(found.ref))


def _target_json(ref: Ref) -> dict[str, Any]:
    return {
        "event_id": str(ref.event.id),
        "version": ref.event.version,
        "title": ref.event.title,
        "start": ref.start.isoformat(),
        "end": ref.end.isoformat(),
        "occurrence_start": ref.start.isoformat() if ref.occurrence else None,
        "recurring": ref.event.recurring,
        "all_day": ref.event.all_day,
    }


def _anchor(command: Command) -> tuple[datetime, datetime] | None:
    """The target's current (start, end), which a move keeps the day, time or duration of."""
    target = command.target
    if not target:
        return None
    return datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])


async def _update(ctx: ToolContext, command: Command, needs_confirmation: bool) -> WriteOutcome:
    if not command.grounded:
        command = _ground(ctx, command)
    settled = await _target(ctx, command, occurrences=False)
    if not isinstance(settled, Command):
        return settled
    command = settled
    args, target = command.args, command.target or {}
    title = target["title"]
    patch: dict[str, Any] = {}
    start = end = None
    all_day = bool(target.get("all_day"))
    if args.get("when") or args.get("end") or args.get("duration"):
        if command.resolved is None:
            if args.get("when"):
                timed = _settle_time(ctx, command, args["when"], anchor=_anchor(command))
            else:
                anchor = _anchor(command)
                assert anchor is not None
                timed = _with_timing(ctx, command, Timing(anchor[0], None), anchor=anchor)
            if not isinstance(timed, Command):
                return timed
            command = timed
        start, end, all_day, _ = timing_from_json(command.resolved or {})
        patch["start"], patch["end"] = (start.date(), end.date()) if all_day else (start, end)
    for name in ("title", "location", "notes"):
        if args.get(name) is not None:
            patch[name] = args[name]
    if args.get("attendees") is not None:
        patch["attendees"] = tuple(args["attendees"])
    if not patch:
        return NeedsValue(command, "changes", phrases.say("no_changes", ctx.lang, title=title))
    if start is not None and end is not None:
        reasons, conflicts = await _checks(ctx, command, start, end, all_day, exclude=target["event_id"])
        if needs_confirmation and "destructive" not in command.confirmed:
            reasons = (*reasons, "destructive")
        if reasons:
            return _confirm(
                ctx, command, "update", args.get("title") or title, start, end, all_day, reasons, conflicts
            )
    event_patch = EventPatch(**patch)
    return await _store(
        ctx,
        command,
        lambda key: ctx.events.update(
            target["event_id"],
            event_patch,
            expected_version=target["version"],
            now=ctx.now,
            idempotency_key=key,
            turn_id=ctx.turn_id,
        ),
    )


async def _delete(ctx: ToolContext, command: Command, needs_confirmation: bool) -> WriteOutcome:
    args = command.args
    one = args.get("scope", "one") == "one"
    settled = await _target(ctx, command, occurrences=one)
    if not isinstance(settled, Command):
        return settled
    command = settled
    target = command.target or {}
    occurrence = target.get("occurrence_start") if one else None
    if one and target.get("recurring") and occurrence is None:
        return NeedsValue(
            command,
            "event_when",
            phrases.ask_value("event_when", ctx.lang, title=target["title"], now=ctx.now),
        )
    if needs_confirmation and "destructive" not in command.confirmed:
        start, end = datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])
        return _confirm(
            ctx,
            command,
            "delete",
            target["title"],
            start,
            end,
            bool(target.get("all_day")),
            ("destructive",),
            (),
        )
    occurrence_start = datetime.fromisoformat(occurrence) if occurrence else None
    return await _store(
        ctx,
        command,
        lambda key: ctx.events.delete(
            target["event_id"],
            now=ctx.now,
            idempotency_key=key,
            occurrence_start=occurrence_start,
            expected_version=target["version"],
            turn_id=ctx.turn_id,
        ),
    )


async def _undo(ctx: ToolContext, command: Command) -> WriteOutcome:
    return await _store(
        ctx, command, lambda key: ctx.events.undo(now=ctx.now, idempotency_key=key, turn_id=ctx.turn_id)
    )


# -------------------------------------------------------------------------------------------- shared


def _ground(ctx: ToolContext, command: Command) -> Command:
    args = dict(command.args)
    for name in _GROUNDED_FIELDS:
        value = args.get(name)
        if value and not is_grounded(value, ctx.user_text):
            args[name] = None
            ctx.notes.append({"dropped": name, "tool": command.tool, "call_index": command.call_index})
    attendees = args.get("attendees")
    if attendees:
        kept = [a for a in attendees if is_grounded(a, ctx.user_text)]
        if len(kept) != len(attendees):
            ctx.notes.append(
                {
                    "dropped": "attendees",
                    "count": len(attendees) - len(kept),
                    "tool": command.tool,
                    "call_index": command.call_index,
                }
            )
        args["attendees"] = kept
    if any("dropped" in n for n in ctx.notes):
        log.info("ungrounded fields dropped", extra={"turn_id": ctx.turn_id, "tool": command.tool})
    return command.with_(args=args, grounded=True)


async def _checks(
    ctx: ToolContext, command: Command, start: datetime, end: datetime, all_day: bool, *, exclude: str | None
) -> tuple[tuple[str, ...], tuple[dict[str, Any], ...]]:
    reasons: list[str] = []
    past = (end.date() <= ctx.now.astimezone(ctx.tz).date()) if all_day else start < ctx.now
    if past and "past" not in command.confirmed:
        reasons.append("past")
    conflicts: tuple[dict[str, Any], ...] = ()
    if not all_day and "conflict" not in command.confirmed:
        found = await ctx.events.conflicts(start, end, exclude=exclude)
        conflicts = tuple(
            {
                "event_id": str(o.event_id),
                "title": o.title,
                "start": o.start.isoformat(),
                "end": o.end.isoformat(),
                "all_day": o.all_day,
            }
            for o in found[:3]
        )
        if conflicts:
            reasons.append("conflict")
    return tuple(reasons), conflicts


def _confirm(
    ctx: ToolContext,
    command: Command,
    action: str,
    title: str,
    start: datetime,
    end: datetime,
    all_day: bool,
    reasons: tuple[str, ...],
    conflicts: tuple[dict[str, Any], ...],
) -> NeedsConfirmation:
    clash = [
        (
            c["title"],
            datetime.fromisoformat(c["start"]).astimezone(ctx.tz),
            datetime.fromisoformat(c["end"]).astimezone(ctx.tz),
            c["all_day"],
        )
        for c in conflicts
    ]
    question = phrases.ask_confirmation(
        lang=ctx.lang,
        action=action,
        title=title,
        start=start.astimezone(ctx.tz),
        end=end.astimezone(ctx.tz),
        all_day=all_day,
        past="past" in reasons,
        conflicts=clash,
        now=ctx.now,
    )
    return NeedsConfirmation(command, reasons, question, conflicts)  # type: ignore[arg-type]


async def _store(ctx: ToolContext, command: Command, write: Any) -> WriteOutcome:
    key = f"{ctx.turn_id}:{command.call_index}"
    try:
        result: WriteResult = await write(key)
    except EventNotFound:
        return Rejected("not_found", phrases.say("not_found_id", ctx.lang), command=command)
    except OccurrenceNotFound:
        return Rejected(
            "not_found", phrases.say("not_found_when", ctx.lang, ref=_title(command)), command=command
        )
    except NothingToUndo:
        return Rejected("nothing_to_undo", phrases.say("nothing_to_undo", ctx.lang), command=command)
    except UndoConflict:
        return Rejected("undo_conflict", phrases.say("undo_conflict", ctx.lang), command=command)
    except VersionConflict:
        return Rejected("changed_meanwhile", phrases.say("changed_meanwhile", ctx.lang), command=command)
    except InvalidInput as exc:
        # The store's messages name the field and the rule (never SQL): fit for the model to fix.
        problem = {"field": exc.field or "(arguments)", "problem": "invalid_value"}
        return Rejected(
            "invalid_event",
            phrases.say("write_failed", ctx.lang),
            fixable=True,
            problems=(problem,),
            command=command,
        )
    except StorageError:
        log.warning("store refused a write", exc_info=True, extra={"turn_id": ctx.turn_id})
        return Rejected("write_failed", phrases.say("write_failed", ctx.lang), command=command)
    if not result.persisted:
        return Rejected("write_failed", phrases.say("write_failed", ctx.lang), command=command)
    return Persisted(command, result)


def _title(command: Command) -> str:
    args = command.args
    return str(args.get("title") or (command.target or {}).get("title") or args.get("event") or "")[:80]


def _option_line(option: Option, ctx: ToolContext) -> str:
    if option.tag:
        tag = {"morning": "上午", "evening": "晚上", "afternoon": "下午", "night": "晚上"}.get(
            option.tag, option.tag
        )
        return f"{option.label}（{tag}）" if ctx.lang == "zh" else f"{option.label} ({option.tag})"
    return option.label


def _ref_label(ref: Ref, ctx: ToolContext) -> str:
    when = range_text(
        ref.start.astimezone(ctx.tz),
        ref.end.astimezone(ctx.tz),
        ctx.lang,
        all_day=ref.event.all_day,
        ref=ctx.now.date(),
    )
    if ctx.lang == "zh":
        return f"「{ref.event.title}」{when}" + ("（重复）" if ref.event.recurring else "")
    return f"“{ref.event.title}” — {when}" + (" (repeating)" if ref.event.recurring else "")


def choose_target(command: Command, option: Option) -> Command:
    assert option.target is not None
    return command.with_(target=option.target)
