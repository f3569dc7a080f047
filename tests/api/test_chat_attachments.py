"""POST /v1/chat with an attached file (multipart/form-data): the preview, the "yes" that imports it, SSE,
the size limits (413, enforced while the body is read), unsupported files, malformed forms, request ids."""

from __future__ import annotations

from typing import Any

import httpx

from agent.api import ApiSettings
from agent.api.limits import MAX_ATTACHMENT_BYTES, body_limit
from agent.model import call
from tests.api.fixtures import Api, sse_events
from tests.fixtures import ics_file

GOOGLE = ics_file("google_export.ics")


def form(
    data: bytes = GOOGLE, name: str = "google_export.ics", kind: str = "text/calendar", **fields: str
) -> dict[str, Any]:
    return {"files": {"file": (name, data, kind)}, "data": fields}


async def test_a_calendar_file_is_previewed_then_imported_on_yes(api: Api) -> None:
    model = api.script()
    r = await api.client.post("/v1/chat", **form())
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["text"].startswith("“google_export.ics” has 3 events to add: 1 repeating, 2 single.")
    assert body["pending"]["kind"] == "needs_confirmation" and body["receipts"] == []
    assert model.call_count == 0 and await api.events() == []
    r = await api.client.post("/v1/chat", json={"message": "yes"})
    body = r.json()
    assert body["text"].startswith("Imported “google_export.ics”: 3 events added") and body["pending"] is None
    assert [x["action"] for x in body["receipts"]] == ["created", "created", "created", "updated", "deleted"]
    assert len(await api.events()) == 4 and model.call_count == 0


async def test_words_with_the_file_go_to_the_model(api: Api) -> None:
    model = api.script(call("keep_events", {"numbers": [2]}))
    r = await api.client.post("/v1/chat", **form(message="just the dinner", conversation_id="web-7"))
    body = r.json()
    assert model.call_count == 1 and body["conversation_id"] == "web-7"
    assert body["text"].splitlines()[0] == "Of the 3 events in “google_export.ics”, you asked for 1:"
    r = await api.client.post("/v1/chat", json={"message": "ok", "conversation_id": "web-7"})
    assert [e.title for e in await api.events()] == ["Dinner at Lina's"]


async def test_sse_with_a_file(api: Api) -> None:
    api.script()
    for path, headers in (("/v1/chat/stream", {}), ("/v1/chat", {"Accept": "text/event-stream"})):
        r = await api.client.post(path, headers=headers, **form(conversation_id=path.replace("/", "-")[1:]))
        events = sse_events(r.text)
        assert events[-1][0] == "reply", r.text
        assert events[-1][1]["pending"]["kind"] == "needs_confirmation"


async def test_an_unsupported_file_is_answered_and_nothing_is_stored(api: Api) -> None:
    api.script()
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 200
    r = await api.client.post(
        "/v1/chat", **form(png, "timetable.ics", "text/calendar", message="import this")
    )
    assert r.status_code == 200
    body = r.json()
    assert body["text"].startswith("That's an image, and I can't read events from images.")
    assert "I can import calendar files (.ics, iCalendar)" in body["text"] and body["pending"] is None
    assert await api.events() == []


async def test_a_file_over_the_attachment_limit_is_413(api: Api) -> None:
    big = b"BEGIN:VCALENDAR\r\n" + b"X-PAD:" + b"x" * MAX_ATTACHMENT_BYTES + b"\r\nEND:VCALENDAR\r\n"
    r = await api.client.post("/v1/chat", **form(big, "huge.ics"))
    assert r.status_code == 413
    error = r.json()["error"]
    assert error["code"] == "payload_too_large" and error["limit"] == MAX_ATTACHMENT_BYTES
    assert (
        f"at most {MAX_ATTACHMENT_BYTES} bytes" in error["message"]
        and "/v1/events/import" in error["message"]
    )
    assert await api.events() == []


async def test_a_form_body_over_its_cap_is_refused_while_it_is_read(api: Api) -> None:
    cap = body_limit("/v1/chat", ApiSettings(), "multipart/form-data; boundary=x")
    assert cap > body_limit("/v1/chat", ApiSettings()) and cap > MAX_ATTACHMENT_BYTES

    async def chunks() -> Any:  # no Content-Length: counted as it streams
        yield b'--x\r\nContent-Disposition: form-data; name="file"; filename="a.ics"\r\n\r\n'
        for _ in range(cap // 65536 + 2):
            yield b"x" * 65536

    r = await api.client.post(
        "/v1/chat", content=chunks(), headers={"Content-Type": "multipart/form-data; boundary=x"}
    )
    assert r.status_code == 413 and r.json()["error"]["limit"] == cap


async def test_malformed_forms_are_422(api: Api) -> None:
    api.script()
    cases = [
        {"data": {"message": ""}, "files": {"other": ("a.txt", b"x", "text/plain")}},  # a file, wrong field
        {"files": {"file": ("a.ics", GOOGLE, "text/calendar")}, "data": {"request_id": "bad id!"}},
        {
            "files": [
                ("file", ("a.ics", GOOGLE, "text/calendar")),
                ("file", ("b.ics", GOOGLE, "text/calendar")),
            ]
        },
    ]
    for case in cases:
        r = await api.client.post("/v1/chat", **case)
        assert r.status_code == 422, (case, r.text)
    r = await api.client.post(
        "/v1/chat", content=b"--x\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\n\r\n--x--\r\n",
        headers={"Content-Type": "multipart/form-data; boundary=x"},
    )  # fmt: skip
    assert r.status_code == 422 and "Send a message, a file" in r.json()["error"]["message"]
    assert await api.events() == []


async def test_a_request_id_stands_for_its_file(api: Api) -> None:
    api.script()
    first = await api.client.post("/v1/chat", **form(request_id="upload-1"))
    again = await api.client.post("/v1/chat", **form(request_id="upload-1"))
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert again.json()["text"] == first.json()["text"]
    other = ics_file("one_broken_event.ics")
    r = await api.client.post("/v1/chat", **form(other, "one_broken_event.ics", request_id="upload-1"))
    assert r.status_code == 409 and r.json()["error"]["reason"] == "request_id_reused"


async def test_a_form_without_a_key_is_401(api: Api) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=api.app), base_url="http://k") as anon:
        r = await anon.post("/v1/chat", **form())
    assert r.status_code == 401


def test_the_openapi_document_shows_the_form(api: Api) -> None:
    doc = api.app.openapi()
    for path in ("/v1/chat", "/v1/chat/stream"):
        content = doc["paths"][path]["post"]["requestBody"]["content"]
        assert set(content) == {"application/json", "multipart/form-data"}
        assert content["multipart/form-data"]["schema"]["properties"]["file"]["format"] == "binary"
