"""``Assistant``: the public, async entry point of the agent.

    assistant = Assistant(db, model, clock=lambda: datetime.now(UTC))   # only CLI/API pass a real clock
    reply = await assistant.reply(user_id, "后天上午十点和王五开会")         # tests pass now=...
    reply = await assistant.reply(user_id, text, record=ReplyRecord(request_id, render))  # the HTTP API
    reply = await assistant.reply(user_id, "", attachment=Attachment(name, data, media_type))  # a file
    async for item in assistant.stream(user_id, text): ...              # ToolActivity, ReplyDelta, FinalReply

One call = one turn:

    load (one session: segment, pending command, focus, the current segment's messages)
    → an attached file: routed by its type, by code (``agent.attachments``: a preview and a pending import)
    → gates (zero model calls: confirmation, slot, choice, exact "undo"; see ``gates``)
    → or: prompt, one model call (read tools may loop back), the write path in code, receipts, the exit check
    → commit (one transaction: the transcript — only the final, honest reply —, the turn record, the focus
      list, the pending command; with a ``ReplyRecord``, the HTTP request's answer for replays)
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from agent.attachments import Attachment, attachment_turn, language_sample, transcript_text
from agent.checks.exit_check import check_reply
from agent.checks.reply_limit import fit_reply
from agent.context import ToolContext
from agent.language import reply_in_users_script
from agent.model import Model
from agent.render import phrases
from agent.replies import FinalReply, PendingState, Reply, ReplyDelta, ReplyRecord, StreamItem, ToolActivity
from agent.time_sources import assistant_times, earlier_sources, pending_sources
from agent.tools.calendar import build_registry
from agent.tools.registry import Registry
from agent.turn.asked_still import ask_it_again
from agent.turn.focus import updated_focus
from agent.turn.gates import GateResult, finish_amendment, gate_lang, run_gates
from agent.turn.loop import run_turn
from agent.turn.prompt import INSTRUCTIONS, build_messages
from agent.turn.result import TurnResult, absorb, p_kind, record_run, without_the_model
from agent.turn.sessions import earlier_line, fit_history, focus_line, pending_line
from agent.turn.sessions import session_gap as session_gap_from_env
from agent.turn.telemetry import TurnTelemetry
from agent.writes.pending import EXPIRY, payload_of
from agent.writes.pending_change import pending_create
from storage import CLEAR, Database, PendingWrite, StorageError, TurnState, TurnStore
from storage.turns import RequestResult

__all__ = [
    "DEFAULT_CONVERSATION",
    "Assistant",
    "FinalReply",
    "PendingState",
    "Reply",
    "ReplyDelta",
    "ReplyRecord",
    "ToolActivity",
]

log = logging.getLogger("kairos.agent")
DEFAULT_CONVERSATION = "default"
HISTORY_MESSAGES = 12
"""At most this many of the current segment's messages are loaded; ``sessions.HISTORY_TOKENS`` cuts them."""
HISTORY_CHARS = 400
MAX_INPUT_CHARS = 4_000
ZONE_TTL_S = 60.0


