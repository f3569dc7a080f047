"""A reply that answers the pending question and says more ("12:30, at the Greek place", "第二个，但是改到五点半",
"the evening one — Ana joins too"): code settles the answer, the model reads only what else the reply says.

``split_reply`` is a bounded parse of our own question's answer: the reply's clauses (split at punctuation)
that are slot words (``schedule_time.is_slot_reply``) or an option pick (``matchers.pick_option``) are the
answer; without punctuation, the run of time phrases that starts or ends the reply. What is left must
carry words of its own. Nothing here decides what the user wants: the rest goes to the model.

``amend`` then makes one model call with one tool, ``amend_pending``: the fields the rest adds or changes
(title, a new time, end, duration, location, attendees, notes). The same checks as any write argument
apply to them (free text and titles in the user's words, times grounded). The settled answer is merged by
code (``writes.pending.settle``), so the day or time the user already gave cannot be lost. A model that
fails, or changes that do not pass the checks, leave the answer as settled, and the reply says which
words were not used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agent.context import ToolContext
from agent.guards.times import ground_times
from agent.matchers import pick_option, reply_sign
from agent.model import Model, ToolSpec
from agent.outcomes import Command, NeedsValue, Option, Rejected, WriteOutcome
from agent.render import phrases
from agent.time_grounding import is_a_length, is_time_grounded, reads_or_moves
from agent.turn.one_tool import call_one_tool
from agent.turn.telemetry import TurnTelemetry
from agent.writes.path import execute
from agent.writes.pending import settle
from agent.writes.store import ground, ground_title, title_of
from schedule_time import analyse, is_slot_reply
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock
from storage import PendingRecord

__all__ = ["AMEND_PENDING", "AmendPending", "Split", "amend", "amend_spec", "clauses_of", "split_reply"]


AMEND_PENDING = "amend_pending"
_AMENDABLE = frozenset({"create_event", "update_event"})
_TIME_FIELDS = frozenset({"when", "end", "duration"})
"""The time fields ``amend_pending`` may change, and the missing values a reply may answer and amend."""
_CLAUSE = re.compile(
    r"\s*(?:[,，;；、。!！?？…]+|\.(?=\s)|\s[-–—]+\s|[—–]+)\s*"
    r"|(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])"  # Chinese typed without punctuation: "晚上 她坐高铁来"
)
_WORD = re.compile(r"\w", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Split:
    """The answer to the pending question (a value or an option index) and the reply's other words."""

    value: str | None
    choice: int | None
    rest: str


def clauses_of(text: str) -> list[str]:
    return [c for c in _CLAUSE.split(text.strip()) if c]


def _edge_phrases(text: str, now: datetime, tz: tzinfo) -> tuple[str, str] | None:
    """(the run of time phrases that starts or ends ``text``, the rest), when there is such a run."""
    phrases = analyse(text, now=now, tz=tz)
    if not phrases:
        return None
    run = [phrases[0]]
    for p in phrases[1:]:
        if text[run[-1].end : p.start].strip():
            break
        run.append(p)
    if text[: run[0].start].strip():  # not at the start: the run that ends the reply
        run = [phrases[-1]]
        for p in reversed(phrases[:-1]):
            if text[p.end : run[0].start].strip():
                break
            run.insert(0, p)
        if text[run[-1].end :].strip():
            return None
    answer = text[run[0].start : run[-1].end]
    rest = (text[: run[0].start] + " " + text[run[-1].end :]).strip()
    return answer, rest


def _has_words(text: str) -> bool:
    return bool(_WORD.search(text))


def _has_clock(phrase: str) -> bool:
    """An edge phrase answers only with a clock ("12:30 at …", "下午两点叫上…"): a lone "first" or "now" at
    the end of a sentence is a word of that sentence, not an answer."""
    return any(isinstance(p, Clock) for p in scan(normalise(phrase)).pieces)


def split_reply(text: str, pending: PendingRecord, *, now: datetime, tz: tzinfo) -> Split | None:
    """The answer and the rest of a reply to ``pending`` that says more than the answer; None when it is not
    such a reply (no answer found, nothing else said, a yes/no, or a command that cannot be amended)."""
    command = pending.payload.get("command") or {}
    if command.get("tool") not in _AMENDABLE or reply_sign(text) is not None:
        return None
    if any(reply_sign(c) == "no" for c in clauses_of(text)):  # "never mind, …": not an answer
        return None
    if pending.kind == "needs_value" and pending.payload.get("field") in _TIME_FIELDS:
        return _value_split(text, pending.payload["field"], now, tz)
    if pending.kind == "needs_choice":
        options = [Option.from_json(o) for o in pending.payload.get("options") or ()]
        return _choice_split(text, options, now, tz)
    return None


