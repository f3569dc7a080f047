"""A change of the event the pending question is about, before it is written: we asked "What time on
Saturday?" or "Add “Team review” (Thursday 2–3 PM)? It overlaps …", and the user changed the event instead
("actually make it sunday", "rename it to design review", 改到周日吧). The model sends that as an update of an
event the calendar does not have yet; it is the pending create with the update's values merged in
(``merged``, as a reply's additions are), run again — so it is written, or asked about again (the time on Sunday, the new
title's yes/no), never answered with "I couldn't find …". A delete of it ("never mind the coffee") is the
question dropped: "OK, I won't add …" (``writes.removal``)."""

from __future__ import annotations

from typing import Any

from agent.context import ToolContext
from agent.outcomes import Command
from agent.turn.focus import is_anaphor
from agent.writes.title_match import shares_a_word

__all__ = ["changed_pending_create", "merged", "names_the_pending_create", "pending_create"]

_CHANGES = ("title", "when", "end", "duration", "location", "notes", "attendees", "recurrence")


def pending_create(payload: dict[str, Any] | None) -> Command | None:
    """The create a stored pending question is about (its payload), or None: another tool's, or unreadable."""
    try:
        command = Command.from_json((payload or {})["command"])
    except (KeyError, TypeError, ValueError):
        return None
    return command if command.tool == "create_event" and command.args.get("title") else None


def names_the_pending_create(ctx: ToolContext, command: Command) -> str | None:
    """The pending create's title when ``command`` (an update or a delete of no stored event yet) names it:
    its title's words, or "it"; None otherwise."""
    pending = ctx.pending_create
    if pending is None or command.target is not None:
        return None
    reference = str(command.args.get("event") or "")
    title = str(pending.args["title"])
    return title if is_anaphor(reference) or shares_a_word(reference, title) else None


def changed_pending_create(ctx: ToolContext, command: Command) -> Command | None:
    """The pending create with ``command``'s values, when ``command`` is an update whose event is that create
    (``names_the_pending_create``); None otherwise."""
    pending = ctx.pending_create
    if pending is None or command.tool != "update_event" or names_the_pending_create(ctx, command) is None:
        return None
    changes = {n: command.args.get(n) for n in _CHANGES if command.args.get(n) not in (None, "", [])}
    if not changes:
        return None
    base = pending
    if "when" in changes and "end" not in changes:
        base = pending.with_(args={**pending.args, "end": None})  # an end of the old day or time goes with it
    ctx.notes.append({"replaced": "tool", "reason": "pending_create_changed", "tool": command.tool,
                      "call_index": command.call_index})  # fmt: skip
    return merged(base, changes).with_(call_index=command.call_index, grounded=False)


_TIMING_ARGS = frozenset({"when", "end", "duration", "recurrence"})


def merged(command: Command, changes: dict[str, Any]) -> Command:
    """``command`` with the reply's added or changed arguments: a value replaces, attendees are added to;
    a changed time is settled again."""
    args = dict(command.args)
    for name, value in changes.items():
        if value in (None, "", []):
            continue
        if name == "attendees":
            args[name] = list(dict.fromkeys([*(args.get(name) or ()), *value]))
        else:
            args[name] = value
    timing = any(changes.get(n) for n in _TIMING_ARGS)
    return command.with_(args=args, resolved=None) if timing else command.with_(args=args)
