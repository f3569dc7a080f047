"""The gates: replies that code answers before (and instead of) the model. Each costs zero model calls.

In this order, for the conversation's pending command (unexpired; an expired one is never loaded, so a
stale "yes" is an ordinary message for the model and never runs the old command):

1. ``needs_confirmation`` + an affirmative ("yes", "ok", "好的", "确认", …)  → take the pending command
   (atomically: it runs at most once) and ``resume(confirm=True)``, which re-validates it against the
   calendar now (the event still exists at the version seen; overlaps checked again). A previewed file
   (``agent.attachments``) is imported as shown instead: all or nothing, one receipt per stored row.
   Any pending kind + a negative ("no", "never mind", "算了", "不用了", …) → drop it, say so, write nothing.
2. ``needs_value`` for a time field + ``schedule_time.is_slot_reply(text)`` (or a bare hour, "8", to "what
   time?") → merge, validate, then execute
   or ask for the next missing value.
3. ``needs_choice`` + a pick ("2", "number two", "第二个", "evening", "晚上", an option's text; a bare yes
   when there is one option) → continue with that option.
4. ``needs_value`` or ``needs_choice`` of a create or update + a reply that answers and says more
   ("12:30, at the Greek place", "第二个，但是改到五点半"): ``gate_amend`` — code settles the answer, and one
   model call reads only the rest (``agent.turn.amend``; the one gate that calls the model).
5. No pending needed: the exact command ``undo`` / ``撤销`` → ``undo_last_change``. While a request waits on
   its question, ``undo`` takes that request back (as "no" does): nothing of it was written, and the last
   stored change is not what the user is looking at.
6. A confirmation that expired while it is still the last question (``TurnState.expired``) + a bare yes →
   the same question again with a fresh time limit, never the write; + a bare no → dropped, said so.

Anything else (more than slot words, "yes but at 5", "好的，改到五点", "不是这个") goes to the model, with the
pending command described in the prompt (``sessions.pending_line``). Matchers: ``matchers``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Literal

from agent.attachments import confirm_import, is_import
from agent.context import ToolContext
from agent.language import Lang, detect_language
from agent.matchers import exact_command, pick_option, reply_sign
from agent.model import Model
from agent.outcomes import Command, NeedsChoice, NeedsConfirmation, NeedsValue, Option, WriteOutcome
from agent.render import phrases
from agent.time_words import as_an_hour
from agent.tools.registry import ToolRun
from agent.turn.amend import Split, amend, clauses_of, split_reply
from agent.turn.telemetry import TurnTelemetry
from agent.turn.time_correction import corrected_time, with_corrected_time
from agent.writes.how_often import joined_to_the_count
from agent.writes.path import execute
from agent.writes.pending import asked_again, pending_tool, resume
from agent.writes.series_scope import is_series_answer
from schedule_time import corrected_answer, is_slot_reply
from storage import PendingRecord

__all__ = ["SLOT_FIELDS", "Gate", "GateResult", "finish_amendment", "gate_lang", "run_gates"]

Gate = Literal[
    "gate_confirm", "gate_cancel", "gate_slot", "gate_choice", "gate_command", "gate_amend", "gate_expired"
]
SLOT_FIELDS = frozenset({"when", "end", "duration", "recurrence", "event_when"})
_ENGLISH_WORD = re.compile(r"[a-z]{2,}", re.IGNORECASE)
_NEUTRAL_WORDS = frozenset({"am", "pm", "ok", "okay", "kk"})


@dataclass(frozen=True, slots=True)
class GateResult:
    """A gate's answer: the route it took, and either a write outcome (``run``) or code's text."""

    route: Gate
    run: ToolRun | None = None
    text: str = ""
    #: The commands that waited behind the pending question, run after it (their outcomes).
    then: tuple[ToolRun, ...] = ()
    #: Those still waiting (the pending question was asked again, or one of them asks): carried over.
    queued: tuple[dict[str, Any], ...] = ()
    #: ``gate_amend``: the taken pending command and the reply's answer and rest, for ``finish_amendment``.
    amendment: tuple[PendingRecord, Split] | None = None

    @property
    def took_pending(self) -> bool:
        """The gate already removed the pending command (it ran it): the commit need not drop it."""
        return self.route in ("gate_confirm", "gate_choice", "gate_slot", "gate_amend")


def gate_lang(text: str, pending: PendingRecord | None) -> Lang:
    """The reply language: Chinese for a message with CJK; English for one with an English word; else
    (a bare "2", "14:00", "ok") the language the pending question was asked in."""
    lang = detect_language(text)
    if lang == "zh" or pending is None:
        return lang
    words = {w.casefold() for w in _ENGLISH_WORD.findall(text)}
    if words - _NEUTRAL_WORDS:
        return "en"
    return "zh" if pending.payload.get("lang") == "zh" else "en"


async def run_gates(
    ctx: ToolContext, pending: PendingRecord | None, text: str, *, expired: PendingRecord | None = None
) -> GateResult | None:
    """The gate that takes ``text``, run; or None for the model."""
    if pending is not None:
        taken = await _pending_gate(ctx, pending, text)
        if taken is not None:
            return taken
    elif expired is not None and expired.kind == "needs_confirmation":
        late = _late_answer(ctx, expired, text)
        if late is not None:
            return late
    if exact_command(text) == "undo":
        command = Command("undo_last_change", {}, call_index=0, grounded=True, confirmed=("destructive",))
        return GateResult("gate_command", _run(command, await execute(ctx, command)))
    return None


async def _pending_gate(ctx: ToolContext, pending: PendingRecord, text: str) -> GateResult | None:
    taken = await _answer(ctx, pending, text)
    if taken is None:
        split = split_reply(text, pending, now=ctx.now, tz=ctx.tz)
        record = await _take(ctx, pending) if split is not None else None
        if split is None or record is None:
            return None
        return GateResult("gate_amend", amendment=(record, split))
    if taken.route == "gate_cancel" and pending.payload.get("together"):
        # one question named every write (``TurnResult._asked_together``): its no is a no to all of them
        return replace(taken, text=phrases.say("dropped_together", ctx.lang))
    return await _then(ctx, taken, list(pending.payload.get("then") or ()))


async def finish_amendment(
    ctx: ToolContext, model: Model, gate: GateResult, text: str, telemetry: TurnTelemetry
) -> GateResult:
    """A ``gate_amend`` result run: the answer settled by code, the rest read by the model (one call),
    then the requests that waited behind the question."""
    assert gate.amendment is not None
    record, split = gate.amendment
    outcome, unused = await amend(ctx, model, record, split, text, telemetry)
    run = _pending_run(record, outcome)
    note = phrases.say("amend_unused", ctx.lang, words=unused[:120]) if unused else ""
    done = await _then(ctx, GateResult("gate_amend", run), list(record.payload.get("then") or ()))
    return replace(done, text=note)


async def _then(ctx: ToolContext, taken: GateResult, waiting: list[dict[str, Any]]) -> GateResult:
    """After the pending question is answered, the requests that waited behind it: each is run again
    from what it had settled (its checks run again: an overlap with an event just deleted is gone), until
    one asks — it becomes the next question, and the rest wait behind it."""
    if not waiting:
        return taken
    if taken.run is not None and isinstance(taken.run.result, NeedsValue | NeedsChoice | NeedsConfirmation):
        return replace(taken, queued=tuple(waiting))  # the same question again: the queue waits
    runs: list[ToolRun] = []
    while waiting:
        command = Command.from_json(waiting.pop(0))
        outcome = await execute(ctx, command)
        runs.append(ToolRun(command.tool, "write", command.call_index, None, outcome))
        if isinstance(outcome, NeedsValue | NeedsChoice | NeedsConfirmation):
            break
    return replace(taken, then=tuple(runs), queued=tuple(waiting))


async def _answer(ctx: ToolContext, pending: PendingRecord, text: str) -> GateResult | None:
    sign = reply_sign(text, pending_tool(pending) if pending.kind == "needs_confirmation" else None)
    if sign == "no" or (exact_command(text) == "undo" and pending_tool(pending) != "undo_last_change"):
        # the assistant's commit drops the pending command with the turn; "undo" while a request waits on
        # its question takes that request back — never a change made before it (nothing was written yet)
        return GateResult("gate_cancel", text=_dropped(ctx, pending))
    if pending.kind == "needs_confirmation":
        if sign is None and (when := corrected_time(ctx, pending, text)) is not None:
            record = await _take(ctx, pending)
            if record is None:
                return None
            return GateResult("gate_slot", _pending_run(record, await with_corrected_time(ctx, record, when)))
        if sign != "yes":
            return None
        record = await _take(ctx, pending)
        if record is None:
            return None
        if is_import(record):  # a previewed file (agent.attachments): imported as shown, one receipt a row
            text, rows = await confirm_import(ctx, record)
            return GateResult("gate_confirm", text=text, then=rows)
        return GateResult("gate_confirm", await _resume(ctx, record, confirm=True))
    if pending.kind == "needs_choice":
        options = [Option.from_json(o) for o in pending.payload.get("options") or ()]
        # one option ("Do you mean “1:1 with Joan”?", "晨跑" found for 晨泡): a bare yes takes it
        index = (
            0 if sign == "yes" and len(options) == 1 else pick_option(text, options, now=ctx.now, tz=ctx.tz)
        )
        if index is None:
            return None
        record = await _take(ctx, pending)
        if record is None:
            return None
        return GateResult("gate_choice", await _resume(ctx, record, choice=index))
    if pending.kind == "needs_value":
        field = pending.payload.get("field")
        if sign is None and (answer := _after_a_no(text) or corrected_answer(text)) is not None:
            text = answer  # "no, Sunday", 不对，周日, "actually Sunday", 其实是周日: the time corrects the question
        series = field == "event_when" and is_series_answer(text)  # "which day's …? or the whole series?"
        bare_hour = field in ("when", "end") and as_an_hour(text, zh=False) is not None
        days = field == "recurrence" and _days_for_the_count(ctx, text)  # "Which days … (twice a week)?"
        if field not in SLOT_FIELDS or sign is not None or not (series or bare_hour or days or is_slot_reply(text)):
            return None
        record = await _take(ctx, pending)
        if record is None:
            return None
        return GateResult("gate_slot", await _resume(ctx, record, value=text.strip()))
    return None


def _after_a_no(text: str) -> str | None:
    """What follows a bare "no" clause ("no, Sunday", "nope — 10am", 不对，周日), when it is all slot words."""
    clauses = clauses_of(text)
    if len(clauses) < 2 or reply_sign(clauses[0]) != "no":
        return None
    rest = " ".join(clauses[1:])
    return rest if is_slot_reply(rest) else None


def _days_for_the_count(ctx: ToolContext, text: str) -> bool:
    """``text`` is only days that, after the user's "twice a week" (每周三次), read as a time: "Tuesday and
    Thursday", 周一三五 — a list of days is no time on its own."""
    joined = joined_to_the_count(ctx, text)
    return joined is not None and is_slot_reply(joined)


