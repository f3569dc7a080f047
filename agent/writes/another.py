"""A new event made of a move's words: "dentist to 11am" with a Dentist on the calendar.

A small model answers a move ("the dentist to 11am", 牙医改到十一点) with ``create_event`` now and then: a
second Dentist is written, and the one the user meant stays where it was. The facts code checks: the time
the create stands on is the user's phrase with a linking word before it ("to 11am", 到十一点 — the time
service's phrase, where the time is a destination, not a start; or an arrow written for "to": "-> 3pm"), and an upcoming event shares a word with
the new title. Then the create is not written at once: the question names the event already there and asks
whether to add another, so a wrong guess costs the user a "no" and never a duplicate.
"""

from __future__ import annotations

import re
from datetime import datetime

from agent.context import ToolContext
from agent.grounding import bare_words
from agent.outcomes import Command, NeedsConfirmation
from agent.render.timefmt import range_text
from agent.time_grounding import TO_WORDS, is_time_grounded, resolved
from agent.writes.references import events_sharing_a_word
from schedule_time import reads_as_an_end, time_phrases
from storage import EventSnapshot

__all__ = ["another_of", "ask_another", "moved_instead", "repeated_instead"]

_DESTINATION = re.compile(rf"^(?:{TO_WORDS})", re.IGNORECASE)  # the time service's "to" of a move


async def another_of(ctx: ToolContext, command: Command) -> EventSnapshot | None:
    """The upcoming event a create would duplicate, when its time is a destination in the user's words."""
    title = command.args.get("title")
    if command.tool != "create_event" or "another" in command.confirmed:
        return None
    if _destination(ctx, command) is None or not isinstance(title, str):
        return None
    found = await events_sharing_a_word(ctx, title, title, limit=20)
    upcoming = [e for e in found if e.end > ctx.now]
    return min(upcoming, key=lambda e: e.start) if upcoming else None


def moved_instead(ctx: ToolContext, command: Command) -> Command | None:
    """The move the create's words describe: the event its title names, to the user's destination phrase —
    a yes/no first (``doubted``: the model chose to add), and a choice first when several events share the
    name. None when the title says nothing to find an event by."""
    phrase, title = _destination(ctx, command), command.args.get("title")
    if phrase is None or reads_as_an_end(phrase) or not isinstance(title, str) or not title.strip():
        return None  # ("yoga until 7pm": an end, not where a move goes — the add-another question stays)
    ctx.notes.append({"replaced": "tool", "reason": "a_move_sent_as_a_create", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    ctx.state.checks.append({"name": "move_as_create", "verdict": "amend"})
    return Command("update_event", {"event": title, "when": phrase}, call_index=command.call_index, doubted=True)


async def repeated_instead(ctx: ToolContext, command: Command) -> Command | None:
    """A create whose only time is how often ("the choir rehearsal should happen weekly" sent as a create
    of "Choir rehearsal" at "weekly": no day, no clock), titled exactly as one upcoming event that does not
    repeat: the change of that event's repetition the words describe — asked yes/no first (``doubted``: the
    model chose to add), never a "what time?" about a second one. None otherwise."""
    title, when = command.args.get("title"), command.args.get("when")
    if command.tool != "create_event" or not isinstance(title, str) or not isinstance(when, str):
        return None
    r = resolved(when, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    rule = (r.recurrence or "").upper()
    if r.status != "resolved" or not rule or any(part in rule for part in ("BYHOUR", "BYDAY", "BYMONTHDAY")):
        return None
    found = await events_sharing_a_word(ctx, title, title, limit=10)
    same = [e for e in found if bare_words(e.title) == bare_words(title) and e.end > ctx.now]
    if len(same) != 1 or same[0].recurring:
        return None
    ctx.notes.append({"replaced": "tool", "reason": "a_repetition_sent_as_a_create", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    ctx.state.checks.append({"name": "repetition_as_create", "verdict": "amend"})
    change = {"event": same[0].title, "recurrence": when}
    return Command("update_event", change, call_index=command.call_index, doubted=True)


def _destination(ctx: ToolContext, command: Command) -> str | None:
    """The user's phrase with a "to" before it that the create's ``when`` stands on ("to 11am", 到十一点)."""
    when = command.args.get("when")
    if not isinstance(when, str):
        return None
    text = ctx.user_text
    destinations = [p for p in time_phrases(text) if _DESTINATION.search(p) or _after_an_arrow(text, p)]
    said = [p for p in destinations if is_time_grounded(when, [p], now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
    return said[0] if said else None


def _after_an_arrow(text: str, phrase: str) -> bool:
    """The phrase follows an arrow, written for "to" ("Carlos call -> 3pm", 牙医 → 周五上午十点): the time
    service keeps no arrow in the phrase, so the message says where it stands."""
    at = text.lower().find(phrase.lower())
    return at > 0 and text[:at].rstrip().endswith(_ARROWS)


_ARROWS = ("->", "→", "=>", "⇒", "-->")


def ask_another(
    ctx: ToolContext, command: Command, there: EventSnapshot, start: datetime, end: datetime
) -> NeedsConfirmation:
    """ "You have “Dentist” (Wednesday, June 18, 9:00–10:00 AM). Add another, “Dentist appointment” (…)?"."""
    ref = ctx.now.astimezone(ctx.tz).date()
    old = range_text(
        there.start.astimezone(ctx.tz), there.end.astimezone(ctx.tz), ctx.lang, all_day=there.all_day, ref=ref
    )
    new = range_text(start.astimezone(ctx.tz), end.astimezone(ctx.tz), ctx.lang, ref=ref)
    title = command.args.get("title")
    if ctx.lang == "zh":
        question = f"你已经有「{there.title}」（{old}）。要另外添加「{title}」（{new}）吗？"
    else:
        question = f"You have “{there.title}” ({old}). Add another, “{title}” ({new})?"
    return NeedsConfirmation(command, ("another",), question)
