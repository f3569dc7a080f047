"""An update that would change nothing: no new value at all, or only what the event already has.

Each goes back to the model once a turn with the fact (a value the user never gave, a time of theirs left
out, or "this changes nothing: a removal is delete_event"); a repeat after the time left out was named is
not sent back again. If the model's second answer fails too, the user is asked — never written to on a
guess:

* the update's values are only times its own reference gives ("cancel the 4pm call" sent as a move to
  4pm), or it has no value at all (四点那个电话取消 sent as an update with only ``event_when``): the one change
  an update cannot express is the event's removal, so the question is yes/no to delete it, and what to
  change otherwise (``_delete_or_change``; a "yes" deletes with no model call, any other answer is an
  ordinary message);
* a new value the event already has ("move it to 3" when it is at 3): the user is told so;
* a new title that is the reference itself, copied (``without_the_reference_as_title``): no rename;
* a time of the message left out, named to the model, and still not used (``writes.path``): yes/no to move
  the event there — the user's own time, offered, never written on the model's silence.
"""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime

from agent.context import ToolContext
from agent.grounding import bare_words
from agent.guards.users_times import beside_the_event
from agent.language import clauses
from agent.outcomes import Command, NeedsConfirmation, Rejected, WriteOutcome
from agent.render import phrases
from agent.render.timefmt import range_text
from agent.time_grounding import (
    is_time_grounded,
    phrases_in,
    phrases_of,
    quotes,
    reads_or_moves,
    the_time_itself,
)
from agent.writes.own_time import REFERENCE_AGAIN
from agent.writes.references import events_sharing_a_word
from agent.writes.series_move import occurrence_of
from agent.writes.store import changes_besides, confirm
from agent.writes.timing import anchor_of
from agent.writes.title_match import beyond_the_title, shares_a_word
from agent.writes.title_time import title_without_its_time
from schedule_time import Resolution, TimeExpressionError, reads_as_a_destination, resolve
from schedule_time.language import normalise
from storage import EventPatch, StorageError

__all__ = [
    "a_time_left_beside",
    "already_so",
    "changes_nothing",
    "nothing_to_change",
    "unused_time",
    "without_the_reference_as_title",
]

_CHANGES_NOTHING = (
    "{what}: this update changes nothing. If the user asks to remove it, call delete_event for it; if they "
    "give it another time or name, call update_event with that; a new event goes to create_event with the "
    "user's own words for its time; otherwise answer in words"
)


def nothing_to_change(ctx: ToolContext, command: Command, unused: str | None) -> WriteOutcome:
    """An update with no value to change (every value it had was dropped, or it never had one). ``unused``:
    a time of the message said of this event and left out (``unused_time``)."""
    dropped = [
        n["dropped"]
        for n in ctx.notes
        if n.get("call_index") == command.call_index
        and n.get("dropped") not in (None, "event_when")
        and n.get("reason") != REFERENCE_AGAIN
    ]  # (the event's current time is no change: dropping it leaves no value the user never gave)
    if dropped and unused is None and ctx.state.send_back_once("nothing_left", command.call_index):
        # every change was a value the user never gave (often the request itself copied into notes):
        # back to the model once, which may well have meant to answer, not to write
        problems = tuple(
            {"field": name, "problem": "not_given_by_user", "hint": "the user asked nothing to change"}
            for name in dropped
        )
        return Rejected("nothing_to_change", "", fixable=True, problems=problems, command=command)
    if unused is not None and ctx.state.send_back_once("nothing_left"):
        # "改到周五下午三点，她周三临时有事" with only event_when="周三下午三点": the new time is in the
        # message and the model left it out. Back to the model once, naming it; never filled in by code.
        problem = {
            "field": "when",
            "problem": "missing",
            "hint": f"the user's words give a time, {unused!r}: if it is the new time, pass it as `when`",
        }
        return Rejected("nothing_to_change", "", fixable=True, problems=(problem,), command=command)
    if ctx.state.was_sent_back("nothing_left"):  # named the time left out, and the same came back: ask
        return _delete_or_change(ctx, command)
    if ctx.state.send_back_once("changes_nothing"):  # the model may call again, or ask in words
        title = (command.target or {}).get("title") or command.args.get("event")
        problem = {"field": "event", "problem": "changes_nothing",
                   "hint": _CHANGES_NOTHING.format(what=f"the update of {title!r} gives no new value")}  # fmt: skip
        # its words ("change it how?") answer the user; an answer with none of its own (nothing, or the
        # hint repeated) gets code's yes/no to delete the event the user named, or what to change instead
        asked = _delete_or_change(ctx, command) if command.target else None
        return Rejected("nothing_to_change", "", fixable=True, problems=(problem,), command=command, ask=asked,
                        prose_ok=True)  # fmt: skip
    return _delete_or_change(ctx, command)