def _late_answer(ctx: ToolContext, expired: PendingRecord, text: str) -> GateResult | None:
    """A yes or no to a confirmation whose time ran out. A late yes may come after the calendar changed
    or be meant for something else, so it never runs the command: the question is asked again (its
    stored command, reasons and overlaps; a yes to it re-validates everything, as any confirmation)."""
    sign = reply_sign(text, pending_tool(expired))
    if sign == "no":
        return GateResult("gate_cancel", text=_dropped(ctx, expired))
    if sign != "yes" or is_import(expired):
        return None
    again = asked_again(expired, phrases.say("confirmation_expired", ctx.lang))
    return None if again is None else GateResult("gate_expired", _run(again.command, again))


async def _take(ctx: ToolContext, pending: PendingRecord) -> PendingRecord | None:
    """The pending command taken from the store, when it still is the one the reply answers."""
    record = await ctx.conversations.take_pending(ctx.conversation_id, now=ctx.now)
    return record if record is not None and record.id == pending.id else None


async def _resume(
    ctx: ToolContext,
    record: PendingRecord,
    *,
    confirm: bool = False,
    value: str | None = None,
    choice: int | None = None,
) -> ToolRun:
    ctx.state.answered = True
    return _pending_run(record, await resume(ctx, record, confirm=confirm, value=value, choice=choice))


