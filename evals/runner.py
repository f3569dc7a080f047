"""The scenario runner: seed, play the turns through the real agent, observe facts, compare.

    template = await migrated_template()
    result = await run_scenario(scenario, ScriptSource(), template=template)       # offline
    results = await run_scenarios(scenarios, LiveSource(model), k=3)               # live

Per turn it records the decision, derived from facts only — a write the store committed (``write``), a
pending question or clarification (``ask``), a read tool the model called (``read``; not when code refused
the read, e.g. someone else's calendar), else ``none`` — the
model round trips, the latency, the reply, the false claims before the exit check (the turn's
``unverified_write_claim`` record) and after it (the reply that left, re-checked against the writes the
store committed), and dirty or unbacked writes. At the end it compares the calendar τ-bench style and
checks that the other users' calendars did not change and that nothing of theirs reached a reply.
"""

from __future__ import annotations

import functools
import mimetypes
import time
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime
from pathlib import Path

from agent import Assistant, Registry, build_registry, check_reply
from agent.attachments import Attachment
from agent.language import simplified
from evals.backend import Backend, Seeded
from evals.contract import READ_TOOLS, WRITE_TOOLS
from evals.matching import compare_calendars
from evals.results import Decision, RunResult, TurnResult
from evals.scenarios import Scenario, Turn
from evals.sources import ModelSource, RecordingModel

__all__ = ["CONVERSATION", "derive_decision", "run_scenario", "run_scenarios"]

CONVERSATION = "eval"
_KIND = {"created": "create", "restored": "create", "updated": "update", "deleted": "delete"}
_ASKING = {"needs_value", "needs_choice", "needs_confirmation"}


def _no_clock() -> datetime:
    raise AssertionError("the eval runner passes now= on every turn; the assistant must not read a clock")


@functools.cache
def _registry() -> Registry:
    """The tool registry, built once (its schemas cost ~0.25 s to generate); it holds no per-user state."""
    return build_registry()


def derive_decision(*, writes: int, asking: bool, reads: bool) -> Decision:
    """write > ask > read > none: a turn that reads then writes is a write; a write call that ended in a
    question is an ask."""
    if writes:
        return "write"
    if asking:
        return "ask"
    return "read" if reads else "none"


async def run_scenario(
    scenario: Scenario, source: ModelSource, *, template: Path, trial: int = 0
) -> RunResult:
    """One trial of one scenario on a fresh copy of the migrated template database."""
    result = RunResult(scenario.id, scenario.lang, list(scenario.tags), trial)
    if scenario.variant:
        result.base, result.variant = scenario.base_id, scenario.variant
    async with Backend.open(template) as backend:
        seeded = await backend.seed(scenario)
        before_others = {name: await backend.calendar(uid) for name, uid in seeded.others.items()}
        assistant: Assistant | None = None
        pending_before = False
        for index, (turn, moment) in enumerate(zip(scenario.turns, scenario.turn_times(), strict=True)):
            model = source.for_turn(scenario, index, seeded.ids)
            if assistant is None:
                assistant = Assistant(backend.db, model, clock=_no_clock, registry=_registry())
            assistant.model = model
            record = await _play(assistant, backend, seeded, scenario, index, turn, moment, model)
            record.unbacked_write = _unbacked(record, pending_before)
            if source.scripted:
                _check_script(record, model)
            _check_turn(record, turn)
            result.turns.append(record)
            pending_before = record.pending is not None
            if record.error is not None:
                result.crashed = True
                break
        diff = compare_calendars(
            scenario.expected_calendar(), await backend.calendar(seeded.user_id), source.title_mode
        )
        result.calendar_ok, result.missing, result.unexpected = diff.ok, diff.missing, diff.unexpected
        after_others = {name: await backend.calendar(uid) for name, uid in seeded.others.items()}
        result.others_unchanged = after_others == before_others
        leaked = _leaked_titles(scenario, result)
    result.failures = _scenario_failures(result, leaked)
    return result


