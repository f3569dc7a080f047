"""The calendar tools: descriptions, examples and the write handlers (argument models: ``agent.tool_args``;
the read handlers: ``agent.read_tools``).

The contract (names, arguments) is fixed by the lead and mirrored in ``evals/contract.py``. Every time
field is an expression exactly as the user said it, resolved by ``schedule_time`` in code. Handlers get the
request's ``ToolContext`` (user, stores, now, zone, turn id) from ``Registry.bind``; no argument names a user.

Time arguments are grounded before anything else (``time_grounding``: they must quote the user's words or
read as a time the user wrote; one that only reads the same — "2026-12-01 15:00" for "明天下午三点" — is
replaced by the user's phrase, which says more: a clock for a repeating event, not a day). Not grounded:

* ``when`` / ``event_when`` (writes), ``range`` (reads): a fixable error back to the model once, as a tool
  result naming the field with an example of the user's words; if the retry fails too, the turn asks the
  user (``Rejected.ask``: a ``NeedsValue`` for ``when``, saved as the pending command, so the zero-model
  slot gate finishes it). Nothing is written with an ungrounded time.
* ``event_when`` when the message has no time phrase left for it (the grounded arguments use them all):
  the user gave the event no time ("Cancel my call with Ravi"); dropped, so the title alone finds the
  event and several matches become a question. An update's ``when``/``end`` that is the current minute
  (the prompt's "Now:" line copied) is dropped too.
* ``end`` / ``duration`` / ``recurrence``: optional. If the user's words name an end/duration (or a
  repetition), the model mangled it: fixable as above. Otherwise the model added it: dropped, noted in
  telemetry (``dropped_fields``), and the event gets the default hour / no repetition.
"""

from __future__ import annotations

from pydantic import BaseModel

from agent import phrases
from agent.context import ToolContext
from agent.grounding import in_unwritten_script, names_event
from agent.left_out import filled_from_users_words
from agent.other_calendar import names_other_calendar
from agent.outcomes import Command, NeedsValue, Rejected, WriteOutcome
from agent.read_tools import find_free_time, list_events, search_conversation_archive, search_events
from agent.registry import Registry, Tool
from agent.time_grounding import (
    fuller_phrase,
    is_time_grounded,
    phrases_in,
    reads_as_now,
    resolved,
    ungrounded_hint,
    user_gave_end,
    user_gave_recurrence,
    users_phrase,
)
from agent.tool_args import (
    CreateEventArgs,
    DeleteEventArgs,
    FindFreeTimeArgs,
    ListEventsArgs,
    SearchConversationArchiveArgs,
    SearchEventsArgs,
    UndoLastChangeArgs,
    UpdateEventArgs,
)
from agent.unsaid import uses_unsaid
from agent.write_guards import ground_title, title_of
from agent.write_path import execute
from schedule_time import analyse, time_phrases
from storage import StorageError

__all__ = ["CALENDAR_TOOLS", "build_registry"]

# ----------------------------------------------------------------------------------------- write tools


def _command(tool: str, args: BaseModel, call_index: int) -> Command:
    return Command(tool=tool, args=args.model_dump(mode="json"), call_index=call_index)


_TIME_ARGS = ("when", "end", "duration", "recurrence", "event_when")  # event_when last: see _ground_times
_COMPLETED_ARGS = ("when", "event_when")


async def _user_points_at(ctx: ToolContext, reference: str) -> bool:
    if names_event(reference, ctx.time_sources):
        return True
    try:  # an id from a listing: the user must have named that event
        event = await ctx.events.get(reference)
    except StorageError:
        return False
    return names_event(event.title, ctx.time_sources)


def _anything_said(ctx: ToolContext, title: str | None, reference: str | None) -> bool:
    """A fact, not a reading of intent: does anything of this write come from the user's messages — the
    event it names (or a pointer at the focus: "it", 这个), its title's words, or a time phrase? A write
    built of nothing the user said ("hello" answered with a made-up meeting) is refused, never asked about
    as if the user wanted it."""
    named = [text for text in (reference, title) if text]
    if any(names_event(text, ctx.time_sources) for text in named):
        return True
    return bool(analyse(ctx.user_text, now=ctx.now, tz=ctx.tz))  # the time service knows a time phrase


def _optional_unasked(ctx: ToolContext, name: str) -> bool:
    """An optional time argument the user's words give no reason for (the model added it)."""
    said = user_gave_recurrence if name == "recurrence" else user_gave_end
    return name in ("end", "duration", "recurrence") and not any(
        said(t, now=ctx.now, tz=ctx.tz, memo=ctx.memo) for t in ctx.time_sources
    )


def _time_left_for_event(ctx: ToolContext, command: Command, grounded: int) -> bool:
    """Whether this message has a time phrase the command's grounded time arguments do not account for:
    one that may be the event's current time, mangled by the model ("move Friday's call to Monday"). A
    phrase inside the event's name ("lunch with Marco") is a name, not a time."""
    name = str(command.args.get("event") or "").casefold()
    phrases = phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return sum(p.casefold() not in name for p in phrases) > grounded