def _pending_run(record: PendingRecord, outcome: WriteOutcome) -> ToolRun:
    """The run of a pending command finished by a gate, named by the stored command."""
    command = record.payload.get("command") or {}
    return ToolRun(
        str(command.get("tool") or "unknown"), "write", int(command.get("call_index") or 0), None, outcome
    )


def _run(command: Command, outcome: WriteOutcome) -> ToolRun:
    return ToolRun(command.tool, "write", command.call_index, None, outcome)


def _dropped(ctx: ToolContext, pending: PendingRecord) -> str:
    command = pending.payload.get("command") or {}
    args = command.get("args") or {}
    target = command.get("target") or {}
    title = str(args.get("title") or target.get("title") or args.get("event") or "")[:80]
    tool = command.get("tool")
    if ctx.lang == "zh":
        verb = {
            "create_event": "添加",
            "update_event": "修改",
            "delete_event": "删除",
            "import_calendar": "导入",
        }.get(str(tool), "处理")
        what = f"「{title}」" if title else "它"
        return f"好的，不{verb}{what}了。日历没有变化。"
    verb = {
        "create_event": "add",
        "update_event": "change",
        "delete_event": "delete",
        "import_calendar": "import",
    }.get(str(tool), "do that")
    what = f" “{title}”" if title and verb != "do that" else ""
    return f"OK, I won't {verb}{what}. Your calendar is unchanged."
