"""Errors the API answers with: classified JSON, fixed safe messages, never an exception's text.

    ApiError                  ``{"error": {"code", "message"}}`` with ``status``
     ├── Unauthorized         401  missing, malformed, unknown or revoked key (+ ``WWW-Authenticate``)
     ├── NotFound             404  no such event for this user (others' ids look the same)
     ├── Conflict             409  request id still running, or reused for a different message
     ├── PayloadTooLarge      413  message longer than ``KAIROS_MAX_MESSAGE_CHARS``, or upload too big
     ├── InvalidRequest       422  bad range, bad id, not iCalendar (request validation errors too)
     ├── RateLimited          429  over ``KAIROS_RATE_LIMIT_PER_MINUTE`` (+ ``Retry-After``)
     ├── Unavailable          503  the database is unreachable
     └── TurnTimeout          504  the turn ran past ``KAIROS_TURN_TIMEOUT_S`` (says whether anything was saved)

Anything else is logged with its trace and answered 500 ``internal`` with a fixed message.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from agent.api.schemas import ErrorBody
from storage import StorageUnavailable

__all__ = [
    "ApiError",
    "Conflict",
    "InvalidRequest",
    "NotFound",
    "PayloadTooLarge",
    "RateLimited",
    "TurnTimeout",
    "Unauthorized",
    "Unavailable",
    "error_responses",
    "install_handlers",
]

log = logging.getLogger("kairos.api")


class ApiError(Exception):
    status: ClassVar[int] = 500
    code: ClassVar[str] = "internal"

    def __init__(self, message: str, *, headers: dict[str, str] | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.headers = headers or {}
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


class Unauthorized(ApiError):
    status, code = 401, "unauthorized"

    def __init__(
        self, message: str = "A valid API key is required: send 'Authorization: Bearer <key>'."
    ) -> None:
        super().__init__(message, headers={"WWW-Authenticate": 'Bearer realm="kairos"'})


class NotFound(ApiError):
    status, code = 404, "not_found"


class Conflict(ApiError):
    status, code = 409, "conflict"


class PayloadTooLarge(ApiError):
    status, code = 413, "payload_too_large"


class InvalidRequest(ApiError):
    status, code = 422, "invalid_request"


class RateLimited(ApiError):
    status, code = 429, "rate_limited"


class Unavailable(ApiError):
    status, code = 503, "unavailable"


class TurnTimeout(ApiError):
    status, code = 504, "turn_timeout"


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries for the given error statuses (all share ``ErrorBody``)."""
    described = {
        401: "Missing or invalid API key",
        404: "No such event for this user",
        409: "Request id still running, or reused for a different request",
        413: "Message or upload too large",
        422: "Invalid request",
        429: "Rate limit exceeded; see Retry-After",
        503: "Database unavailable",
        504: "The turn ran past its deadline",
    }
    return {s: {"model": ErrorBody, "description": described[s]} for s in statuses}


def _json(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers=headers)


def install_handlers(app: FastAPI) -> None:
    async def api_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return _json(exc.status, exc.body(), exc.headers)

    async def validation(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        fields = [
            {"field": ".".join(str(p) for p in e.get("loc", ()) if p != "body"), "problem": e.get("type", "")}
            for e in exc.errors()
        ]
        return _json(422, {"error": {"code": "invalid_request", "message": "The request is invalid.",
                                     "fields": fields}})  # fmt: skip

    async def http_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        message = {404: "No such endpoint.", 405: "Method not allowed."}.get(
            exc.status_code, "Request failed."
        )
        return _json(exc.status_code, {"error": {"code": code, "message": message}}, exc.headers)

    async def storage_down(_: Request, exc: Exception) -> JSONResponse:
        log.warning("database unavailable", exc_info=exc)
        return _json(
            503, Unavailable("The database is not reachable right now.").body(), {"Retry-After": "5"}
        )

    async def internal(_: Request, exc: Exception) -> JSONResponse:
        log.error("unhandled error", exc_info=exc)
        return _json(500, {"error": {"code": "internal", "message": "Something went wrong on our side."}})

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(RequestValidationError, validation)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(StorageUnavailable, storage_down)
    app.add_exception_handler(Exception, internal)
