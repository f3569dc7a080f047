"""Hostile requests: ranges near the ends of ``datetime``, .ics files that answered 500, bodies far over
their cap (with and without a key, declared or streamed), control characters in messages and files."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from agent.api import ApiSettings
from agent.api.limits import MAX_ICS_BYTES, body_limit
from agent.model import reply
from tests.api.fixtures import Api
from tests.storage.test_ics_hostile import GOOD, HOSTILE, calendar

ICS = {"Content-Type": "text/calendar"}


@pytest.mark.parametrize(
    ("start", "end", "field"),
    [
        ("0001-01-01T00:00:00+14:00", "0001-01-02T00:00:00+14:00", "start"),
        ("0001-01-01T00:00:00Z", "0001-01-02T00:00:00Z", "start"),
        ("9999-12-30T00:00:00-12:00", "9999-12-31T23:59:59-12:00", "start"),
        ("2200-12-20T00:00:00Z", "9999-12-31T00:00:00Z", "end"),
        ("1899-12-31T00:00:00Z", "1900-01-02T00:00:00Z", "start"),
    ],
)
async def test_ranges_outside_the_years_are_422_not_500(api: Api, start: str, end: str, field: str) -> None:
    r = await api.client.get("/v1/events", params={"start": start, "end": end})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "invalid_request" and error["field"] == field
    assert "between the years 1900 and 2200" in error["message"]


@pytest.mark.parametrize(("lines", "reason", "why"), HOSTILE, ids=[h[2] for h in HOSTILE])
async def test_each_import_that_answered_500_is_a_skip(api: Api, lines: str, reason: str, why: str) -> None:
    r = await api.client.post("/v1/events/import", content=calendar(lines), headers=ICS)
    assert r.status_code == 200, (why, r.text)
    assert r.json()["imported"] == [] and reason in r.json()["skipped"][0]["reason"], why


async def test_three_good_one_bad_three_good_imports_six(api: Api) -> None:
    bad = "DTSTART:20250101T090000Z\r\nDURATION:P9999999W\r\n"
    r = await api.client.post("/v1/events/import", content=calendar(GOOD, GOOD, GOOD, bad, GOOD, GOOD, GOOD),
                              headers=ICS)  # fmt: skip
    assert r.status_code == 200
    assert len(r.json()["imported"]) == 6 and [s["uid"] for s in r.json()["skipped"]] == ["u3"]
    assert len(await api.events()) == 6


async def test_nul_in_chat_is_422_and_runs_nothing(api: Api) -> None:
    model = api.script(reply("never"))
    for message in ("hi\x00there", "\x1b[31mred", "a\x7f"):
        r = await api.client.post("/v1/chat", json={"message": message})
        assert r.status_code == 422, r.text
        assert r.json()["error"]["field"] == "message" and "control character" in r.json()["error"]["message"]
        stream = await api.client.post("/v1/chat/stream", json={"message": message})
        assert stream.status_code == 422
    assert model.call_count == 0
    api.script(reply("Hello."))
    ok = await api.client.post("/v1/chat", json={"message": "line one\nline\ttwo"})
    assert ok.status_code == 200


async def test_nul_in_an_imported_file_is_stripped(api: Api) -> None:
    text = calendar(GOOD + "DESCRIPTION:a\x00b\r\nLOCATION:R\x00oom\r\n").replace(
        "SUMMARY:E0", "SUMMARY:Sy\x00nc"
    )
    r = await api.client.post("/v1/events/import", content=text.encode(), headers=ICS)
    assert r.status_code == 200 and len(r.json()["imported"]) == 1
    (event,) = await api.events()
    assert (event.title, event.notes, event.location) == ("Sync", "ab", "Room")
    exported = await api.client.get("/v1/events.ics")
    assert b"\x00" not in exported.content


async def test_a_declared_length_over_the_cap_is_413_before_auth(api: Api) -> None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=api.app), base_url="http://k") as anon:
        for path in ("/v1/chat", "/v1/events/import", "/v1/events"):
            cap = body_limit(path, ApiSettings())
            r = await anon.post(path, content=b"x" * (cap + 1), headers={"Content-Type": "application/json"})
            assert r.status_code == 413, (path, r.text)
            error = r.json()["error"]
            assert error["code"] == "payload_too_large" and error["limit"] == cap
            assert r.headers["connection"] == "close"


# ------------------------------------------------------------- ASGI level: how much of the body is read


class Upload:
    """An ASGI ``receive`` that streams ``total`` bytes in chunks, counting what the app pulled."""

    def __init__(self, total: int, chunk: int = 64 * 1024) -> None:
        self.total, self.chunk, self.sent = total, chunk, 0

    async def __call__(self) -> dict[str, Any]:
        if self.sent >= self.total:
            return {"type": "http.disconnect"}
        size = min(self.chunk, self.total - self.sent)
        self.sent += size
        return {"type": "http.request", "body": b"x" * size, "more_body": self.sent < self.total}


async def _call(app: Any, path: str, upload: Upload, headers: list[tuple[bytes, bytes]]) -> tuple[int, Any]:
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
             "headers": [(b"host", b"k"), *headers], "client": ("127.0.0.1", 1), "server": ("k", 80)}  # fmt: skip
    await app(scope, upload, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], json.loads(body)


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [("/v1/chat", 413, "payload_too_large"), ("/v1/chat/stream", 413, "payload_too_large"),
     ("/v1/events/import", 401, "unauthorized")],  # import checks the key before it reads the body
)  # fmt: skip
async def test_a_streamed_body_without_a_key_is_refused_having_read_little(
    api: Api, path: str, status: int, code: str
) -> None:
    upload = Upload(100 * 1024 * 1024)  # 100 MB, chunked (no Content-Length), no Authorization
    answered, body = await _call(api.app, path, upload, [(b"content-type", b"application/json")])
    assert (answered, body["error"]["code"]) == (status, code)
    assert upload.sent <= body_limit(path, ApiSettings()) + upload.chunk < MAX_ICS_BYTES * 2
    assert upload.sent < upload.total / 40


async def test_a_declared_body_over_the_cap_is_never_read(api: Api) -> None:
    upload = Upload(100 * 1024 * 1024)
    headers = [
        (b"content-length", str(upload.total).encode()),
        (b"authorization", f"Bearer {api.key}".encode()),
    ]
    status, body = await _call(api.app, "/v1/chat", upload, headers)
    assert status == 413 and upload.sent == 0
    assert body == {"error": {"code": "payload_too_large", "message": body["error"]["message"],
                              "limit": body_limit("/v1/chat", ApiSettings())}}  # fmt: skip


async def test_a_streamed_import_with_a_key_stops_at_its_cap(api: Api) -> None:
    upload = Upload(20 * 1024 * 1024)
    headers = [(b"content-type", b"text/calendar"), (b"authorization", f"Bearer {api.key}".encode())]
    status, _ = await _call(api.app, "/v1/events/import", upload, headers)
    assert status == 413 and upload.sent <= MAX_ICS_BYTES + 2 * upload.chunk
    assert await api.events() == []


async def test_a_message_at_its_limit_in_the_widest_json_still_passes_the_body_cap(api: Api) -> None:
    api.script(reply("Noted."))
    message = "😀" * ApiSettings().max_message_chars  # ensure_ascii: 12 bytes a character
    body = json.dumps({"message": message}, ensure_ascii=True).encode()
    r = await api.client.post("/v1/chat", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 200, r.text
    over = json.dumps({"message": message + "😀"}, ensure_ascii=True).encode()
    r = await api.client.post("/v1/chat", content=over, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and "characters long" in r.json()["error"]["message"]
