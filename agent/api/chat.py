"""``POST /v1/chat`` (JSON, or Server-Sent Events with ``Accept: text/event-stream``) and
``POST /v1/chat/stream`` (always SSE). Both take the JSON body ``ChatRequest``, or a form with an attached
file (``multipart/form-data``: ``agent.api.chat_form``), which ``_ChatRoute`` hands to ``_form_chat``
before FastAPI would read the body as JSON.

SSE events, in order: ``tool`` (``{name, status, call_index}``, as tools run), ``delta`` (``{text}``,
the reply in pieces, released only after the exit check), then exactly one ``reply`` (the ``ChatReply``)
or ``error`` (an ``ErrorBody``: the turn ran past its deadline, or failed).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import uuid
from collections.abc import AsyncIterator, Callable, Coroutine
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from sse_starlette import EventSourceResponse

from agent import FinalReply, ReplyDelta, ToolActivity
from agent.api.auth import CurrentUser, bearer, current_user
from agent.api.chat_form import FORM, FORM_SCHEMA, is_form, read_chat_form
from agent.api.errors import InvalidRequest, error_responses
from agent.api.idempotency import Admitted, Stored, admit, settle
from agent.api.limits import check_message
from agent.api.schemas import ChatReply, ChatRequest, chat_reply
from agent.api.services import Services
from agent.api.turns import (
    iterate,
    reply_record,
    run_reply,
    settle_failure,
    timeout_error,
    unwind_turn_tasks,
)
from agent.attachments import Attachment

__all__ = ["router"]

log = logging.getLogger("kairos.api")


class _ChatRoute(APIRoute):
    """A chat route: its declared JSON body, or a form with a file (read by ``_form_chat``)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        json_handler = super().get_route_handler()
        stream = self.path.endswith("/stream")

        async def handler(request: Request) -> Response:
            if is_form(request):
                return await _form_chat(request, stream=stream)
            return await json_handler(request)

        return handler


router = APIRouter(prefix="/v1", tags=["chat"], route_class=_ChatRoute)
_WITH_FILE = {
    "requestBody": {
        "content": {
            FORM: {"schema": FORM_SCHEMA, "encoding": {"file": {"contentType": "text/calendar, */*"}}}
        }
    }
}

_SSE_DOC = {
    "text/event-stream": {
        "schema": {"type": "string"},
        "example": 'event: delta\ndata: {"text": "Created: Meet"}\n\nevent: reply\ndata: {...}\n\n',
    }
}
_ERRORS = error_responses(401, 409, 413, 422, 429, 503, 504)
IdempotencyKey = Annotated[
    str | None,
    Header(alias="Idempotency-Key", max_length=128, pattern=r"^[A-Za-z0-9._:\-]+$",
           description="Client request id (same as the body's request_id)."),
]  # fmt: skip


@router.post(
    "/chat",
    response_model=ChatReply,
    summary="Send a message; get the reply (JSON, or SSE with Accept: text/event-stream)",
    description="The message as JSON, or as `multipart/form-data` with one attached file in the field "
    "`file` (an .ics calendar file is previewed, and imported when the next message says yes).",
    responses={**_ERRORS, 200: {"content": _SSE_DOC, "description": "The reply"}},
    openapi_extra=_WITH_FILE,
)
async def chat(
    body: ChatRequest, request: Request, user_id: CurrentUser, idempotency_key: IdempotencyKey = None
) -> Response:
    svc: Services = request.app.state.services  # the hot path: no extra dependency to solve
    if "text/event-stream" in request.headers.get("accept", ""):
        return await _stream(body, user_id, svc, idempotency_key)
    return await _reply(body, user_id, svc, idempotency_key)


async def _form_chat(request: Request, *, stream: bool) -> Response:
    """A chat request sent as a form with a file: the same checks and turn as the JSON body's."""
    svc: Services = request.app.state.services
    user_id = await current_user(request, await bearer(request))
    key = request.headers.get("idempotency-key")
    if key is not None and not (0 < len(key) <= 128 and _KEY.match(key)):
        raise InvalidRequest("The Idempotency-Key header must be 1 to 128 letters, digits or . _ : -")
    form = await read_chat_form(request, svc.settings)
    if stream or "text/event-stream" in request.headers.get("accept", ""):
        return await _stream(form.body, user_id, svc, key, form.attachment, form.digest)
    return await _reply(form.body, user_id, svc, key, form.attachment, form.digest)


async def _reply(
    body: ChatRequest, user_id: uuid.UUID, svc: Services, idempotency_key: str | None,
    attachment: Attachment | None = None, digest: str | None = None,
) -> Response:  # fmt: skip
    check_message(body.message, svc.settings)
    now = svc.clock()
    admitted = await admit(svc, user_id, body, idempotency_key, now, attachment=digest)
    if isinstance(admitted, Stored):
        return _stored(admitted)
    record = reply_record(admitted)
    reply = await run_reply(
        svc, admitted, user_id, body.message, body.conversation_id, now, record, attachment=attachment
    )
    if record is not None and record.stored:  # stored with the turn: the same rendering
        return JSONResponse(record.result["body"])
    data = chat_reply(reply.to_json())
    await settle(admitted, 200, data)
    return JSONResponse(data)