async def already_so(ctx: ToolContext, command: Command, event_patch: EventPatch) -> WriteOutcome | None:
    """An update that would store what the event already has is not written: the model sends
    "后天上午十点和王五开会" as an update of that very meeting when it exists (before, a new version and
    "Updated …" for nothing); one occurrence is compared with its own time. None when it changes
    something."""
    target = command.target or {}
    try:
        event = await ctx.events.get(target["event_id"])
    except StorageError:
        return None  # the store's own answer comes with the write
    if occurrence_of(target) is not None:
        # one occurrence of a series: compared with that occurrence ("skip gym on Tuesday" sent as a move
        # of Tuesday's to Tuesday wrote a detached copy of it, "Updated one occurrence …" for nothing)
        at = datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])
        event = dataclasses.replace(event, start=at[0], end=at[1])
    if event_patch.changes(event):
        return None
    when = range_text(
        event.start.astimezone(ctx.tz), event.end.astimezone(ctx.tz), ctx.lang, all_day=event.all_day,
        ref=ctx.now.astimezone(ctx.tz).date(),
    )  # fmt: skip
    removal = _no_new_time(ctx, command)
    if ctx.state.send_back_once("changes_nothing"):
        # the user asked for something, and this is not it ("cancel the 4pm call" sent as an update to 4pm):
        # back to the model once with the fact
        problem = {"field": "event", "problem": "changes_nothing",
                   "hint": _CHANGES_NOTHING.format(what=f"{event.title!r} already is {when}")}  # fmt: skip
        asked = _delete_or_change(ctx, command) if removal else None
        return Rejected(
            "nothing_to_change", "", fixable=True, problems=(problem,), command=command, ask=asked
        )
    if removal:
        return _delete_or_change(ctx, command)
    return Rejected(
        "already_so", phrases.say("already_so", ctx.lang, title=event.title, when=when), command=command
    )


async def changes_nothing(ctx: ToolContext, command: Command, event_patch: EventPatch) -> bool:
    """The patch stores what the target event already has."""
    try:
        event = await ctx.events.get((command.target or {})["event_id"])
    except StorageError:
        return False  # the store's own answer comes with the write
    return not event_patch.changes(event)


def _no_new_time(ctx: ToolContext, command: Command) -> bool:
    """The update's only values are times its own reference gives ("4pm call" moved to 4pm): nothing of
    the message says a new value."""
    args = command.args
    if any(args.get(n) not in (None, "", [], ()) for n in ("title", "location", "notes", "attendees")):
        return False  # (a value grounding dropped is left empty: no change of it)
    reference = " ".join(str(args.get(n) or "") for n in ("event", "event_when"))
    values = [str(args[n]) for n in ("when", "end", "duration") if args.get(n)]
    return bool(values) and all(
        is_time_grounded(v, (reference,), now=ctx.now, tz=ctx.tz, memo=ctx.memo) for v in values
    )


def _delete_or_change(ctx: ToolContext, command: Command) -> NeedsConfirmation:
    """Yes/no to delete the event the update found, and what to change otherwise (see the module doc). Of a
    series, the one occurrence the question names, whatever scope the update carried: the offer is code's,
    and its "yes" removes no more than the question said."""
    target = command.target or {}
    scope = target.get("scope") or ("one" if target.get("occurrence_start") else None)
    if target.get("recurring"):
        scope = "one"
        target = {
            **target,
            "scope": "one",
            "occurrence_start": target.get("occurrence_start") or target["start"],
        }
    delete = Command(
        "delete_event",
        {"event": command.args.get("event"), "event_when": command.args.get("event_when"), "scope": scope},
        call_index=command.call_index,
        target=target,
    )
    start, end = datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])
    asked = confirm(
        ctx, delete, "delete", target["title"], start, end, bool(target.get("all_day")), ("destructive",), ()
    )
    return dataclasses.replace(
        asked, question=f"{asked.question}\n{phrases.say('or_what_to_change', ctx.lang)}"
    )