def _never_given(ctx: ToolContext, command: Command, name: str, value: str, grounded: int) -> bool:
    """An ungrounded time argument the user gave no reason for, dropped rather than sent back:

    * an optional end, duration or repetition the user's words do not name (the model added it);
    * ``event_when`` with no time phrase left for it: the user gave the event no time ("Cancel my call with
      Ravi") and the model filled one in, usually the prompt's current time. Without it the title alone
      finds the event, and several matches become a question;
    * an update's new start or end that is the prompt's "Now:" minute ("缩短到一个小时" came with when=now):
      the event keeps what the user did not ask to change."""
    if name == "event_when":
        return not _time_left_for_event(ctx, command, grounded)
    now_copied = command.tool == "update_event" and name in ("when", "end")
    if now_copied and reads_as_now(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return True
    return _optional_unasked(ctx, name)


def _users_day(ctx: ToolContext) -> str | None:
    """The message's one time phrase when it is a single day from today on ("明天" of "明天和设计师对一下稿子"):
    a question for the time keeps it, so "下午三点半" answers for that day, not today."""
    said = phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    if len(said) != 1:
        return None
    r = resolved(said[0], now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    today = ctx.now.astimezone(ctx.tz).date()
    single_day = r.status == "resolved" and r.grain == "day" and r.start is not None and r.end is not None
    if not single_day or r.recurrence or (r.end.date() - r.start.date()).days != 1 or r.start.date() < today:
        return None
    return said[0]


def _ground_times(ctx: ToolContext, command: Command) -> Command | Rejected:
    """Every time argument in the user's words, or dropped (optional, never asked for), or a fixable
    error with the question to ask if the retry fails too."""
    args, asked_args = dict(command.args), dict(command.args)
    problems: list[dict[str, str]] = []
    grounded = 0
    for name in _TIME_ARGS:
        value = args.get(name)
        if not value:
            continue
        if is_time_grounded(value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
            grounded += 1
            if name in _COMPLETED_ARGS:  # "3pm" where the user said "tomorrow at 3pm": the user's words
                fuller = fuller_phrase(value, ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
                if fuller is None:  # "2026-12-01 15:00" for "明天下午三点": the same instant, in their words
                    fuller = users_phrase(value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
                if fuller is not None:
                    args[name] = asked_args[name] = fuller
            continue
        if _never_given(ctx, command, name, value, grounded):
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
            (_users_day(ctx) or "") if name == "when" and command.tool == "create_event" else None
        )
    command = command.with_(args=args)
    if not problems:
        return command
    field = problems[0]["field"]
    ask = None
    if field != "event_when":  # an event's current time: the retry's failure asks to rephrase
        asked = command.with_(args=asked_args)
        question = phrases.ask_value(field, ctx.lang, title=title_of(asked), now=ctx.now)
        ask = NeedsValue(asked, field, question)
    return Rejected("ungrounded_time", "", fixable=True, problems=tuple(problems), command=command, ask=ask)


def _translated_title(ctx: ToolContext, command: Command) -> Rejected | None:
    """A title in a script the user never wrote ("与Acme通话" for "Book a call with Acme", "Meeting" for
    "明天开会"): the model translated it. Sent back once per turn; a model that insists is believed."""
    title = str(command.args.get("title") or "")
    if not in_unwritten_script(title, " ".join(ctx.time_sources)):
        return None
    if not ctx.state.send_back_once("title_language"):
        return None
    problem = {"field": "title", "problem": "not_the_users_language", "hint": "use the user's language"}
    return Rejected("title_language", "", fixable=True, problems=(problem,), command=command)


async def _write(ctx: ToolContext, tool: str, args: BaseModel, call_index: int) -> WriteOutcome:
    if names_other_calendar(ctx.user_text):  # the user asked for someone else's calendar, not this one
        return Rejected("other_calendar", phrases.say("other_calendar", ctx.lang))
    reference = getattr(args, "event", None)
    if not _anything_said(ctx, getattr(args, "title", None), reference):
        problem = {"field": "(call)", "problem": "not_asked",
                   "hint": "the user's messages name no event, title or time for this change: write nothing"}  # fmt: skip
        return Rejected(
            "nothing_asked", phrases.say("nothing_asked", ctx.lang), fixable=True, problems=(problem,)
        )
    if reference is not None and ctx.state.shown and not await _user_points_at(ctx, reference):
        # after a read, a change to an event the user never pointed at: the model is following what it read
        # (a title that says "delete all events"), not the user
        problem = {
            "field": "event",
            "problem": "not_named_by_user",
            "hint": "change only events the user names",
        }
        return Rejected("event_not_named", "", fixable=True, problems=(problem,))
    if ctx.state.request == "cannot_do":  # the model read it as an alarm, a booking, a message to send
        return Rejected("cannot_do", phrases.say("cannot_do", ctx.lang))
    if ctx.state.unsaid is not None and not uses_unsaid(ctx, args.model_dump()):
        # after the turn asked about a time the first calls left out: only a write for that time
        return Rejected("not_the_unsaid_request", "", fixable=False, silent=True)
    command = _ground_times(ctx, _command(tool, args, call_index))
    if isinstance(command, Rejected):
        return command
    command = filled_from_users_words(ctx, command)  # "改到周五下午三点" with no `when`: the words give it
    if (back := _translated_title(ctx, command) or _dropped_repetition(ctx, command)) is not None:
        return back
    # a title's made-up words (a name from the examples below) dropped; location, notes, attendees: ground
    return await execute(ctx, ground_title(ctx, command))


def _dropped_repetition(ctx: ToolContext, command: Command) -> Rejected | None:
    """A create without a repetition the user's words give ("I run every weekday at 8am, starting
    tomorrow" → a single event): back to the model once, quoting the user's words; its second answer stands
    (the repetition may belong to something else: "I run every weekday; book the physio tomorrow at 8")."""
    if (
        command.tool != "create_event"
        or command.args.get("recurrence")
        or ctx.state.was_sent_back("repetition")
    ):
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


async def create_event(ctx: ToolContext, args: CreateEventArgs, call_index: int) -> WriteOutcome:
    return await _write(ctx, "create_event", args, call_index)


async def update_event(ctx: ToolContext, args: UpdateEventArgs, call_index: int) -> WriteOutcome:
    return await _write(ctx, "update_event", args, call_index)


async def delete_event(ctx: ToolContext, args: DeleteEventArgs, call_index: int) -> WriteOutcome:
    return await _write(ctx, "delete_event", args, call_index)


async def undo_last_change(ctx: ToolContext, args: UndoLastChangeArgs, call_index: int) -> WriteOutcome:
    # An undo the model chose asks first, naming what it would revert (``write_path._undo``); the exact
    # command "undo" is a gate of its own and runs at once.
    return await execute(ctx, _command("undo_last_change", args, call_index))


# The descriptions are prompt text: short, only what the model needs. The examples name people (the shape of
# `attendees` and of a title "with" someone is what a small model learns from them), and a small model copies
# those names into requests that named nobody ("Meeting with Tomás"). Renaming them would only move the
# leak, and models invent names of their own ("Meeting with John"); what stops it is the fact check on every
# write: a title word or an attendee the user never said is dropped (``write_guards.ground_title``, ``ground``).
CALENDAR_TOOLS: tuple[Tool, ...] = (
    Tool(
        "list_events",
        "What is on the calendar in a range (what's on, what do I have, 有什么安排).",
        ListEventsArgs,
        list_events,
        "read",
        examples=(
            ("what do I have next Tuesday?", {"range": "next Tuesday"}),
            ("周四晚上有什么安排", {"range": "周四晚上"}),
        ),
    ),
    Tool(
        "find_free_time",
        "Free slots, only when the user asks when they are free (when am I free, 什么时候有空). Not for what is on.",
        FindFreeTimeArgs,
        find_free_time,
        "read",
    ),
    Tool("search_events", "Find the user's events by title words.", SearchEventsArgs, search_events, "read"),
    Tool(
        "search_conversation_archive",
        "Search earlier conversations with the user (older sessions).",
        SearchConversationArchiveArgs,
        search_conversation_archive,
        "read",
    ),
    Tool(
        "create_event",
        "Add an event the user asked for. Leave out every field the user did not give.",
        CreateEventArgs,
        create_event,
        "write",
        request="add",
        examples=(
            (
                "guitar lesson with Tomás Thursday at 4pm",
                {"title": "Guitar lesson with Tomás", "when": "Thursday at 4pm", "attendees": ["Tomás"]},
            ),
            (
                "下周三上午十点到十一点和刘洋面谈",
                {"title": "和刘洋面谈", "when": "下周三上午十点到十一点", "attendees": ["刘洋"]},
            ),
        ),
    ),
    Tool(
        "update_event",
        "Change an existing event: give only new values; a move relative to it goes in `when` as said (an hour later, 推迟一天).",
        UpdateEventArgs,
        update_event,
        "write",
        examples=(
            ("move my call with Tomás to Friday 2pm", {"event": "call with Tomás", "when": "Friday 2pm"}),
        ),
    ),
    Tool(
        "delete_event",
        "Delete an event (scope one or series).",
        DeleteEventArgs,
        delete_event,
        "write",
        examples=(("取消周五的吉他课", {"event": "吉他课", "event_when": "周五"}),),
    ),
    Tool(
        "undo_last_change",
        "Undo the user's last calendar change.",
        UndoLastChangeArgs,
        undo_last_change,
        "write",
    ),
)


def build_registry(tools: tuple[Tool, ...] = CALENDAR_TOOLS) -> Registry:
    """The checked registry (start-up checks run here)."""
    return Registry(tools)
