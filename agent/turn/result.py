"""What a turn collected while it ran (``TurnResult``: receipts, questions, runs, persisted writes) and how
each tool run's outcome lands in it (``absorb``) and in telemetry (``record_run``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from agent.checks.exit_check import ExitVerdict
from agent.context import ToolContext
from agent.language import Lang
from agent.outcomes import NeedsChoice, NeedsConfirmation, NeedsValue, Option, Persisted, Rejected
from agent.render import phrases
from agent.render.receipts import Receipt, make_receipt
from agent.tools.registry import ToolRun
from agent.turn.telemetry import TurnTelemetry
from agent.writes.store import title_of

__all__ = ["Asking", "TurnResult", "absorb", "offered", "p_kind", "record_run", "without_the_model"]

Asking = NeedsValue | NeedsChoice | NeedsConfirmation


@dataclass
class TurnResult:
    text: str
    receipts: list[Receipt] = field(default_factory=list)
    asking: list[Asking] = field(default_factory=list)
    runs: list[ToolRun] = field(default_factory=list)
    persisted: list[Persisted] = field(default_factory=list)
    verdict: ExitVerdict | None = None
    model_text: str = ""
    replaced: bool = False
    read_replaced: bool = False
    #: Commands waiting behind the first question (``Command.to_json()``): asked or run once it is answered.
    queued: list[dict[str, Any]] = field(default_factory=list)
    #: The yes/no questions were asked as one: a no to it is a no to every write it named.
    asked_together: bool = False

    def one_question(self, texts: list[str], lang: Lang) -> list[str]:
        """``texts`` with only the first ask's question: one question at a time, the others wait in the
        queue (and are asked, or run, once it is answered) — except yes/no questions only, asked together."""
        if len(self.asking) < 2:
            return texts
        if all(isinstance(a, NeedsConfirmation) for a in self.asking) and not self.queued:
            return self._asked_together(texts, lang)
        first = self.asking[0].question
        later = {a.question for a in self.asking[1:]}
        kept, seen = [], False
        for text in texts:
            if text == first and not seen:
                kept.append(text)
                seen = True
            elif text not in later and text != first:
                kept.append(text)
        return kept

    def _asked_together(self, texts: list[str], lang: Lang) -> list[str]:
        """Yes/no questions only ("Delete “Badminton”?" and "Add “Swimming”?" of one swap): one question
        names them all, and its one yes (or no) answers all of them — each later write waits with its own
        reasons settled by that yes (``Command.confirmed``), so it runs once the first has, without asking
        again (a new reason, such as an overlap, still asks)."""
        asked: list[NeedsConfirmation] = []
        for a in self.asking:  # (a write the model sent twice is asked about once)
            if isinstance(a, NeedsConfirmation) and not any(_same_write(a, b) for b in asked):
                asked.append(a)
        if len(asked) < 2:
            self.asking = list(asked)
            first = [i for i, t in enumerate(texts) if t == asked[0].question][:1]
            return [t for i, t in enumerate(texts) if t != asked[0].question or i in first]
        together = phrases.ask_together([a.question for a in asked], lang)
        later = [
            dataclasses.replace(a, command=a.command.with_(confirmed=(*a.command.confirmed, *a.reasons)))
            for a in asked[1:]
        ]
        self.asking = [dataclasses.replace(asked[0], question=together), *later]
        self.asked_together = True
        questions = {a.question for a in asked}
        kept = [t for t in texts if t not in questions]
        return [*kept, together]

    @property
    def options(self) -> tuple[Option, ...]:
        for outcome in self.asking:
            if isinstance(outcome, NeedsChoice):
                return outcome.options
        return ()


def _same_write(a: NeedsConfirmation, b: NeedsConfirmation) -> bool:
    """The same tool, arguments and target (the call index aside): one write the model sent twice."""
    return (a.command.tool, a.command.args, a.command.target) == (b.command.tool, b.command.args, b.command.target)


def absorb(out: TurnResult, runs: Sequence[ToolRun], code_texts: list[str], ctx: ToolContext) -> None:
    """Each run's outcome on its own: a receipt per persisted write (from the stored row), a question per
    ask, the user's sentence per refusal. One failing never undoes another."""
    out.runs.extend(runs)
    for run in runs:
        result = run.result
        if isinstance(result, Persisted):
            out.persisted.append(result)
            receipt = make_receipt(
                result.result,
                ctx.lang,
                user_timezone=ctx.tz_name,
                now=ctx.now,
                before=_before(result),
                was=result.command.target if result.result.action == "updated" else None,
            )
            out.receipts.append(receipt)
            code_texts.append(receipt.text)
        elif isinstance(result, NeedsValue | NeedsChoice | NeedsConfirmation):
            result = offered(result, ctx.lang)
            out.asking.append(result)
            code_texts.append(result.question)
        elif isinstance(result, Rejected) and not result.fixable and not result.silent:
            code_texts.append(result.message or phrases.say("write_failed", ctx.lang))


def without_the_model(run: ToolRun) -> ToolRun:
    """A run finished by a gate, where no model follows to fix a fixable refusal: its own question
    (``Rejected.ask``) is asked instead. Without one it stays, and the reply says nothing was changed."""
    result = run.result
    if isinstance(result, Rejected) and result.fixable and result.ask is not None:
        return dataclasses.replace(run, result=result.ask)
    return run


def _before(persisted: Persisted) -> tuple[datetime, datetime] | None:
    """Where an updated event (or occurrence) was before the write: a move's receipt says from what."""
    target = persisted.command.target or {}
    if persisted.result.action != "updated" or not target.get("start") or not target.get("end"):
        return None
    return datetime.fromisoformat(target["start"]), datetime.fromisoformat(target["end"])


def p_kind(persisted: Persisted) -> str:
    return {"created": "create", "restored": "create", "updated": "update", "deleted": "delete"}[
        persisted.result.action
    ]


def record_run(telemetry: TurnTelemetry, run: ToolRun) -> None:
    entry: dict[str, Any] = {
        "name": run.name,
        "kind": run.kind,
        "call_index": run.call_index,
        "status": run.status,
    }
    result = run.result
    if isinstance(result, Rejected):
        entry["code"] = result.code
        entry["problems"] = [f"{p.get('field')}:{p.get('problem')}" for p in result.problems]
    if isinstance(result, Persisted):
        telemetry.writes_persisted.append(
            {
                "action": result.result.action,
                "event_id": str(result.result.event.id),
                "audit_id": result.result.audit_id,
                "replayed": result.result.replayed,
            }
        )
    telemetry.tools.append(entry)


def offered(ask: Asking, lang: Lang) -> Asking:
    """A question about a new event the model was unsure it was asked for (``Command.doubted``) says first
    that it would go on the calendar ("I can add “Timer” to your calendar. When should it be?"): the user's
    answer to it is their yes, so it writes at once — one question, not a time and then a yes/no."""
    command = ask.command
    if not isinstance(ask, NeedsValue | NeedsChoice) or command.tool != "create_event" or not command.doubted:
        return ask
    if "unasked" in command.confirmed:
        return ask
    lead = phrases.say("offer_add", lang, title=title_of(command))
    return dataclasses.replace(
        ask,
        command=command.with_(confirmed=(*command.confirmed, "unasked")),
        question=f"{lead}\n{ask.question}",
    )
