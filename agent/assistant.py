"""``Assistant``: the public, async entry point of the agent.

    assistant = Assistant(db, model, clock=lambda: datetime.now(UTC))   # only CLI/API pass a real clock
    reply = await assistant.reply(user_id, "明天下午三点和张三开会")         # tests pass now=...
    async for item in assistant.stream(user_id, text): ...              # ToolActivity, ReplyDelta, FinalReply

One call = one turn: prompt, one model call (read tools may loop back), the write path in code, receipts,
the exit check, then the transcript (only the final, honest reply), the pending command and one telemetry
record are stored.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo

from agent.calendar_tools import build_registry
from agent.context import ToolContext
from agent.language import Lang, detect_language
from agent.model import Model
from agent.outcomes import Option
from agent.pending import save_pending
from agent.prompt import INSTRUCTIONS, build_messages
from agent.receipts import Receipt
from agent.registry import Registry
from agent.telemetry import TurnTelemetry
from agent.turn import TurnResult, run_turn
from storage import Database, StorageError, WriteResult

__all__ = [
    "DEFAULT_CONVERSATION",
    "Assistant",
    "FinalReply",
    "PendingState",
    "Reply",
    "ReplyDelta",
    "ToolActivity",
]

log = logging.getLogger("kairos.agent")
DEFAULT_CONVERSATION = "default"
HISTORY_MESSAGES = 6
MAX_INPUT_CHARS = 4_000
ZONE_TTL_S = 60.0


@dataclass(frozen=True, slots=True)
class PendingState:
    """What the turn left waiting for the user (stored; the gates of issue 6 finish it without a model)."""

    kind: Literal["needs_value", "needs_choice", "needs_confirmation"]
    field: str | None
    question: str
    expires_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "field": self.field,
            "question": self.question,
            "expires_at": self.expires_at.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class Reply:
    """One turn's answer. ``text`` is exactly what was stored in the transcript."""

    text: str
    turn_id: str
    conversation_id: str
    lang: Lang
    receipts: tuple[Receipt, ...] = ()
    options: tuple[Option, ...] = ()
    pending: PendingState | None = None
    model_round_trips: int = 0
    writes: tuple[WriteResult, ...] = ()
    exit_check: str = "no_claim"
    replaced: bool = False
    fallback_reason: str | None = None
    telemetry: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def trace_id(self) -> str:
        return self.turn_id

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "turn_id": self.turn_id,
            "conversation_id": self.conversation_id,
            "lang": self.lang,
            "receipts": [r.to_json() for r in self.receipts],
            "options": [o.to_json() for o in self.options],
            "pending": self.pending.to_json() if self.pending else None,
            "model_round_trips": self.model_round_trips,
            "writes": [w.to_json() for w in self.writes],
            "exit_check": self.exit_check,
            "replaced": self.replaced,
            "fallback_reason": self.fallback_reason,
        }


@dataclass(frozen=True, slots=True)
class ToolActivity:
    name: str
    status: str
    call_index: int
    type: Literal["tool"] = "tool"


@dataclass(frozen=True, slots=True)
class ReplyDelta:
    text: str
    type: Literal["text"] = "text"


@dataclass(frozen=True, slots=True)
class FinalReply:
    reply: Reply
    type: Literal["final"] = "final"


