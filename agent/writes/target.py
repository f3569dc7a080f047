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
event, and the answer is the yes.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from agent.context import ToolContext
from agent.grounding import bare_words, echoes_request
from agent.guards.clauses import another_requests_clause
from agent.language import HAN_RUN
from agent.outcomes import Command, NeedsChoice, NeedsConfirmation, NeedsValue, Option, Rejected, WriteOutcome
from agent.render import phrases
from agent.render.timefmt import range_text
from agent.time_grounding import Memo, is_time_grounded, phrases_of, resolved, shares_time_words
from agent.timing import timing_from_json
from agent.turn.focus import is_anaphor, just_written
from agent.writes.left_out import filled_from_users_words
from agent.writes.references import Choice, Found, NotFound, Ref, events_sharing_a_word, resolve_reference
from agent.writes.store import confirm, ground, is_past, model_doubts, title_of, unasked_reading
from agent.writes.timing import settle_time
from agent.writes.title_match import names_someone
from schedule_time import TimeExpressionError, analyse
from schedule_time.language import normalise
from storage import StorageError

__all__ = ["choose_target", "find_target", "new_event_sent_as_a_move", "ref_label", "said_now", "target_json"]


async def find_target(ctx: ToolContext, command: Command, *, occurrences: bool) -> Command | WriteOutcome:
    if command.target is not None:
        return command
    args = command.args
    found = await resolve_reference(ctx, args["event"], args.get("event_when"), occurrences=occurrences)
    if isinstance(found, NotFound) and not found.by_id and (rest := _beside_the_new_title(ctx, command)):
        found = await resolve_reference(ctx, rest, args.get("event_when"), occurrences=occurrences)
    if isinstance(found, NotFound) and not found.by_id and _names_its_own_new_time(ctx, command):
        # (before the whole message is read for a reference; a correction of the write just made stands)
        corrected = await _just_written(ctx, command)
        if corrected is not None:
            return corrected
        if ctx.state.send_back_once("no_such_event", command.call_index):
            return await _no_such_event(ctx, command)
    if isinstance(found, NotFound) and not found.by_id and _a_slice_of_the_message(ctx, args["event"]):
        # "会挪到礼拜五" for "老周那个会挪到礼拜五吧": the model cut the message across the event's name
        # (by its title words only, when the model's own words named someone no event has: the message's
        # time must not find another event in their place)
        named = names_someone(str(args["event"]))
        found = await resolve_reference(
            ctx, ctx.user_text, args.get("event_when"), occurrences=occurrences, by_time=not named
        )
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
        if not found.by_id and (offer := await _offer_when_nothing_like_it(ctx, command)) is not None:
            return _after_not_found(ctx, offer, not_found)
        return Rejected("not_found", not_found, command=command)
    if isinstance(found, Choice) and len(found.refs) == 1 and command.tool == "delete_event":
        # a near-miss name: a delete asks anyway, naming the event it found — one question, not two
        return command.with_(target=target_json(found.refs[0]))
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


