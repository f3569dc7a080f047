"""POST /v1/chat and its SSE form: replies, receipts, clarifications, streaming, idempotent replay."""

from __future__ import annotations

import asyncio

from agent.model import call, reply
from tests.api.fixtures import Api, sse_events

CREATE = call("create_event", {"title": "Meet Zhang San", "when": "tomorrow 3pm"})


async def test_create_returns_receipt_and_persists(api: Api) -> None:
    model = api.script(CREATE)
    r = await api.client.post("/v1/chat", json={"message": "tomorrow 3pm meet Zhang San"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert model.call_count == 1
    assert [x["title"] for x in body["receipts"]] == ["Meet Zhang San"]
    assert body["receipts"][0]["start"].startswith("2025-03-06T15:00:00")
    assert body["pending"] is None and body["replayed"] is False and body["turn_id"]
    assert [e.title for e in await api.events()] == ["Meet Zhang San"]


async def test_clarification_options_are_numbered(api: Api) -> None:
    api.script(call("create_event", {"title": "Call with Jun", "when": "tomorrow 7:30"}))
    body = (await api.client.post("/v1/chat", json={"message": "Call with Jun tomorrow at 7:30"})).json()
    assert [(o["number"], o["tag"]) for o in body["options"]] == [(1, "morning"), (2, "evening")]
    assert body["pending"]["kind"] == "needs_choice" and body["receipts"] == []
    assert await api.events() == []


async def test_chit_chat_and_conversation_id(api: Api) -> None:
    api.script(reply("Hello!"))
    r = await api.client.post("/v1/chat", json={"message": "hi", "conversation_id": "web-1"})
    assert r.json()["text"] == "Hello!" and r.json()["conversation_id"] == "web-1"


async def test_sse_stream_parses_and_ends_with_the_final_reply(api: Api) -> None:
    api.script(CREATE)
    r = await api.client.post("/v1/chat/stream", json={"message": "tomorrow 3pm meet Zhang San"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    events = sse_events(r.text)
    names = [name for name, _ in events]
    assert names[0] == "tool" and names[-1] == "reply" and "delta" in names
    assert events[0][1]["name"] == "create_event" and events[0][1]["status"] == "persisted"
    final = events[-1][1]
    assert "".join(d["text"] for n, d in events if n == "delta") == final["text"]
    assert [x["title"] for x in final["receipts"]] == ["Meet Zhang San"]


async def test_accept_header_selects_sse(api: Api) -> None:
    api.script(reply("You're welcome!"))
    r = await api.client.post(
        "/v1/chat", json={"message": "thanks a lot"}, headers={"Accept": "text/event-stream"}
    )
    name, data = sse_events(r.text)[-1]
    assert name == "reply" and data["text"] == "You're welcome!"


async def test_same_request_id_replays_without_running_anything(api: Api) -> None:
    model = api.script(CREATE)
    payload = {"message": "tomorrow 3pm meet Zhang San", "request_id": "req-1"}
    first = await api.client.post("/v1/chat", json=payload)
    second = await api.client.post("/v1/chat", json=payload)
    third = await api.client.post("/v1/chat/stream", json=payload)
    assert first.status_code == second.status_code == 200
    assert model.call_count == 1 and len(await api.events()) == 1
    assert second.json() == {**first.json(), "replayed": True}
    assert sse_events(third.text)[-1][1]["turn_id"] == first.json()["turn_id"]
    messages = await api.db.conversations(api.user_id).recent_messages("default")
    assert len(messages) == 2  # one turn stored, not three


async def test_idempotency_key_header_and_reuse_for_other_message(api: Api) -> None:
    model = api.script(reply("ok"))
    h = {"Idempotency-Key": "abc"}
    assert (await api.client.post("/v1/chat", json={"message": "hi"}, headers=h)).status_code == 200
    again = await api.client.post("/v1/chat", json={"message": "hi"}, headers=h)
    assert again.json()["replayed"] is True and model.call_count == 1
    other = await api.client.post("/v1/chat", json={"message": "something else"}, headers=h)
    assert other.status_code == 409 and other.json()["error"]["reason"] == "request_id_reused"


async def test_concurrent_duplicates_run_the_turn_once(api: Api) -> None:
    model = api.script(CREATE)
    payload = {"message": "tomorrow 3pm meet Zhang San", "request_id": "race"}
    results = await asyncio.gather(*(api.client.post("/v1/chat", json=payload) for _ in range(4)))
    statuses = sorted(r.status_code for r in results)
    assert model.call_count == 1 and len(await api.events()) == 1
    assert statuses.count(200) >= 1 and set(statuses) <= {200, 409}
    for r in results:
        if r.status_code == 409:
            assert r.json()["error"]["reason"] == "request_in_progress" and r.headers["Retry-After"] == "1"


async def test_invalid_body_is_classified_422(api: Api) -> None:
    r = await api.client.post("/v1/chat", json={"message": "", "user_id": "x"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_request"
    assert {f["field"] for f in r.json()["error"]["fields"]} >= {"message", "user_id"}


async def test_two_workers_on_one_database_share_replies_and_the_rate_window(database) -> None:  # type: ignore[no-untyped-def]
    """Two app instances (as two ``--workers``) share nothing but the database."""
    import httpx

    from agent import Assistant
    from agent.api import ApiSettings, create_app
    from agent.model import ScriptedModel
    from tests.api.fixtures import Clock, make_api

    settings = ApiSettings(rate_limit_per_minute=3)
    first = await make_api(database, settings)
    model_b = ScriptedModel([reply("from b")] * 3)
    clock = Clock()
    app_b = create_app(database, Assistant(database, model_b, clock=clock), clock=clock, settings=settings)
    headers = {"Authorization": f"Bearer {first.key}"}
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app_b), base_url="http://b", headers=headers
    ) as b:
        model_a = first.script(reply("from a"), reply("again a"))
        a1 = await first.client.post("/v1/chat", json={"message": "hi", "request_id": "w1"})
        b1 = await b.post("/v1/chat", json={"message": "hi", "request_id": "w1"})
        assert b1.json() == {**a1.json(), "replayed": True} and model_b.call_count == 0
        assert (await b.post("/v1/chat", json={"message": "hi"})).status_code == 200
        assert (await first.client.post("/v1/chat", json={"message": "hi"})).status_code == 200
        limited = await b.post("/v1/chat", json={"message": "hi"})
        assert limited.status_code == 429 and model_a.call_count == 2 and model_b.call_count == 1
    await first.client.aclose()


async def test_the_reply_for_replays_commits_with_the_turn(api: Api, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The stored reply is written by the turn's own commit: no separate settle transaction."""
    from storage.api_requests import ApiRequests

    finished: list[str] = []
    real_finish = ApiRequests.finish

    async def spy(self: ApiRequests, request_id: str, result: dict) -> None:  # type: ignore[type-arg]
        finished.append(request_id)
        await real_finish(self, request_id, result)

    monkeypatch.setattr(ApiRequests, "finish", spy)
    api.script(CREATE, reply("hello"))
    first = await api.client.post(
        "/v1/chat", json={"message": "tomorrow 3pm meet Zhang San", "request_id": "j1"}
    )
    streamed = await api.client.post("/v1/chat/stream", json={"message": "hi", "request_id": "s1"})
    assert first.status_code == 200 and sse_events(streamed.text)[-1][0] == "reply"
    assert finished == []  # both stored inside the turn's commit
    again = await api.client.post(
        "/v1/chat", json={"message": "tomorrow 3pm meet Zhang San", "request_id": "j1"}
    )
    assert again.json() == {**first.json(), "replayed": True}
    replay = await api.client.post("/v1/chat", json={"message": "hi", "request_id": "s1"})
    assert replay.json()["text"] == "hello" and replay.json()["replayed"] is True


async def test_a_failed_turn_commit_still_stores_the_reply_for_replays(api: Api, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from storage import StorageUnavailable, TurnStore

    async def down(*_: object, **__: object) -> None:
        raise StorageUnavailable("the transcript could not be written")

    monkeypatch.setattr(TurnStore, "commit", down)
    model = api.script(CREATE)
    payload = {"message": "tomorrow 3pm meet Zhang San", "request_id": "k1"}
    first = await api.client.post("/v1/chat", json=payload)
    assert first.status_code == 200 and first.json()["receipts"] and first.json()["pending"] is None
    again = await api.client.post("/v1/chat", json=payload)
    assert again.json() == {**first.json(), "replayed": True}
    assert model.call_count == 1 and len(await api.events()) == 1  # the event was written once