def unused_time(ctx: ToolContext, command: Command) -> str | None:
    """A time phrase of the message that neither the event's time nor its name accounts for, and that would
    move it (none in an answer a gate applied: "number 2" picked an option, it names no 2nd of the month;
    none that is the event's own time: "drop the 7pm squash, a massage at 7pm instead")."""
    if ctx.state.answered:
        return None
    args = command.args
    used = [str(args.get("event_when") or ""), str(args.get("event") or "")]
    event = anchor_of(command)
    for phrase in _times_and_shifts(ctx):
        if quotes(phrase, used) or any(quotes(u, [phrase]) for u in used if u):
            continue
        bare = the_time_itself(phrase)
        if event is None or _moves_it(ctx, bare, event) is not False:
            return bare
    return destination(ctx, command)


def destination(ctx: ToolContext, command: Command) -> str | None:
    """Where the message moves the event when none of its phrases is a time by itself, read against the
    event by the time service: the words after "to" of a phrase that begins at the event's own time
    ("the 8:30 tomorrow to 9" for an event at 8:30 — the model took the whole phrase for the reference),
    or a bare clock hour ("make it 9") that is not the reference's."""
    if ctx.state.answered:
        return None
    args = command.args
    used = [str(args.get("event_when") or ""), str(args.get("event") or "")]
    return _destination(ctx, used, anchor_of(command))


_JOINED = re.compile(r"^(?:(?:and|then|&|also)\s+)+", re.IGNORECASE)
"""The words that join a time phrase to the clause before it, which the time service keeps at its edge."""
_TO = re.compile(r"\s+to\s+|(?<=\S)(?=[到至])", re.IGNORECASE)
"""Where a phrase goes on to its destination ("… to 9", …到九点); "until" stays an end."""


def _destination(ctx: ToolContext, used: list[str], event: tuple[datetime, datetime] | None) -> str | None:
    if event is None:
        return None
    for said in phrases_of(ctx.user_text, ctx.memo):
        phrase = _JOINED.sub("", said) or said  # "and move it to 1" of "invite Ben and move it to 1"
        parts = [x.strip() for x in _TO.split(phrase, maxsplit=1)]
        if len(parts) == 2 and parts[0] and _starts_at(ctx, parts[0], event[0]):
            candidate = the_time_itself(parts[1])
        elif not reads_or_moves(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo) and not quotes(phrase, used):
            candidate = phrase  # "9", "bump it to 9": no time without the event
        else:
            continue
        if _moves_it(ctx, candidate, event):
            return candidate
    return None


def _moves_it(ctx: ToolContext, text: str, event: tuple[datetime, datetime]) -> bool | None:
    """``text`` read against the event gives it another start (True) or its own (False: also when one of
    its readings is the event's own time, "tomorrow's 8:30" for an event at 8:30 a.m.); None when the
    reading gives no time."""
    r = read_against(ctx, text, event)
    if r is None:
        return None
    if _one_time(r):
        return r.start != event[0]
    return False if any(c.start == event[0] for c in r.candidates or ()) else None


def read_against(ctx: ToolContext, text: str, event: tuple[datetime, datetime]) -> Resolution | None:
    """``text`` as the time service reads it against the event (``relative_to``); None for no reading."""
    try:
        return resolve(text, now=ctx.now, tz=ctx.tz, prefer="future", relative_to=event)
    except TimeExpressionError:
        return None


def _one_time(r: Resolution) -> bool:
    return r.status == "resolved" and r.start is not None and r.end is not None and not r.recurrence


def _starts_at(ctx: ToolContext, text: str, start: datetime) -> bool:
    """``text`` names the event's own start: read against the event, or one of its plain readings."""
    framed = read_against(ctx, text, (start, start))
    if framed is not None and _one_time(framed) and framed.start == start:
        return True
    try:
        plain = resolve(text, now=ctx.now, tz=ctx.tz, prefer="future")
    except TimeExpressionError:
        return False
    return plain.start == start or any(c.start == start for c in plain.candidates or ())


