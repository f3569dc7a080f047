"""The event an update or delete is about: resolved by code from the model's reference (an id, title words,
or "it"/"这个" — the event in focus), narrowed by the time the user gave; several → the user chooses.

A correction right after a write ("actually make it 4", 不对，改到下周三): the model's reference often names
nothing (the old words, the message itself echoed, another wording of the title). When it finds no event,
the update is about the event the previous turn wrote (``focus.just_written``) if these facts hold: that
turn wrote exactly one event; the update gives a new time that is in this message's words; and the
reference names nothing else the user said in this message (it is the message itself, the event's title,
or words the message does not have). Otherwise "not found", as before.

A move of an event that does not exist whose reference holds the new time itself ("haircut thursday
5:30pm" → Thursday 5:30pm) is a new event sent as a move. When the model's own reading of the message is
"add" (``TurnState.first_request``, with no doubt) and no event shares a word with the reference, it is
written as that create (``new_event_sent_as_a_move``); otherwise back to the model once, and if its second
answer fails too, the user is asked yes/no about adding the event the reference describes. A move of
something the calendar has nothing like, to a time in this message's words — or, with no new time, at the
time the model says it is at (``event_when``) — gets the same offer after "not found"; when that time needs
a question (which reading of "Thursday at 7", what time on "Friday"), the question says it would add the
event, and the answer is the yes. How the new event is read from the move: ``writes.new_event``.
"""

from __future__ import annotations

import re
from typing import Any

from agent.context import ToolContext
from agent.grounding import bare_words, echoes_request
from agent.guards.clauses import another_requests_clause
from agent.language import HAN_RUN
from agent.outcomes import Command, NeedsChoice, NeedsValue, Option, Rejected, WriteOutcome
from agent.render import phrases
from agent.render.timefmt import range_text
from agent.time_grounding import Memo, is_time_grounded, phrases_of, resolved, the_time_itself
from agent.time_readings import reads_as_now
from agent.turn.focus import is_anaphor, just_written
from agent.writes.new_event import (
    after_not_found,
    as_create,
    names_its_own_new_time,
    no_such_event,
    offer_when_nothing_like_it,
    said_now,
)
from agent.writes.position import shown_at_position
from agent.writes.references import Choice, Found, NotFound, Ref, events_sharing_a_word, resolve_reference
from agent.writes.store import model_doubts
from agent.writes.title_match import names_someone, shares_a_word
from schedule_time import holds_a_time_or_a_move, reads_as_a_destination, time_phrases
from schedule_time.language import normalise
from storage import StorageError

__all__ = ["choose_target", "find_target", "new_event_sent_as_a_move", "ref_label", "target_json"]


