"""Users, API keys (hashed, shown once), conversation messages, pending commands and the turn log."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from sqlalchemy import select

from storage import Database, InvalidInput, InvalidUser, UserNotFound
from storage.models import ApiKey
from tests.storage.fixtures import NOW


async def test_users_create_get_update(database: Database) -> None:
    user = await database.users.create(name="Ada", timezone="Asia/Shanghai", locale="zh-CN", now=NOW)
    assert await database.users.get(user.id) == user
    changed = await database.users.update(user.id, timezone="Europe/Berlin")
    assert changed.timezone == "Europe/Berlin" and changed.name == "Ada"
    with pytest.raises(UserNotFound):
        await database.users.get(uuid.uuid4())
    same = await database.users.get_or_create(user.id, name="x", timezone="UTC", locale="en", now=NOW)
    assert same.name == "Ada"


@pytest.mark.parametrize(
    ("fields", "field"),
    [({"timezone": "Nowhere/City"}, "timezone"), ({"name": " "}, "name"), ({"locale": ""}, "locale")],
)
async def test_invalid_users(database: Database, fields: dict[str, str], field: str) -> None:
    base = {"name": "Ada", "timezone": "UTC", "locale": "en"} | fields
    with pytest.raises(InvalidUser) as caught:
        await database.users.create(**base, now=NOW)
    assert caught.value.field == field


async def test_api_keys_are_stored_hashed_and_authenticate(database: Database, make_user: object) -> None:
    user = await make_user()  # type: ignore[operator]
    issued = await database.api_keys.issue(user.id, now=NOW, label="laptop")
    assert issued.key.startswith("kairos_") and issued.key not in repr(issued)
    async with database.sessions() as session:
        row = (await session.execute(select(ApiKey).where(ApiKey.id == issued.id))).scalar_one()
    secret = issued.key.rsplit("_", 1)[1]
    assert secret not in (row.key_hash, row.salt, row.key_id) and len(row.key_hash) == 64
    assert await database.api_keys.authenticate(issued.key) == user.id
    for wrong in (
        issued.key[:-1] + ("A" if issued.key[-1] != "A" else "B"),
        "kairos_nope_x",
        "",
        "Bearer x",
        issued.key + "x",
    ):
        assert await database.api_keys.authenticate(wrong) is None
    assert await database.api_keys.revoke(issued.key_id, now=NOW) is True
    assert await database.api_keys.authenticate(issued.key) is None
    assert await database.api_keys.revoke(issued.key_id, now=NOW) is False
    with pytest.raises(UserNotFound):
        await database.api_keys.issue(uuid.uuid4(), now=NOW)


async def test_messages_in_order_and_searchable(database: Database, make_user: object) -> None:
    user = await make_user()  # type: ignore[operator]
    conversations = database.conversations(user.id)
    for i in range(5):
        await conversations.add_message(
            "c1", "user" if i % 2 == 0 else "assistant", f"message {i} 明天开会", now=NOW, turn_id=f"t{i}"
        )
    await conversations.add_message("c2", "user", "100% sure_thing", now=NOW)
    recent = await conversations.recent_messages("c1", limit=3)
    assert [m.text[:9] for m in recent] == ["message 2", "message 3", "message 4"]
    assert recent[0].created_at == NOW and recent[0].turn_id == "t2"
    assert len(await conversations.search_messages("开会")) == 5
    assert len(await conversations.search_messages("MESSAGE 3")) == 1
    assert [m.conversation_id for m in await conversations.search_messages("100%")] == ["c2"]
    assert await conversations.search_messages("1_0") == []  # "_" and "%" are literal, not wildcards
    with pytest.raises(InvalidInput):
        await conversations.add_message("c1", "wizard", "x", now=NOW)  # type: ignore[arg-type]


async def test_one_pending_command_per_conversation(database: Database, make_user: object) -> None:
    user = await make_user()  # type: ignore[operator]
    conversations = database.conversations(user.id)
    soon = NOW + timedelta(minutes=2)
    await conversations.save_pending("c1", "needs_value", {"slot": "time"}, now=NOW, expires_at=soon)
    second = await conversations.save_pending(
        "c1", "needs_confirmation", {"op": "delete"}, now=NOW, expires_at=soon, turn_id="t9"
    )
    current = await conversations.pending("c1", now=NOW)
    assert current == second and current.kind == "needs_confirmation" and current.payload == {"op": "delete"}
    assert await conversations.pending("c1", now=soon) is None  # expired at expires_at
    taken = await conversations.take_pending("c1", now=NOW)
    assert taken == second
    assert await conversations.take_pending("c1", now=NOW) is None
    await conversations.save_pending("c1", "needs_choice", {"options": [1, 2]}, now=NOW, expires_at=soon)
    assert await conversations.take_pending("c1", now=soon + timedelta(seconds=1)) is None  # expired: removed
    assert await conversations.pending("c1", now=NOW) is None
    await conversations.save_pending("c1", "needs_choice", {}, now=NOW, expires_at=soon)
    assert await conversations.clear_pending("c1") is True
    for bad in ({"kind": "maybe"}, {"payload": {"x": object()}}, {"expires_at": NOW}):
        args = {"kind": "needs_value", "payload": {}, "expires_at": soon} | bad
        with pytest.raises(InvalidInput):
            await conversations.save_pending(
                "c1", args["kind"], args["payload"], now=NOW, expires_at=args["expires_at"]
            )


async def test_turn_log(database: Database, make_user: object) -> None:
    user = await make_user()  # type: ignore[operator]
    log = database.turn_log(user.id)
    await log.record("t1", "route", {"route": "model"}, now=NOW)
    await log.record("t1", "unverified_write_claim", {"claimed": "created"}, now=NOW)
    await log.record("t2", "route", {"route": "gate"}, now=NOW)
    assert [r.kind for r in await log.records(turn_id="t1")] == ["route", "unverified_write_claim"]
    assert [r.turn_id for r in await log.records(kind="route")] == ["t1", "t2"]
    with pytest.raises(InvalidInput):
        await log.record("t3", "x", {"bad": {1, 2}}, now=NOW)  # type: ignore[dict-item]
