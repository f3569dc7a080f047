"""One time per event, on the list's day: a create whose ``when``, ``recurrence`` or ``end`` carries a list of
times the user gave ("9am and 5pm", "tomorrow at 10 and 3", "every day at 8am and 8pm", 早上九点和晚上九点).

A small model answers "pills every day at 9am and 5pm" with one create whose time is the whole list, or
whose ``when`` and ``end`` are the list's two times (live: "interviews tomorrow at 10am and 3pm" was written
as one interview from 10 to 3). No one event has two times. The facts code checks are the argument's shape
and the user's words (``time_lists``: a list the time service reads as no one time, whose items each read):
the call goes back to the model once with the items, to make one call per time. Its second answer stands.

A later item has the list's day ("3pm" of "tomorrow at 10am and 3pm" is tomorrow's): a create whose ``when``
quotes such an item and names no day of its own is given the item's day (``listed_day``) — the user's own
words, completed as they said them; "下午三点" alone had been written for today.
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.outcomes import Command, NeedsValue, Rejected
from agent.render import phrases
from agent.time_accounting import accounted
from agent.time_grounding import names_a_day, quotes, resolved
from agent.time_lists import list_items, listed_phrases, said_items
from schedule_time.language import normalise, scan
from schedule_time.pieces import RangeSep

__all__ = ["listed_day", "one_time_per_event"]


def one_time_per_event(ctx: ToolContext, command: Command) -> Rejected | None:
    """Send a create back once when one of its time arguments lists several times, or its start and end
    are two times of one list."""
    if command.tool != "create_event" or ctx.state.was_sent_back("several_times"):
        return None
    for field in ("when", "recurrence", "end"):
        value = command.args.get(field)
        if not isinstance(value, str):
            continue
        items = list_items(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        what = f"`{field}` lists {len(items)} times"
        if len(items) < 2 and field == "end":
            items = _listed_end(ctx, value)
            what = f"`when` and `end` are two of the {len(items)} times the user listed, not a start and an end"
        if len(items) < 2:
            continue
        ctx.state.send_back_once("several_times")
        calls = " and ".join(f"one with when={item!r}" for item in items)
        hint = (f"{what}; one event has one time. Call create_event {len(items)} times: {calls}, each with "
                "no end")  # fmt: skip
        problem = {"field": field, "problem": "several_times", "hint": hint}
        return Rejected("several_times", "", fixable=True, problems=(problem,), command=command,
                        ask=_which_one(ctx, command, items, field))  # fmt: skip
    return None


def _which_one(ctx: ToolContext, command: Command, items: list[str], field: str) -> NeedsValue:
    """What the user is asked when the model's second answer fails too: which of their times this event is
    (an answer of a time is merged by code; the other can be its own event)."""
    times = ("还是" if ctx.lang == "zh" else " or ").join(items)
    question = phrases.say("one_time_each", ctx.lang, title=command.args.get("title") or "", times=times)
    asked = command.with_(args={**command.args, "when": None, "end": None, field: None})
    return NeedsValue(asked, "when", question)


def _listed_end(ctx: ToolContext, end: str) -> list[str]:
    """The items of the user's list whose later item the ``end`` is ("3pm" of "at 10am and 3pm"); []."""
    for phrase in listed_phrases(ctx.user_text, ctx.memo):
        items = list_items(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo, series=False)
        if len(items) >= 2 and any(accounted(ctx, item, [end]) and _a_point(item) for item in items[1:]):
            return list_items(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
    return []


def _a_point(item: str) -> bool:
    """The item is one time, not a range of its own ("thu 6 to 7am" holds its end)."""
    return not any(type(piece) is RangeSep and not piece.weak for piece in scan(normalise(item)).pieces)


def listed_day(ctx: ToolContext, command: Command) -> Command | None:
    """A create's ``when`` that is a later item of the user's list with no day of its own, on the list's day
    ("3pm" of "tomorrow at 10am and 3pm" → "tomorrow 3pm"); None when it is no such item."""
    when = command.args.get("when")
    if command.tool != "create_event" or not isinstance(when, str) or command.args.get("recurrence"):
        return None
    if names_a_day(when) or resolved(when, now=ctx.now, tz=ctx.tz, memo=ctx.memo).recurrence:
        return None
    for phrase in listed_phrases(ctx.user_text, ctx.memo):
        for said, full in said_items(phrase, now=ctx.now, tz=ctx.tz, memo=ctx.memo, series=False)[1:]:
            if full != said and (quotes(when, [said]) or quotes(said, [when])):
                ctx.notes.append({"replaced": "when", "reason": "listed_day", "tool": command.tool,
                                  "call_index": command.call_index})  # fmt: skip
                return command.with_(args={**command.args, "when": full})
    return None