def _value_split(text: str, field: str, now: datetime, tz: tzinfo) -> Split | None:
    clauses = clauses_of(text)
    answer = [c for c in clauses if is_slot_reply(c)]
    rest = [c for c in clauses if c not in answer]
    edge = _edge_phrases(text, now, tz)
    # "八点出发，大概三个小时": a length answers no "what time?" when a clock starts or ends the reply
    lengths_only = field == "when" and all(is_a_length(c) for c in answer)
    edge_answer = edge is not None and _has_clock(edge[0]) and is_slot_reply(edge[0]) and _has_words(edge[1])
    if edge is not None and edge_answer and (not (answer and rest) or lengths_only):
        return Split(edge[0], None, edge[1])
    if answer and rest:
        return Split(" ".join(answer), None, "; ".join(rest))
    return None


def _choice_split(text: str, options: list[Option], now: datetime, tz: tzinfo) -> Split | None:
    clauses = clauses_of(text)
    picks = {i: pick_option(c, options, now=now, tz=tz) for i, c in enumerate(clauses)}
    picked = {p for p in picks.values() if p is not None}
    rest = [c for i, c in enumerate(clauses) if picks[i] is None]
    if len(picked) == 1 and rest:
        return Split(None, picked.pop(), "; ".join(rest))
    if len(clauses) == 1:
        edge = _edge_phrases(text, now, tz)
        if edge is not None and _has_clock(edge[0]) and _has_words(edge[1]):
            index = pick_option(edge[0], options, now=now, tz=tz)
            if index is not None:
                return Split(None, index, edge[1])
    return None


class AmendPending(BaseModel):
    """What the rest of the user's reply adds to or changes in the pending event; only what it says."""

    model_config = ConfigDict(extra="forbid")

    title: str | None = Field(default=None, max_length=200, description="a new name, if the words give one")
    when: str | None = Field(default=None, max_length=200, description="a new start, as the user wrote it")
    end: str | None = Field(default=None, max_length=200)
    duration: str | None = Field(default=None, max_length=100)
    location: str | None = Field(default=None, max_length=200)
    attendees: list[str] = Field(default_factory=list, max_length=50, description="people to add")
    notes: str | None = Field(default=None, max_length=2000)


def amend_spec() -> ToolSpec:
    schema = AmendPending.model_json_schema()
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
    return ToolSpec(
        AMEND_PENDING,
        "Add to or change the event the user is answering about: only the fields the extra words give.",
        schema,
        examples=(
            ("at the Greek place on 5th", {"location": "the Greek place on 5th"}),
            ("叫上小陈一起", {"attendees": ["小陈"]}),
            ("but make it half past four", {"when": "half past four"}),
            ("thanks!", {}),
        ),
    )


_INSTRUCTIONS = (
    "You help a calendar assistant. It asked the user a question about an event, and the user's reply "
    "answered it; code has already applied that answer. The reply also says more. Call amend_pending with "
    "only the fields those extra words add or change: a title, a new time (as the user wrote it), an end or "
    "duration, a location, people to add, notes. Leave out every field they do not give. Copy the user's "
    "words. Do not answer in prose."
)


def _described(command: Command) -> str:
    shown = {k: v for k, v in command.args.items() if v not in (None, "", [])}
    if command.target and command.target.get("title"):
        shown["event"] = command.target["title"]
    return ", ".join(f"{k}={v!r}" for k, v in shown.items())


async def _changes(
    model: Model, command: Command, text: str, rest: str, ctx: ToolContext, telemetry: TurnTelemetry
) -> dict[str, Any] | None:
    """The model's reading of the rest (one call), or None when it gave none."""
    local = ctx.now.astimezone(ctx.tz)
    context = (
        f"Now: {local.strftime('%A %Y-%m-%d %H:%M')} ({ctx.tz_name}).\n"
        f"The event: {command.tool}({_described(command)}).\n"
        f"The user's reply: {text}\nIts extra words: {rest}"
    )
    args = await call_one_tool(
        model, _INSTRUCTIONS, context, amend_spec(), AmendPending, telemetry, done="read"
    )
    return None if args is None else args.model_dump(exclude_defaults=True)


