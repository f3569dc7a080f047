"""Request limits: body size (413, enforced by ``agent.api.body_limit`` before anything reads the body),
message size (413) and characters (422), and the per-user rate limit (429 with ``Retry-After``).

Body caps, by path: a chat request at most the longest message in the worst JSON encoding (``\\uXXXX``
escapes of a surrogate pair: 12 bytes per character) plus room for its other fields — sent as a form with an
attached file (``multipart/form-data``), the largest attachment, the message in UTF-8 and the form's
framing; an import the largest file plus a form's framing; anything else ``SMALL_BODY_BYTES`` (no other
endpoint takes a body).

The rate limit is a rolling one-minute window counted in the database (the rate marks of
:mod:`storage.api_requests`, written in the same transaction as the request's claim), so it holds across
``kairos serve --workers N`` and several hosts: every worker sees the same rows. On PostgreSQL two requests
at the boundary may both pass (read committed: neither sees the other's uncommitted mark), so the limit can
be exceeded by the requests in flight at that instant; on SQLite the writes are serialized and it is exact.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from agent.api.errors import InvalidRequest, PayloadTooLarge, RateLimited
from agent.api.settings import ApiSettings
from agent.attachments import MAX_ATTACHMENT_BYTES
from storage.bounds import CONTROL_CHARACTERS

__all__ = [
    "CHAT_PATHS",
    "FORM_OVERHEAD_BYTES",
    "IMPORT_PATH",
    "MAX_ATTACHMENT_BYTES",
    "MAX_ICS_BYTES",
    "RATE_WINDOW",
    "SMALL_BODY_BYTES",
    "body_limit",
    "check_message",
    "rate_limited",
]

RATE_WINDOW = timedelta(minutes=1)
#: The largest .ics file an import takes.
MAX_ICS_BYTES = 2_000_000
#: What a form upload may add around the file (boundaries, part headers, a few small fields).
FORM_OVERHEAD_BYTES = 64 * 1024
#: The body cap of every path that is neither chat nor import.
SMALL_BODY_BYTES = 16 * 1024
#: Room in a chat body for everything but the message (ids, keys, JSON punctuation).
CHAT_OVERHEAD_BYTES = 16 * 1024
CHAT_PATHS = frozenset({"/v1/chat", "/v1/chat/stream"})
IMPORT_PATH = "/v1/events/import"


def body_limit(path: str, settings: ApiSettings, content_type: str = "") -> int:
    """The most bytes a request body to ``path`` (sent as ``content_type``) may have."""
    if path in CHAT_PATHS and content_type.split(";", 1)[0].strip().lower() == "multipart/form-data":
        return MAX_ATTACHMENT_BYTES + settings.max_message_chars * 4 + FORM_OVERHEAD_BYTES
    if path in CHAT_PATHS:
        return settings.max_message_chars * 12 + CHAT_OVERHEAD_BYTES
    if path == IMPORT_PATH:
        return MAX_ICS_BYTES + FORM_OVERHEAD_BYTES
    return SMALL_BODY_BYTES


def check_message(message: str, settings: ApiSettings) -> None:
    """413 for a message over the limit; 422 for one with control characters (NUL and the like, which no
    transcript or event should hold; line breaks and tabs are fine)."""
    if len(message) > settings.max_message_chars:
        raise PayloadTooLarge(
            f"The message is {len(message)} characters long; the limit is {settings.max_message_chars}.",
            limit=settings.max_message_chars,
        )
    if CONTROL_CHARACTERS.search(message):
        raise InvalidRequest(
            "The message contains a control character (such as NUL); only text, line breaks and tabs are "
            "accepted.",
            field="message",
        )


def rate_limited(retry_at: datetime, now: datetime, settings: ApiSettings) -> RateLimited:
    seconds = max(1, math.ceil((retry_at - now).total_seconds()))
    error = RateLimited(
        f"Too many messages: at most {settings.rate_limit_per_minute} per minute. Try again in {seconds} s.",
        retry_after_s=seconds,
    )
    error.headers["Retry-After"] = str(seconds)
    return error
