"""Bearer-key authentication: the key says who the user is; no body or path ever carries a user id.

``Authorization: Bearer kairos_<key id>_<secret>`` is checked against the stored salted hash
(``storage.ApiKeys``). Missing, malformed, unknown and revoked keys all get the same 401 with
``WWW-Authenticate: Bearer``.

Each worker remembers a key that authenticated for ``KAIROS_AUTH_CACHE_S`` seconds (default 30; 0 turns
it off), by the key's SHA-256, never the key itself: a revoked key stops working within that time.
Unknown keys are never remembered.
"""

from __future__ import annotations

import hashlib
import uuid
from datetime import timedelta
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from agent.api.errors import Unauthorized
from agent.api.services import Services

__all__ = ["MAX_CACHED_KEYS", "CurrentUser", "bearer", "current_user"]

MAX_CACHED_KEYS = 10_000

bearer = HTTPBearer(
    auto_error=False,
    scheme_name="ApiKey",
    bearerFormat="kairos_<key id>_<secret>",
    description="An API key from `kairos users add`; it identifies the user.",
)


async def current_user(
    request: Request, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> uuid.UUID:
    # The services straight from the app (not a sub-dependency: each one costs FastAPI work per request).
    svc: Services = request.app.state.services
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise Unauthorized()
    ttl = svc.settings.auth_cache_s
    digest = hashlib.sha256(credentials.credentials.encode()).hexdigest()
    now = svc.clock() if ttl > 0 else None
    if now is not None and (hit := svc.auth_cache.get(digest)) is not None and hit[1] > now:
        return hit[0]
    user_id = await svc.db.api_keys.authenticate(credentials.credentials)
    if user_id is None:
        raise Unauthorized("The API key is not valid.")
    if now is not None:
        if len(svc.auth_cache) >= MAX_CACHED_KEYS:
            svc.auth_cache.clear()
        svc.auth_cache[digest] = (user_id, now + timedelta(seconds=ttl))
    return user_id


CurrentUser = Annotated[uuid.UUID, Depends(current_user)]
