"""Pending commands: what a turn leaves waiting for the user's next reply, stored in storage's
``pending_commands`` (the assistant saves it in the turn's one commit, ``TurnStore.commit``; ``save_pending``
does it alone) so that the zero-model gates (``gates``) can finish it with code alone.

Stored payload (a JSON object; ``kind`` is the record's kind)::

    {
      "v": 1,
      "command": {                        # outcomes.Command.to_json(): re-validated on resume
        "v": 1, "tool": "create_event", "args": {...validated, grounded tool arguments...},
        "call_index": 0, "resolved": {"start", "end", "all_day", "rrule"} | null,
        "target": {"event_id", "version", "title", "start", "end", "occurrence_start", "recurring",
                   "all_day"} | null,
        "confirmed": ["past", ...], "grounded": true
      },
      "field": "when" | "end" | "duration" | "recurrence" | "event_when" | "event" | null,
      "question": "What time on Sunday, March 9?",
      "options": [{"label", "start", "end", "time": {"start", "grain"} | null,
                   "target": {...} | null, "title", "tag": "morning" | null}, ...],   # time order
      "reasons": ["past", "conflict"], "conflicts": [{"event_id", "title", "start", "end", "all_day"}],
      "lang": "en" | "zh"
    }

Expiry: a confirmation 5 minutes, a missing value or a choice 30 minutes. ``resume`` executes it:
``confirm=True`` for a confirmation, ``value="1pm"`` for a missing value, ``choice=<0-based index>`` for a
choice; it returns a ``WriteOutcome`` (it may ask again, e.g. a conflict after the time was filled in).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from agent.context import ToolContext
from agent.outcomes import Command, NeedsChoice, NeedsConfirmation, NeedsValue, Option, Rejected, WriteOutcome
from agent.time_grounding import names_a_day, resolved
from agent.time_words import as_an_hour
from agent.timing import Missing, Timing, named_day, resolve_start
from agent.writes.how_often import joined_to_the_count
from agent.writes.path import choose_target, choose_time, execute
from agent.writes.pending_change import merged
from agent.writes.series_scope import is_series_answer
from schedule_time import resolve
from storage import PendingRecord

__all__ = [
    "EXPIRY",
    "asked_again",
    "merged",
    "payload_of",
    "pending_tool",
    "resume",
    "save_pending",
    "settle",
]

EXPIRY = {
    "needs_confirmation": timedelta(minutes=5),
    "needs_value": timedelta(minutes=30),
    "needs_choice": timedelta(minutes=30),
}

Asking = NeedsValue | NeedsChoice | NeedsConfirmation


def payload_of(outcome: Asking, lang: str) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "v": 1,
        "command": outcome.command.to_json(),
        "field": getattr(outcome, "field", None),
        "question": outcome.question,
        "options": [],
        "reasons": [],
        "conflicts": [],
        "lang": lang,
    }
    if isinstance(outcome, NeedsChoice):
        payload["options"] = [o.to_json() for o in outcome.options]
    if isinstance(outcome, NeedsConfirmation):
        payload["reasons"] = list(outcome.reasons)
        payload["conflicts"] = list(outcome.conflicts)
    return payload


def pending_tool(pending: PendingRecord) -> str | None:
    """The tool of the stored command ("create_event", …)."""
    tool = (pending.payload.get("command") or {}).get("tool")
    return str(tool) if tool else None


def asked_again(pending: PendingRecord, preface: str) -> NeedsConfirmation | NeedsValue | None:
    """A stored confirmation (or question for a value) as it was asked (the inverse of ``payload_of``), its
    question after ``preface``; None when the stored command cannot be read."""
    try:
        command = Command.from_json(pending.payload["command"])
    except (KeyError, TypeError, ValueError):
        return None
    question = str(pending.payload.get("question") or "")
    if pending.kind == "needs_value":
        field = pending.payload.get("field")
        if not isinstance(field, str) or not field:
            return None
        return NeedsValue(command, field, f"{preface}\n{question}" if preface else question)
    return NeedsConfirmation(
        command,
        tuple(pending.payload.get("reasons") or ()),
        f"{preface}\n{question}" if preface else question,
        tuple(pending.payload.get("conflicts") or ()),
    )


async def save_pending(ctx: ToolContext, outcome: Asking) -> PendingRecord:
    """Store the conversation's pending command (replacing an earlier one) with its time limit."""
    return await ctx.conversations.save_pending(
        ctx.conversation_id,
        outcome.kind,
        payload_of(outcome, ctx.lang),
        now=ctx.now,
        expires_at=ctx.now + EXPIRY[outcome.kind],
        turn_id=ctx.turn_id,
    )