async def find_target(ctx: ToolContext, command: Command, *, occurrences: bool) -> Command | WriteOutcome:
    if command.target is not None:
        return command
    args = command.args
    found = await resolve_reference(ctx, args["event"], args.get("event_when"), occurrences=occurrences)
    if (pointed := await shown_at_position(ctx)) is not None:
        # "the 2nd item" of the list the last turn showed: its place decides, not the title the model chose
        found = pointed
    if isinstance(found, NotFound) and not found.by_id and (rest := _beside_the_new_title(ctx, command)):
        found = await resolve_reference(ctx, rest, args.get("event_when"), occurrences=occurrences)
    if isinstance(found, NotFound) and not found.by_id and names_its_own_new_time(ctx, command):
        # (before the whole message is read for a reference; a correction of the write just made stands)
        corrected = await _just_written(ctx, command)
        if corrected is not None:
            return corrected
        if ctx.state.send_back_once("no_such_event", command.call_index):
            return await no_such_event(ctx, command)
    if isinstance(found, NotFound) and not found.by_id and _a_slice_of_the_message(ctx, args["event"]):
        # "会挪到礼拜四" for "老吴那个会挪到礼拜四吧": the model cut the message across the event's name
        # (by its title words only, when the model's own words named someone no event has: the message's
        # time must not find another event in their place)
        named = names_someone(str(args["event"]))
        found = await resolve_reference(
            ctx, ctx.user_text, args.get("event_when"), occurrences=occurrences, by_time=not named
        )
    if isinstance(found, NotFound) and found.with_time and (alone := await _now_dropped(ctx, command, occurrences)):
        return alone
    if (
        isinstance(found, NotFound)
        and found.with_time
        and (swapped := await _times_swapped(ctx, command, occurrences))
    ):
        return swapped
    if isinstance(found, NotFound) and found.anaphor:
        question = phrases.ask_value("event", ctx.lang, now=ctx.now)
        return NeedsValue(command, "event", question)
    if isinstance(found, NotFound) and not found.by_id:
        corrected = await _just_written(ctx, command)
        if corrected is not None:
            return corrected
    if isinstance(found, NotFound):
        key = "not_found_id" if found.by_id else ("not_found_when" if found.with_time else "not_found")
        not_found = phrases.say(key, ctx.lang, ref=args["event"][:80])
        if not found.by_id and (offer := await offer_when_nothing_like_it(ctx, command)) is not None:
            return after_not_found(ctx, offer, not_found)
        return Rejected("not_found", not_found, command=command)
    if isinstance(found, Choice) and len(found.refs) == 1 and command.tool == "delete_event":
        # a near-miss name: a delete asks anyway, naming the event it found — one question, not two; one
        # that shares no word with the name said is another event, and the question says so first
        target = target_json(found.refs[0])
        if not is_anaphor(str(args["event"])) and not shares_a_word(str(args["event"]), target["title"]):
            target["named_as"] = str(args["event"])[:80]
        return command.with_(target=target)
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
        if command.tool == "update_event" and command.doubted and (to := _the_users_new_time(ctx, command)):
            # a move asked about first ("dentist to 11am" sent as an add): the question names the move, so
            # picking an event is the yes, not the first of two questions
            asked = command.with_(confirmed=(*command.confirmed, "unasked"))
            return NeedsChoice(asked, "event", phrases.ask_which_to_move(lines, ctx.lang, to=to), options)
        if (name := _a_rename_alone(command)) and (command.doubted or model_doubts(ctx, command.tool)):
            # a rename the model was unsure of: the question names it ("Rename which one to “X”?"), so the
            # pick is the yes rather than the first of two questions
            asked = command.with_(confirmed=(*command.confirmed, "unasked"))
            return NeedsChoice(asked, "event", phrases.ask_which_to_rename(lines, ctx.lang, to=name), options)
        return NeedsChoice(command, "event", phrases.ask_choice(lines, ctx.lang, field="event"), options)
    return command.with_(target=target_json(found.ref))


_OTHER_CHANGES = ("when", "end", "duration", "location", "notes", "attendees", "recurrence")


def _a_rename_alone(command: Command) -> str | None:
    """The update's new title when it changes nothing else (its words are grounded by then)."""
    title = command.args.get("title")
    if not isinstance(title, str) or not title.strip() or any(command.args.get(f) for f in _OTHER_CHANGES):
        return None
    return title.strip()


def _the_users_new_time(ctx: ToolContext, command: Command) -> str | None:
    """The update's new start as the user said it ("11am" of "to 11am"), when it is their phrase."""
    when = str(command.args.get("when") or "")
    said = normalise(when) in normalise(ctx.user_text) if when else False
    return the_time_itself(when) if said and not command.args.get("end") else None


