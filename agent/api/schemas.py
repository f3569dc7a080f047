"""Request and response models of the HTTP API (the OpenAPI document is generated from these)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ChatReply",
    "ChatRequest",
    "ErrorBody",
    "ErrorDetail",
    "EventOut",
    "ImportSummaryOut",
    "OccurrenceList",
    "OccurrenceOut",
    "OptionOut",
    "PendingOut",
    "ReadyOut",
    "ReceiptOut",
    "SkippedOut",
]

ID_PATTERN = r"^[A-Za-z0-9._:\-]+$"


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message: str = Field(min_length=1, description="What the user said (English or Chinese).")
    conversation_id: str | None = Field(
        default=None, min_length=1, max_length=100, pattern=ID_PATTERN,
        description="Continue this conversation (default: the user's default conversation).",
    )  # fmt: skip
    request_id: str | None = Field(
        default=None, min_length=1, max_length=128, pattern=ID_PATTERN,
        description="Client request id: the same id returns the stored reply and never runs the turn "
        "twice. The `Idempotency-Key` header works too.",
    )  # fmt: skip


class ReceiptOut(BaseModel):
    """A write this turn committed, described by code from the stored row."""

    action: str
    kind: Literal["create", "update", "delete"]
    event_id: str
    title: str
    start: datetime
    end: datetime
    all_day: bool
    timezone: str
    recurring: bool
    occurrence: bool
    undo: bool
    text: str


class OptionOut(BaseModel):
    """One numbered choice of a clarification (reply with its number or its label)."""

    number: int
    label: str
    start: datetime
    end: datetime
    title: str | None = None
    tag: str | None = None


class PendingOut(BaseModel):
    """What the assistant is waiting for (answer it in the next message)."""

    kind: Literal["needs_value", "needs_choice", "needs_confirmation"]
    field: str | None
    question: str
    expires_at: datetime


class ChatReply(BaseModel):
    text: str = Field(description="The reply, exactly as stored in the transcript.")
    turn_id: str
    conversation_id: str
    lang: str
    receipts: list[ReceiptOut]
    options: list[OptionOut]
    pending: PendingOut | None
    replaced: bool = Field(
        description="The model's text claimed a write that did not happen and was replaced."
    )
    replayed: bool = Field(False, description="This is the stored reply of an earlier request with this id.")


class ErrorDetail(BaseModel):
    model_config = ConfigDict(extra="allow")

    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


class EventOut(BaseModel):
    id: str
    title: str
    start: datetime
    end: datetime
    all_day: bool
    timezone: str
    location: str | None
    notes: str | None
    attendees: list[str]
    rrule: str | None
    exdates: list[datetime]
    created_at: datetime
    updated_at: datetime
    version: int


class OccurrenceOut(BaseModel):
    event_id: str
    title: str
    start: datetime
    end: datetime
    all_day: bool
    recurring: bool
    timezone: str
    location: str | None


class OccurrenceList(BaseModel):
    start: datetime
    end: datetime
    occurrences: list[OccurrenceOut]
    truncated: bool = Field(
        False,
        description="True when the range held more occurrences than one listing returns (2,000): the "
        "earliest are listed; ask again from the last one's start, or for a shorter range.",
    )


class SkippedOut(BaseModel):
    uid: str | None
    title: str | None
    reason: str


class RemovedOut(BaseModel):
    """An occurrence of a series that the file cancelled (an override with ``STATUS:CANCELLED``)."""

    event_id: str
    title: str
    occurrence_start: datetime


class ImportSummaryOut(BaseModel):
    imported: list[EventOut]
    skipped: list[SkippedOut]
    removed: list[RemovedOut] = Field(default_factory=list)


class ReadyOut(BaseModel):
    ready: bool
    database: Literal["ok", "unreachable", "timeout"]
    model: Literal["ok", "unreachable", "timeout"]


def chat_reply(data: dict[str, Any], *, replayed: bool = False) -> dict[str, Any]:
    """The public reply JSON from ``Reply.to_json()`` (numbered options; no internals such as writes)."""
    return {
        "text": data["text"],
        "turn_id": data["turn_id"],
        "conversation_id": data["conversation_id"],
        "lang": data["lang"],
        "receipts": data.get("receipts", []),
        "options": [
            {"number": i, **{k: o.get(k) for k in ("label", "start", "end", "title", "tag")}}
            for i, o in enumerate(data.get("options", []), start=1)
        ],
        "pending": data.get("pending"),
        "replaced": bool(data.get("replaced", False)),
        "replayed": replayed,
    }