def _joined(first: str, second: str) -> str:
    cjk = any("\u3400" <= ch <= "\u9fff" for ch in first[-1:] + second[:1])
    return f"{first}{second}" if cjk else f"{first} {second}"


async def resume(
    ctx: ToolContext,
    pending: PendingRecord | dict[str, Any],
    *,
    value: str | None = None,
    choice: int | None = None,
    confirm: bool = False,
    changes: dict[str, Any] | None = None,
) -> WriteOutcome:
    """Finish a pending command with the user's answer, by code alone (no model). ``ctx`` is the answering
    turn's context (its ``now``, turn id and language); the stored command is re-validated on the way.
    ``changes``: arguments the same reply added or changed (``agent.turn.amend``), merged before the answer
    is applied, so a settled day or time is never lost."""
    settled = settle(ctx, pending, value=value, choice=choice, confirm=confirm, changes=changes)
    return settled if not isinstance(settled, Command) else await execute(ctx, settled)


def _on_the_asked_day(ctx: ToolContext, old: str, value: str) -> str:
    """A reply that cannot join the old words ("週四 下午" + "晚上七点": two parts of the day) is on the day
    the old words name when it names none itself (the question was "What time on Thursday?"); a reply with
    its own day ("Sunday" + "周日下午2点") stands alone."""
    asked = resolve_start(old, now=ctx.now, tz=ctx.tz)
    day = asked.day if isinstance(asked, Missing) else None
    if day is None or named_day(value, now=ctx.now, tz=ctx.tz) is not None:
        return value
    dated = f"{day.date().isoformat()} {value}"
    return dated if not isinstance(resolve_start(dated, now=ctx.now, tz=ctx.tz), Missing) else value


def _on_the_commands_day(ctx: ToolContext, old: str, new: str) -> str:
    """A new time the reply's other words give with no day of its own ("but make it half past four" after
    "Friday 3pm", "改到十点" after "周六上午") is on the day the new event already had: the reply changed the
    clock, not the day the user settled (a move's clock keeps its event's day by itself). A new time with a day, or a command with no one day (a repetition,
    options), stands as given."""
    if names_a_day(new) or resolved(old, now=ctx.now, tz=ctx.tz, memo=ctx.memo).recurrence:
        return new
    asked = resolve_start(old, now=ctx.now, tz=ctx.tz)
    if isinstance(asked, Missing):
        joined = _joined(old, new)  # "周六上午" + "九点": the part of the day the user gave stays too
        if asked.day is not None and not isinstance(resolve_start(joined, now=ctx.now, tz=ctx.tz), Missing):
            return joined
        day = asked.day
    else:
        day = asked.start if isinstance(asked, Timing) else None
    if day is None:
        return new
    dated = f"{day.astimezone(ctx.tz).date().isoformat()} {new}"
    return dated if not isinstance(resolve_start(dated, now=ctx.now, tz=ctx.tz), Missing) else new


def _with_the_count(ctx: ToolContext, value: str) -> str:
    """An answer of days ("Tuesday and Thursday", 周一三五) to "Which days … (twice a week)?": joined to the
    user's count it reads as the weekly series on those days; any other answer stands as given."""
    joined = joined_to_the_count(ctx, value)
    if joined is None:
        return value
    return joined if resolved(joined, now=ctx.now, tz=ctx.tz, memo=ctx.memo).recurrence else value


