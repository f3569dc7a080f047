"""A request id whose worker died mid-turn (``kill -9``): retries settle instead of answering 409 forever.

A crash is simulated where it leaves its traces: the claim made by ``admit``, the turn run under the
claim's turn id by the real assistant and write path, and the turn's final commit (transcript and stored
reply) never happening. The clock then moves past the claim's lease (the turn deadline and a grace).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from agent.api.idempotency import Admitted, admit, claim_lease, withdraw
from agent.api.schemas import ChatRequest
from agent.api.turns import reply_record
from agent.model import call, reply
from storage import TurnStore
from tests.api.fixtures import NOW, Api, sse_events

MESSAGE = "tomorrow 3pm meet Zhang San"
CREATE = call("create_event", {"title": "Meet Zhang San", "when": "tomorrow 3pm"})


class Killed(BaseException):
    """The process died here: nothing after this point ran (no settle, no cleanup)."""


async def crash(api: Api, request_id: str, monkeypatch: pytest.MonkeyPatch, *, at=NOW, steps=()) -> str:  # type: ignore[no-untyped-def]
    """Claim ``request_id`` as the API does, run its turn (``steps``: the model's answers; none: it died
    before the model answered) and die before the turn's commit. Returns the claim's turn id."""
    svc = api.app.state.services
    admitted = await admit(svc, api.user_id, ChatRequest(message=MESSAGE), request_id, at)
    assert isinstance(admitted, Admitted) and admitted.turn_id
    if steps:
        api.script(*steps)

        async def killed(*args: object, **kwargs: object) -> None:
            raise Killed

        with monkeypatch.context() as m:
            m.setattr(TurnStore, "commit", killed)
            with pytest.raises(Killed):
                await api.assistant.reply(api.user_id, MESSAGE, now=at, record=reply_record(admitted))
    return admitted.turn_id


def set_clock(api: Api, at) -> None:  # type: ignore[no-untyped-def]
    api.app.state.services.clock.start = at


def past_lease(api: Api, since=NOW):  # type: ignore[no-untyped-def]
    return since + claim_lease(api.app.state.services.settings) + timedelta(seconds=1)


async def post(api: Api, request_id: str, path: str = "/v1/chat"):  # type: ignore[no-untyped-def]
    return await api.client.post(path, json={"message": MESSAGE, "request_id": request_id})


async def test_retry_after_the_lease_reports_the_committed_write_and_writes_nothing(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn_id = await crash(api, "k1", monkeypatch, steps=[CREATE])
    assert [e.title for e in await api.events()] == ["Meet Zhang San"]  # committed before the crash
    model = api.script()  # a retry must not call the model: the turn is not run again
    set_clock(api, past_lease(api))
    r = await post(api, "k1")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["turn_id"] == turn_id and body["replayed"] is True
    assert [x["title"] for x in body["receipts"]] == ["Meet Zhang San"]
    assert body["receipts"][0]["start"].startswith("2025-03-06T15:00:00")
    assert "Meet Zhang San" in body["text"] and "cut off" in body["text"]
    assert model.call_count == 0 and len(await api.events()) == 1
    again = await post(api, "k1")
    streamed = await post(api, "k1", "/v1/chat/stream")
    assert again.json() == body  # stored on the claim: every later retry says the same
    assert sse_events(streamed.text)[-1] == ("reply", body)
    assert len(await api.events()) == 1


async def test_retry_before_the_lease_ends_still_answers_409_with_retry_after(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    await crash(api, "k2", monkeypatch, steps=[CREATE])
    set_clock(api, NOW + timedelta(seconds=10))
    r = await post(api, "k2")
    assert r.status_code == 409 and r.json()["error"]["reason"] == "request_in_progress"
    assert r.headers["Retry-After"] == "1"
    assert len(await api.events()) == 1


async def test_a_turn_that_died_before_writing_runs_again_under_the_same_turn_id(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn_id = await crash(api, "k3", monkeypatch)  # died before the model answered
    model = api.script(CREATE)
    set_clock(api, past_lease(api))
    r = await post(api, "k3")
    assert r.status_code == 200, r.text
    assert r.json()["turn_id"] == turn_id and r.json()["replayed"] is False
    assert model.call_count == 1 and [e.title for e in await api.events()] == ["Meet Zhang San"]
    again = await post(api, "k3")
    assert again.json() == {**r.json(), "replayed": True} and model.call_count == 1


async def test_racing_retries_after_the_lease_run_the_turn_once(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    await crash(api, "k4", monkeypatch)
    model = api.script(CREATE)
    set_clock(api, past_lease(api))
    results = await asyncio.gather(*(post(api, "k4") for _ in range(4)))
    statuses = sorted(r.status_code for r in results)
    assert set(statuses) <= {200, 409} and 200 in statuses
    assert model.call_count == 1 and len(await api.events()) == 1


async def test_a_takeover_that_dies_too_is_settled_after_its_own_lease(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn_id = await crash(api, "k5", monkeypatch)
    later = past_lease(api)
    assert await crash(api, "k5", monkeypatch, at=later, steps=[CREATE]) == turn_id  # same turn id
    set_clock(api, later + timedelta(seconds=5))
    assert (await post(api, "k5")).status_code == 409  # the takeover's lease counts from its start
    set_clock(api, past_lease(api, later))
    r = await post(api, "k5")
    assert r.status_code == 200 and r.json()["turn_id"] == turn_id
    assert [x["title"] for x in r.json()["receipts"]] == ["Meet Zhang San"]
    assert len(await api.events()) == 1


async def test_a_withdrawn_takeover_frees_the_id_for_a_new_claim(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = api.app.state.services
    turn_id = await crash(api, "k6", monkeypatch)
    later = past_lease(api)
    taken = await admit(svc, api.user_id, ChatRequest(message=MESSAGE), "k6", later)
    assert isinstance(taken, Admitted) and taken.turn_id == turn_id
    await withdraw(taken)  # the takeover failed and provably wrote nothing
    fresh = await admit(svc, api.user_id, ChatRequest(message=MESSAGE), "k6", later + timedelta(seconds=1))
    assert isinstance(fresh, Admitted) and fresh.turn_id not in (None, turn_id)


async def test_claimed_requests_run_under_the_claims_turn_id(api: Api) -> None:
    api.script(reply("hello"), reply("hi again"))
    first = await api.client.post("/v1/chat", json={"message": "hi", "request_id": "t1"})
    plain = await api.client.post("/v1/chat", json={"message": "hi"})
    assert first.json()["turn_id"] != plain.json()["turn_id"]
    assert len(first.json()["turn_id"]) == len(plain.json()["turn_id"]) == 32
