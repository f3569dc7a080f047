"""The write path, all in code. One function per write tool; each returns a ``WriteOutcome``:

    validated args → time resolution (ambiguous → NeedsChoice; unresolved → NeedsValue for the time only)
    → the target event (update/delete: not found → Rejected; several → NeedsChoice)
    → grounding of location / attendees / notes (unsupported values dropped and logged)
    → past → NeedsConfirmation;  overlap → NeedsConfirmation naming the event
    → persist with idempotency key f"{turn_id}:{call_index}" → Persisted only if ``result.persisted``

Every step records what it settled on the ``Command`` (resolved times, the target, confirmations), so
``execute(ctx, command)`` can resume a saved command later without a model (see ``pending``).

The steps live by concept: ``write_timing`` (times), ``write_target`` (which event), ``write_guards``
(grounding, past/overlap checks, confirmation questions, the store call); this module runs them per tool,
the destructive ones (delete, undo) in ``removal``.
"""

from __future__ import annotations

import dataclasses
import logging
from datetime import datetime
from typing import Any

from agent.context import ToolContext
from agent.outcomes import Command, NeedsChoice, NeedsConfirmation, Rejected, WriteOutcome
from agent.render import phrases
from agent.time_grounding import the_time_itself
from agent.timing import Timing, timing_from_json
from agent.tools.args import STOP_REPEATING
from agent.writes.another import another_of, ask_another, moved_instead, repeated_instead
from agent.writes.duplicate import already_there, details_for_the_same
from agent.writes.end_or_move import end_or_move
from agent.writes.last_write_correction import correction_of_the_last_write
from agent.writes.left_out import length_of_a_correction
from agent.writes.named_values import kept_what_it_names
from agent.writes.no_change import (
    a_time_left_beside,
    already_so,
    changes_nothing,
    destination,
    nothing_to_change,
    said_of_it,
    unused_said_of_it,
    unused_time,
    without_the_reference_as_title,
)
from agent.writes.own_time import without_its_own_time
from agent.writes.pending_change import changed_pending_create
from agent.writes.people import title_with_new_name
from agent.writes.removal import delete, undo
from agent.writes.repetition import (
    as_series,
    change_repetition,
    denies_a_repetition,
    on_another_weekday,
    rule_change,
)
from agent.writes.series_move import (
    occurrence_of,
    occurrence_on_named_day,
    onto_its_own_occurrence,
    series_patch,
)
from agent.writes.series_scope import (
    ask_scope,
    from_day,
    scope_of,
    series_doubted,
    series_from,
    settle_scope,
    target_from,
)
from agent.writes.store import (
    changes_besides,
    changes_this_turns_write,
    checks,
    confirm,
    ground,
    store,
    unasked,
)
from agent.writes.target import choose_target, find_target, new_event_sent_as_a_move
from agent.writes.timing import anchor_of, choose_time, settle_time, with_timing
from agent.writes.title_time import title_without_its_time
from schedule_time import reads_as_a_destination
from storage import EventDraft, EventPatch

__all__ = ["choose_target", "choose_time", "execute"]

log = logging.getLogger("kairos.agent.write")


async def execute(ctx: ToolContext, command: Command, *, needs_confirmation: bool = False) -> WriteOutcome:
    """Run ``command`` from wherever it stands. Never raises for a store or time problem."""
    try:
        if command.tool == "create_event":
            return await _create(ctx, command)
        if command.tool == "update_event" and (changed := changed_pending_create(ctx, command)) is not None:
            return await _create(ctx, changed)  # "actually make it sunday" while its time was asked
        if command.tool == "update_event":
            return await _update(ctx, command, needs_confirmation)
        if command.tool == "delete_event":
            return await delete(ctx, command)
        if command.tool == "undo_last_change":
            return await undo(ctx, command)
    except Exception:  # an operator problem: logged with its trace, never shown to the model or user
        log.exception("write failed", extra={"turn_id": ctx.turn_id, "tool": command.tool})
        return Rejected("write_failed", phrases.say("write_failed", ctx.lang), command=command)
    raise ValueError(f"not a write tool: {command.tool}")