def _distinct(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The queued commands without repeats (a model that sent one write twice asks once)."""
    seen, out = set(), []
    for command in commands:
        key = json.dumps([command.get("tool"), command.get("args"), command.get("target")], sort_keys=True,
                         default=str)  # fmt: skip
        if key not in seen:
            seen.add(key)
            out.append(command)
    return out


class Assistant:
    """The calendar assistant. ``clock`` returns an aware now; ``reply(..., now=...)`` overrides it."""

    def __init__(
        self,
        db: Database,
        model: Model,
        clock: Callable[[], datetime],
        *,
        registry: Registry | None = None,
        history_messages: int = HISTORY_MESSAGES,
        session_gap: timedelta | None = None,
    ) -> None:
        self.db = db
        self.model = model
        self.clock = clock
        self.registry = registry or build_registry()
        self.history_messages = history_messages
        self.session_gap = session_gap if session_gap is not None else session_gap_from_env()
        self._zones: dict[uuid.UUID, tuple[ZoneInfo, float]] = {}

    async def warm(self) -> None:
        """Send the static prefix (instructions + tools) once so the first user turn hits the cache."""
        from agent.model import SystemMessage

        await self.model.warm([SystemMessage(INSTRUCTIONS)], self.registry.specs)

    async def reply(
        self,
        user_id: uuid.UUID,
        text: str,
        *,
        conversation_id: str | None = None,
        now: datetime | None = None,
        record: ReplyRecord | None = None,
        attachment: Attachment | None = None,
    ) -> Reply:
        return await self._turn(
            user_id, text, conversation_id=conversation_id, now=now, on_tool=None, record=record,
            attachment=attachment,
        )  # fmt: skip

    async def stream(
        self,
        user_id: uuid.UUID,
        text: str,
        *,
        conversation_id: str | None = None,
        now: datetime | None = None,
        record: ReplyRecord | None = None,
        attachment: Attachment | None = None,
    ) -> AsyncIterator[StreamItem]:
        """Tool activity as it happens, then the reply text in pieces, then the final ``Reply``.

        The text is released only after the exit check: a claim that is replaced never reaches the user.
        """
        queue: asyncio.Queue[StreamItem | None] = asyncio.Queue()

        def on_tool(name: str, status: str, index: int) -> None:
            queue.put_nowait(ToolActivity(name, status, index))

        async def work() -> Reply:
            try:
                return await self._turn(
                    user_id, text, conversation_id=conversation_id, now=now, on_tool=on_tool, record=record,
                    attachment=attachment,
                )  # fmt: skip
            finally:
                queue.put_nowait(None)

        task = asyncio.ensure_future(work())
        try:
            while (item := await queue.get()) is not None:
                yield item
            final = await task
        finally:
            if not task.done():
                task.cancel()
        for piece in _pieces(final.text):
            yield ReplyDelta(piece)
        yield FinalReply(final)

    async def _turn(
        self,
        user_id: uuid.UUID,
        text: str,
        *,
        conversation_id: str | None,
        now: datetime | None,
        on_tool: Callable[[str, str, int], None] | None,
        record: ReplyRecord | None = None,
        attachment: Attachment | None = None,
    ) -> Reply:
        now = now if now is not None else self.clock()
        if now.tzinfo is None or now.utcoffset() is None:
            raise ValueError("now must be timezone-aware")
        text = text[:MAX_INPUT_CHARS]
        conversation = conversation_id or DEFAULT_CONVERSATION
        turn_id = record.turn_id if record is not None and record.turn_id else uuid.uuid4().hex
        telemetry = TurnTelemetry(turn_id=turn_id, lang="en", model=self.model.name)
        turns = self.db.turns(user_id)
        with telemetry.stage("prompt"):
            tz = await self._zone(user_id)
            state = await self._load(turns, conversation, now)
            lang = gate_lang(language_sample(text, attachment), state.pending)
            telemetry.lang = lang
            telemetry.new_segment = state.new_segment
            ctx = ToolContext(
                user_id=user_id,
                events=self.db.events(user_id),
                conversations=self.db.conversations(user_id),
                conversation_id=conversation,
                now=now,
                tz=tz,
                turn_id=turn_id,
                lang=lang,
                user_text=text,
                focus=state.focus,
                segment=state.segment,
                turns=turns,
                earlier_texts=earlier_sources(state.history, state.pending),
                shown_times=assistant_times(state.history),
                pending_texts=pending_sources(state.pending),
                pending_create=None
                if state.expired or state.pending is None
                else pending_create(state.pending.payload),
            )
        # a file is routed by its type, by code (agent.attachments), before the gates and the model
        attached = await attachment_turn(ctx, attachment, self.model, telemetry) if attachment else None
        with telemetry.stage("gate"):
            try:
                gate = None if attached else await run_gates(ctx, state.pending, text, expired=state.expired)
            except StorageError:  # the pending command could not be taken: the model answers instead
                log.warning("a gate could not reach the store", exc_info=True, extra={"turn_id": turn_id})
                gate = None
        if attached is not None:
            result = attached
        elif gate is not None:
            telemetry.route = gate.route
            if gate.amendment is not None:  # the answer settled; the rest of the reply read by the model
                gate = await finish_amendment(ctx, self.model, gate, text, telemetry)
            result = self._gate_result(ctx, gate, telemetry)
            if on_tool is not None and gate.run is not None:
                on_tool(gate.run.name, gate.run.status, gate.run.call_index)
        else:
            with telemetry.stage("prompt"):
                history = fit_history(state.history, now=now, tz=tz, per_message=HISTORY_CHARS)
                notes = [
                    earlier_line(state.earlier, tz),
                    focus_line(state.focus),
                    pending_line(state.pending),
                ]
                messages = build_messages(text, now=now, tz=tz, history=history, notes=notes)
            result = await run_turn(self.model, self.registry.bind(ctx), messages, telemetry, on_tool=on_tool)
            await ask_it_again(ctx, state.pending, result)  # a question about the event a question waits on
        telemetry.dropped_fields = [n for n in ctx.notes if "dropped" in n]
        telemetry.filled_fields = [n for n in ctx.notes if "dropped" not in n]  # filled in or replaced
        keep = gate is not None and gate.took_pending
        return await self._finish(
            ctx, turns, state, transcript_text(text, attachment), result, telemetry, pending_taken=keep,
            record=record,
        )  # fmt: skip

    async def _load(self, turns: TurnStore, conversation: str, now: datetime) -> TurnState:
        try:
            return await turns.load(
                conversation, now=now, gap=self.session_gap, history_limit=self.history_messages
            )
        except StorageError:  # the turn still answers (the model alone, no history, no pending command)
            log.warning("could not load the conversation state", exc_info=True)
            return _UNLOADED

    def _gate_result(self, ctx: ToolContext, gate: GateResult, telemetry: TurnTelemetry) -> TurnResult:
        result = TurnResult(text="")
        texts: list[str] = []
        if gate.run is not None:
            record_run(telemetry, gate.run)
            absorb(result, [without_the_model(gate.run)], texts, ctx)
        else:
            texts.append(gate.text)
        for run in gate.then:  # what waited behind the pending question, run now
            record_run(telemetry, run)
            absorb(result, [without_the_model(run)], texts, ctx)
        if gate.run is not None and gate.text:  # what of an amended reply was not used, said
            texts.append(gate.text)
        result.queued = list(gate.queued)
        texts = result.one_question(texts, ctx.lang) or [phrases.say("rephrase", ctx.lang)]
        result.text = "\n".join(texts)
        result.verdict = check_reply("", (p_kind(p) for p in result.persisted))
        telemetry.exit_check = result.verdict.outcome
        return result

    async def _finish(
        self,
        ctx: ToolContext,
        turns: TurnStore,
        state: TurnState,
        text: str,
        result: TurnResult,
        telemetry: TurnTelemetry,
        *,
        pending_taken: bool = False,
        record: ReplyRecord | None = None,
    ) -> Reply:
        """One transaction: the transcript (the final, honest reply only), the turn record (and an
        ``unverified_write_claim`` record), the focus list, and the pending command (a new question replaces
        it; any other turn ends it)."""
        with telemetry.stage("persist"):
            text_shown = reply_in_users_script(result.text, ctx.time_sources)
            result.text = fit_reply(text_shown, ctx.lang, telemetry)  # shown == stored, within the limit
            pending_state: PendingState | None = None
            dropped = state.pending is not None and not pending_taken
            change: PendingWrite | object | None = CLEAR if dropped else None
            if result.asking:
                first = result.asking[0]  # one pending command per conversation: the first question asked
                expires_at = ctx.now + EXPIRY[first.kind]
                payload = payload_of(first, ctx.lang)
                asked = [a.command.to_json() for a in result.asking]
                waiting = _distinct(asked + result.queued)[1:]  # (none the same as the question's own)
                if waiting:  # the other requests of the message, asked or run once this one is answered
                    payload["then"] = waiting
                    payload["together"] = result.asked_together  # one yes/no for all of them
                change = PendingWrite(first.kind, payload, expires_at)
                telemetry.pending = first.kind
                pending_state = PendingState(
                    first.kind, getattr(first, "field", None), first.question, expires_at
                )
            focus = updated_focus(state.focus, result.runs, ctx.turn_id)
            records: list[tuple[str, dict[str, Any]]] = []
            if result.verdict is not None and not result.verdict.ok:
                records.append(
                    (
                        "unverified_write_claim",
                        {
                            "turn_id": ctx.turn_id,
                            "claimed": list(result.verdict.unverified),
                            "persisted": sorted(result.verdict.persisted),
                            "reason": "the reply claimed a write of this kind that was not persisted in this turn",
                        },
                    )
                )
            payload = telemetry.finish()
            records.append(("turn", payload))
            fields: dict[str, Any] = {
                "text": result.text,
                "turn_id": ctx.turn_id,
                "conversation_id": ctx.conversation_id,
                "lang": ctx.lang,
                "receipts": tuple(result.receipts),
                "options": result.options,
                "model_round_trips": telemetry.model_round_trips,
                "writes": tuple(p.result for p in result.persisted),
                "exit_check": telemetry.exit_check,
                "replaced": result.replaced,
                "fallback_reason": telemetry.fallback_reason,
                "route": telemetry.route,
            }
            request = None
            if record is not None:  # the answer as it will be, stored in the same transaction
                record.result = record.render(Reply(pending=pending_state, **fields))
                request = RequestResult(record.request_id, record.result)
            try:
                if state is _UNLOADED:  # never overwrite a state this turn could not read
                    raise StorageError("the conversation state was not loaded")
                await turns.commit(
                    state,
                    now=ctx.now,
                    turn_id=ctx.turn_id,
                    messages=[("user", text), ("assistant", result.text)],
                    records=records,
                    focus=focus,
                    pending=change,  # type: ignore[arg-type]
                    request=request,
                )
                if record is not None:
                    record.stored = True
            except StorageError:
                log.warning("could not store the turn", exc_info=True, extra={"turn_id": ctx.turn_id})
                pending_state = None
        payload = telemetry.finish()
        telemetry.emit(payload)
        return Reply(pending=pending_state, telemetry=payload, **fields)

    async def _zone(self, user_id: uuid.UUID) -> ZoneInfo:
        """The user's zone, re-read at most every ``ZONE_TTL_S`` seconds (one query saved per turn)."""
        cached = self._zones.get(user_id)
        if cached is not None and time.monotonic() - cached[1] < ZONE_TTL_S:
            return cached[0]
        zone = ZoneInfo((await self.db.users.get(user_id)).timezone)
        if len(self._zones) > 10_000:
            self._zones.clear()
        self._zones[user_id] = (zone, time.monotonic())
        return zone


_UNLOADED = TurnState(DEFAULT_CONVERSATION, 0, True, datetime.min.replace(tzinfo=UTC), 0, None, (), ())
"""What a turn works with when the store could not be read (nothing of it is committed)."""


def _pieces(text: str, size: int = 24) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or []