def _inside_the_bound(ctx: ToolContext, old: str, value: str) -> str | None:
    """The answer to "what time on Friday?" asked after an open time ("friday after 7pm", 周五晚上七点以后):
    the one reading of the answer on that day inside the bound ("8" → 20:00; "8:30" → 20:30), as a date and
    a clock. None when the old words are no open time, the answer names its own day, or not exactly one
    reading of it falls inside."""
    asked = resolve_start(old, now=ctx.now, tz=ctx.tz)
    if not isinstance(asked, Missing) or asked.day is None or not (asked.after or asked.before):
        return None
    if names_a_day(value):
        return None
    said = as_an_hour(value, zh=ctx.lang == "zh") or value.strip()
    found = resolve(said, now=asked.day, tz=ctx.tz, prefer="future")
    readings = [c.start for c in found.candidates] if found.status == "ambiguous" else [found.start]
    inside = [
        r for r in readings
        if r is not None and r.astimezone(ctx.tz).date() == asked.day.date()
        and (asked.after is None or r >= asked.after) and (asked.before is None or r < asked.before)
    ]  # fmt: skip
    return inside[0].astimezone(ctx.tz).strftime("%Y-%m-%d %H:%M") if len(inside) == 1 else None


def settle(
    ctx: ToolContext,
    pending: PendingRecord | dict[str, Any],
    *,
    value: str | None = None,
    choice: int | None = None,
    confirm: bool = False,
    changes: dict[str, Any] | None = None,
) -> Command | WriteOutcome:
    """The pending command with the answer applied (ready to execute), or why it cannot be."""
    kind = pending.kind if isinstance(pending, PendingRecord) else pending.get("kind")
    payload = pending.payload if isinstance(pending, PendingRecord) else pending
    try:
        command = Command.from_json(payload["command"])
    except (KeyError, TypeError, ValueError):
        return Rejected("bad_pending", "")
    if changes:
        if command.tool == "create_event" and changes.get("when") and command.args.get("when"):
            changes = {**changes, "when": _on_the_commands_day(ctx, str(command.args["when"]), str(changes["when"]))}
        command = merged(command, changes)
    if confirm:
        reasons = tuple(payload.get("reasons") or ())
        return command.with_(confirmed=tuple({*command.confirmed, *reasons}))
    if choice is not None:
        options = payload.get("options") or []
        if not 0 <= choice < len(options):
            return Rejected("bad_choice", "")
        option = Option.from_json(options[choice])
        if option.target is not None:
            return choose_target(command, option)
        if changes and changes.get("when"):  # a new time instead of the options: read afresh
            return command
        return choose_time(ctx, command, option)
    if value is not None:
        field = payload.get("field") or kind
        args = dict(command.args)
        if field == "when" and changes and changes.get("when"):
            return command  # "9am, or rather 10": the new time of the other words, on the day, is the answer
        if field == "when":
            old = args.get("when") or ""
            if old and (bounded := _inside_the_bound(ctx, old, value)) is not None:
                args["when"] = bounded
                return command.with_(args=args, resolved=None)
            combined = _joined(old, value) if old else value
            # "Friday" + "7:30" reads as "Friday 7:30" (which may still need a choice: morning or evening);
            # a reply that cannot join the old words ("Sunday" + "周日下午2点") stands alone.
            # "Thursday" + "evening" still lacks a clock, but is Thursday's evening: the day is kept
            start = resolve_start(combined, now=ctx.now, tz=ctx.tz)
            joins = not isinstance(start, Missing) or start.day is not None
            args["when"] = combined if joins or not old else _on_the_asked_day(ctx, old, value)
            return command.with_(args=args, resolved=None)
        if field in ("end", "duration", "recurrence"):
            args[field] = _with_the_count(ctx, value) if field == "recurrence" else value
            return command.with_(args=args, resolved=None)
        if field == "event_when":
            if is_series_answer(value):  # "Which day's standup? Or the whole series?" — "the whole series"
                args["event_when"], args["scope"] = None, "series"
                return command.with_(args=args, target=None)
            args["event_when"] = value
            return command.with_(args=args, target=None)
    return Rejected("bad_answer", "")


