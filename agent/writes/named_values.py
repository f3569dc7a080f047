"""A correction of the event just written that names one of its current values and leaves it as it is.

"sorry — it's at the Lantern, not Nando's, and till 2" came as an update of the end alone: the place the
user corrected was lost (so was "是阿琳，不是阿玲": a person). The facts code has: the update is of the one
event the last turn wrote, the message names that event's current place or one of its people (the stored
value itself), the update leaves that field as it is, and the model's ``event`` reference does not hold the
value (there it only says which event) — unless the message denies it ("不是阿玲", "not Mark": the reference
may be the title, copied) — or the message names someone spelled or said almost like one of its people
("the name's wrong, it should be 阿琳" for 阿玲, "it's Jon" for John: ``title_match.another_name``). Which new
value the user means is the model's to read, so the update goes back once, naming the field and the value;
its second answer is written as it comes.
"""

from __future__ import annotations

import re
from typing import Any

from agent.context import ToolContext
from agent.outcomes import Command, Rejected
from agent.turn.focus import is_just_written
from agent.writes.title_match import another_name
from schedule_time.language import normalise
from schedule_time.slots import follows_a_denial

__all__ = ["denies", "kept_what_it_names", "nameable"]

_MIN_LATIN, _MIN_HAN = 3, 2
"""Shorter stored values ("Al", 王) are too short for their containment to be a naming."""


def kept_what_it_names(ctx: ToolContext, command: Command, patch: dict[str, Any]) -> Rejected | None:
    """Back to the model once when the correction names a current value its update does not change."""
    target = command.target or {}
    if command.tool != "update_event" or not is_just_written(ctx.focus, target):
        return None
    reference = str(command.args.get("event") or "")
    kept = None  # (field, what it is, its current value, how the message names it)
    if "location" not in patch and (place := target.get("location")) and _named(ctx.user_text, reference, place):
        kept = ("location", "place", place, "")
    elif "attendees" not in patch:
        people = [str(p) for p in target.get("attendees") or ()]
        named = [p for p in people if _named(ctx.user_text, reference, p)]
        near = [p for p in people if _near_name(ctx.user_text, reference, p)]
        if named:
            kept = ("attendees", "person", named[0], "")
        elif near:
            kept = ("attendees", "person", near[0], "someone spelled or said almost like ")
    if kept is None or not ctx.state.send_back_once("named_value_kept"):
        return None
    field, word, value, how = kept
    hint = (
        f"the user's message names {how}the event's current {word} {value!r}, and this update leaves `{field}` "
        f"as it is: if the user is correcting it, set `{field}` to the new value in their words; if not, send "
        "the same update again"
    )
    problem = {"field": field, "problem": "named_value_kept", "hint": hint}
    ctx.state.checks.append({"name": "named_value_kept", "verdict": "send_back", "field": field})
    return Rejected("named_value_kept", "", fixable=True, problems=(problem,), command=command)


def nameable(value: str) -> bool:
    """Long enough for a naming or a denial of it to be a fact (see ``_MIN_LATIN``)."""
    return len(value) >= (_MIN_LATIN if value.isascii() else _MIN_HAN)


def _named(text: str, reference: str, value: str) -> bool:
    """``value`` stands in ``text`` (a whole word for Latin script) and not in the model's reference — or the
    text denies it ("Marcus, not Mark", 是阿琳，不是阿玲): a value the user says is wrong is corrected, whatever
    the reference copied from the title."""
    wanted = normalise(value).strip()
    if not nameable(wanted):
        return False
    said = normalise(text)
    return _holds(said, wanted) and (not _holds(normalise(reference), wanted) or denies(said, wanted))


def _near_name(text: str, reference: str, value: str) -> bool:
    """The message names someone whose name is one or two letters, or a like-sounding character, from
    ``value`` (the user correcting a misheard name), and the model's reference does not."""
    wanted = value.strip()
    return nameable(wanted) and another_name(text, wanted) and not another_name(reference, wanted)


def denies(text: str, value: str) -> bool:
    """Some occurrence of ``value`` in ``text`` stands right after "not" / 不是 (a denial, as for times)."""
    at = text.find(value)
    while at >= 0:
        if follows_a_denial(text[:at]):
            return True
        at = text.find(value, at + 1)
    return False


def _holds(text: str, value: str) -> bool:
    if not value.isascii():
        return value in text
    return re.search(rf"(?<![\w']){re.escape(value)}(?![\w])", text) is not None
