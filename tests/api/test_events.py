"""Calendar reads over HTTP: ranges, one event, .ics round trip, isolation between keys; health."""

from __future__ import annotations

from datetime import datetime, timedelta

from agent.api.app import _build
from storage import EventDraft, EventPatch
from tests.api.fixtures import NOW, NY, Api

ICS = b"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VEVENT
UID:standup@example.com
SUMMARY:Standup
DTSTART;TZID=America/New_York:20250306T093000
DTEND;TZID=America/New_York:20250306T094500
RRULE:FREQ=DAILY;COUNT=3
END:VEVENT
BEGIN:VEVENT
UID:broken@example.com
SUMMARY:No start
END:VEVENT
END:VCALENDAR
"""


async def _seed(api: Api, title: str, start: datetime) -> str:
    result = await api.db.events(api.user_id).create(
        EventDraft(title, start, start + timedelta(hours=1)), now=NOW, idempotency_key=f"seed-{title}"
    )
    return str(result.event.id)


async def test_range_expands_occurrences_and_requires_offsets(api: Api) -> None:
    r = await api.client.post("/v1/events/import", content=ICS, headers={"Content-Type": "text/calendar"})
    assert r.status_code == 200, r.text
    summary = r.json()
    assert [e["title"] for e in summary["imported"]] == ["Standup"]
    assert [s["uid"] for s in summary["skipped"]] == ["broken@example.com"] and summary["skipped"][0][
        "reason"
    ]
    params = {"start": "2025-03-06T00:00:00-05:00", "end": "2025-03-10T00:00:00-04:00"}
    listed = (await api.client.get("/v1/events", params=params)).json()["occurrences"]
    assert [o["start"][:16] for o in listed] == ["2025-03-06T09:30", "2025-03-07T09:30", "2025-03-08T09:30"]
    naive = await api.client.get("/v1/events", params={"start": "2025-03-06T00:00:00", "end": params["end"]})
    assert naive.status_code == 422 and naive.json()["error"]["field"] == "start"
    backwards = await api.client.get("/v1/events", params={"start": params["end"], "end": params["start"]})
    assert backwards.status_code == 422


async def test_get_one_event_and_404s(api: Api) -> None:
    event_id = await _seed(api, "Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    r = await api.client.get(f"/v1/events/{event_id}")
    assert r.status_code == 200 and r.json()["title"] == "Dentist"
    for bad in ("00000000-0000-0000-0000-000000000000", "not-an-id"):
        missing = await api.client.get(f"/v1/events/{bad}")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


async def test_another_users_key_never_sees_this_users_events(api: Api) -> None:
    event_id = await _seed(api, "Secret", datetime(2025, 3, 6, 15, tzinfo=NY))
    other, _ = await api.other()
    assert (await other.get(f"/v1/events/{event_id}")).status_code == 404
    params = {"start": "2025-03-01T00:00:00Z", "end": "2025-04-01T00:00:00Z"}
    assert (await other.get("/v1/events", params=params)).json()["occurrences"] == []
    assert b"Secret" not in (await other.get("/v1/events.ics")).content
    assert (await api.client.get("/v1/events", params=params)).json()["occurrences"][0]["title"] == "Secret"


async def test_ics_round_trip_over_http(api: Api) -> None:
    await _seed(api, "Lunch with Li", datetime(2025, 3, 7, 12, tzinfo=NY))
    await _seed(api, "和张三开会", datetime(2025, 3, 8, 15, tzinfo=NY))
    exported = await api.client.get("/v1/events.ics")
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("text/calendar")
    other, _ = await api.other()
    imported = await other.post("/v1/events/import", content=exported.content,
                                headers={"Content-Type": "text/calendar"})  # fmt: skip
    assert sorted(e["title"] for e in imported.json()["imported"]) == ["Lunch with Li", "和张三开会"]
    again = await other.post("/v1/events/import", content=exported.content)
    assert again.json()["imported"] == [] and {s["reason"] for s in again.json()["skipped"]} == {
        "already imported"
    }
    mine = {(e["title"], e["start"]) for e in imported.json()["imported"]}
    params = {"start": "2025-03-01T00:00:00Z", "end": "2025-04-01T00:00:00Z"}
    theirs = (await other.get("/v1/events", params=params)).json()["occurrences"]
    assert {(o["title"], o["start"]) for o in theirs} == mine


async def test_a_moved_occurrence_survives_an_ics_round_trip_over_http(api: Api) -> None:
    events = api.db.events(api.user_id)
    made = await events.create(
        EventDraft("Standup", datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 6, 9, 30, tzinfo=NY),
                   rrule="FREQ=DAILY;COUNT=3"), now=NOW, idempotency_key="seed-standup",
    )  # fmt: skip
    await events.update(
        made.event.id, EventPatch(start=datetime(2025, 3, 7, 11, tzinfo=NY)), expected_version=1, now=NOW,
        idempotency_key="move-one", occurrence_start=datetime(2025, 3, 7, 9, tzinfo=NY),
    )  # fmt: skip
    exported = (await api.client.get("/v1/events.ics")).content
    assert b"RECURRENCE-ID;TZID=America/New_York:20250307T090000" in exported
    other, _ = await api.other()
    imported = await other.post(
        "/v1/events/import", content=exported, headers={"Content-Type": "text/calendar"}
    )
    assert imported.json()["skipped"] == [] and len(imported.json()["imported"]) == 2
    params = {"start": "2025-03-06T00:00:00-05:00", "end": "2025-03-10T00:00:00-04:00"}
    theirs = (await other.get("/v1/events", params=params)).json()["occurrences"]
    assert [o["start"][:16] for o in theirs] == ["2025-03-06T09:00", "2025-03-07T11:00", "2025-03-08T09:00"]


async def test_import_rejects_garbage_and_wrong_type(api: Api) -> None:
    r = await api.client.post(
        "/v1/events/import", content=b"hello", headers={"Content-Type": "text/calendar"}
    )
    assert r.status_code == 422 and r.json()["error"]["message"] == "The file is not valid iCalendar data."
    r = await api.client.post("/v1/events/import", json={"a": 1})
    assert r.status_code == 422


async def test_health_and_readiness(api: Api) -> None:
    assert (await api.client.get("/healthz")).json() == {"ok": True}
    r = await api.client.get("/readyz")
    assert r.status_code == 200 and r.json() == {"ready": True, "database": "ok", "model": "ok"}


async def test_readyz_with_a_dead_or_hanging_model_is_not_ready(api: Api) -> None:
    async def dead() -> bool:
        raise ConnectionError("refused")

    svc = api.app.state.services
    svc.model_probe = dead
    r = await api.client.get("/readyz")
    assert r.status_code == 503 and r.json()["model"] == "unreachable" and r.json()["database"] == "ok"
    assert "refused" not in r.text

    async def hang() -> bool:
        import asyncio

        await asyncio.sleep(10)
        return True

    svc.model_probe = hang
    svc.settings = type(svc.settings)(ready_timeout_s=0.05)
    r = await api.client.get("/readyz")
    assert r.status_code == 503 and r.json()["model"] == "timeout"


async def test_openapi_documents_auth_models_and_errors(api: Api) -> None:
    doc = (await api.client.get("/openapi.json")).json()
    assert doc["components"]["securitySchemes"]["ApiKey"]["scheme"] == "bearer"
    chat = doc["paths"]["/v1/chat"]["post"]
    assert chat["security"] == [{"ApiKey": []}]
    assert {"200", "401", "413", "429", "504"} <= set(chat["responses"])
    assert chat["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/ChatReply")
    assert "text/event-stream" in chat["responses"]["200"]["content"]
    assert chat["responses"]["429"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")
    get_one = doc["paths"]["/v1/events/{event_id}"]["get"]
    assert get_one["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/EventOut")
    assert "user_id" not in str(doc).lower()
    assert "text/calendar" in doc["paths"]["/v1/events/import"]["post"]["requestBody"]["content"]
    assert set(doc["paths"]) == set(_build().openapi()["paths"])


async def test_import_accepts_a_form_upload_with_the_same_summary(api: Api) -> None:
    raw = await api.client.post("/v1/events/import", content=ICS, headers={"Content-Type": "text/calendar"})
    other, _ = await api.other()
    files = {"file": ("calendar.ics", ICS, "text/calendar")}
    form = await other.post("/v1/events/import", files=files)
    assert form.status_code == 200, form.text
    strip = lambda body: (  # noqa: E731 - ids and timestamps differ between the two users
        [(e["title"], e["start"], e["rrule"]) for e in body["imported"]],
        body["skipped"],
    )
    assert strip(form.json()) == strip(raw.json())
    assert form.json()["skipped"] == [
        {"uid": "broken@example.com", "title": "No start", "reason": form.json()["skipped"][0]["reason"]}
    ]
    again = await other.post(
        "/v1/events/import", files={"upload": ("c.ics", ICS, "application/octet-stream")}
    )
    assert again.json()["imported"] == [] and "already imported" in {
        s["reason"] for s in again.json()["skipped"]
    }


async def test_form_upload_errors_are_classified(api: Api) -> None:
    from agent.api.events import MAX_ICS_BYTES

    no_file = await api.client.post(
        "/v1/events/import",
        data={"note": "x"},
        files={"other": ("a.txt", b"hi", "text/plain"), "more": ("b.txt", b"ho", "text/plain")},
    )
    assert no_file.status_code == 422 and no_file.json()["error"]["code"] == "invalid_request"
    only_fields = await api.client.post("/v1/events/import", files={"note": (None, "just text")})
    assert only_fields.status_code == 422 and only_fields.json()["error"].get("field") == "file"
    broken = await api.client.post(
        "/v1/events/import",
        content=b"--x\r\nnot a part",
        headers={"Content-Type": "multipart/form-data; boundary=x"},
    )
    assert broken.status_code == 422
    garbage = await api.client.post("/v1/events/import", files={"file": ("c.ics", b"hello", "text/calendar")})
    assert (
        garbage.status_code == 422
        and garbage.json()["error"]["message"] == "The file is not valid iCalendar data."
    )
    big = b"X" * (MAX_ICS_BYTES + 1)
    for kwargs in (
        {"files": {"file": ("big.ics", big, "text/calendar")}},
        {"content": big, "headers": {"Content-Type": "text/calendar"}},
    ):
        r = await api.client.post("/v1/events/import", **kwargs)
        assert r.status_code == 413 and r.json()["error"]["code"] == "payload_too_large"
    assert await api.events() == []


async def test_openapi_describes_both_import_forms(api: Api) -> None:
    doc = (await api.client.get("/openapi.json")).json()
    body = doc["paths"]["/v1/events/import"]["post"]["requestBody"]
    assert body["required"] is True
    assert body["content"]["text/calendar"]["schema"] == {"type": "string", "format": "binary"}
    form = body["content"]["multipart/form-data"]["schema"]
    assert form["required"] == ["file"] and form["properties"]["file"]["format"] == "binary"
    answer = doc["paths"]["/v1/events/import"]["post"]["responses"]["200"]["content"]["application/json"]
    assert answer["schema"]["$ref"].endswith("/ImportSummaryOut")
    assert {"401", "413", "422"} <= set(doc["paths"]["/v1/events/import"]["post"]["responses"])


_CANCELLED_ONE = b"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VEVENT
UID:cancel-one@example.com
RECURRENCE-ID;TZID=America/New_York:20250313T100000
DTSTAMP:20250301T000000Z
STATUS:CANCELLED
END:VEVENT
BEGIN:VEVENT
UID:cancel-one@example.com
DTSTART;TZID=America/New_York:20250306T100000
DTEND;TZID=America/New_York:20250306T110000
RRULE:FREQ=WEEKLY;COUNT=3
DTSTAMP:20250301T000000Z
SUMMARY:Piano lesson
END:VEVENT
END:VCALENDAR
"""


async def test_an_import_reports_the_occurrences_the_file_cancelled(api: Api) -> None:
    r = await api.client.post(
        "/v1/events/import", content=_CANCELLED_ONE, headers={"Content-Type": "text/calendar"}
    )
    body = r.json()
    assert r.status_code == 200 and [e["title"] for e in body["imported"]] == ["Piano lesson"]
    assert [(x["title"], x["occurrence_start"][:16]) for x in body["removed"]] == [
        ("Piano lesson", "2025-03-13T10:00")
    ]
    params = {"start": "2025-03-06T00:00:00-05:00", "end": "2025-03-30T00:00:00-04:00"}
    occurrences = (await api.client.get("/v1/events", params=params)).json()["occurrences"]
    assert [o["start"][:10] for o in occurrences] == ["2025-03-06", "2025-03-20"]
