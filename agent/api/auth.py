"""Bearer-key authentication: the key says who the user is; no body or path ever carries a user id.

``Authorization: Bearer kairos_<key id>_<secret>`` is checked against the stored salted hash
(``storage.ApiKeys``). Missing, malformed, unknown and revoked keys all get the same 401 with
``WWW-Authenticate: Bearer``.
"""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from agent.api.errors import Unauthorized
from agent.api.services import Services, services

__all__ = ["CurrentUser", "bearer", "current_user"]

bearer = HTTPBearer(
    auto_error=False,
    scheme_name="ApiKey",
    bearerFormat="kairos_<key id>_<secret>",
    description="An API key from `kairos users add`; it identifies the user.",
)


async def current_user(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    svc: Annotated[Services, Depends(services)],
) -> uuid.UUID:
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise Unauthorized()
    user_id = await svc.db.api_keys.authenticate(credentials.credentials)
    if user_id is None:
        raise Unauthorized("The API key is not valid.")
    return user_id


CurrentUser = Annotated[uuid.UUID, Depends(current_user)]
