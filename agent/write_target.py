"""The event an update or delete is about: resolved by code from the model's reference (an id, title words,
or "it"/"这个" — the event in focus), narrowed by the time the user gave; several → the user chooses."""

from __future__ import annotations

from typing import Any

from agent import phrases
from agent.context import ToolContext
from agent.outcomes import Command, NeedsChoice, NeedsValue, Option, Rejected, WriteOutcome
from agent.references import Choice, NotFound, Ref, resolve_reference
from agent.timefmt import range_text

__all__ = ["choose_target", "find_target", "ref_label", "target_json"]


async def find_target(ctx: ToolContext, command: Command, *, occurrences: bool) -> Command | WriteOutcome:
    if command.target is not None:
        return command
    args = command.args
    found = await resolve_reference(ctx, args["event"], args.get("event_when"), occurrences=occurrences)
    if isinstance(found, NotFound) and found.anaphor:
        question = phrases.ask_value("event", ctx.lang, now=ctx.now)
        return NeedsValue(command, "event", question)
    if isinstance(found, NotFound):
        key = "not_found_id" if found.by_id else ("not_found_when" if found.with_time else "not_found")
        return Rejected("not_found", phrases.say(key, ctx.lang, ref=args["event"][:80]), command=command)
    if isinstance(found, Choice):
        options = tuple(
            Option(
                label=ref_label(r, ctx),
                start=r.start,
                end=r.end,
                target=target_json(r),
                title=r.event.title,
            )
            for r in found.refs
        )
        lines = [o.label for o in options]
        return NeedsChoice(command, "event", phrases.ask_choice(lines, ctx.lang, field="event"), options)
    return command.with_(target=target_json(found.ref))


def target_json(ref: Ref) -> dict[str, Any]:
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


def ref_label(ref: Ref, ctx: ToolContext) -> str:
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