async def _create(ctx: ToolContext, command: Command) -> WriteOutcome:
    if (correction := await correction_of_the_last_write(ctx, command)) is not None:
        return await _update(ctx, correction, False)
    args = command.args
    title = args["title"]
    if not command.grounded:
        command = ground(ctx, command)
        args = command.args
    if command.resolved is None and (repeated := await repeated_instead(ctx, command)) is not None:
        return await _update(ctx, repeated, False)  # "rehearsal should be weekly" sent as a create
    if command.resolved is None:
        settled = settle_time(ctx, command, args["when"], anchor=None)
        if not isinstance(settled, Command):
            return settled
        command = settled
    start, end, all_day, rrule = timing_from_json(command.resolved or {})
    title = title_without_its_time(title, start, all_day=all_day, now=ctx.now, tz=ctx.tz)
    if title != args["title"]:
        command = command.with_(args={**args, "title": title})
        args = command.args
    if (there := await another_of(ctx, command)) is not None:  # "dentist to 11am": a move's words
        move = moved_instead(ctx, command)
        return await _update(ctx, move, False) if move else ask_another(ctx, command, there, start, end)
    if not all_day and (details := await details_for_the_same(ctx, command, start, end, rrule)) is not None:
        return await _update(ctx, details, False)  # "add the place: …" sent as the same event again
    if not all_day and (there_already := await already_there(ctx, command, start, end, rrule)) is not None:
        return there_already  # the same title at that very time: not written twice
    reasons, conflicts = await checks(ctx, command, start, end, all_day, exclude=None, rrule=rrule)
    if reasons:
        return confirm(
            ctx, command, "create", title, start, end, all_day, reasons, conflicts, repeats=bool(rrule)
        )
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
    result = await store(
        ctx,
        command,
        lambda key: ctx.events.create(draft, now=ctx.now, idempotency_key=key, turn_id=ctx.turn_id),
    )
    return result


