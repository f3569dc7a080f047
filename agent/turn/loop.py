"""The turn: one model call for recognition and tool choice, code for everything after it.

    prompt → model ─┬─ no tool: the model's text is the reply (chit-chat, refusal, a read summary)
                    ├─ read tools: results go back to the model (at most MAX_MODEL_CALLS calls per turn)
                    ├─ write tools: the write path (code) → receipts / questions / confirmations (code text)
                    └─ a fixable argument error: back to the model ONCE as a structured tool result;
                       a second failure becomes a question to the user (the rejection's ``ask`` —
                       e.g. "When should it be?" for a time not in the user's words — else "say it again")
    → after writes only: one more call if the message has a time no tool call used (``agent.turn.unsaid``: a
      second request the model left out, named in the last tool result)
    → a new event the model sent as an update, offered as a yes/no, in a message of several requests: its
      clause alone in one more call; a create made of it replaces the offer (``agent.turn.offer_clause``)
    → still unused after that: its clause of the message, alone, in one more call (``agent.turn.clause_call``)
    → a calendar question answered with no read: code makes the read (``agent.checks.unread``)
    → the reply (``agent.turn.final_reply``): exit check on the model's text (claims vs persisted writes;
      unverified → the whole reply replaced)
    → reply checks (``agent.checks.reply_guidance``): a reply that quotes this turn's tool-result guidance, or
      promises a reminder or a message, is replaced by code's texts (and what kairos can do instead)
    → read check (a reply to a list_events / search_events read that names none of its events → the
      listing, from code; a search beside a write is the write's lookup and is not checked; a turn that
      ended on writes shows the listing of a time the user asked about apart from them)

Provider failures (``ModelError``) end the turn with an honest reply and no further write: unreachable and
unreadable answers each say so (``agent.turn.model_failure``), and an empty answer is never an empty reply.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from agent.checks.guidance import quotes_guidance
from agent.checks.guidance import record as record_guidance
from agent.checks.unread import read_left_out, read_skipped
from agent.context import ToolContext
from agent.model import Message, Model, ModelError, ModelResponse, SystemMessage
from agent.outcomes import NeedsConfirmation, Rejected
from agent.render import phrases
from agent.tools.registry import BoundTools, ReadResult, ToolRun
from agent.turn.clause_call import left_out_clauses, run_left_out_alone
from agent.turn.correction import correction_offered
from agent.turn.denied_value import denied_value_note
from agent.turn.endings import (
    answered_by_its_reads,
    following_what_it_read,
    not_named,
    only_earlier_times,
    only_read,
    only_yes_no,
    reads_all_failed,
    settled_after_retry,
)
from agent.turn.final_reply import compose_reply
from agent.turn.model_failure import failure_reply
from agent.turn.offer_clause import offers_asked_alone
from agent.turn.result import TurnResult, absorb, offered, record_run
from agent.turn.telemetry import TurnTelemetry
from agent.turn.tool_messages import distinct_calls, tool_result_text, with_results
from agent.turn.unacted import unacted_note
from agent.turn.unfit_retry import unfit_note
from agent.turn.unsaid import (
    still_undone,
    unsaid,
    with_unsaid_note,
)

__all__ = ["MAX_MODEL_CALLS", "run_turn"]

log = logging.getLogger("kairos.agent.turn")
MAX_MODEL_CALLS = 3
"""Model round trips per turn: the first call plus at most two loop-backs (read results or one retry)."""

ToolEvent = Callable[[str, str, int], None]


_PROSE_OK = frozenset({"nothing_to_change", "event_not_named", "nothing_asked"})


def _ask_instead(
    out: TurnResult, fixable: Sequence[ToolRun], code_texts: list[str], lang: str, telemetry: TurnTelemetry
) -> None:
    """A second failure (a bad retry, or prose instead of one) becomes a question to the user."""
    telemetry.fallback_reason = "invalid_arguments"
    asks = [a for r in fixable if isinstance(r.result, Rejected) and (a := r.result.ask) is not None]
    for ask in asks:  # a focused question (saved as the pending command) instead of "say it again"
        ask = offered(ask, lang)  # type: ignore[arg-type]
        out.asking.append(ask)
        code_texts.append(ask.question)
    if not asks:
        code_texts.append(_retry_question(fixable, lang))


def _retry_question(runs: Sequence[ToolRun], lang: str) -> str:
    """After a second failure: what the refusals say to the user where each says something (an event not
    found, a write nobody asked for), else "say it again"."""
    said = [r.result.message for r in runs if isinstance(r.result, Rejected)]
    if said and all(said):
        return "\n".join(dict.fromkeys(said))
    return phrases.say("rephrase", lang)  # type: ignore[arg-type]


async def run_turn(
    model: Model,
    tools: BoundTools,
    messages: list[Message],
    telemetry: TurnTelemetry,
    *,
    on_tool: ToolEvent | None = None,
) -> TurnResult:
    ctx = tools.ctx
    lang = ctx.lang
    specs = tools.registry.specs
    asked = list(messages)  # the turn's prompt as sent, for a left-out clause asked alone
    out = TurnResult(text="")
    code_texts: list[str] = []
    call_index = 0
    retried = False
    unanswered: list[ToolRun] = []  # fixable rejections the model has not yet answered with a new call
    changed_nothing: list[ToolRun] = []  # the last round's updates that changed nothing (prose may answer)
    model_text = ""
    ended_by_model_text = False
    prompted = False  # the model was asked about a request it left out (``agent.turn.unsaid``)
    read_answers = False  # its writes after a read were set aside: the read answers (``following_what_it_read``)
    refused_change = False  # the last round's calls included a change of an event the user never named
    gave_up: int | None = None  # where code's "say it again" starts in code_texts, after a failed retry
    while True:
        if telemetry.model_round_trips >= MAX_MODEL_CALLS:
            if answered_by_its_reads(out, ctx.state.first_request):
                model_text, ended_by_model_text, read_answers = "", True, True  # the listing answers
                break
            if reads_all_failed(out.runs) and (run := await read_skipped(tools, call_index, tried=True)):
                # the same failed read until the rounds ran out (live: find_free_time for "when's the next
                # standup?", three times): code's read answers, as after a failed read and prose
                _code_run(out, run, code_texts, ctx, telemetry, on_tool)
                model_text, ended_by_model_text = "", True
                break
            telemetry.fallback_reason = telemetry.fallback_reason or "too_many_rounds"
            code_texts.append(phrases.say("too_many_steps", lang))
            break
        try:
            with telemetry.stage("model"):
                telemetry.model_round_trips += 1
                response: ModelResponse = distinct_calls(await model.complete(messages, specs))
            telemetry.requests.append(response.request)
            telemetry.confidence.append(
                None if response.mean_logprob is None else round(response.mean_logprob, 4)
            )
            telemetry.no_tool_p.append(None if response.no_tool_p is None else round(response.no_tool_p, 4))
            telemetry.request_p.append(
                None if response.request_p is None else {k: round(v, 4) for k, v in response.request_p.items() if v}
            )
            if response.request is not None:  # a later answer without one keeps the earlier reading
                ctx.state.request = response.request
                ctx.state.request_p = response.request_p
            ctx.state.answer_calls = tuple((c.name, dict(c.arguments)) for c in response.tool_calls)
            ctx.state.answer_first_call = call_index
            if response.tool_calls and telemetry.model_round_trips == 1:
                # only the first answer's doubt is about acting at all (it holds for the turn): after tool
                # results, "none" is also the model's wish to stop and report (a second create of two gave 0.15)
                ctx.state.no_tool_p = response.no_tool_p
                ctx.state.first_request = response.request
                ctx.state.answer_logprob = response.mean_logprob
        except ModelError as exc:
            telemetry.fallback_reason = exc.kind
            telemetry.route = "model_unavailable"
            log.warning("model call failed: %s", exc.kind, extra={"turn_id": ctx.turn_id})
            code_texts.append(failure_reply(exc.kind, lang, after=bool(out.persisted or code_texts)))
            break
        if not response.tool_calls:
            unacted = None if out.runs or prompted else unacted_note(response)
            denied = None if out.runs or prompted or unacted else denied_value_note(ctx)
            note = unacted or denied
            if note is not None and ctx.state.send_back_once("no_call"):
                record_guidance(ctx, [note])  # what code told the model: never for the user
                name = "unacted" if unacted else "denied_value"  # (a stored value the message denies)
                ctx.state.checks.append({"name": name, "verdict": "send_back", "code": "no_tool_called"})
                messages = [*messages, response.as_message(), SystemMessage(note)]
                continue
            unfit = None if out.runs or prompted or note else unfit_note(response, ctx)
            if unfit is not None and ctx.state.send_back_once("no_call"):
                record_guidance(ctx, [unfit[1]])  # an answer that cannot reach the user: once more
                ctx.state.checks.append({"name": "unfit_answer", "verdict": "send_back", "code": unfit[0]})
                messages = [*messages, response.as_message(), SystemMessage(unfit[1])]
                continue
            if (unacted is not None or unfit is not None) and not out.runs and (
                run := await correction_offered(tools, call_index)
            ):  # (the second answer still prose that cannot stand: a promise, an echo)
                # the model read a change and made none, twice: code's yes/no for the event just written
                _code_run(out, run, code_texts, ctx, telemetry, on_tool)
                break
            if reads_all_failed(out.runs) and (run := await read_skipped(tools, call_index, tried=True)):
                # every read the model made failed, then prose (often the hint paraphrased): code's read
                # answers, in the user's own words for the time (agent.checks.unread)
                _code_run(out, run, code_texts, ctx, telemetry, on_tool)
                model_text, ended_by_model_text = "", True
                break
            if unanswered and not following_what_it_read(out, unanswered):
                gave_up = len(code_texts)
                _ask_instead(out, unanswered, code_texts, lang, telemetry)  # prose instead of the fix
                break
            if changed_nothing and (not response.text.strip() or quotes_guidance(response.text, ctx)):
                # told its update changes nothing, the model said nothing at all, or only repeated what it was
                # told: no prose answered the user, so this is a failed retry like any other (two requests in
                # it are then each asked alone)
                gave_up = len(code_texts)
                _ask_instead(out, changed_nothing, code_texts, lang, telemetry)
                break
            if not prompted:  # after the prompt, the receipts already say what was done
                # prose right after a refused change of an event nobody named that talks about the refusal
                # ("The event 'Design crit' is not named by the user…"): the read's listing answers instead
                model_text = response.text.strip()
                if refused_change and quotes_guidance(model_text, ctx, min_words=4):
                    model_text = ""
                ended_by_model_text = True
            if not out.runs and (run := await read_skipped(tools, call_index, reply=response.text)) is not None:
                # a calendar question answered unread: code reads (agent.checks.unread)
                _code_run(out, run, code_texts, ctx, telemetry, on_tool)
                if isinstance(run.result, ReadResult) and (run.result.listing or run.result.refusal):
                    model_text = ""  # words made without the calendar: the read's listing answers
            break
        runs: list[ToolRun] = []
        with telemetry.stage("tools"):
            for tool_call in response.tool_calls:
                run = await tools.run(tool_call.name, tool_call.arguments, call_index)
                call_index += 1
                runs.append(run)
                record_run(telemetry, run)
                if on_tool is not None:
                    on_tool(run.name, run.status, run.call_index)
        fixable = [r for r in runs if isinstance(r.result, Rejected) and r.result.fixable]
        refused_change = not_named(fixable)
        absorb(out, runs, code_texts, ctx)
        if all(isinstance(r.result, ReadResult) and r.result.refusal for r in runs):
            ended_by_model_text = True  # code refused every read (someone else's calendar): its words answer
            model_text = ""
            break
        reads = any(isinstance(r.result, ReadResult) for r in runs)
        if fixable and retried:
            if following_what_it_read(out, fixable):  # the listing answers the user; no "say it again"
                ended_by_model_text = read_answers = True
                break
            if reads_all_failed(out.runs) and (run := await read_skipped(tools, call_index, tried=True)):
                _code_run(out, run, code_texts, ctx, telemetry, on_tool)  # a second bad read: code's
                model_text, ended_by_model_text = "", True
                break
            if only_earlier_times(fixable) and (run := await correction_offered(tools, call_index)):
                # the model took the old time twice, though the message says its own: code's yes/no for
                # the event just written at the message's one time ("时间说错了，是四点")
                _code_run(out, run, code_texts, ctx, telemetry, on_tool)
                break
            gave_up = len(code_texts)
            _ask_instead(out, fixable, code_texts, lang, telemetry)
            break
        # a write with nothing left to change may have been meant as an answer: prose is a fine reply,
        # unless the refusal holds code's own question for that case (``writes.no_change``: yes/no to delete)
        unanswered = [
            r for r in fixable
            if not (
                isinstance(r.result, Rejected)
                and r.result.code in _PROSE_OK
                and (r.result.ask is None or r.result.prose_ok)
            )
        ]  # fmt: skip
        changed_nothing = [
            r for r in fixable if isinstance(r.result, Rejected) and r.result.code == "nothing_to_change"
        ]
        if prompted and not fixable:
            break  # one more round for the left-out request, never a conversation
        if fixable or reads:
            if fixable:
                retried = True
                telemetry.validation_retries += 1
            results = [tool_result_text(r) for r in runs]
            if not_named(fixable) and (left := unsaid(ctx, out.runs)):
                # "What's on Tuesday? Also add a call with Mina on Friday at 2pm": after the read the
                # model changed a listed event; the request it left out is named with the refusal
                telemetry.unsaid_prompt = True
                results[-1] = with_unsaid_note(results[-1], left, ctx, out.runs)
            record_guidance(
                ctx, results
            )  # what code told the model: never for the user (agent.checks.guidance)
            messages = with_results(messages, response, results)
            continue
        asked_first = any(isinstance(a, NeedsConfirmation) and "destructive" in a.reasons for a in out.asking)
        left = (
            unsaid(ctx, out.runs)
            if (out.persisted or asked_first)
            and not retried
            and telemetry.model_round_trips < MAX_MODEL_CALLS
            else []
        )
        if left:  # a write (no retry before it), and a time in the message the turn never used
            prompted = True
            ctx.state.unsaid = tuple(left)
            telemetry.unsaid_prompt = True
            results = [tool_result_text(r) for r in runs]
            results[-1] = with_unsaid_note(results[-1], left, ctx, out.runs)
            record_guidance(ctx, results)
            messages = with_results(messages, response, results)
            continue
        break  # writes only: code's texts end the turn
    out.model_text = model_text
    if prompted and (
        run := await read_left_out(tools, unsaid(ctx, out.runs), telemetry.requests, out.runs, call_index)
    ):
        # the question half of a "mixed" message, still unread: code reads it
        call_index += 1
        _code_run(out, run, code_texts, ctx, telemetry, on_tool)
    alive = telemetry.route != "model_unavailable"
    if alive:  # a new event sent as an update, offered as a yes/no: its clause asked alone
        call_index = await offers_asked_alone(
            model, tools, asked, out, code_texts, telemetry, call_index,
            lambda run: _code_run(out, run, code_texts, ctx, telemetry, on_tool),
        )  # fmt: skip
    left: list[tuple[str, str]] = []
    # writes set aside behind a read asked nobody anything: another request of the message is still undone
    done = [r for r in out.runs if not (read_answers and isinstance(r.result, Rejected) and r.result.fixable)]
    if alive and (
        prompted or settled_after_retry(out, retried) or only_read(out) or only_yes_no(out) or read_answers
    ):
        # still undone after the prompt (or beside a yes/no, or behind a read): each clause asked alone
        left = left_out_clauses(ctx, done)
    lost = not left and alive and gave_up is not None and not (out.persisted or out.asking)
    if lost:
        # two requests mixed into calls that failed twice ("say it again"): each request's clause alone
        left = left_out_clauses(ctx, [r for r in out.runs if not isinstance(r.result, Rejected)])
        left = left if len(left) > 1 else []
    alone = await run_left_out_alone(model, tools, asked, left, telemetry, call_index) if left else []
    if alone and lost and gave_up is not None:
        del code_texts[gave_up:]  # what the clauses did (and what they left undone) is said instead
    for run in alone:
        _code_run(out, run, code_texts, ctx, telemetry, on_tool)
    code_texts[:] = out.one_question(code_texts, lang)
    if (prompted or settled_after_retry(out, retried) or only_yes_no(out) or read_answers) and (
        undone := still_undone(ctx, [*done, *alone])
    ):
        code_texts.append(undone)  # the left-out request, still not done after the prompt: said, not lost
    compose_reply(out, model_text, code_texts, ctx, telemetry, ended_by_model_text=ended_by_model_text)
    telemetry.checks = list(ctx.state.checks)
    return out


def _code_run(
    out: TurnResult,
    run: ToolRun,
    code_texts: list[str],
    ctx: ToolContext,
    telemetry: TurnTelemetry,
    on_tool: ToolEvent | None,
) -> None:
    """A tool run code made for the turn (a read the model skipped, ``agent.checks.unread``; a correction's
    yes/no, ``agent.turn.correction``; a write of a clause asked alone, ``agent.turn.clause_call``),
    recorded and shown like the model's own."""
    record_run(telemetry, run)
    if on_tool is not None:
        on_tool(run.name, run.status, run.call_index)
    absorb(out, [run], code_texts, ctx)
    if run.kind == "read":
        telemetry.read_forced = True
