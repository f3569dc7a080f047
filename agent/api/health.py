"""``/healthz`` (the process answers) and ``/readyz`` (the database and the model answer, each within
``KAIROS_READY_TIMEOUT_S``; both checks run at once)."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from agent.api.schemas import ReadyOut
from agent.api.services import Services, services
from storage import UserNotFound

__all__ = ["router"]

log = logging.getLogger("kairos.api")
router = APIRouter(tags=["health"])
Check = Literal["ok", "unreachable", "timeout"]
_NOBODY = uuid.UUID(int=0)


@router.get("/healthz", summary="The process is up")
async def healthz() -> dict[str, bool]:
    return {"ok": True}


@router.get(
    "/readyz",
    response_model=ReadyOut,
    summary="The database and the model are reachable",
    responses={503: {"model": ReadyOut, "description": "Not ready"}},
)
async def readyz(svc: Annotated[Services, Depends(services)]) -> JSONResponse:
    timeout = svc.settings.ready_timeout_s
    database, model = await asyncio.gather(
        _check(_database_ok(svc), timeout, "database"), _check(svc.model_probe(), timeout, "model")
    )
    ready = database == "ok" and model == "ok"
    return JSONResponse(
        {"ready": ready, "database": database, "model": model}, status_code=200 if ready else 503
    )


async def _database_ok(svc: Services) -> bool:
    try:
        await svc.db.users.get(_NOBODY)  # a primary-key lookup: a round trip and nothing more
    except UserNotFound:
        return True
    return True


async def _check(probe: Awaitable[bool], limit_s: float, name: str) -> Check:
    try:
        async with asyncio.timeout(limit_s):
            return "ok" if await probe else "unreachable"
    except TimeoutError:
        return "timeout"
    except Exception:
        log.warning("readiness check failed: %s", name, exc_info=True)
        return "unreachable"