def _times_and_shifts(ctx: ToolContext) -> list[str]:
    """The message's time phrases that read as a time, then those that move an event ("two days later",
    提前二十分钟: no time without the event)."""
    times = phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    shifts = [
        bare
        for phrase in phrases_of(ctx.user_text, ctx.memo)
        if (bare := the_time_itself(phrase)) not in times
        and reads_or_moves(bare, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    ]
    return [*times, *shifts]


def without_the_reference_as_title(ctx: ToolContext, command: Command) -> Command:
    """A new title that is the reference itself, for the event that reference found ("move my call w/ X to
    3" came with title="call w/ X"): the words that say which event, copied, are no rename. (A reference
    that is the new title and finds nothing by itself — "rename the interview to “Second round”" sent as
    event=title="Second round" — is not this: the event was found by the rest of the message. Nor is a
    rename alone whose words go beyond the event's title: "Design review" for “Review”, found by its shared
    word, is the new name. But a reference that says the event's current time ("whatever's at 8:30
    tomorrow") is no name though it shares no word with the title.)"""
    renamed, reference = command.args.get("title"), str(command.args.get("event") or "")
    current = str((command.target or {}).get("title") or "")
    if not renamed or bare_words(str(renamed)) != bare_words(reference):
        return command
    by_its_time = _says_its_time(ctx, reference, command.target or {})
    if not (by_its_time or shares_a_word(reference, current)):
        return command
    if bare_words(str(renamed)) == bare_words(current):
        return command  # the event's own title: already_so says so
    if (
        not by_its_time
        and beyond_the_title(reference, current)
        and not changes_besides(command, "title", "recurrence")
    ):
        return command  # a rename alone, to words the event's title lacks: the new name, not a copy
    ctx.notes.append({"dropped": "title", "reason": "the_reference", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return command.with_(args={**command.args, "title": None})


def _says_its_time(ctx: ToolContext, reference: str, target: dict[str, object]) -> bool:
    """The reference points at the event by its current time ("whatever's at 8:30 tomorrow", 明天八点半那个):
    words that say when the event is are which event, never its new name."""
    start = target.get("start")
    if not isinstance(start, str) or not start:
        return False
    at = datetime.fromisoformat(start)
    kept = title_without_its_time(reference, at, all_day=bool(target.get("all_day")), now=ctx.now, tz=ctx.tz)
    return bare_words(kept) != bare_words(reference)


async def a_time_left_beside(ctx: ToolContext, command: Command) -> Rejected | None:
    """An update with other values and no new time, while the message moves this event ("invite Ben too and
    move it to 1" sent as the guest alone, its ``when`` the current minute): back to the model once,
    naming the time, with the other changes; None otherwise (its second answer stands)."""
    args = command.args
    if any(args.get(n) for n in ("when", "end", "duration")) or command.resolved is not None:
        return None
    left = await unused_said_of_it(ctx, command)
    if left is None or not reads_as_a_destination(ctx.user_text, left):
        return None  # (only where the words move it: "move it to 1", 改到一点 — not "… is at Fiona's now")
    values = [str(v) for n in ("title", "location", "notes") if (v := args.get(n))] + list(
        args.get("attendees") or ()
    )
    if any(normalise(left) in normalise(v) for v in values):
        return None  # the "3" of 地点改成3楼: the new place's words, not a time
    if not ctx.state.send_back_once("time_left_beside", command.call_index):
        return None
    hint = (
        f"the user's words also give this event a time, {left!r}: pass it as `when`, with the other changes"
    )
    problem = {"field": "when", "problem": "missing", "hint": hint}
    return Rejected("nothing_to_change", "", fixable=True, problems=(problem,), command=command)


async def unused_said_of_it(ctx: ToolContext, command: Command) -> str | None:
    """A time of the message the update left out (``unused_time``), when it is said of this event."""
    unused = unused_time(ctx, command)
    return unused if unused is not None and await said_of_it(ctx, command, unused) else None


async def said_of_it(ctx: ToolContext, command: Command, phrase: str) -> bool:
    """The time stands in the clause that names the event, or in a clause that names no other event: a
    time beside another event's name is that request's ("move lunch to 1pm and kill the 4pm call")."""
    if beside_the_event(ctx, command, phrase):
        return True
    holding = [c for c in clauses(ctx.user_text) if normalise(phrase) in normalise(c)]
    if len(holding) != 1:
        return False
    own = (command.target or {}).get("event_id")
    others = await events_sharing_a_word(ctx, holding[0], holding[0], limit=5)
    return all(str(e.id) == str(own) for e in others)
