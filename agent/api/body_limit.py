"""``BodyLimit``: the request body's size, enforced while it is read, before routing, parsing or auth.

A pure ASGI middleware, so it sees the request before FastAPI reads anything: a ``Content-Length`` over the
path's cap (``agent.api.limits.body_limit``) is answered 413 at once, without reading a byte of the body;
a body without one (chunked) is counted as it streams and refused once past the cap, so at most the cap
(plus one chunk) is ever read. Either way the answer is the API's JSON error (``PayloadTooLarge``) with
``Connection: close``: the unread rest of the body is never waited for.

When the cap is passed mid-stream the app is already running: the read that passes it raises
``BodyTooLarge`` into whatever is reading, and whatever the app answers after that is dropped for the 413.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from agent.api.errors import PayloadTooLarge

__all__ = ["BodyLimit", "BodyTooLarge"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Asgi = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyTooLarge(Exception):
    """Raised from ``receive`` into the app when the body passes its cap."""


class BodyLimit:
    """Caps each request's body at ``limit_for(scope)`` bytes (413 past it)."""

    def __init__(self, app: Asgi, *, limit_for: Callable[[Scope], int]) -> None:
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _refuse(send, limit)
            return
        read, over, started = 0, False, False

        async def capped_receive() -> Message:
            nonlocal read, over
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > limit:
                    over = True
                    raise BodyTooLarge(f"the request body passed {limit} bytes")
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if over:  # the app's answer to a read we broke off: the 413 goes out instead
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, capped_receive, guarded_send)
        except Exception:
            if not over:
                raise
        if over and not started:
            await _refuse(send, limit)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the server refuses it; else the streamed count still holds
    return None


async def _refuse(send: Send, limit: int) -> None:
    error = PayloadTooLarge(f"The request body is larger than {limit} bytes.", limit=limit)
    body = json.dumps(error.body()).encode()
    await send({
        "type": "http.response.start",
        "status": error.status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close")],
    })  # fmt: skip
    await send({"type": "http.response.body", "body": body})
