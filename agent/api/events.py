"""Calendar reads and files for the key's user: a range (occurrences expanded), one event, ``.ics``
export and import. Another user's event ids answer 404, exactly like ids that do not exist.

Import takes the file either as the raw body (``Content-Type: text/calendar``) or as a form upload
(``multipart/form-data`` with one file, field ``file``, as an HTML ``<input type=file>`` sends it); both
answer the same summary. Either way the request is read up to ``MAX_ICS_BYTES`` (plus the form's own
framing) and refused with 413 past it, before anything is parsed. Import is per item, not atomic
(``storage.ics_import``): an item that cannot be read or held is skipped with its reason, the rest imported;
only a file that is not iCalendar at all is refused (422), with nothing written.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException

from agent.api.auth import CurrentUser
from agent.api.errors import InvalidRequest, NotFound, PayloadTooLarge, error_responses
from agent.api.limits import FORM_OVERHEAD_BYTES, MAX_ICS_BYTES
from agent.api.schemas import EventOut, ImportSummaryOut, OccurrenceList
from agent.api.services import Services, services
from storage import EventNotFound, EventSnapshot, InvalidInput, limits
from storage.bounds import in_range
from storage.ics import export_ics, import_ics

__all__ = ["MAX_ICS_BYTES", "router"]

router = APIRouter(prefix="/v1", tags=["events"])
Svc = Annotated[Services, Depends(services)]
_ICS_TYPES = ("text/calendar", "application/octet-stream", "text/plain")
_FORM = "multipart/form-data"
_BINARY = {"type": "string", "format": "binary"}


def _aware(value: datetime, name: str) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidRequest(
            f"'{name}' must include a UTC offset, e.g. 2025-03-05T00:00:00+08:00.", field=name
        )
    if not in_range(value):
        raise InvalidRequest(
            f"'{name}' must be between the years {limits.FIRST_YEAR} and {limits.LAST_YEAR}.", field=name
        )
    return value


@router.get(
    "/events",
    response_model=OccurrenceList,
    summary="Events in [start, end), recurring events expanded into occurrences",
    responses=error_responses(401, 422),
)
async def list_events(
    user_id: CurrentUser,
    svc: Svc,
    start: Annotated[datetime, Query(description="Range start, ISO 8601 with an offset (inclusive).")],
    end: Annotated[datetime, Query(description="Range end, ISO 8601 with an offset (exclusive).")],
) -> Response:
    start, end = _aware(start, "start"), _aware(end, "end")
    if end <= start:
        raise InvalidRequest("'end' must be after 'start'.", field="end")
    try:
        rows = await svc.db.events(user_id).candidate_rows(start, end)
    except InvalidInput:
        raise InvalidRequest("That range cannot be listed; try a shorter one.", field="end") from None
    return Response(await svc.listings.encode(rows, start, end), media_type="application/json")


@router.get(
    "/events.ics",
    summary="Export all events as one iCalendar file",
    response_class=Response,
    responses={**error_responses(401), 200: {"content": {"text/calendar": {"schema": {"type": "string"}}},
                                             "description": "The calendar"}},
)  # fmt: skip
async def export_events(user_id: CurrentUser, svc: Svc) -> Response:
    data = await export_ics(svc.db.events(user_id))
    return Response(
        data, media_type="text/calendar; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="kairos.ics"'},
    )  # fmt: skip


@router.post(
    "/events/import",
    response_model=ImportSummaryOut,
    summary="Import an .ics file (the body, or a form upload); returns what was imported, what was "
    "skipped and why, and the occurrences it cancelled",
    description="Send the file as the request body with `Content-Type: text/calendar`, or as "
    "`multipart/form-data` with the file in the field `file`. Events already imported (same UID) are "
    f"skipped with a reason. At most {MAX_ICS_BYTES} bytes (413 past it).",
    responses=error_responses(401, 413, 422),
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "text/calendar": {"schema": _BINARY},
                _FORM: {
                    "schema": {
                        "type": "object",
                        "properties": {"file": {**_BINARY, "description": "The .ics file."}},
                        "required": ["file"],
                    },
                    "encoding": {"file": {"contentType": "text/calendar, application/octet-stream"}},
                },
            },
        }
    },
)
async def import_events(request: Request, user_id: CurrentUser, svc: Svc) -> dict[str, Any]:
    content_type = request.headers.get("content-type", "text/calendar").split(";")[0].strip().lower()
    if content_type == _FORM:
        data = await _uploaded_file(request)
    elif content_type in _ICS_TYPES:
        data = await _read_capped(request, MAX_ICS_BYTES)
    else:
        raise InvalidRequest(
            "Send the .ics file as the body with Content-Type: text/calendar, or as a multipart/form-data "
            "upload in the field 'file'."
        )
    try:
        summary = await import_ics(svc.db.events(user_id), data, now=svc.clock())
    except InvalidInput:
        raise InvalidRequest("The file is not valid iCalendar data.") from None
    return {
        "imported": [_event(r.event) for r in summary.imported],
        "skipped": [{"uid": s.uid, "title": s.title, "reason": s.reason} for s in summary.skipped],
        "removed": [
            {"event_id": str(r.event.id), "title": r.event.title, "occurrence_start": r.occurrence_start}
            for r in summary.removed
        ],
    }


async def _read_capped(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 as soon as it passes ``limit`` bytes."""
    data = bytearray()
    async for chunk in request.stream():
        data.extend(chunk)
        if len(data) > limit:
            raise PayloadTooLarge(f"The file is larger than {MAX_ICS_BYTES} bytes.", limit=MAX_ICS_BYTES)
    return bytes(data)


async def _uploaded_file(request: Request) -> bytes:
    """The one file of a ``multipart/form-data`` body (field ``file``, or the only file sent)."""
    body = await _read_capped(request, MAX_ICS_BYTES + FORM_OVERHEAD_BYTES)
    replayed = False

    async def receive() -> dict[str, Any]:  # the form parser reads the body we already capped
        nonlocal replayed
        if replayed:
            return {"type": "http.disconnect"}
        replayed = True
        return {"type": "http.request", "body": body, "more_body": False}

    try:
        form = await Request(request.scope, receive).form(max_files=1, max_fields=20)
    except (HTTPException, MultiPartException):  # malformed multipart, or more than one file
        raise InvalidRequest("The upload is not a multipart/form-data body with one file.") from None
    try:
        files = [v for _, v in form.multi_items() if isinstance(v, UploadFile)]
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            upload = files[0] if len(files) == 1 else None
        if upload is None:
            raise InvalidRequest("Put the .ics file in the form field 'file'.", field="file")
        data = await upload.read()
    finally:
        await form.close()
    if len(data) > MAX_ICS_BYTES:
        raise PayloadTooLarge(f"The file is larger than {MAX_ICS_BYTES} bytes.", limit=MAX_ICS_BYTES)
    return data


@router.get(
    "/events/{event_id}",
    response_model=EventOut,
    summary="One event (a recurring event is returned as its series)",
    responses=error_responses(401, 404),
)
async def get_event(event_id: str, user_id: CurrentUser, svc: Svc) -> dict[str, Any]:
    try:
        return _event(await svc.db.events(user_id).get(event_id))
    except (EventNotFound, InvalidInput):
        raise NotFound("No such event.") from None


def _event(event: EventSnapshot) -> dict[str, Any]:
    return event.to_json()
