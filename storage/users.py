"""Users: who owns the rows. Each has an IANA time zone (default zone of events, of working hours) and a
locale. Every user-scoped store checks the owner through this table.

    await db.users.create(name="Ada", timezone="Asia/Shanghai", locale="zh-CN", now=now)
    await db.users.all()                  # every user, oldest first (``kairos users list``)
    await db.users.all(name="Ada")        # only users with exactly this name
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from storage import limits
from storage.drafts import check_timezone, require_aware
from storage.errors import InvalidUser, StorageUnavailable, UserNotFound
from storage.models import User

__all__ = ["UserProfile", "Users"]


@dataclass(frozen=True, slots=True)
class UserProfile:
    """A user as stored: IANA ``timezone`` and a locale tag such as ``zh-CN``."""

    id: uuid.UUID
    name: str
    timezone: str
    locale: str
    created_at: datetime

    @classmethod
    def from_row(cls, row: User) -> UserProfile:
        return cls(row.id, row.name, row.timezone, row.locale, row.created_at)


class Users:
    """Create and read users (not user-scoped: the API's authentication layer and the CLI use it)."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def create(
        self, *, name: str, timezone: str, locale: str, now: datetime, user_id: uuid.UUID | None = None
    ) -> UserProfile:
        """Insert a user. Raises ``InvalidUser`` for an unknown zone, empty name, or an id already taken."""
        row = _validated(
            User(id=user_id or uuid.uuid4(), name=name, timezone=timezone, locale=locale, created_at=now)
        )
        async with self._sessions() as session:
            session.add(row)
            try:
                await session.commit()
            except IntegrityError:
                raise InvalidUser("a user with this id already exists", field="user_id") from None
        return UserProfile.from_row(row)

    async def get(self, user_id: uuid.UUID) -> UserProfile:
        """The user, or ``UserNotFound``."""
        async with self._sessions() as session:
            row = await session.get(User, user_id)
        if row is None:
            raise UserNotFound(f"no user with id {user_id}")
        return UserProfile.from_row(row)

    async def all(self, *, name: str | None = None) -> list[UserProfile]:
        """Every user (or those named exactly ``name``), oldest first; ties in creation time by id, so the
        order is the same on every backend. Profiles only: keys live in ``ApiKeys`` and never show here."""
        query = select(_USERS)
        if name is not None:
            query = query.where(_USERS.c.name == name)
        try:
            async with self._sessions() as session:
                rows = (await session.execute(query.order_by(_USERS.c.created_at, _USERS.c.id))).all()
        except DBAPIError as exc:
            raise StorageUnavailable("the users could not be read") from exc
        return [UserProfile(r.id, r.name, r.timezone, r.locale, r.created_at) for r in rows]

    async def get_or_create(
        self, user_id: uuid.UUID, *, name: str, timezone: str, locale: str, now: datetime
    ) -> UserProfile:
        """The user with ``user_id``, created with these fields if missing (the local CLI's single user)."""
        try:
            return await self.get(user_id)
        except UserNotFound:
            pass
        try:
            return await self.create(name=name, timezone=timezone, locale=locale, now=now, user_id=user_id)
        except InvalidUser:
            return await self.get(user_id)  # created concurrently

    async def update(
        self,
        user_id: uuid.UUID,
        *,
        name: str | None = None,
        timezone: str | None = None,
        locale: str | None = None,
    ) -> UserProfile:
        """Change a user's name, zone or locale. Existing events keep their own zone."""
        async with self._sessions() as session:
            row = await session.get(User, user_id)
            if row is None:
                raise UserNotFound(f"no user with id {user_id}")
            row.name = name if name is not None else row.name
            row.timezone = timezone if timezone is not None else row.timezone
            row.locale = locale if locale is not None else row.locale
            _validated(row)
            await session.commit()
        return UserProfile.from_row(row)


_USERS = User.__table__  # type: ignore[attr-defined]


def _validated(row: User) -> User:
    if not isinstance(row.name, str) or not row.name.strip():
        raise InvalidUser("user name must not be empty", field="name")
    if len(row.name) > limits.MAX_NAME_LENGTH:
        raise InvalidUser(f"user name is longer than {limits.MAX_NAME_LENGTH} characters", field="name")
    check_timezone(row.timezone, error=InvalidUser)
    if not isinstance(row.locale, str) or not row.locale or len(row.locale) > limits.MAX_LOCALE_LENGTH:
        raise InvalidUser(
            f"locale must be a tag such as 'en-US' or 'zh-CN' (at most {limits.MAX_LOCALE_LENGTH} characters)",
            field="locale",
        )
    require_aware(row.created_at, "now", InvalidUser)
    return row