@router.post(
    "/chat/stream",
    summary="Send a message; get tool activity, the reply text and the final reply as Server-Sent Events",
    response_class=EventSourceResponse,
    responses={**_ERRORS, 200: {"content": _SSE_DOC, "description": "An SSE stream ending in `reply`"}},
    openapi_extra=_WITH_FILE,
)
async def chat_stream(
    body: ChatRequest, request: Request, user_id: CurrentUser, idempotency_key: IdempotencyKey = None
) -> Response:
    return await _stream(body, user_id, request.app.state.services, idempotency_key)


async def _stream(
    body: ChatRequest, user_id: uuid.UUID, svc: Services, idempotency_key: str | None,
    attachment: Attachment | None = None, digest: str | None = None,
) -> Response:  # fmt: skip
    check_message(body.message, svc.settings)
    now = svc.clock()
    admitted = await admit(svc, user_id, body, idempotency_key, now, attachment=digest)
    if isinstance(admitted, Stored):
        return EventSourceResponse(_replayed(admitted))
    queue: asyncio.Queue[dict[str, str] | None] = asyncio.Queue()
    producer = _Producer(svc, admitted, queue, user_id, body, now, attachment)
    return EventSourceResponse(producer.events())


def _stored(stored: Stored) -> JSONResponse:
    if stored.status == 200:
        return JSONResponse({**stored.body, "replayed": True})
    return JSONResponse(stored.body, status_code=stored.status)


async def _replayed(stored: Stored) -> AsyncIterator[dict[str, str]]:
    if stored.status != 200:
        yield _event("error", stored.body)
        return
    body = {**stored.body, "replayed": True}
    text = body["text"]
    for i in range(0, len(text), 24):
        yield _event("delta", {"text": text[i : i + 24]})
    yield _event("reply", body)


def _event(name: str, data: dict[str, Any]) -> dict[str, str]:
    return {"event": name, "data": json.dumps(data, ensure_ascii=False)}


class _Producer:
    """Runs the turn in its own task under the deadline (so a timeout never lands inside the SSE
    sender), and hands events to the response through a queue."""

    def __init__(
        self, svc: Services, admitted: Admitted, queue: asyncio.Queue[dict[str, str] | None],
        user_id: Any, body: ChatRequest, now: datetime, attachment: Attachment | None = None,
    ) -> None:  # fmt: skip
        self.svc, self.admitted, self.queue = svc, admitted, queue
        self.user_id, self.body, self.now, self.attachment = user_id, body, now, attachment

    async def events(self) -> AsyncIterator[dict[str, str]]:
        task = asyncio.ensure_future(self._run())
        try:
            while (item := await self.queue.get()) is not None:
                yield item
        finally:
            if not task.done():  # the client went away mid-turn; _run cleans up
                task.cancel()

    async def _run(self) -> None:
        before = set(asyncio.all_tasks())
        final: dict[str, Any] | None = None
        record = reply_record(self.admitted)
        try:
            async with asyncio.timeout(self.svc.settings.turn_timeout_s):
                async for item in iterate(self.svc, self.user_id, self.body.message,
                                          self.body.conversation_id, self.now, record,
                                          attachment=self.attachment):  # fmt: skip
                    if isinstance(item, ToolActivity):
                        tool = {"name": item.name, "status": item.status, "call_index": item.call_index}
                        self.queue.put_nowait(_event("tool", tool))
                    elif isinstance(item, ReplyDelta):
                        self.queue.put_nowait(_event("delta", {"text": item.text}))
                    elif isinstance(item, FinalReply):
                        final = chat_reply(item.reply.to_json())
        except TimeoutError:
            await unwind_turn_tasks(before)
            error = await timeout_error(self.svc, self.admitted, self.now)
            self.queue.put_nowait(_event("error", error.body()))
        except asyncio.CancelledError:
            self.svc.spawn(self._cleanup(before))
            raise
        except Exception:
            log.exception("chat turn failed")
            await unwind_turn_tasks(before)
            await settle_failure(self.svc, self.admitted, self.now)
            self.queue.put_nowait(_event("error", _INTERNAL))
        else:
            if final is not None:
                if record is None or not record.stored:  # stored with the turn unless its commit failed
                    await settle(self.admitted, 200, final)
                self.queue.put_nowait(_event("reply", final))
        finally:
            self.queue.put_nowait(None)

    async def _cleanup(self, before: set[asyncio.Task[Any]]) -> None:
        await unwind_turn_tasks(before)
        await settle_failure(self.svc, self.admitted, self.now)


_INTERNAL = {"error": {"code": "internal", "message": "Something went wrong on our side."}}
_KEY = re.compile(r"^[A-Za-z0-9._:\-]+$")