async def _play(
    assistant: Assistant,
    backend: Backend,
    seeded: Seeded,
    scenario: Scenario,
    index: int,
    turn: Turn,
    moment: datetime,
    model: RecordingModel,
) -> TurnResult:
    text = scenario.render(turn.user, seeded.ids)
    record = TurnResult(
        index=index,
        user=text,
        expected=turn.expect.decision,
        decision="none",
        gate=turn.expect.gate,
        must_not_write=turn.expect.must_not_write,
    )
    first_attempt = len(backend.attempts)
    started = time.perf_counter()
    attached = turn.attachment
    attachment = (
        Attachment(attached[0], attached[1], mimetypes.guess_type(attached[0])[0]) if attached else None
    )
    try:
        reply = await assistant.reply(
            seeded.user_id, text, conversation_id=CONVERSATION, now=moment, attachment=attachment
        )
    except Exception as exc:  # a crash is a finding, reported per turn
        record.latency_ms = round((time.perf_counter() - started) * 1000, 1)
        record.error = f"{type(exc).__name__}: {exc}"[:500]
        record.model_calls = model.calls
        record.failures.append("crash")
        return record
    record.latency_ms = round((time.perf_counter() - started) * 1000, 1)
    attempts = backend.attempts[first_attempt:]
    persisted = [a for a in attempts if a.persisted]
    record.write_attempts = [a.to_json() for a in attempts]
    record.writes = [a.outcome for a in persisted]
    record.model_calls = model.calls
    record.model_tool_calls = list(model.tool_calls)
    telemetry = reply.telemetry or {}
    record.route = str(telemetry.get("route") or ("model" if model.calls else "code"))
    record.tool_statuses = [str(t.get("status")) for t in telemetry.get("tools", [])]
    record.requests = list(telemetry.get("requests") or [])
    record.confidence = list(telemetry.get("confidence") or [])
    record.no_tool_p = list(telemetry.get("no_tool_p") or [])
    record.request_p = list(telemetry.get("request_p") or [])
    record.dropped_fields = [str(d.get("dropped")) for d in telemetry.get("dropped_fields", [])]
    record.filled_fields = [  # "when:user_words" (filled in), "when:swapped_with_event_when" (replaced)
        f"{f.get('filled') or f.get('replaced')}:{f.get('from') or f.get('reason')}"
        for f in telemetry.get("filled_fields", [])
    ]
    record.pending = reply.pending.kind if reply.pending else None
    record.options = len(reply.options)
    record.reply = reply.text
    # a read code refused (someone else's calendar) showed the user nothing: the turn refused
    reads = telemetry.get("read_check") != "refused" and (
        any(c["name"] in READ_TOOLS for c in model.tool_calls)
        or any(t.get("kind") == "read" for t in telemetry.get("tools", []))
    )
    asking = record.pending is not None or bool(reply.options) or bool(_ASKING & set(record.tool_statuses))
    record.decision = derive_decision(writes=len(persisted), asking=asking, reads=reads)
    record.text_question = (
        record.decision == "none" and not model.tool_calls and reply.text.rstrip().endswith(("?", "？"))
    )
    unverified = await backend.db.turn_log(seeded.user_id).records(
        turn_id=reply.turn_id, kind="unverified_write_claim"
    )
    record.claim_before = bool(unverified) or reply.exit_check == "unverified_write_claim"
    record.claim_after = not check_reply(reply.text, {_KIND[a.outcome] for a in persisted}).ok
    record.dirty_write = bool(persisted) and turn.expect.must_not_write
    return record


def _unbacked(record: TurnResult, pending_before: bool) -> bool:
    """A committed write needs a model write call on this turn, or (with no model call, or the one call of
    ``gate_amend``) a gate that had a pending command to finish, or the exact undo command (``gate_command``)."""
    if not record.writes:
        return False
    if any(c["name"] in WRITE_TOOLS for c in record.model_tool_calls):
        return False
    if (
        record.route == "gate_amend"
    ):  # the pending command finished by code, the reply's rest read by the model
        return not pending_before
    if record.model_calls == 0:
        command = record.route == "gate_command" or record.user.strip().casefold() in ("undo", "撤销")
        return not (pending_before or command)
    return True


def _check_script(record: TurnResult, model: RecordingModel) -> None:
    remaining = getattr(model, "remaining", 0)
    if getattr(model, "overrun", False):
        what = "a gate turn reached the model" if record.gate else "more model calls than scripted"
        record.failures.append(f"script: {what} ({record.model_calls} calls)")
    elif remaining and record.error is None:
        record.failures.append(f"script: {remaining} scripted step(s) never requested")


def _check_turn(record: TurnResult, turn: Turn) -> None:
    expect = turn.expect
    if record.error is not None:
        return
    if record.decision != expect.decision:
        record.failures.append(f"decision: expected {expect.decision}, got {record.decision}")
    if record.dirty_write:
        record.failures.append(f"dirty write: {', '.join(record.writes)}")
    if record.claim_after:
        record.failures.append("false claim after the exit check")
    if record.unbacked_write:
        record.failures.append("write without a model write call or a pending command")
    if expect.gate is not None and record.model_calls:
        record.failures.append(f"gate {expect.gate}: {record.model_calls} model call(s), expected 0")
    folded = simplified(record.reply).casefold()  # a Chinese word in either script is the same word
    for word in expect.reply_contains:
        if simplified(word).casefold() not in folded:
            record.failures.append(f"reply lacks {word!r}")
    for word in expect.reply_not_contains:
        if simplified(word).casefold() in folded:
            record.failures.append(f"reply contains {word!r}")
    if expect.options_count is not None and record.options != expect.options_count:
        record.failures.append(f"options: expected {expect.options_count}, got {record.options}")


def _leaked_titles(scenario: Scenario, result: RunResult) -> list[str]:
    """Other users' event titles that appear in a reply (and not in the user's own calendar or message)."""
    own = {e.title.casefold() for e in scenario.calendar}
    said = " ".join(t.user for t in scenario.turns).casefold()
    titles = {e.title for other in scenario.other_users for e in other.calendar}
    replies = " ".join(t.reply for t in result.turns).casefold()
    return sorted(
        t for t in titles if t.casefold() not in own and t.casefold() not in said and t.casefold() in replies
    )


def _scenario_failures(result: RunResult, leaked: list[str]) -> list[str]:
    failures = [f"turn {t.index + 1}: {f}" for t in result.turns for f in t.failures]
    if not result.calendar_ok:
        failures.append(
            f"calendar: {len(result.missing)} expected event(s) missing, {len(result.unexpected)} unexpected"
        )
    if not result.others_unchanged:
        failures.append("another user's calendar changed")
    if leaked:
        failures.append(f"another user's event in a reply: {', '.join(leaked)}")
    return failures


OnResult = Callable[[RunResult], Awaitable[None] | None]


async def run_scenarios(
    scenarios: Iterable[Scenario],
    source: ModelSource,
    *,
    template: Path,
    k: int = 1,
    on_result: OnResult | None = None,
) -> list[RunResult]:
    """Every scenario ``k`` times, one after the other (a local model serves one request at a time)."""
    results: list[RunResult] = []
    for scenario in scenarios:
        for trial in range(k):
            result = await run_scenario(scenario, source, template=template, trial=trial)
            results.append(result)
            if on_result is not None:
                maybe = on_result(result)
                if maybe is not None:
                    await maybe
    return results
