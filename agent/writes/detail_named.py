"""A change that leaves as it is a place or a person the user's message names: back to the model once.

"Sorry, it's the Fjord room, not the Atrium — and make it until 2" came as an update of the end alone:
the event kept the Atrium, and the receipt said nothing of it. Which words are the new place is the model's
reading; the fact code checks is that the message names the event's location or one of its attendees as
it stands, the update leaves that field unchanged, and the value is not how the model or the title refers
to the event ("move lunch with Mark to 1" names Mark to say which lunch). Then the call goes back once,
naming the value; the model passes the new one, or calls again unchanged and the change goes through.

Only for an event found by this very call: a command resumed from a question (a pick, a "yes") already
went through it.
"""

from __future__ import annotations

import re

from agent.context import ToolContext
from agent.language import simplified
from agent.outcomes import Command, Rejected
from agent.writes.title_match import han_chars
from schedule_time.language import normalise

__all__ = ["detail_left_as_it_is"]


async def detail_left_as_it_is(ctx: ToolContext, command: Command) -> Rejected | None:
    """A send-back when the message names the target's current location or an attendee of it that the
    update does not change (see the module docstring); None otherwise, and always after the first time."""
    target = command.target or {}
    if command.tool != "update_event" or not target.get("event_id") or ctx.state.was_sent_back("detail_named"):
        return None
    event = await ctx.events.get(target["event_id"])
    said = _folded(ctx.user_text)
    naming = _folded(f"{command.args.get('event') or ''} {event.title}")
    named: list[tuple[str, str]] = []
    if command.args.get("location") is None and event.location:
        named += [("location", event.location)]
    if command.args.get("attendees") is None:
        named += [("attendees", who) for who in event.attendees]
    for field, value in named:
        if _names(said, value) and not _names(naming, value) and ctx.state.send_back_once("detail_named"):
            problem = {
                "field": field,
                "problem": "left_as_it_is",
                "hint": f"The user's words name {value!r}, the event's {field} now, and this update leaves it "
                f"as it is: if they are changing it, pass `{field}` with their new words; if not, call "
                "again unchanged",
            }
            return Rejected("detail_named", "", fixable=True, problems=(problem,), command=command)
    return None


def _folded(text: str) -> str:
    """Normalised, traditional characters as simplified (阿琳 in either script is one name)."""
    return simplified(normalise(text))


def _names(text: str, value: str) -> bool:
    """``value`` stands in ``text`` (folded): Han characters anywhere, Latin words as words."""
    v = _folded(value).strip()
    if not v:
        return False
    if han_chars(v):
        return v in text
    return re.search(rf"(?<![\w]){re.escape(v)}(?![\w])", text) is not None
