"""The checks every write passes on its way to the store, and the store call itself:

ground (free-text fields must be in the user's words, and never code's guidance to the model; a title keeps
the user's words and event-kind nouns: ``ground_title``) → checks (past? overlaps?) → confirm (a question
naming what it overlaps) → store (idempotency key ``{turn_id}:{call_index}``; ``Persisted`` only when
the store says ``persisted``; every store refusal becomes the user's sentence, never an exception text)
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from agent.checks.guidance import quotes_guidance
from agent.context import ToolContext
from agent.grounding import echoes_request, is_grounded, said_by_user
from agent.outcomes import Command, NeedsConfirmation, Persisted, Rejected, WriteOutcome
from agent.render import phrases
from agent.title_grounding import event_kind_in, grounded_title
from agent.turn.focus import just_written
from agent.writes.overlaps import overlaps
from agent.writes.pointing import pointing_words_dropped
from agent.writes.siblings import others_words_dropped
from schedule_time.language import normalise, scan
from storage import (
    EventNotFound,
    InvalidInput,
    NothingToUndo,
    Occurrence,
    OccurrenceNotFound,
    StorageError,
    UndoConflict,
    VersionConflict,
    WriteResult,
)

__all__ = [
    "changes_besides", "checks", "confirm", "conflict_rows", "ground", "ground_title", "is_past", "model_doubts", "store", "title_of",
    "unasked", "unasked_reading",
]

log = logging.getLogger("kairos.agent.write")
_GROUNDED_FIELDS = ("location", "notes")


def ground(ctx: ToolContext, command: Command, *, echo: bool = True) -> Command:
    """Free-text arguments in the user's words, attendees the user named. ``echo=False``: a value may be
    the whole message (the rest of a reply, read for exactly that: ``agent.turn.amend``)."""
    command = others_words_dropped(ctx, command)  # the other request's words, parked in this call's details
    command = pointing_words_dropped(ctx, command)  # the words the user pointed at the event with
    args = dict(command.args)
    # the user's words: this message and the segment's earlier ones (a pending command resumed by "下午三点半"
    # keeps the 律师 of "明天跟律师过一下合同")
    said = " ".join(ctx.time_sources)
    for name in _GROUNDED_FIELDS:
        value = args.get(name)
        if value and (
            not is_grounded(value, said)
            or (echo and echoes_request(value, ctx.user_text))
            or quotes_guidance(value, ctx, min_words=4)  # a hint or note of ours, parked in the notes
            or only_time_words(value)  # "hour and a half" as the notes: the event's times carry it
        ):
            args[name] = None
            ctx.notes.append({"dropped": name, "tool": command.tool, "call_index": command.call_index})
    attendees = args.get("attendees")
    if attendees:
        # a name the user said, once ("you", 我 name nobody; "教堂" as the location is a place, not a person)
        place = (args.get("location") or "").strip().casefold()
        kept = [
            a
            for a in dict.fromkeys(attendees)
            if said_by_user(a, ctx.time_sources)
            and a.strip().casefold() != place
            and not _guest_of_the_event_just_written(ctx, command, a)
        ]
        if len(kept) != len(attendees):
            ctx.notes.append(
                {
                    "dropped": "attendees",
                    "count": len(attendees) - len(kept),
                    "tool": command.tool,
                    "call_index": command.call_index,
                }
            )
        args["attendees"] = kept or None  # every name made up: no attendees given (an update keeps its own)
    if any("dropped" in n for n in ctx.notes):
        log.info("ungrounded fields dropped", extra={"turn_id": ctx.turn_id, "tool": command.tool})
    return command.with_(args=args, grounded=True)


def _guest_of_the_event_just_written(ctx: ToolContext, command: Command, name: str) -> bool:
    """A new event's attendee that only earlier messages named, and that the title of the event just written
    names while this create's title does not: that event's guest, carried over by the model ("add gym tuesday
    7pm" right after "coffee with Priya" came with Priya). "One more at the same time" keeps the title, and
    its guest."""
    if command.tool != "create_event" or said_by_user(name, (ctx.user_text, *ctx.pending_texts)):
        return False
    entry = just_written(ctx.focus)
    if entry is None:
        return False
    return said_by_user(name, (str(entry.get("title") or ""),)) and not said_by_user(
        name, (str(command.args.get("title") or ""),)
    )


def only_time_words(value: str) -> bool:
    """``value`` says nothing but times or lengths (the time service reads every word of it): no place and
    no note — the time fields carry what it says (a length the model also parked in the notes, "明天下午"
    as the location)."""
    read = scan(normalise(value))
    return bool(read.pieces) and not read.unknown


def ground_title(ctx: ToolContext, command: Command) -> Command:
    """The title without the words the user never said that are not an event kind (``grounded_title``:
    "Meeting with Tomás" → "Meeting" when nobody named Tomás). With nothing of it left, a new event is
    called by an event kind the user said, else "Event"/"日程"; a change keeps the event's title."""
    title = command.args.get("title")
    if not title:
        return command
    kept = grounded_title(title, ctx.time_sources)
    if kept and quotes_guidance(kept, ctx, min_words=4):
        kept = ""
    if kept == title:
        return command
    if not kept:
        kept = event_kind_in(ctx.time_sources, ctx.lang) if command.tool == "create_event" else None
    ctx.notes.append(
        {"dropped": "title_words", "tool": command.tool, "call_index": command.call_index, "kept": bool(kept)}
    )
    return command.with_(args={**command.args, "title": kept})


DOUBT = 0.1
"""A write whose answer gave at least this probability to calling no tool doubts the write. Measured with
``scripts/probe_request_kind.py`` on public intent rows: plain calendar creates gave it ≤ 0.02 (most
below 0.01); alarms, timers, reminders, money transfers, calls and orders the model wrote as events
gave 0.11–0.42."""

SURE_DOUBT = 0.3
"""From this probability on a create is doubted however fluent the answer."""

FLUENT = -0.15
"""Between ``DOUBT`` and ``SURE_DOUBT`` a create is doubted only when the answer was also not fluent: its
mean token log-probability (``ModelResponse.mean_logprob``) at most this. Terse creates (a clock, a
title of two or three words, "today" or an abbreviation) gave 0.15–0.30 to no tool yet wrote their
arguments at -0.09…-0.14; the alarms, reminders, timers and bookings of the public intent rows in that band wrote theirs
at -0.17…-0.41. Measured on the live reports of the dev split and an intent sweep (all answers that
called a write tool): the doubt confirmed 16 of 228 expected writes with ``DOUBT`` alone, 4 with this;
the non-calendar creates it no longer catches had no time (they ask anyway). Updates and deletes keep
``DOUBT`` alone (a non-request that changes an event costs more than a yes)."""


def model_doubts(ctx: ToolContext, tool: str | None = None) -> bool:
    """The model's own answer does not back a write this turn: it read the message as a question or
    chit-chat (its ``request``), or it gave real weight to answering without a tool (``TurnState.no_tool_p``
    — for a create, with an answer that was not fluent either)."""
    if unasked_reading(ctx):
        return True
    doubt = ctx.state.no_tool_p
    if doubt is None or doubt < DOUBT:
        return False
    if tool != "create_event" or doubt >= SURE_DOUBT:
        return True
    fluency = ctx.state.answer_logprob
    return fluency is None or fluency <= FLUENT


def unasked_reading(ctx: ToolContext) -> bool:
    """This turn's own reading of the message (the model's ``request``) is no request to write."""
    return ctx.state.request in ("calendar_question", "chat")


def unasked(ctx: ToolContext, command: Command) -> bool:
    """The write asks first — a wrong guess costs a "no", never a dirty write — when the model's answer did
    not back it, this turn or in the turn that left it pending (``Command.doubted``). A doubt alone does not
    hold against a change of the event the last turn wrote: a correction right after a write is what the
    user is doing (on the live dev split two short corrections of a time and of a title gave the model
    0.13–0.31 doubt, as short replies do)."""
    if "unasked" in command.confirmed:
        return False
    if unasked_reading(ctx) or ctx.state.code_call == command.call_index:
        return True  # this turn's own reading disagrees, or code proposed the write: no exemption
    return (command.doubted or model_doubts(ctx, command.tool)) and not _changes_the_write_just_made(
        ctx, command
    )


def _changes_the_write_just_made(ctx: ToolContext, command: Command) -> bool:
    entry = just_written(ctx.focus)
    target = command.target or {}
    return (
        command.tool == "update_event"
        and entry is not None
        and bool(target.get("event_id"))
        and str(entry.get("event_id")) == str(target["event_id"])
    )


def is_past(ctx: ToolContext, start: datetime, end: datetime, all_day: bool) -> bool:
    """A timed event that starts before now, an all-day one that ends by today."""
    return (end.date() <= ctx.now.astimezone(ctx.tz).date()) if all_day else start < ctx.now


async def checks(
    ctx: ToolContext,
    command: Command,
    start: datetime,
    end: datetime,
    all_day: bool,
    *,
    exclude: str | None,
    rrule: str | None = None,
    occurrence: datetime | None = None,
) -> tuple[tuple[str, ...], tuple[dict[str, Any], ...]]:
    """Why the write asks first: the model's doubt ("unasked"), a past time, an overlap (with ``rrule``, of
    any of the series' coming occurrences; with ``occurrence``, of the other occurrences of the one moved:
    ``overlaps``)."""
    reasons: list[str] = ["unasked"] if unasked(ctx, command) else []
    if is_past(ctx, start, end, all_day) and "past" not in command.confirmed:
        reasons.append("past")
    conflicts: tuple[dict[str, Any], ...] = ()
    if not all_day and "conflict" not in command.confirmed:
        found = await overlaps(ctx, start, end, rrule=rrule, exclude=exclude, occurrence=occurrence)
        conflicts = conflict_rows(found)
        if conflicts:
            reasons.append("conflict")
    return tuple(reasons), conflicts


def conflict_rows(found: Sequence[Occurrence]) -> tuple[dict[str, Any], ...]:
    """The first three overlaps, as a pending confirmation stores them and its question names them."""
    return tuple(
        {
            "event_id": str(o.event_id),
            "title": o.title,
            "start": o.start.isoformat(),
            "end": o.end.isoformat(),
            "all_day": o.all_day,
        }
        for o in found[:3]
    )


def confirm(
    ctx: ToolContext,
    command: Command,
    action: str,
    title: str,
    start: datetime,
    end: datetime,
    all_day: bool,
    reasons: tuple[str, ...],
    conflicts: tuple[dict[str, Any], ...],
    *,
    renamed_from: str | None = None,
    series_from: datetime | None = None,
    repetition: str | None = None,
    repeats: bool = False,
    occurrence: bool = False,
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
        renamed_from=renamed_from,
        series_from=series_from.astimezone(ctx.tz) if series_from is not None else None,
        repetition=repetition,
        repeats=repeats,
        occurrence=occurrence,
    )
    return NeedsConfirmation(command, reasons, question, conflicts)  # type: ignore[arg-type]


async def store(ctx: ToolContext, command: Command, write: Any) -> WriteOutcome:
    key = f"{ctx.turn_id}:{command.call_index}"
    try:
        result: WriteResult = await write(key)
    except EventNotFound:
        return Rejected("not_found", phrases.say("not_found_id", ctx.lang), command=command)
    except OccurrenceNotFound:
        return Rejected(
            "not_found", phrases.say("not_found_when", ctx.lang, ref=title_of(command)), command=command
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
    ctx.state.written.add(str(result.event.id))
    return Persisted(command, result)


_CHANGES = ("title", "when", "end", "duration", "location", "notes", "attendees", "recurrence")
"""The values an update may change."""


def changes_besides(command: Command, *fields: str) -> bool:
    """The update changes something besides ``fields`` ("recurrence": more than how it repeats)."""
    return any(command.args.get(n) for n in _CHANGES if n not in fields)


def title_of(command: Command) -> str:
    args = command.args
    return str(args.get("title") or (command.target or {}).get("title") or args.get("event") or "")[:80]


def changes_this_turns_write(ctx: ToolContext, command: Command) -> Rejected | None:
    """After the prompt about a request the model left out (``agent.turn.unsaid``), a change to an event this
    turn already wrote is not that request: "周日晚上6点家庭聚餐" came back as a move of the 体检 just
    created to Sunday. Refused without a word (the receipts say what was done)."""
    if ctx.state.unsaid is None:
        return None
    if (command.target or {}).get("event_id") in ctx.state.written:
        return Rejected("not_the_unsaid_request", "", fixable=False, silent=True)
    return None
