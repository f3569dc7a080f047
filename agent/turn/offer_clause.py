"""A new event the model sent as an update, in a message of several requests, asked of the model alone.

"Move my call with Rita to 3 and add yoga at 7 tonight" came back as two ``update_event`` calls; the yoga is
not on the calendar, so code offered it as a yes/no ("Add “Yoga” …?", ``writes.new_event.offer_to_add``) —
safe, but one more question for a request the user made plainly. The model reads a clause sent alone as
one request (``turn.clause_call``), so the offer's clause (the one that says its time) goes to the model
once, alone. A new event it makes of it through the usual guards (its own reading of the clause backs
the write, the time is that clause's) replaces the offer; anything else leaves the offer as it was. A
question the turn answered ("anything on thursday? and add a haircut friday at 11") is another request as a
write is. Beside
another question (a swap's "Delete “Badminton”?") the offer stays, asked with it as one yes/no.
What the clause asks for is the model's reading; code only finds the clause (structure, not meaning).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from agent.context import ToolContext
from agent.language import clauses
from agent.model import Message, Model
from agent.outcomes import NeedsConfirmation, Persisted, Rejected
from agent.time_grounding import is_time_grounded
from agent.tools.registry import BoundTools, ToolRun
from agent.turn.clause_call import only_times, run_left_out_alone, span
from agent.turn.result import TurnResult
from agent.turn.telemetry import TurnTelemetry
from agent.turn.unsaid import times_of
from schedule_time.language import normalise

__all__ = ["offered_clauses", "offers_asked_alone", "replaced_offer"]


def _offer_of_an_update(run: ToolRun) -> NeedsConfirmation | None:
    """The yes/no offer of a new event code made of the model's update of an event the calendar lacks."""
    result = run.result
    if isinstance(result, Rejected):  # the retry failed too: its offer was asked instead (``loop._ask_instead``)
        result = result.ask
    if run.name != "update_event" or not isinstance(result, NeedsConfirmation):
        return None
    command = result.command
    return result if command.tool == "create_event" and command.doubted and "unasked" in result.reasons else None


def offered_clauses(ctx: ToolContext, out: TurnResult) -> list[tuple[NeedsConfirmation, str, str]]:
    """``(offer, phrase, clause)`` for each such offer the turn asks beside a write it made or a read it answered
    ("anything on thursday? and add a haircut friday at 11"), whose time is said
    in exactly one clause of a message of several: ``phrase`` the clause's time phrase, ``clause`` its words as the user wrote
    them (one clause asked once)."""
    parts = clauses(ctx.user_text)
    if len(parts) < 2 or not (out.persisted or any(r.status == "read" for r in out.runs)):
        return []  # (nothing else written or read: the offer may be the whole request, or half of a swap left out)
    offers = [o for run in out.runs if (o := _offer_of_an_update(run)) is not None]
    if any(a not in offers for a in out.asking):
        return []  # another question stands ("Delete “Badminton”?" of a swap): the offer is asked with it
    found: dict[str, tuple[NeedsConfirmation, str, str]] = {}
    times = times_of(ctx)
    for offer in out.asking:
        when = str(offer.command.args.get("when") or "")
        if not isinstance(offer, NeedsConfirmation) or offer not in offers or not when:
            continue
        holding = [i for i, c in enumerate(parts) if is_time_grounded(when, [c], now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
        if len(holding) != 1:
            continue
        at = holding[0]
        clause = parts[at]
        if at > 0 and only_times(clause, times):  # "再加个游泳，晚上六点": the time's request before it
            clause = span(ctx.user_text, parts[at - 1], clause)
        said = normalise(clause)
        if all(normalise(c) in said for c in parts):
            continue  # one request, already the whole message
        inside = [p for p in times if normalise(p) in said]  # ("dinner" of a clause is a time too)
        grounding = [p for p in inside if is_time_grounded(when, [p], now=ctx.now, tz=ctx.tz, memo=ctx.memo)]
        phrase = max(grounding or inside, key=len, default=None)
        if phrase is not None:
            found.setdefault(clause, (offer, phrase, clause))
    return list(found.values())


def replaced_offer(runs: Sequence[ToolRun]) -> bool:
    """The clause asked alone made the new event: the offer is answered by it."""
    return any(isinstance(r.result, Persisted) and r.result.result.action == "created" for r in runs)


async def offers_asked_alone(
    model: Model,
    tools: BoundTools,
    messages: Sequence[Message],
    out: TurnResult,
    code_texts: list[str],
    telemetry: TurnTelemetry,
    call_index: int,
    take: Callable[[ToolRun], None],
) -> int:
    """Each offer's clause asked alone (``offered_clauses``); ``take`` records a run of it in the turn. Every
    write it made is taken (its receipt is owed); its questions only when the new event was made, which
    answers the offer — then the offer is withdrawn. Returns the next free call index: a call index is the key
    that makes a write run once, so no later call of the turn may reuse one of these."""
    state = tools.ctx.state
    for offer, phrase, clause in offered_clauses(tools.ctx, out):
        state.answer_calls, state.answer_first_call = (), call_index
        runs = await run_left_out_alone(model, tools, messages, [(phrase, clause)], telemetry, call_index)
        # (a read code made for the clause, then one index per tool call of its answer)
        call_index = max(call_index, state.answer_first_call) + len(state.answer_calls) + 2
        made = replaced_offer(runs)
        if made and offer in out.asking:
            out.asking.remove(offer)
            if offer.question in code_texts:
                code_texts.remove(offer.question)
            tools.ctx.state.checks.append({"name": "offer_clause", "verdict": "replaced"})
        for run in runs:
            if made or isinstance(run.result, Persisted):
                take(run)
    return call_index
