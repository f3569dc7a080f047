"""A yes/no about a new or changed event, answered with another time for it ("不是，換成下午五點", "no — 4pm",
"yes, but Friday", "下午四点吧"): the answer is the event at that time, settled by code with no model call.

The reply is parsed as bounded fields only: its clauses are a bare yes/no (``matchers.reply_sign``) or slot
words (``schedule_time.is_slot_reply``), and at least one clause is slot words that name a clock or a day
— nothing else; a contrast word may join a yes to its time ("yes but at 5:30", 可以，不过改到五点半). A clock alone is on the event's day, a day alone keeps its clock. The user gave the time
themselves, so the doubt that made the write ask first is answered ("unasked"); a past time or an overlap
at the new time is asked about again, as for any write. Any other reply (a length, a shift, other words)
goes to the model as before — an ordinal word too ("first", "number three"): the time service reads it
as a day of the month, but to a yes/no that offered no options it is a pick the model must read, never the
1st.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from agent.context import ToolContext
from agent.matchers import ordinal_index, reply_sign
from agent.outcomes import Command, Rejected, WriteOutcome
from agent.time_grounding import has_clock, is_a_length, is_a_shift
from agent.timing import Timing, named_day, resolve_start, rule_days, timing_from_json, timing_json
from agent.turn.amend import clauses_of
from agent.writes.path import execute
from agent.writes.pending_change import merged
from schedule_time import is_slot_reply
from storage import PendingRecord

__all__ = ["corrected_time", "with_corrected_time"]

_CORRECTABLE = frozenset({"create_event", "update_event"})
_ANY = 99
"""An ordinal's reach when no options bound it."""


_BUT = re.compile(r"^(?P<sign>.*?)\s*(?:\bbut\b|\bthough\b|不过|不過|但是|但|只是)\s*(?P<rest>.+)$", re.IGNORECASE)
"""A contrast word between a yes and its new time ("yes but at 5:30", 可以，不过改到五点半)."""


def _but_split(clause: str) -> list[str]:
    """``clause`` as (its yes, its time) when a contrast word stands between them, or begins it ("but at
    5:30", 不过五点半); the clause itself otherwise. Only the words of a yes/no may stand before the word."""
    m = _BUT.match(clause.strip())
    if m is None or (m["sign"].strip(" ,，") and reply_sign(m["sign"].strip(" ,，")) is None):
        return [clause]
    return [part for part in (m["sign"].strip(" ,，"), m["rest"]) if part]


def corrected_time(ctx: ToolContext, pending: PendingRecord, text: str) -> str | None:
    """The event's new start when ``text`` answers ``pending``'s yes/no with only another time for it
    (see the module doc), else None."""
    command: dict[str, Any] = pending.payload.get("command") or {}
    resolved = command.get("resolved") or {}
    if (
        pending.kind != "needs_confirmation"
        or command.get("tool") not in _CORRECTABLE
        or not resolved.get("start")
    ):
        return None
    parts = [part for c in clauses_of(text) for part in _but_split(c)]
    times = [c for c in parts if reply_sign(c) is None]
    if not times or not all(is_slot_reply(c) for c in times):
        return None
    value = " ".join(times)
    if ordinal_index(value, _ANY) is not None and not any(ch.isdigit() for ch in value):
        return None  # "first", "fourth": a pick among options this yes/no never offered, not a day
    if is_a_length(value) or is_a_shift(value, now=ctx.now, tz=ctx.tz, memo=ctx.memo):
        return None
    clock = has_clock(value)
    day = named_day(value, now=ctx.now, tz=ctx.tz) is not None
    start = datetime.fromisoformat(resolved["start"]).astimezone(ctx.tz)
    if clock and not day:
        return f"{start.date().isoformat()} {value}"
    if day and not clock:
        return f"{value} {start:%H:%M}"
    return value if clock else None


async def with_corrected_time(ctx: ToolContext, pending: PendingRecord, when: str) -> WriteOutcome:
    """``pending``'s command at the corrected start (the length it had kept), run."""
    stored = pending.payload.get("command") or {}
    try:
        command = Command.from_json(stored)
    except (KeyError, TypeError, ValueError):
        return Rejected("bad_pending", "")
    old = stored.get("resolved") or {}
    ctx.state.answered = True
    if (series := _series_at_the_new_clock(ctx, command, old, when)) is not None:
        return await execute(ctx, series.with_(confirmed=(*series.confirmed, "unasked")))
    changes: dict[str, Any] = {"when": when}
    if command.args.get("end") and old.get("end"):  # an end said for the old start: its length stays
        length = datetime.fromisoformat(old["end"]) - datetime.fromisoformat(old["start"])
        changes["duration"] = f"{int(length.total_seconds() // 60)} minutes"
        command = command.with_(args={**command.args, "end": None})
    moved = merged(command, changes)
    return await execute(ctx, moved.with_(confirmed=(*moved.confirmed, "unasked")))


def _series_at_the_new_clock(ctx: ToolContext, command: Command, old: dict[str, Any], when: str) -> Command | None:
    """A new series asked about ("每周一早上八点半", overlapping), answered with a clock alone ("以后改成九点",
    "make it 9 instead"): the same rule and length from its first day at the new clock — the repetition the
    first turn settled is kept, never a one-off on that day. None for any other command or answer."""
    if command.tool != "create_event" or not old.get("rrule") or old.get("all_day"):
        return None
    start = resolve_start(when, now=ctx.now, tz=ctx.tz)
    if not isinstance(start, Timing):
        return None  # (morning or evening, or no reading: the one-off path asks, as before)
    begin, end, _, rule = timing_from_json(old)
    if start.start.date() != begin.astimezone(ctx.tz).date():
        return None
    return command.with_(resolved=timing_json(start.start, start.start + (end - begin), False, rule_days(rule)))
