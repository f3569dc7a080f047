"""A chat message sent as a form with a file: ``POST /v1/chat`` (or ``/v1/chat/stream``) with
``multipart/form-data`` — the fields ``message`` (may be empty when a file comes with it),
``conversation_id`` and ``request_id`` as in the JSON body, and one file in the field ``file``.

The body is capped twice while it is read: by ``BodyLimit`` before anything reads it (the form's cap:
``limits.body_limit``), and here, as the route reads it, at the same cap; the file itself may hold at most
``MAX_ATTACHMENT_BYTES`` (413 with a message that says so). Which kind of file it is, is the assistant's
business (``agent.attachments``): a file that is not a calendar is answered, not refused.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException

from agent.api.errors import InvalidRequest, PayloadTooLarge
from agent.api.limits import MAX_ATTACHMENT_BYTES, body_limit
from agent.api.schemas import ID_PATTERN, ChatRequest
from agent.api.settings import ApiSettings
from agent.attachments import Attachment

__all__ = ["FORM", "FORM_SCHEMA", "ChatForm", "is_form", "read_chat_form"]

FORM = "multipart/form-data"
_ID = re.compile(ID_PATTERN)
_FIELDS = ("message", "conversation_id", "request_id")
FORM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "message": {"type": "string", "description": "What the user said (may be empty with a file)."},
        "conversation_id": {"type": "string", "maxLength": 100, "pattern": ID_PATTERN},
        "request_id": {"type": "string", "maxLength": 128, "pattern": ID_PATTERN},
        "file": {
            "type": "string",
            "format": "binary",
            "description": f"One attached file, at most {MAX_ATTACHMENT_BYTES} bytes: an .ics calendar file "
            "is previewed and imported on a yes; other kinds are answered with what is supported.",
        },
    },
}


@dataclass(frozen=True, slots=True)
class ChatForm:
    """The form's fields as a ``ChatRequest`` (its message may be empty) and the attached file."""

    body: ChatRequest
    attachment: Attachment | None

    @property
    def digest(self) -> str | None:
        """The file's SHA-256: part of the request's fingerprint (a request id reused for another file
        is a different request)."""
        return hashlib.sha256(self.attachment.data).hexdigest() if self.attachment is not None else None


def is_form(request: Request) -> bool:
    return request.headers.get("content-type", "").split(";", 1)[0].strip().lower() == FORM


async def read_chat_form(request: Request, settings: ApiSettings) -> ChatForm:
    """The form, read at most to its cap. Raises ``PayloadTooLarge`` (413) and ``InvalidRequest`` (422)."""
    limit = body_limit("/v1/chat", settings, FORM)  # both chat paths take the same form
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > limit:
            raise PayloadTooLarge(f"The request body is larger than {limit} bytes.", limit=limit)
    replayed = False

    async def receive() -> dict[str, Any]:  # the form parser reads the body we already capped
        nonlocal replayed
        if replayed:
            return {"type": "http.disconnect"}
        replayed = True
        return {"type": "http.request", "body": bytes(body), "more_body": False}

    try:
        form = await Request(request.scope, receive).form(max_files=1, max_fields=10)
    except (HTTPException, MultiPartException):
        raise InvalidRequest(
            "The form is not multipart/form-data with a message and at most one file (field 'file')."
        ) from None
    try:
        files = [(key, value) for key, value in form.multi_items() if isinstance(value, UploadFile)]
        if files and files[0][0] != "file":
            raise InvalidRequest("Put the attached file in the form field 'file'.", field="file")
        upload = files[0][1] if files else None
        data = await upload.read() if upload is not None else None
        fields = {name: form.get(name) for name in _FIELDS}
    finally:
        await form.close()
    if data is not None and len(data) > MAX_ATTACHMENT_BYTES:
        raise PayloadTooLarge(
            f"The attached file is {len(data)} bytes; a file sent in a chat may have at most "
            f"{MAX_ATTACHMENT_BYTES} bytes. Import larger calendars with POST /v1/events/import.",
            limit=MAX_ATTACHMENT_BYTES,
        )
    chat = _fields(fields, attached=upload is not None)
    attachment = None
    if upload is not None and data is not None:
        attachment = Attachment(upload.filename or "", data, upload.content_type)
    return ChatForm(chat, attachment)


def _fields(fields: dict[str, Any], *, attached: bool) -> ChatRequest:
    for name, value in fields.items():
        if value is not None and not isinstance(value, str):
            raise InvalidRequest(f"The form field '{name}' must be text.", field=name)
    message = fields["message"] or ""
    if not message and not attached:
        raise InvalidRequest("Send a message, a file (form field 'file'), or both.", field="message")
    for name, longest in (("conversation_id", 100), ("request_id", 128)):
        value = fields[name]
        if value is not None and not (0 < len(value) <= longest and _ID.match(value)):
            raise InvalidRequest(
                f"'{name}' must be 1 to {longest} characters of letters, digits and . _ : -", field=name
            )
    return ChatRequest.model_construct(
        message=message, conversation_id=fields["conversation_id"], request_id=fields["request_id"]
    )