def _times_from_the_rest(
    ctx: ToolContext, read: dict[str, Any], rest: str, said: list[str]
) -> tuple[dict[str, Any], bool]:
    """``read`` with its time fields taken from the rest's own words: a field grounded in the rest stays; one
    that is not (the model copied the settled answer, "下午两点" again, or the event's old time, "下午4点" for
    "不过改成四点半") is replaced by the rest's single time phrase (of ``said``) where it has exactly one, else dropped. The
    answer is settled already; a time the rest does not say is no change. Also returns whether a field the
    rest did speak of was dropped (the time the user gave cannot be used: ask)."""
    out = dict(read)
    usable = [  # a length of the rest ("大概三个小时") is no start
        p for p in said if reads_or_moves(p, now=ctx.now, tz=ctx.tz, memo=ctx.memo) and not is_a_length(p)
    ]
    lost_time = False
    for key in sorted(_TIME_FIELDS & out.keys()):
        value = str(out[key])
        if is_time_grounded(value, [rest], now=ctx.now, tz=ctx.tz, memo=ctx.memo):
            continue
        if key == "when" and len(usable) == 1:
            out[key] = usable[0]
            ctx.notes.append({"replaced": key, "reason": "not_in_the_reply", "tool": AMEND_PENDING})
            continue
        out.pop(key)
        # the rest spoke of this field: a start the rest gives, or any time of it for an end or a length
        lost_time = lost_time or bool(usable if key == "when" else said)
    return out, lost_time


def _length_of_the_rest(read: dict[str, Any], said: list[str], base: Command) -> dict[str, Any]:
    """``read`` with the rest's one length as the duration when the model gave no end or length and the
    command has none ("8:45, at the clinic. takes about 45 min" came with the length as a note)."""
    lengths = [p for p in said if is_a_length(p)]
    if len(lengths) != 1 or any(read.get(k) or base.args.get(k) for k in ("end", "duration")):
        return read
    return {**read, "duration": lengths[0]}


def _checked(ctx: ToolContext, command: Command, changes: dict[str, Any]) -> dict[str, Any]:
    """The changes that pass the checks every write argument passes; the rest dropped (noted)."""
    partial = Command(command.tool, dict(changes), call_index=command.call_index)
    partial = ground_title(ctx, ground(ctx, partial, echo=False))
    kept = {k: v for k, v in partial.args.items() if v not in (None, "", [])}
    times = {k: kept[k] for k in _TIME_FIELDS if k in kept}
    if times:
        timed = ground_times(ctx, Command(command.tool, times, call_index=command.call_index))
        if isinstance(timed, Rejected):
            for k in times:
                kept.pop(k)
                ctx.notes.append({"dropped": k, "reason": "ungrounded_time", "tool": AMEND_PENDING})
        else:
            kept.update({k: v for k, v in timed.args.items() if k in times and v})
    return kept


async def amend(
    ctx: ToolContext, model: Model, pending: PendingRecord, split: Split, text: str, telemetry: TurnTelemetry
) -> tuple[WriteOutcome, str | None]:
    """Settle ``split``'s answer on the (already taken) ``pending`` command with what the rest changes, and
    run it. Returns the outcome, and the words that were not used (to say so), if any.

    A new time the rest gives but that cannot be used (the model failed on a rest that has a time phrase,
    or its time did not pass the checks) is asked for, never replaced by the old one: the user changed it."""
    base = settle(ctx, pending, value=split.value, choice=split.choice)
    if not isinstance(base, Command):
        return base, None
    read = await _changes(model, base, text, split.rest, ctx, telemetry)
    said = [p.text for p in analyse(split.rest, now=ctx.now, tz=ctx.tz)]  # the rest's time phrases
    lost_time = False
    if read:
        read, lost_time = _times_from_the_rest(ctx, read, split.rest, said)
        read = _length_of_the_rest(read, said, base)
    changes = _checked(ctx, base, read) if read else {}
    lost = read is None or lost_time or any(k not in changes for k in read)
    read_time = read is None and bool(said)
    if (
        read_time
        or lost_time
        or (read and any(k in read for k in _TIME_FIELDS) and not any(k in changes for k in _TIME_FIELDS))
    ):
        question = phrases.ask_value("when", ctx.lang, title=title_of(base), now=ctx.now)
        return NeedsValue(base.with_(args={**base.args, **changes}), "when", question), None
    if changes:
        amended = settle(ctx, pending, value=split.value, choice=split.choice, changes=changes)
        if not isinstance(amended, Command):
            return amended, None
        base = amended
    return await execute(ctx, base), split.rest if lost else None