StreamItem = ToolActivity | ReplyDelta | FinalReply


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
    ) -> None:
        self.db = db
        self.model = model
        self.clock = clock
        self.registry = registry or build_registry()
        self.history_messages = history_messages
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
    ) -> Reply:
        return await self._turn(user_id, text, conversation_id=conversation_id, now=now, on_tool=None)

    async def stream(
        self,
        user_id: uuid.UUID,
        text: str,
        *,
        conversation_id: str | None = None,
        now: datetime | None = None,
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
                    user_id, text, conversation_id=conversation_id, now=now, on_tool=on_tool
                )
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
    ) -> Reply:
        now = now if now is not None else self.clock()
        if now.tzinfo is None or now.utcoffset() is None:
            raise ValueError("now must be timezone-aware")
        text = text[:MAX_INPUT_CHARS]
        conversation = conversation_id or DEFAULT_CONVERSATION
        lang = detect_language(text)
        turn_id = uuid.uuid4().hex
        telemetry = TurnTelemetry(turn_id=turn_id, lang=lang, model=self.model.name)
        with telemetry.stage("prompt"):
            conversations = self.db.conversations(user_id)
            tz = await self._zone(user_id)
            history = await conversations.recent_messages(conversation, limit=self.history_messages)
            ctx = ToolContext(
                user_id=user_id,
                events=self.db.events(user_id),
                conversations=conversations,
                conversation_id=conversation,
                now=now,
                tz=tz,
                turn_id=turn_id,
                lang=lang,
                user_text=text,
            )
            messages = build_messages(text, now=now, tz=tz, history=history)
        result = await run_turn(self.model, self.registry.bind(ctx), messages, telemetry, on_tool=on_tool)
        telemetry.dropped_fields = list(ctx.notes)
        with telemetry.stage("persist"):
            pending = await self._save_pending(ctx, result, telemetry)
            await self._store_turn(ctx, text, result, telemetry)
        payload = telemetry.finish()
        await self._record(ctx, payload, telemetry)
        return Reply(
            text=result.text,
            turn_id=turn_id,
            conversation_id=conversation,
            lang=lang,
            receipts=tuple(result.receipts),
            options=result.options,
            pending=pending,
            model_round_trips=telemetry.model_round_trips,
            writes=tuple(p.result for p in result.persisted),
            exit_check=telemetry.exit_check,
            replaced=result.replaced,
            fallback_reason=telemetry.fallback_reason,
            telemetry=payload,
        )

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

    async def _save_pending(
        self, ctx: ToolContext, result: TurnResult, telemetry: TurnTelemetry
    ) -> PendingState | None:
        if not result.asking:
            return None
        first = result.asking[0]  # one pending command per conversation: the first question asked
        try:
            record = await save_pending(ctx, first)
        except StorageError:
            log.warning("could not save the pending command", exc_info=True, extra={"turn_id": ctx.turn_id})
            return None
        telemetry.pending = first.kind
        return PendingState(first.kind, getattr(first, "field", None), first.question, record.expires_at)

    async def _store_turn(
        self, ctx: ToolContext, text: str, result: TurnResult, telemetry: TurnTelemetry
    ) -> None:
        try:
            await ctx.conversations.add_message(
                ctx.conversation_id, "user", text, now=ctx.now, turn_id=ctx.turn_id
            )
            await ctx.conversations.add_message(
                ctx.conversation_id, "assistant", result.text, now=ctx.now, turn_id=ctx.turn_id
            )
            if result.verdict is not None and not result.verdict.ok:
                await self.db.turn_log(ctx.user_id).record(
                    ctx.turn_id,
                    "unverified_write_claim",
                    {
                        "turn_id": ctx.turn_id,
                        "claimed": list(result.verdict.unverified),
                        "persisted": sorted(result.verdict.persisted),
                        "reason": "the reply claimed a write of this kind that was not persisted in this turn",
                    },
                    now=ctx.now,
                )
        except StorageError:
            log.warning("could not store the transcript", exc_info=True, extra={"turn_id": ctx.turn_id})

    async def _record(self, ctx: ToolContext, payload: dict[str, Any], telemetry: TurnTelemetry) -> None:
        telemetry.emit(payload)
        try:
            await self.db.turn_log(ctx.user_id).record(ctx.turn_id, "turn", payload, now=ctx.now)
        except StorageError:
            log.warning("could not store the turn record", exc_info=True, extra={"turn_id": ctx.turn_id})


def _pieces(text: str, size: int = 24) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or []
