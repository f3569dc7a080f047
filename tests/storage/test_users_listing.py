"""``Users.all``: the listing behind ``kairos users list`` (runs on SQLite, and PostgreSQL when configured)."""

from __future__ import annotations

import uuid
from datetime import timedelta

from sqlalchemy import select

from storage import Database, UserProfile
from storage.models import ApiKey
from tests.storage.fixtures import NOW


async def test_all_lists_every_user_oldest_first_with_ties_by_id(database: Database) -> None:
    tag = uuid.uuid4().hex[:8]  # the session's database is shared: find this test's users by name
    later = await database.users.create(
        name=f"b-{tag}", timezone="UTC", locale="en-US", now=NOW + timedelta(hours=1)
    )
    first = await database.users.create(name=f"a-{tag}", timezone="Asia/Shanghai", locale="zh-CN", now=NOW)
    tied = [
        await database.users.create(
            name=f"c-{tag}", timezone="UTC", locale="en-US", now=NOW + timedelta(hours=2)
        )
        for _ in range(3)
    ]
    listed = [u for u in await database.users.all() if u.name.endswith(tag)]
    assert listed == [first, later, *sorted(tied, key=lambda u: u.id.hex)]
    assert all(isinstance(u, UserProfile) and u.created_at.tzinfo is not None for u in listed)
    assert listed[0].timezone == "Asia/Shanghai" and listed[0].locale == "zh-CN"


async def test_all_by_exact_name(database: Database) -> None:
    tag = uuid.uuid4().hex[:8]
    ada = await database.users.create(name=f"Ada {tag}", timezone="UTC", locale="en-US", now=NOW)
    twins = [
        await database.users.create(
            name=f"Twin {tag}", timezone="UTC", locale="en-US", now=NOW + timedelta(minutes=i)
        )
        for i in range(2)
    ]
    assert await database.users.all(name=f"Ada {tag}") == [ada]
    assert await database.users.all(name=f"Twin {tag}") == twins
    assert await database.users.all(name=f"ada {tag}") == []  # exact, case included
    assert await database.users.all(name=f"Ada {tag[:4]}") == []  # no prefix match


async def test_listing_shows_profiles_never_keys(database: Database) -> None:
    user = await database.users.create(
        name=f"Keyed {uuid.uuid4().hex[:8]}", timezone="UTC", locale="en", now=NOW
    )
    issued = await database.api_keys.issue(user.id, now=NOW)
    (listed,) = await database.users.all(name=user.name)
    assert listed == user and issued.key not in repr(listed)
    async with database.sessions() as session:
        assert (
            await session.execute(select(ApiKey.user_id).where(ApiKey.user_id == user.id))
        ).scalar_one() == user.id
