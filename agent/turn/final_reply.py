"""The turn's reply, assembled once the tools have run: the exit check on the model's text (a claim of a
write nothing persisted replaces the whole reply), the reply checks (guidance or the user's message echoed,
a promise kairos cannot keep), the read check (a reply to this turn's reads that misreports them is
replaced by the listing), and never an empty reply."""

from __future__ import annotations

from collections.abc import Sequence

from agent.checks.exit_check import check_reply, honest_reply
from agent.checks.read_check import check_read_reply
from agent.checks.reply_guidance import instead, unfit_reply
from agent.context import ToolContext
from agent.tools.registry import ReadResult
from agent.turn.model_failure import failure_reply
from agent.turn.result import TurnResult, p_kind
from agent.turn.telemetry import TurnTelemetry
from agent.turn.unsaid import free_times_asked_apart, unanswered_reads

__all__ = ["compose_reply"]


def compose_reply(
    out: TurnResult,
    model_text: str,
    code_texts: Sequence[str],
    ctx: ToolContext,
    telemetry: TurnTelemetry,
    *,
    ended_by_model_text: bool,
) -> None:
    """Set ``out.text`` (and ``out.verdict``) from the model's words and code's texts (receipts, questions,
    what was left undone)."""
    lang = ctx.lang
    with telemetry.stage("exit_check"):
        verdict = check_reply(model_text, (p_kind(p) for p in out.persisted))
    out.verdict = verdict
    telemetry.exit_check = verdict.outcome
    if not verdict.ok:
        ctx.state.checks.append({"name": "exit_check", "verdict": "replace", "code": verdict.outcome})
        out.replaced = True
        honest = honest_reply(verdict, [r.text for r in out.receipts], lang)  # type: ignore[arg-type]
        others = [t for t in code_texts if t not in {r.text for r in out.receipts}]
        # what this turn read still answers the question: the claim is replaced, not the calendar's facts
        read = _checked_read_reply(out, "", telemetry, ctx) if ended_by_model_text else None
        out.text = "\n".join([honest, *([read] if read else []), *others])
    else:
        unfit = unfit_reply(model_text, ctx, verdict) if ended_by_model_text else None
        if unfit is not None:  # guidance or the message echoed, a reminder promised: code's texts instead
            ctx.state.checks.append({"name": "reply_fit", "verdict": "replace", "code": unfit})
            out.replaced = True
            if unfit in ("guidance_echo", "user_echo", "internal_talk", "wrong_language", "unkept_promise"):
                telemetry.fallback_reason = telemetry.fallback_reason or unfit
        shown = (
            _checked_read_reply(out, "" if unfit else model_text, telemetry, ctx)
            if ended_by_model_text
            else unanswered_reads(out.runs, ctx)
        )
        if shown and not ended_by_model_text:
            telemetry.read_check = "unanswered"
        texts = ([shown] if shown else []) + list(code_texts)
        if unfit and (extra := instead(unfit, lang, wrote=bool(out.persisted), shown=bool(texts))):
            texts.append(extra)
        out.text = "\n".join(texts)
    if not out.text.strip() and not out.persisted:  # e.g. ``content: null`` and no tool call
        telemetry.fallback_reason = telemetry.fallback_reason or "empty_reply"
        out.text = failure_reply("empty", lang)
    if out.read_replaced:
        ctx.state.checks.append({"name": "read_check", "verdict": "replace"})


def _checked_read_reply(out: TurnResult, model_text: str, telemetry: TurnTelemetry, ctx: ToolContext) -> str:
    """The model's answer, unless it misreports this turn's calendar reads (``read_check``) or code refused
    a read (someone else's calendar: code's sentence is the answer)."""
    refusals = [r.result.refusal for r in out.runs if isinstance(r.result, ReadResult) and r.result.refusal]
    if refusals:
        telemetry.read_check = "refused"
        return refusals[0]
    listings = [r.result.listing for r in out.runs if isinstance(r.result, ReadResult) and r.result.listing]
    wrote = any(r.kind == "write" for r in out.runs)
    if wrote and _search_was_a_lookup(out, model_text):
        listings = [listing for listing in listings if not listing.is_search]
    free = [r.result.free_time for r in out.runs if isinstance(r.result, ReadResult) and r.result.free_time]
    if out.persisted:  # slots found for a write are its lookup: only a time asked about apart is answered
        free = free_times_asked_apart(out.runs, ctx)
    if not listings and not free:
        return model_text
    replacement = check_read_reply(
        model_text,
        listings,
        ctx.lang,  # type: ignore[arg-type]
        now=ctx.now,
        wrote=wrote,
        free=free,
        said=ctx.time_sources,
        tz=ctx.tz,
    )
    telemetry.read_check = "reported" if replacement is None else "replaced"
    if replacement is None:
        return model_text
    out.read_replaced = True
    return replacement


def _search_was_a_lookup(out: TurnResult, model_text: str) -> bool:
    """In a turn that called a write tool, a search was the write's lookup: the write's receipts and
    questions, or the model's words about it (the exit check read them), report the turn. Only an empty
    reply with nothing else to show falls back to the search's listing (a write code refused because the
    model was following what it read: the user asked a question, and the search answers it)."""
    return bool(model_text.strip() or out.persisted or out.asking)