async def _update(ctx: ToolContext, command: Command, needs_confirmation: bool) -> WriteOutcome:
    if (new := await new_event_sent_as_a_move(ctx, command)) is not None:
        return await _create(ctx, new) if isinstance(new, Command) else new
    if not command.grounded:
        command = ground(ctx, command)
    command = as_series(ctx, command)  # a new repetition is the series'
    since = from_day(ctx, command)  # "from next week on": the series, from X's first occurrence
    doubted = rule_change(ctx, command) is None and series_doubted(ctx, command, since)
    if doubted:  # found as the occurrence named, then asked: one or all
        command = command.with_(args={**command.args, "scope": None})
    command, scope = settle_scope(ctx, command, since)
    settled = await target_from(ctx, command, since, find_target, occurrences=scope != "series")
    if not isinstance(settled, Command):
        return settled
    command = settled
    if (refused := changes_this_turns_write(ctx, command)) is not None:
        return refused
    if doubted and (command.target or {}).get("recurring") and changes_besides(command, "recurrence"):
        return ask_scope(ctx, command)
    command = length_of_a_correction(
        ctx, without_its_own_time(ctx, without_the_reference_as_title(ctx, command))
    )
    change = rule_change(ctx, command)
    if (
        change is not None
        and change.stops
        and not (command.target or {}).get("recurring")
        and changes_besides(command, "recurrence")
    ):
        # a one-off already repeats never: the stop beside a move ("move the standup to 10" sent with
        # recurrence "never") changes nothing of it, and the move stands
        command, change = command.with_(args={**command.args, "recurrence": None}), None
    if change is not None:  # "make it weekly", "stop repeating it"
        return await change_repetition(ctx, command, change, needs_confirmation)
    args, target = command.args, command.target or {}
    title = target["title"]
    moves = bool(args.get("when") or args.get("end") or args.get("duration") or command.resolved)
    if target.get("recurring"):
        scope = scope_of(command, now=ctx.now, tz=ctx.tz, memo=ctx.memo, since=since)
        if scope is None and args.get("when"):  # "tomorrow's standup to 11am" said as "tomorrow 11am"
            command = await occurrence_on_named_day(ctx, command)
            target, scope = command.target or {}, (command.target or {}).get("scope")
        if scope is None and moves:  # never move a whole series the user did not ask to move
            return ask_scope(ctx, command)
        if scope is not None and target.get("scope") != scope:
            command = command.with_(target={**target, "scope": scope})
            target = command.target or {}
    patch: dict[str, Any] = {}
    start = end = None
    all_day = bool(target.get("all_day"))
    if moves:
        if command.resolved is None:
            if args.get("when"):
                timed = settle_time(ctx, command, args["when"], anchor=anchor_of(command))
            else:
                anchor = anchor_of(command)
                assert anchor is not None
                # (an all-day event's new length stays whole days: "make it two days" is no 48-hour block)
                timed = with_timing(ctx, command, Timing(anchor[0], None, all_day=all_day), anchor=anchor)
            if _the_event_or_another(command, timed):
                # "my 8:30 tomorrow to 9" sent as a move to "tomorrow 8:30", "cancel my 8:30" as an update
                # to it: the reference again, not a new time to ask a.m. or p.m. about
                moved = await _to_the_destination(ctx, command, needs_confirmation)
                return moved if moved is not None else await _nothing_to_change(ctx, command)
            if not isinstance(timed, Command):
                return timed
            command = timed
            either = end_or_move(ctx, command)  # "to 4" sent as the new end
            if isinstance(either, NeedsChoice):
                return either
            command = either or command
        start, end, all_day, _ = timing_from_json(command.resolved or {})
        if (named := await onto_its_own_occurrence(ctx, command, start)) is not None:
            return await _update(ctx, named, needs_confirmation)
        patch["start"], patch["end"] = (start.date(), end.date()) if all_day else (start, end)
    for name in ("title", "location", "notes"):
        if args.get(name) is not None:
            patch[name] = args[name]
    if args.get("attendees") is not None:
        patch["attendees"] = tuple(args["attendees"])
        # "Lunch with Mark", Mark → Marcus: the title names the new person too
        renamed = title_with_new_name(title, target.get("attendees"), patch["attendees"])
        if "title" not in patch and "attendees" in target and renamed:
            patch["title"] = renamed
    if not patch:
        return await _nothing_to_change(ctx, command)
    if (left := await a_time_left_beside(ctx, command)) is not None:
        return left  # "invite Ben too and move it to 1" sent as the guest alone
    if (kept := kept_what_it_names(ctx, command, patch)) is not None:
        # "it's at X, not Y" sent without the place: back to the model once, naming it; the update as sent
        # is the yes/no if the retry fails
        asked = await _update(ctx, command, needs_confirmation=True)
        return dataclasses.replace(kept, ask=asked) if isinstance(asked, NeedsConfirmation) else kept
    one_off = not target.get("recurring") and occurrence_of(target) is None
    if (
        one_off
        and (moved_to := destination(ctx, command)) is not None
        and await said_of_it(ctx, command, moved_to)
        and await changes_nothing(ctx, command, EventPatch(**patch))
    ):
        # "the 8:30 tomorrow to 9" sent as a move to 8:30: the time the user gave — moved there when their
        # words say it is where the event goes, else named to the model, then offered
        command = command.with_(resolved=None)
        moved = await _to_the_destination(ctx, command, needs_confirmation)
        return moved if moved is not None else await _nothing_to_change(ctx, command)
    if one_off and (same := await already_so(ctx, command, EventPatch(**patch))):
        return same  # nothing would change: said at once, never asked about first
    if start is not None and end is not None:
        whole = target.get("recurring") and occurrence_of(target) is None  # the series moves: each coming one
        rule = target.get("rrule") if whole else None
        reasons, conflicts = await checks(  # (one occurrence moved: its siblings clash like other events)
            ctx, command, start, end, all_day, exclude=target["event_id"], rrule=rule, occurrence=occurrence_of(target)
        )
        if needs_confirmation and "destructive" not in command.confirmed:
            reasons = (*reasons, "destructive")
        if reasons:
            same_time = (start, end) == (_at(target, "start"), _at(target, "end"))
            return confirm(
                ctx, command, "update", args.get("title") or title, start, end, all_day, reasons, conflicts,
                renamed_from=title if same_time and args.get("title") else None,
            )  # fmt: skip
    elif unasked(ctx, command):  # a rename or a note the message was not read as asking for
        begins, ends = datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])
        renamed = args.get("title")
        return confirm(
            ctx, command, "edit", renamed or title, begins, ends, all_day, ("unasked",), (),
            renamed_from=title if renamed else None,
        )  # fmt: skip
    occurrence = occurrence_of(target)
    from_start = None
    if (
        target.get("recurring")
        and set(patch) <= {"start", "end"}
        and (start, end)
        == (
            _at(target, "start"),
            _at(target, "end"),
        )
    ):  # the series (or one of it) "moved" to where it is: nothing to write ("skip this saturday" as a move)
        return await _nothing_to_change(ctx, command)
    if target.get("recurring") and occurrence is None:  # the series: from its first upcoming occurrence on
        scoped = await series_from(ctx, command)
        if isinstance(scoped, Rejected):
            return scoped
        series, from_start = scoped
        if start is not None and end is not None:
            moved = series_patch(ctx, target, series, from_start, start, end, all_day)
            occurrence_was = datetime.fromisoformat(target["start"]).astimezone(ctx.tz)
            day = on_another_weekday(series.rrule, occurrence_was, start.astimezone(ctx.tz))
            if moved is None and day is not None:  # a weekly day moved whole: that rule on the new day
                day = dataclasses.replace(day, length=None if all_day else end - start)
                return await change_repetition(ctx, command, day, needs_confirmation)
            if moved is None:  # a new day for a rule that names its days: a new rule, not a move
                return Rejected(
                    "series_days", phrases.say("series_days", ctx.lang, title=title), command=command
                )
            patch.update(moved)
    event_patch = EventPatch(**patch)
    if from_start is None and (same := await already_so(ctx, command, event_patch)):
        return same
    return await store(
        ctx,
        command,
        lambda key: ctx.events.update(
            target["event_id"],
            event_patch,
            expected_version=target["version"],
            now=ctx.now,
            idempotency_key=key,
            turn_id=ctx.turn_id,
            occurrence_start=occurrence,
            from_start=from_start,
        ),
    )


