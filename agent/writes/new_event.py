"""A move of an event that does not exist, read as the new event it describes.

The model sends a new event as ``update_event`` now and then ("haircut thursday 5:30pm" as a move of a
haircut to Thursday 5:30pm; "dinner with mom today at noon" as an update of "dinner" at noon). The facts
code checks: nothing on the calendar shares a word with the reference, the time is in this message's words
(``said_now``), and the reference holds the new time itself (``names_its_own_new_time``) or the update gives
none but the time the event is "at". ``as_create`` builds the create the reference describes (its title
without the time words, grounded again); ``offer_to_add`` asks yes/no about it after "not found", or asks
the question its time needs and says it would add the event (``after_not_found``); ``no_such_event`` sends
the fact back to the model once. ``writes.target`` decides when.
"""

from __future__ import annotations

import dataclasses
import re

from agent.context import ToolContext
from agent.guards.days_asked import users_clock_on_the_day_asked
from agent.language import clauses
from agent.outcomes import Command, NeedsChoice, NeedsConfirmation, NeedsValue, Rejected, WriteOutcome
from agent.render import phrases
from agent.time_grounding import has_clock, is_time_grounded, phrases_of, resolved
from agent.time_words import shares_time_words
from agent.timing import timing_from_json
from agent.tools.args import STOP_REPEATING
from agent.turn.focus import is_anaphor
from agent.writes.left_out import filled_from_users_words
from agent.writes.references import events_sharing_a_word
from agent.writes.store import SURE_DOUBT, confirm, ground, is_past, title_of, unasked_reading
from agent.writes.timing import settle_time
from agent.writes.title_match import shares_a_word
from schedule_time import TimeExpressionError, analyse, reads_as_a_destination

__all__ = [
    "after_not_found",
    "as_create",
    "names_its_own_new_time",
    "no_such_event",
    "offer_to_add",
    "offer_when_nothing_like_it",
    "said_now",
]


def names_its_own_new_time(ctx: ToolContext, command: Command) -> bool:
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
_REQUEST_VERB = re.compile(
    r"^(?:(?:please|pls)\s+)?(?:add|put|schedule|book|create|set\s+up|pencil\s+in|block\s+(?:off|out))\b\s*"
    r"|^(?:请|請|帮我|幫我|再)?(?:添加|加上|加|新建|安排)(?:一个|一個|个|個|一下)?",
    re.IGNORECASE,
)
"""The request's verb at the head of a reference the model sent as an event's name ("add a swim at 6pm",
加个游泳): the words asking for the event, never a word of its title."""
_TRAILING_PREPOSITION = re.compile(r"\s+(?:on|at|for|by|from)$", re.IGNORECASE)
"""What the new time's words leave at a title's edge when only they are cut out ("a haircut on")."""


