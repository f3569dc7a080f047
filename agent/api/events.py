"""Calendar reads and files for the key's user: a range (occurrences expanded), one event, ``.ics``
export and import. Another user's event ids answer 404, exactly like ids that do not exist."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from agent.api.auth import CurrentUser
from agent.api.errors import InvalidRequest, NotFound, PayloadTooLarge, error_responses
from agent.api.schemas import EventOut, ImportSummaryOut, OccurrenceList
from agent.api.services import Services, services
from storage import EventNotFound, EventSnapshot, InvalidInput, Occurrence
from storage.ics import export_ics, import_ics

__all__ = ["MAX_ICS_BYTES", "router"]

router = APIRouter(prefix="/v1", tags=["events"])
Svc = Annotated[Services, Depends(services)]
MAX_ICS_BYTES = 2_000_000
_ICS_TYPES = ("text/calendar", "application/octet-stream", "text/plain")


def _aware(value: datetime, name: str) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidRequest(
            f"'{name}' must include a UTC offset, e.g. 2025-03-05T00:00:00+08:00.", field=name
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
) -> dict[str, Any]:
    start, end = _aware(start, "start"), _aware(end, "end")
    if end <= start:
        raise InvalidRequest("'end' must be after 'start'.", field="end")
    try:
        occurrences = await svc.db.events(user_id).list_range(start, end)
    except InvalidInput:
        raise InvalidRequest("That range cannot be listed; try a shorter one.", field="end") from None
    return {"start": start, "end": end, "occurrences": [_occurrence(o) for o in occurrences]}


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
    summary="Import an .ics file (the request body); returns what was imported and what was skipped, why",
    responses=error_responses(401, 413, 422),
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"text/calendar": {"schema": {"type": "string", "format": "binary"}}},
        }
    },
)
async def import_events(request: Request, user_id: CurrentUser, svc: Svc) -> dict[str, Any]:
    content_type = request.headers.get("content-type", "text/calendar").split(";")[0].strip().lower()
    if content_type not in _ICS_TYPES:
        raise InvalidRequest("Send the .ics file as the body with Content-Type: text/calendar.")
    data = bytearray()
    async for chunk in request.stream():
        data.extend(chunk)
        if len(data) > MAX_ICS_BYTES:
            raise PayloadTooLarge(f"The file is larger than {MAX_ICS_BYTES} bytes.", limit=MAX_ICS_BYTES)
    try:
        summary = await import_ics(svc.db.events(user_id), bytes(data), now=svc.clock())
    except InvalidInput:
        raise InvalidRequest("The file is not valid iCalendar data.") from None
    return {
        "imported": [_event(r.event) for r in summary.imported],
        "skipped": [{"uid": s.uid, "title": s.title, "reason": s.reason} for s in summary.skipped],
    }


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


def _occurrence(o: Occurrence) -> dict[str, Any]:
    return {
        "event_id": str(o.event_id), "title": o.title, "start": o.start, "end": o.end,
        "all_day": o.all_day, "recurring": o.recurring, "timezone": o.event.timezone,
        "location": o.event.location,
    }  # fmt: skip