async def _nothing_to_change(ctx: ToolContext, command: Command) -> WriteOutcome:
    """An update with no value (``writes.no_change``). A time of the message it left out, said of this event
    (the event sent alone, the new clock beside it): named to the model once; if its answer is not a call
    that uses it, or is the same update again, the user gets yes/no to move the event to that time."""
    target = command.target or {}
    if (
        target.get("recurring")
        and not command.args.get("recurrence")
        and denies_a_repetition(ctx, ctx.user_text)
    ):
        # "以后不再每周开了" sent with no value: the repetition the words deny stops — asked first, as every stop
        stop = command.with_(args={**command.args, "recurrence": STOP_REPEATING, "when": None})
        asked = await _update(ctx, stop, needs_confirmation=False)
        if isinstance(asked, NeedsConfirmation):
            return asked
    unused = await unused_said_of_it(ctx, command)
    offer = None
    if unused is not None and "move_offer" not in command.confirmed:
        moved = command.with_(
            args={**command.args, "when": unused}, confirmed=(*command.confirmed, "move_offer")
        )
        asked = await _update(ctx, moved, needs_confirmation=True)
        offer = asked if isinstance(asked, NeedsConfirmation) else None
    if offer is not None and ctx.state.was_sent_back("nothing_left"):
        return offer
    outcome = nothing_to_change(ctx, command, unused)
    if offer is not None and isinstance(outcome, Rejected) and outcome.fixable and outcome.ask is None:
        return dataclasses.replace(outcome, ask=offer)
    return outcome


async def _to_the_destination(
    ctx: ToolContext, command: Command, needs_confirmation: bool
) -> WriteOutcome | None:
    """The update moved to the time the model left out, when the time service reads the user's words as where
    the event goes ("shift tomorrow's 8:30 to 9:15", "明天八点半那个挪到九点": ``reads_as_a_destination``) and the
    time stands beside the event: the user said where, the model said which event. None otherwise."""
    moved_to = destination(ctx, command) or unused_time(ctx, command)
    if (
        moved_to is None
        or "destination" in command.confirmed
        or not reads_as_a_destination(ctx.user_text, moved_to)
        or not await said_of_it(ctx, command, moved_to)
    ):
        return None
    ctx.notes.append({"replaced": "when", "reason": "a_destination", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    moved = command.with_(
        args={**command.args, "when": the_time_itself(moved_to)},
        resolved=None,
        confirmed=(*command.confirmed, "destination"),
    )
    return await _update(ctx, moved, needs_confirmation)


def _the_event_or_another(command: Command, timed: Command | WriteOutcome) -> bool:
    """The move's time reads as the event's own time or another one (morning or evening): the model gave
    the reference again as the new time."""
    anchor = anchor_of(command)
    return (
        isinstance(timed, NeedsChoice)
        and anchor is not None
        and any(o.start == anchor[0] for o in timed.options)
    )


def _at(target: dict[str, Any], key: str) -> datetime | None:
    value = target.get(key)
    return datetime.fromisoformat(value) if value else None