async def as_create(
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
    title = " ".join(title.split()).strip(" ,.;:-—–，。、的")
    asked = _REQUEST_VERB.match(title)
    if asked is not None and title[asked.end() :].strip():
        put = asked.group(0).strip().casefold().endswith("put")
        title = title[asked.end() :]
        title = re.sub(r"\s+in$", "", title) if put else title  # "put yoga in"
    title = _ARTICLE.sub("", title)
    title = _TRAILING_PREPOSITION.sub("", title)
    if not re.search(r"\w", title):
        return None
    args = command.args
    create = {
        "title": title[:1].upper() + title[1:],
        "when": args.get("when"),
        "end": args.get("end"),
        "duration": args.get("duration"),
        "recurrence": args.get("recurrence") if args.get("recurrence") != STOP_REPEATING else None,
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


async def offer_to_add(
    ctx: ToolContext, command: Command
) -> NeedsValue | NeedsChoice | NeedsConfirmation | None:
    """What the user is asked if the model's second answer fails too: the event the reference describes, as
    a create that asks yes/no first ("Add “Haircut” — Thursday, 5:30–6:30 PM?"; ``doubted``: the model never
    called it) — a wrong guess costs a "no", where "not found" left the request undone."""
    if unasked_reading(ctx) or (ctx.state.no_tool_p or 0.0) >= SURE_DOUBT:
        # the model's own answer did not back a write: nothing to offer. Only a reading of no request or a
        # sure doubt holds it back: the offer is itself a yes/no, so a little doubt costs at most a "no",
        # where "not found" alone leaves a new event the user described undone
        return None
    settled = await as_create(ctx, command, doubted=True)
    if not isinstance(settled, Command):
        return settled
    assert settled.resolved is not None
    start, end, all_day, _ = timing_from_json(settled.resolved)
    reasons = (
        ("unasked", "past") if is_past(ctx, start, end, all_day) else ("unasked",)
    )  # a past time says so ("补记" one: asked, as any)
    return confirm(ctx, settled, "create", settled.args["title"], start, end, all_day, reasons, ())


async def offer_when_nothing_like_it(
    ctx: ToolContext, command: Command
) -> NeedsConfirmation | NeedsChoice | NeedsValue | None:
    """A move of an event the calendar has nothing like — no title shares a word with the reference — to a
    time in this message's words ("put a call with Leo on Thursday at 4pm" sent as an update): there is
    nothing to move, so after "not found" the user is asked yes/no to add it (``offer_to_add``), or which
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
    elif args.get("when") and args.get("event_when") and _its_own_time(ctx, reference, str(args["event_when"]), str(args["when"])):
        # two requests in one call ("dinner with Ana friday 8pm, and the standup on monday at 10" sent as a
        # move of the dinner to Monday 10): the new event is at the time said beside it, never at the other's
        command = command.with_(args={**args, "when": args["event_when"], "event_when": None})
    when = str(command.args.get("when") or "")
    if not when or not said_now(ctx, when) or _points_by_another_time(ctx, reference, when):
        return None
    if await events_sharing_a_word(ctx, reference, reference, limit=10):
        return None  # a near name ("the call" for "Call with Leonard"): "not found" says what was looked for
    if (dated := users_clock_on_the_day_asked(ctx, when)) is not None:  # "am I free saturday?" then "10am"
        command = command.with_(args={**command.args, "when": dated})  # (live: offered on Monday)
    offer = await offer_to_add(ctx, command)
    return offer if isinstance(offer, NeedsConfirmation | NeedsChoice | NeedsValue) else None


def _points_by_another_time(ctx: ToolContext, reference: str, when: str) -> bool:
    """The reference names an event by a clock that is not the new time ("the 2pm one" moved to 5, 下午两点那个
    挪到五点): it points at an event the calendar lacks at that time, and describes no new event to add. A
    phrase of the reference that reads as where the move goes is the new time, not the event's."""
    own = [
        p for p in phrases_of(reference, ctx.memo) if has_clock(p) and not reads_as_a_destination(reference, p)
    ]  # (a clock: "dinner", "Jun" of a name read as times too, and point at nothing)
    if not own:
        return False
    new = resolved(when, now=ctx.now, tz=ctx.tz, memo=ctx.memo).start
    return any(resolved(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo).start != new for p in own)


def _its_own_time(ctx: ToolContext, reference: str, at: str, when: str) -> bool:
    """``at`` is said in a clause of the message that names ``reference``, and ``when`` in none that does."""
    own = [c for c in clauses(ctx.user_text) if shares_a_word(reference, c)]

    def said_in(value: str) -> bool:
        return any(is_time_grounded(value, [c], now=ctx.now, tz=ctx.tz, memo=ctx.memo) for c in own)

    return bool(own) and said_in(at) and not said_in(when)


def after_not_found(
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


async def no_such_event(ctx: ToolContext, command: Command) -> Rejected:
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
    offer = await offer_to_add(ctx, command)
    return Rejected("not_found", found_none, fixable=True, problems=(problem,), command=command, ask=offer)


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
