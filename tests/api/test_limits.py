"""Auth (401), size (413), rate (429) and the turn deadline (504, nothing half-written)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

import storage.events
from agent.api import ApiSettings
from agent.model import ScriptedModel, call, reply
from storage import Database
from storage.models import AuditRecord, IdempotencyRecord
from tests.api.fixtures import Api, make_api, sse_events

CREATE = call("create_event", {"title": "Gym", "when": "tomorrow 6pm"})


class SlowModel(ScriptedModel):
    def __init__(self, steps: Sequence[Any], delay_s: float) -> None:
        super().__init__(list(steps))
        self.delay_s = delay_s
        self.started = 0

    async def complete(self, messages: Any, tools: Any = (), **kwargs: Any) -> Any:
        self.started += 1
        await asyncio.sleep(self.delay_s)
        return await super().complete(messages, tools, **kwargs)


@pytest.fixture
async def tight(database: Database) -> AsyncIterator[Api]:
    settings = ApiSettings(max_message_chars=50, rate_limit_per_minute=3, turn_timeout_s=0.3)
    kit = await make_api(database, settings)
    yield kit
    await kit.client.aclose()


async def _count(db: Database, model: Any, user_id: Any) -> int:
    async with db.sessions() as session:
        return int(
            (await session.execute(select(func.count()).where(model.owner_id == user_id))).scalar_one()
        )


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer nope"},
        {"Authorization": "Basic abc"},
        {"Authorization": "Bearer kairos_x_y"},
    ],
)
async def test_missing_or_invalid_key_is_401(api: Api, headers: dict[str, str]) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=api.app), base_url="http://k") as anon:
        for method, path in [("POST", "/v1/chat"), ("GET", "/v1/events.ics"), ("GET", "/v1/events/x")]:
            r = await anon.request(method, path, headers=headers, json={"message": "hi"})
            assert r.status_code == 401, (path, r.text)
            assert r.headers["WWW-Authenticate"].startswith("Bearer")
            assert r.json()["error"]["code"] == "unauthorized"
    assert api.model.call_count == 0


async def test_revoked_key_is_401(api: Api) -> None:
    from tests.api.fixtures import NOW

    key_id = api.key.split("_")[1]
    assert await api.db.api_keys.revoke(key_id, now=NOW)
    assert (await api.client.post("/v1/chat", json={"message": "hi"})).status_code == 401


async def test_oversized_message_is_413_and_runs_nothing(tight: Api) -> None:
    model = tight.script(reply("never"))
    r = await tight.client.post("/v1/chat", json={"message": "x" * 51})
    assert r.status_code == 413 and r.json()["error"]["code"] == "payload_too_large"
    assert "50" in r.json()["error"]["message"] and model.call_count == 0
    r = await tight.client.post("/v1/chat/stream", json={"message": "x" * 51})
    assert r.status_code == 413


async def test_rate_limit_is_429_with_retry_after_and_replays_are_free(tight: Api) -> None:
    model = tight.script(*[reply("ok")] * 3)
    for i in range(3):
        assert (
            await tight.client.post("/v1/chat", json={"message": "hi", "request_id": f"r{i}"})
        ).status_code == 200
    again = await tight.client.post("/v1/chat", json={"message": "hi", "request_id": "r0"})
    assert again.status_code == 200 and again.json()["replayed"]
    r = await tight.client.post("/v1/chat", json={"message": "hi", "request_id": "r3"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert 1 <= int(r.headers["Retry-After"]) <= 60 and model.call_count == 3
    # Three claims and their three rate marks: the replay and the limited request wrote nothing.
    assert await _count(tight.db, IdempotencyRecord, tight.user_id) == 6
    again = await tight.client.post("/v1/chat", json={"message": "other", "request_id": "r1"})
    assert again.status_code == 409  # a known id over the limit still says what it is
    other, _ = await tight.other()
    tight.script(reply("ok"))
    assert (await other.post("/v1/chat", json={"message": "hi"})).status_code == 200  # per user
    await other.aclose()


async def test_turn_past_deadline_is_an_honest_504_with_no_writes(tight: Api) -> None:
    model = SlowModel([CREATE], delay_s=5)
    tight.assistant.model = model
    payload = {"message": "gym tomorrow 6pm", "request_id": "slow"}
    r = await tight.client.post("/v1/chat", json=payload)
    assert r.status_code == 504, r.text
    error = r.json()["error"]
    assert error["code"] == "turn_timeout" and error["saved"] == 0 and "Nothing" in error["message"]
    assert await tight.events() == [] and await _count(tight.db, AuditRecord, tight.user_id) == 0
    again = await tight.client.post("/v1/chat", json=payload)
    assert again.status_code == 504 and model.started == 1  # the answer is stored; nothing re-runs


async def test_cancel_inside_the_write_transaction_leaves_no_row_or_claim(
    tight: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = storage.events.run_write

    async def slow_write(*args: Any, change: Any, **kwargs: Any) -> Any:
        async def slow_change(session: Any) -> Any:
            done = await change(session)
            await session.flush()  # the row is written inside the open transaction...
            await asyncio.sleep(5)  # ...and the deadline strikes before COMMIT
            return done

        return await real(*args, change=slow_change, **kwargs)

    monkeypatch.setattr(storage.events, "run_write", slow_write)
    tight.script(CREATE)
    for path in ("/v1/chat", "/v1/chat/stream"):
        tight.script(CREATE)
        r = await tight.client.post(path, json={"message": "gym tomorrow 6pm"})
        error = r.json()["error"] if path == "/v1/chat" else sse_events(r.text)[-1][1]["error"]
        assert error["code"] == "turn_timeout" and error["saved"] == 0
    assert await tight.events() == [] and await _count(tight.db, AuditRecord, tight.user_id) == 0
    async with tight.db.sessions() as session:
        keys = (await session.execute(select(IdempotencyRecord.key).where(
            IdempotencyRecord.owner_id == tight.user_id))).scalars().all()  # fmt: skip
    assert all(k.startswith(("api.chat:", "api.rate:")) for k in keys)  # no write claim was left behind


async def test_stream_past_deadline_ends_with_an_error_event(tight: Api) -> None:
    tight.assistant.model = SlowModel([reply("late")], delay_s=5)
    r = await tight.client.post("/v1/chat/stream", json={"message": "hello"})
    name, data = sse_events(r.text)[-1]
    assert name == "error" and data["error"]["code"] == "turn_timeout"


async def test_revocation_applies_after_the_auth_cache_and_at_once_without_it(database: Database) -> None:
    from tests.api.fixtures import NOW

    for ttl, still_works in ((30.0, True), (0.0, False)):
        kit = await make_api(database, ApiSettings(auth_cache_s=ttl))
        kit.script(reply("a"), reply("b"))
        assert (await kit.client.post("/v1/chat", json={"message": "hi"})).status_code == 200
        assert await kit.db.api_keys.revoke(kit.key.split("_")[1], now=NOW)
        after = await kit.client.post("/v1/chat", json={"message": "hi"})
        assert (after.status_code == 200) is still_works
        kit.app.state.services.auth_cache.clear()
        assert (await kit.client.post("/v1/chat", json={"message": "hi"})).status_code == 401
        await kit.client.aclose()


async def test_requests_without_an_id_store_no_reply(api: Api) -> None:
    api.script(reply("a"))
    assert (await api.client.post("/v1/chat", json={"message": "hi"})).status_code == 200
    async with api.db.sessions() as session:
        keys = (await session.execute(select(IdempotencyRecord.key).where(
            IdempotencyRecord.owner_id == api.user_id))).scalars().all()  # fmt: skip
    assert len(keys) == 1 and keys[0].startswith("api.rate:")


def test_settings_from_env() -> None:
    s = ApiSettings.from_env({"KAIROS_MAX_MESSAGE_CHARS": "100", "KAIROS_RATE_LIMIT_PER_MINUTE": "5",
                              "KAIROS_TURN_TIMEOUT_S": "2.5", "KAIROS_AUTH_CACHE_S": "0"})  # fmt: skip
    assert (s.max_message_chars, s.rate_limit_per_minute, s.turn_timeout_s, s.auth_cache_s) == (
        100,
        5,
        2.5,
        0,
    )
    assert ApiSettings.from_env({}) == ApiSettings()
    with pytest.raises(ValueError, match="KAIROS_RATE_LIMIT_PER_MINUTE"):
        ApiSettings.from_env({"KAIROS_RATE_LIMIT_PER_MINUTE": "0"})


async def test_deadline_after_a_committed_write_says_it_was_saved(
    tight: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    from storage import TurnStore

    async def slow_transcript(*_: Any, **__: Any) -> Any:  # the event is committed; the transcript hangs
        await asyncio.sleep(5)

    monkeypatch.setattr(TurnStore, "commit", slow_transcript)
    tight.script(CREATE)
    r = await tight.client.post("/v1/chat", json={"message": "gym tomorrow 6pm", "request_id": "late"})
    error = r.json()["error"]
    assert (
        r.status_code == 504
        and error["saved"] == 1
        and "1 change(s) had already been saved" in error["message"]
    )
    assert [e.title for e in await tight.events()] == ["Gym"]
    again = await tight.client.post("/v1/chat", json={"message": "gym tomorrow 6pm", "request_id": "late"})
    assert (
        again.status_code == 504 and len(await tight.events()) == 1
    )  # a retry with the id cannot write twice