async def _times_swapped(ctx: ToolContext, command: Command, occurrences: bool) -> Command | None:
    """Nothing is at ``event_when``, but the one event the reference names sits at the new time ``when``
    ("the review is really on Thursday at 10, move the Friday one there" came with event_when="Thursday at
    10", when="Friday"): the model may have swapped the two times, or the event may already be where the
    user wants it. Which is not a fact code has, so the swapped move asks yes/no first, naming the event and
    where it would go (``doubted``); a "no" costs nothing. Right after that event was written it needs no
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
    return command.with_(args=swapped, target=target_json(found.ref), doubted=True)


def _names_its_own_new_time(ctx: ToolContext, command: Command) -> bool:
    """An update of an event that does not exist, whose reference says the very time it would move to
    (``event="haircut thursday 5:30pm"``, ``when="Thursday 5:30pm"``): a statement of a new event sent as a
    move. Compared as resolved times (the time service), never as words."""
    when = command.args.get("when")
    if command.tool != "update_event" or not when:
        return False
    said = phrases_of(str(command.args.get("event") or ""), ctx.memo)
    if not said:
        return False
    try:
        new = resolved(str(when), now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        named = resolved(said[-1], now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    except TimeExpressionError:
        return False
    return new.start is not None and new.start == named.start


_ARTICLE = re.compile(r"^(?:a|an|the|my)\s+", re.IGNORECASE)
_TRAILING_PREPOSITION = re.compile(r"\s+(?:on|at|for|by|from)$", re.IGNORECASE)
"""What the new time's words leave at a title's edge when only they are cut out ("a haircut on")."""


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
    if not _names_its_own_new_time(ctx, command) or not said_now(ctx, str(command.args.get("when") or "")):
        return None
    reference = str(command.args.get("event") or "")
    if is_anaphor(reference) or await events_sharing_a_word(ctx, reference, reference, limit=10):
        return None
    if await _just_written(ctx, command) is not None:
        return None
    create = await _as_create(ctx, command, doubted=False)
    if isinstance(create, Command):
        ctx.notes.append({"replaced": "tool", "reason": "new_event_sent_as_a_move", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
        ctx.state.checks.append({"name": "new_event_as_move", "verdict": "amend"})
    return create


async def _as_create(
    ctx: ToolContext, command: Command, *, doubted: bool
) -> Command | NeedsValue | NeedsChoice | None:
    """The create the reference of ``command`` (an update) describes, grounded and with its time settled:
    the title is the reference without its time words, checked against the user's words again
    (``ground``); what the words plainly give is filled as for any create. A question when its time needs
    one; None when no title is left or the time does not resolve."""
    reference = str(command.args.get("event") or "")
    when = str(command.args.get("when") or "").strip()
    at = reference.casefold().find(when.casefold()) if when else -1
    if at >= 0:  # the new time as the model copied it: only those words go ("team dinner" keeps "dinner")
        title = reference[:at] + " " + reference[at + len(when) :]
    else:
        title = reference
        for phrase in sorted(analyse(reference, now=ctx.now, tz=ctx.tz), key=lambda p: -p.start):
            title = title[: phrase.start] + " " + title[phrase.end :]
    title = _ARTICLE.sub("", " ".join(title.split()).strip(" ,.;:-—–，。、的"))
    title = _TRAILING_PREPOSITION.sub("", title)
    if not re.search(r"\w", title):
        return None
    args = command.args
    create = {
        "title": title[:1].upper() + title[1:],
        "when": args.get("when"),
        "end": args.get("end"),
        "duration": args.get("duration"),
        "recurrence": None,
        "location": args.get("location"),
        "notes": args.get("notes"),
        "attendees": args.get("attendees"),
    }
    new = ground(ctx, Command("create_event", create, call_index=command.call_index, doubted=doubted))
    # what the words plainly give, as for any create: the day of a bare clock ("skip the gym tomorrow, a
    # massage at 6 instead"), the repetition said beside the title ("standup every weekday at 9:15")
    new = await filled_from_users_words(ctx, new)
    settled = settle_time(ctx, new, str(new.args["when"]), anchor=None)
    if isinstance(settled, NeedsValue | NeedsChoice):
        return settled
    if not isinstance(settled, Command) or settled.resolved is None:
        return None
    return settled


async def _offer_to_add(
    ctx: ToolContext, command: Command
) -> NeedsValue | NeedsChoice | NeedsConfirmation | None:
    """What the user is asked if the model's second answer fails too: the event the reference describes, as
    a create that asks yes/no first ("Add “Haircut” — Thursday, 5:30–6:30 PM?"; ``doubted``: the model never
    called it) — a wrong guess costs a "no", where "not found" left the request undone."""
    if unasked_reading(ctx) or model_doubts(ctx, "create_event"):
        # the model's own answer did not back a write: nothing to offer (judged as for the create it would
        # be — the update's own doubt, ``Command.doubted``, is stricter than a create's)
        return None
    settled = await _as_create(ctx, command, doubted=True)
    if not isinstance(settled, Command):
        return settled
    assert settled.resolved is not None
    start, end, all_day, _ = timing_from_json(settled.resolved)
    reasons = (
        ("unasked", "past") if is_past(ctx, start, end, all_day) else ("unasked",)
    )  # a past time says so ("补记" one: asked, as any)
    return confirm(ctx, settled, "create", settled.args["title"], start, end, all_day, reasons, ())


async def _offer_when_nothing_like_it(
    ctx: ToolContext, command: Command
) -> NeedsConfirmation | NeedsChoice | NeedsValue | None:
    """A move of an event the calendar has nothing like — no title shares a word with the reference — to a
    time in this message's words ("put a call with Leo on Thursday at 4pm" sent as an update): there is
    nothing to move, so after "not found" the user is asked yes/no to add it (``_offer_to_add``), or which
    reading of its time they mean when the clock has two ("Thursday at 7"), or what time on the day they
    said ("Friday"): the answer is their yes.

    An update that gives no new time, only the time the event is "at" (``event_when``), of an event that
    is not there describes the event itself with that time ("dinner with mom today at noon" came as
    ``update_event(event="dinner", event_when="today at noon", attendees=["mom"])``): the same offer, at
    that time."""
    args = command.args
    reference = str(args.get("event") or "")
    if command.tool != "update_event" or is_anaphor(reference):
        return None
    if not args.get("when") and not args.get("end") and not args.get("duration") and args.get("event_when"):
        command = command.with_(args={**args, "when": args["event_when"], "event_when": None})
    when = str(command.args.get("when") or "")
    if not when or not said_now(ctx, when):
        return None
    if await events_sharing_a_word(ctx, reference, reference, limit=10):
        return None  # a near name ("the call" for "Call with Leonard"): "not found" says what was looked for
    offer = await _offer_to_add(ctx, command)
    return offer if isinstance(offer, NeedsConfirmation | NeedsChoice | NeedsValue) else None


def _after_not_found(
    ctx: ToolContext, offer: NeedsConfirmation | NeedsChoice | NeedsValue, not_found: str
) -> WriteOutcome:
    """The offer, after the "not found" it follows; a question about its time (which reading, or what time
    on the day said) also says it would add the event, so its answer is the user's yes (``result.offered``,
    which would put that line before "not found")."""
    if isinstance(offer, NeedsConfirmation):
        return dataclasses.replace(offer, question=f"{not_found}\n{offer.question}")
    lead = phrases.say("offer_add", ctx.lang, title=title_of(offer.command))
    command = offer.command.with_(confirmed=(*offer.command.confirmed, "unasked"))
    return dataclasses.replace(offer, command=command, question=f"{not_found}\n{lead}\n{offer.question}")


async def _no_such_event(ctx: ToolContext, command: Command) -> Rejected:
    """Back to the model once: no event has that name, and the reference holds the new time itself. Its
    message is what the user reads if the model's second answer fails too: "not found", as before."""
    problem = {
        "field": "event",
        "problem": "no_such_event",
        "hint": f"No event on the calendar is named {command.args.get('event')!r}, and that reference holds "
        "the new time itself, so there is nothing to move. If the user is adding a new event, call "
        "create_event with their words for it; otherwise answer in words.",
    }
    found_none = phrases.say("not_found", ctx.lang, ref=str(command.args.get("event"))[:80])
    offer = await _offer_to_add(ctx, command)
    return Rejected("not_found", found_none, fixable=True, problems=(problem,), command=command, ask=offer)


def _a_slice_of_the_message(ctx: ToolContext, reference: str) -> bool:
    """A Chinese reference that is a piece of the user's message, not all of it and not a pointer: the model
    cut the words of the message, and what they name is what the whole message names (titles are matched
    by shared runs of Han characters, ``references``). Latin words are left alone: a whole English message
    shares a word with too much ("move" and "Movie night")."""
    ref, said = normalise(reference).strip(), normalise(ctx.user_text).strip()
    han = HAN_RUN.search(ref) is not None
    return han and ref != said and ref in said and not is_anaphor(reference)


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
    target = target_json(Ref(event, event.start, event.end, occurrence=False))
    if event.recurring:
        target["scope"] = "series"
    return command.with_(target=target)


def said_now(ctx: ToolContext, value: str) -> bool:
    """A time argument that is in this message's words: grounded in it alone, or grounded in the segment
    with a time word from this message ("tomorrow 5pm" for "no — 5pm" after "gym tomorrow at 6")."""
    if not value:
        return False
    if is_time_grounded(value, (ctx.user_text,), now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return True
    if not is_time_grounded(value, ctx.time_sources, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return False
    return any(shares_time_words(value, p, ctx.time_sources) for p in phrases_of(ctx.user_text, ctx.memo))


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