async def _now_dropped(ctx: ToolContext, command: Command, occurrences: bool) -> Command | None:
    """``event_when`` that reads as now ("from now on", the prompt's minute copied) found nothing: it is no
    time of the event, and no new time either (never swapped in as one) — the name alone finds it."""
    args = command.args
    if not args.get("event_when") or not reads_as_now(str(args["event_when"]), now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    found = await resolve_reference(ctx, args["event"], None, occurrences=occurrences)
    if not isinstance(found, Found):
        return None
    ctx.notes.append({"dropped": "event_when", "reason": "now", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return command.with_(args={**args, "event_when": None}, target=target_json(found.ref))


async def _times_swapped(ctx: ToolContext, command: Command, occurrences: bool) -> Command | None:
    """Nothing is at ``event_when``, but the one event the reference names sits at the new time ``when``
    ("the review is really on Thursday at 10, move the Friday one there" came with event_when="Thursday at
    10", when="Friday"): the model may have swapped the two times, or the event may already be where the
    user wants it. Which is not a fact code has, so the swapped move asks yes/no first, naming the event and
    where it would go (``doubted``); a "no" costs nothing — unless the user's phrase of that time stands
    after a move verb ("to Friday", 改到周五, 改下周三): then it is the destination, and the move is written. Right after that event was written it needs no
    yes ("sorry, Monday not Sunday": a correction of the write just made, ``store.unasked``).

    An update with no new time at all whose ``event_when`` finds nothing, while its name alone finds one
    event ("move the dentist to Friday at 2pm" came as event_when="Friday at 2pm"), is the same doubt: the
    model's time, in the slot of which event — yes/no to move it there."""
    args = command.args
    if command.tool != "update_event" or not args.get("event_when"):
        return None
    if not args.get("when") and (args.get("end") or args.get("duration")):
        return None
    found = await resolve_reference(ctx, args["event"], args.get("when"), occurrences=occurrences)
    if not isinstance(found, Found):
        return None
    if await another_requests_clause(ctx, str(args["event"]), str(args["event_when"])) is not None:
        return None  # the time is another request's ("lunch to 1pm, cancel the 4 o'clock call"): no swap
    ctx.notes.append({"replaced": "when", "reason": "swapped_with_event_when", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    swapped = {**args, "when": args["event_when"], "event_when": args.get("when")}
    doubted = not _said_as_a_destination(ctx, str(args["event_when"]))
    return command.with_(args=swapped, target=target_json(found.ref), doubted=doubted or command.doubted)


def _said_as_a_destination(ctx: ToolContext, phrase: str) -> bool:
    """The user's own phrase for ``phrase`` stands after a move verb ("move the dentist to Friday at 2pm",
    改下周三: ``schedule_time.reads_as_a_destination``): then it is where the event goes, a fact and no
    guess, and the swapped move needs no yes."""
    said = [p for p in time_phrases(ctx.user_text) if is_time_grounded(phrase, [p], now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
    return any(reads_as_a_destination(ctx.user_text, p) for p in said)


async def new_event_sent_as_a_move(
    ctx: ToolContext, command: Command
) -> Command | NeedsValue | NeedsChoice | None:
    """A move of an event that does not exist, whose reference holds the new time itself, in a turn the model
    read as adding (its first answer's ``request`` is "add", with no doubt): the create that reference
    describes ("put the dentist on Tuesday at 9 and a haircut Thursday at 5:30" came with the haircut as
    ``update_event(event="a haircut thursday at 5:30pm", when="Thursday at 5:30pm")``). The model's own
    reading and the facts agree — nothing to move, a new title and time in this message's words — so it
    is written as the create it is; any other reading keeps the send-back and the yes/no offer. None when
    the facts do not hold (an event shares a word with the reference, a correction of the write just
    made); a question when the create's time needs one."""
    if command.tool != "update_event" or command.target is not None or command.doubted:
        return None
    if ctx.state.first_request != "add" or model_doubts(ctx, "create_event"):
        return None
    if not names_its_own_new_time(ctx, command) or not said_now(ctx, str(command.args.get("when") or "")):
        return None
    reference = str(command.args.get("event") or "")
    if is_anaphor(reference) or await events_sharing_a_word(ctx, reference, reference, limit=10):
        return None
    if await _just_written(ctx, command) is not None:
        return None
    create = await as_create(ctx, command, doubted=False)
    if isinstance(create, Command):
        ctx.notes.append({"replaced": "tool", "reason": "new_event_sent_as_a_move", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
        ctx.state.checks.append({"name": "new_event_as_move", "verdict": "amend"})
    return create


def _a_slice_of_the_message(ctx: ToolContext, reference: str) -> bool:
    """A Chinese reference that is a piece of the user's message, not all of it and not a pointer: the model
    cut the words of the message, and what they name is what the whole message names (titles are matched
    by shared runs of Han characters, ``references``). Latin words are left alone: a whole English message
    shares a word with too much ("move" and "Movie night")."""
    ref, said = normalise(reference).strip(), normalise(ctx.user_text).strip()
    han = HAN_RUN.search(ref) is not None
    if not (han and ref != said and ref in said and not is_anaphor(reference)):
        return False
    # a cut holds the message's time or its move ("会挪到周五", "那个会改到"); a slice that holds neither is a
    # name of its own — the new event of "羽毛球取消，改成七点游泳" — and never finds the one it replaces
    return holds_a_time_or_a_move(ref)


def _beside_the_new_title(ctx: ToolContext, command: Command) -> str | None:
    """A rename whose reference is the new title (the model sent the new name as both ``event`` and ``title``):
    no event has that name yet, so the event is what the rest of the user's message names."""
    title = str(command.args.get("title") or "")
    reference = str(command.args.get("event") or "")
    if command.tool != "update_event" or not title or not reference:
        return None
    if normalise(reference) not in normalise(title):
        return None
    rest = normalise(ctx.user_text).replace(normalise(title), " ").strip()
    return rest if re.search(r"\w", rest) else None


async def _just_written(ctx: ToolContext, command: Command) -> Command | None:
    """The update as a correction of the event the previous turn wrote (see the module's docstring), or
    None. A series just written is corrected as a whole (it was written as one)."""
    entry = just_written(ctx.focus)
    if entry is None or command.tool != "update_event":
        return None
    args = command.args
    times = [str(args[n]) for n in ("when", "end", "duration") if args.get(n)]
    if not times or not all(said_now(ctx, t) for t in times):
        return None
    if _names_other(ctx, str(args.get("event") or ""), str(entry.get("title") or "")):
        return None
    try:
        event = await ctx.events.get(str(entry["event_id"]))
    except (StorageError, KeyError):
        return None
    if event.recurring and _names_an_occurrence(ctx, str(args.get("event_when") or "")):
        return None  # "move this week's to Thursday": one occurrence, found and scoped as any other
    target = target_json(Ref(event, event.start, event.end, occurrence=False))
    if event.recurring:
        target["scope"] = "series"
    return command.with_(target=target)


def _names_an_occurrence(ctx: ToolContext, event_when: str) -> bool:
    """The user named which occurrence of the series just written ("this week's", "Monday's", 这周的): a time
    of this message that reads as a time, not as the repetition itself."""
    if not event_when or not is_time_grounded(event_when, (ctx.user_text,), now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return False
    return resolved(event_when, now=ctx.now, tz=ctx.tz, memo=ctx.memo).recurrence is None


def _words(text: str, memo: Memo) -> set[str]:
    """Latin words of 3+ letters and Han pairs of ``text``, its time phrases left out (case-folded)."""
    for phrase in phrases_of(text, memo):
        text = text.replace(phrase, " ")
    folded = text.casefold()
    words = {w for w in re.findall(r"[a-z0-9][a-z0-9'’-]{2,}", folded)}
    for run in HAN_RUN.findall(folded):
        words |= {run[i : i + 2] for i in range(len(run) - 1)} or {run}
    return words


def _names_other(ctx: ToolContext, reference: str, title: str) -> bool:
    """Whether the reference names something of this message other than the event just written: a word
    the message has that the event's title has not. A reference that is the message itself (echoed) or
    words the message does not have names nothing in it."""
    if not bare_words(reference) or echoes_request(reference, ctx.user_text):
        return False
    said = _words(ctx.user_text, ctx.memo) - _words(title, ctx.memo)
    return bool(_words(reference, ctx.memo) & said)


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
        "location": ref.event.location,
        "attendees": list(ref.event.attendees),
        "notes": ref.event.notes,  # (as the place and people: the receipt says what the notes became)
        "rrule": ref.event.rrule,  # (a change of repetition's receipt says from what)
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
