"""The destructive writes: a delete and an undo. Both always ask first — yes/no naming the event (and, for a
series, every one from the day it applies from) or what would be reverted — so a wrong guess by the model
costs the user a "no", never a lost event.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime

from agent.context import ToolContext
from agent.outcomes import Command, NeedsConfirmation, NeedsValue, Rejected, WriteOutcome
from agent.render import phrases
from agent.turn.focus import is_anaphor
from agent.writes.pending_change import names_the_pending_create
from agent.writes.series_scope import (
    from_day,
    scope_not_said,
    series_from,
    settle_scope,
    target_from,
)
from agent.writes.store import changes_this_turns_write, confirm, store
from agent.writes.target import find_target

__all__ = ["delete", "undo"]


async def delete(ctx: ToolContext, command: Command) -> WriteOutcome:
    """The event (or the occurrence, or the series from an occurrence on) the command names: found, then
    asked yes/no naming it, then deleted on the "yes" (``command.confirmed``)."""
    since = from_day(ctx, command)  # "from next week on": the series, from X's first occurrence
    command, scope = settle_scope(ctx, command, since)
    one = scope != "series"  # a series without a day is asked about
    # the event we were asking about, not written yet: "it" is that one; a name is, when no stored event has it
    asked_about = names_the_pending_create(ctx, command)
    if asked_about is not None and is_anaphor(str(command.args.get("event") or "")):
        return _not_added(ctx, asked_about)
    settled = await target_from(ctx, command, since, find_target, occurrences=one)
    stand_in = isinstance(settled, Command) and bool((settled.target or {}).get("named_as"))
    if asked_about is not None and (stand_in or (isinstance(settled, Rejected) and settled.code == "not_found")):
        return _not_added(ctx, asked_about)  # (no stored event has the name: another at that time is no guess)
    if not isinstance(settled, Command):
        return settled
    command = settled
    if (refused := changes_this_turns_write(ctx, command)) is not None:
        return refused
    target = command.target or {}
    occurrence = target.get("occurrence_start") if one else None
    from_start = None
    if not one and target.get("recurring"):  # the series: from its first upcoming occurrence on
        scoped = await series_from(ctx, command)
        if isinstance(scoped, Rejected):
            return scoped
        from_start = scoped[1]
    if one and target.get("recurring") and occurrence is None:
        which = NeedsValue(
            command,
            "event_when",
            phrases.ask_value("event_when", ctx.lang, title=target["title"], now=ctx.now),
        )
        return which if scope == "one" else scope_not_said(ctx, command, which)
    if "destructive" not in command.confirmed:  # a delete always asks first: a wrong guess costs a "no"
        if target.get("recurring"):  # the "yes" is not the words that chose one or all: keep the choice
            command = command.with_(target={**target, "scope": "one" if one else "series"})
        start, end = datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])
        asked = confirm(
            ctx,
            command,
            "delete",
            target["title"],
            start,
            end,
            bool(target.get("all_day")),
            ("destructive",),
            (),
            series_from=from_start,
            occurrence=occurrence is not None and bool(target.get("recurring")),
        )
        if named := target.get("named_as"):  # "cancel the standup" found only "Coffee with Lee" at its time
            not_there = phrases.say("not_found_when", ctx.lang, ref=named)
            asked = dataclasses.replace(asked, question=f"{not_there}\n{asked.question}")
        return asked
    occurrence_start = datetime.fromisoformat(occurrence) if occurrence else None
    return await store(
        ctx,
        command,
        lambda key: ctx.events.delete(
            target["event_id"],
            now=ctx.now,
            idempotency_key=key,
            occurrence_start=occurrence_start,
            expected_version=target["version"],
            turn_id=ctx.turn_id,
            from_start=from_start,
        ),
    )


def _not_added(ctx: ToolContext, title: str) -> Rejected:
    return Rejected("pending_create_dropped", phrases.say("not_added", ctx.lang, title=title[:80]))


async def undo(ctx: ToolContext, command: Command) -> WriteOutcome:
    """Undo asks first unless the user confirmed it (a "yes", or the exact command "undo"), naming what it
    would revert: a model that misreads "thanks" costs a "no", never a lost change."""
    if "destructive" not in command.confirmed:
        last = await ctx.events.last_change()
        if last is not None and last[1] is not None:
            question = phrases.ask_undo(last[0], last[1], lang=ctx.lang, tz=ctx.tz, now=ctx.now)
            return NeedsConfirmation(command, ("destructive",), question)
    return await store(
        ctx, command, lambda key: ctx.events.undo(now=ctx.now, idempotency_key=key, turn_id=ctx.turn_id)
    )
