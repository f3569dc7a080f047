"""A request the model left out, asked alone: one more model call whose message is only its clause.

A small model answers a message with two requests ("move X to 1, cancel the 4 o'clock Y", in either
order, in both languages) with calls for one of them, or with one call that mixes the two (Y's name with
X's new time); told in a tool result what it left out, it still does not make it (live eval). The same
clause sent alone is a single request, which the model handles. So when a time of the message is still
unused at the end of the turn, code asks the model once more, with the conversation as it was and, as the
user's message, only the clause of the message that holds that time (``agent.language.clauses``: structure,
not meaning — what the clause asks for is the model's reading).

What the answer may do is held as the left-out prompt's is (``TurnState.unsaid`` → ``only_the_unsaid``):
only a write whose time comes from that clause's phrase runs; the clause's own ``request`` reading is the
turn's for its guards (a write the reading does not back is a yes/no, never a write); its prose is not shown
(the receipts say what was done) and its reads are not run (sent "晚上7点" alone, the model looked for free
time); when it reads the clause as a question, code lists the clause's time window, as ``read_left_out``
does for the question half of a "mixed" message, and the listing answers it. A fixable refusal is not sent
back: the clause is then said undone, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent.context import ToolContext
from agent.language import clauses
from agent.model import Message, Model, ModelError, UserMessage
from agent.outcomes import Rejected
from agent.time_grounding import phrases_of
from agent.tools.registry import BoundTools, ToolRun
from agent.turn.telemetry import TurnTelemetry
from agent.turn.unsaid import carried, given_args, times_of, unsaid
from schedule_time.language import normalise, scan

__all__ = ["MAX_CLAUSE_CALLS", "left_out_clauses", "only_times", "run_left_out_alone", "span"]

MAX_CLAUSE_CALLS = 2
"""Clauses asked alone per turn: a message rarely holds more requests, and each call costs a model round."""


def left_out_clauses(ctx: ToolContext, runs: Sequence[ToolRun]) -> list[tuple[str, str]]:
    """``(phrase, clause)`` for each time of the message no run accounts for (none while a question of
    the assistant waits for its answer), whose clause of the message is not the whole message (a
    one-request message left unfinished is the write path's to ask about), holds no time some run used and
    names no event some run named or changed (either way that clause's request was made and the phrase is
    its detail: "move every journal a day later, to Sunday 9pm")."""
    if ctx.pending_texts:
        return []  # the message may answer the question asked: its clauses are about that, not requests
    left = unsaid(ctx, carried(runs))
    if not left:
        return []
    parts = clauses(ctx.user_text)
    if len(parts) < 2:
        return []
    kept = carried(runs)
    # a call refused and never fixed made no request, unless it found its event ("the 3pm call" found, and
    # a delete of it came after): an event it could not find ("…加个牙医" sent as an update) names nothing
    named = _named([r for r in runs if r in kept or _found_its_event(r)])
    times = times_of(ctx)

    def unused(clause: str) -> bool:
        said = normalise(clause)
        return all(p in left for p in times if normalise(p) in said) and not any(n in said for n in named)

    found: dict[str, str] = {}
    for phrase in left:
        wanted = normalise(phrase)
        holding = [i for i, c in enumerate(parts) if wanted in normalise(c)]
        if len(holding) != 1:
            continue
        at = holding[0]
        clause = parts[at]
        if only_times(clause, times) and at > 0 and unused(parts[at - 1]):
            clause = span(ctx.user_text, parts[at - 1], clause)  # "改去游泳，晚上7点": the time's request
        if unused(clause):
            found.setdefault(clause, phrase)
    return [(phrase, clause) for clause, phrase in found.items()][:MAX_CLAUSE_CALLS]


def only_times(clause: str, times: Sequence[str]) -> bool:
    """The clause says nothing but its time ("…, 晚上7点"): alone it is no request."""
    rest = normalise(clause)
    for phrase in times:
        rest = rest.replace(normalise(phrase), " ")
    return not scan(rest).unknown


def span(text: str, first: str, second: str) -> str:
    """``text`` from ``first`` to the end of ``second`` (both clauses of it), as the user wrote it."""
    start = text.find(first)
    end = text.find(second, start)
    return text[start : end + len(second)] if start >= 0 and end >= 0 else f"{first}, {second}"


def _found_its_event(run: ToolRun) -> bool:
    """A refused write that had found the event it named (its command has a target)."""
    command = getattr(run.result, "command", None)
    return isinstance(run.result, Rejected) and command is not None and bool(command.target)


def _named(runs: Sequence[ToolRun]) -> set[str]:
    """What the turn's calls named (their ``event`` and ``title``) and the titles of the events they
    changed, normalised; the time phrases a name may hold do not count as a name."""
    names: set[str] = set()
    for run in runs:
        args = given_args(run)
        command = getattr(run.result, "command", None)
        target = command.target if command is not None and command.target else {}
        for value in (args.get("event"), args.get("title"), target.get("title")):
            if isinstance(value, str) and (bare := _without_times(value)):
                names.add(bare)
    return names


def _without_times(value: str) -> str:
    bare = normalise(value)
    for phrase in phrases_of(value, None):
        bare = bare.replace(normalise(phrase), " ")
    return bare.strip() if len(bare.strip()) >= 2 else ""


async def run_left_out_alone(
    model: Model,
    tools: BoundTools,
    messages: Sequence[Message],
    left: Sequence[tuple[str, str]],
    telemetry: TurnTelemetry,
    call_index: int,
) -> list[ToolRun]:
    """For each ``(phrase, clause)``: one model call with ``clause`` as the user's message; its write calls
    run through the guards, held to ``phrase``. Returns the runs that were not sent-back refusals
    (none when the model fails or answers in prose)."""
    ctx = tools.ctx
    runs: list[ToolRun] = []
    reading = ctx.state.request
    for phrase, clause in left:
        alone = [*messages[:-1], UserMessage(clause)]
        try:
            with telemetry.stage("model"):
                telemetry.model_round_trips += 1
                response = await model.complete(alone, tools.registry.specs)
        except ModelError as exc:
            ctx.state.checks.append({"name": "clause_call", "verdict": "model_failed", "code": exc.kind})
            break
        telemetry.requests.append(response.request)
        telemetry.clause_calls += 1
        ctx.state.request = response.request  # the clause's own reading gates its writes
        ctx.state.unsaid = (phrase,)
        ctx.state.answer_calls = tuple((c.name, dict(c.arguments)) for c in response.tool_calls)
        ctx.state.answer_first_call = call_index
        if response.request == "calendar_question":  # the clause is a question: code reads its window
            runs.append(await tools.run("list_events", {"range": phrase}, call_index))
            call_index += 1
        for tool_call in response.tool_calls:
            tool = tools.registry.get(tool_call.name)
            if tool is None or tool.kind != "write":
                continue  # the model's own read of a clause alone is not used (a bare time: free slots)
            run = await tools.run(tool_call.name, tool_call.arguments, call_index)
            call_index += 1
            if isinstance(run.result, Rejected) and run.result.fixable:
                continue  # not sent back: the clause is said undone
            runs.append(run)
        verdict = "called" if response.tool_calls else "prose"
        ctx.state.checks.append({"name": "clause_call", "verdict": verdict})
    ctx.state.request = reading
    return runs
