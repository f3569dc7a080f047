"""Hostile requests generated from the app's own OpenAPI document: whatever arrives (hypothesis picks
parameters, headers and bodies by each operation's schema, then breaks them: wrong types, instants near
year 1 and 9999, control characters, unknown fields, malformed calendars), no answer is a 500.

Examples are drawn by hypothesis and sent through one ASGI client in the test's event loop. The default
suite draws ``KAIROS_FUZZ_EXAMPLES`` (default 60) per operation; ``scripts/bench_adversarial.py`` draws more.
"""

from __future__ import annotations

import json
import os
import string
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent.model import reply
from tests.api.fixtures import Api

EXAMPLES = int(os.environ.get("KAIROS_FUZZ_EXAMPLES", "60"))

_INSTANT_TEXT = st.one_of(
    st.datetimes(timezones=st.sampled_from([None, *[__import__("zoneinfo").ZoneInfo(z) for z in (
        "UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/New_York")]])).map(lambda d: d.isoformat()),
    st.sampled_from([
        "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00", "1899-12-31T23:59:59Z",
        "2201-01-01T00:00:00Z", "2025-02-30T00:00:00Z", "now", "", "2025-03-05", "+275760-09-13T00:00:00Z",
    ]),
    st.text(max_size=30),
)  # fmt: skip
_TEXT = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.sampled_from(["\x00", "\x1b", "\u202e", "\ud7ff", "明", "天", "a", " ", "\n"]), max_size=40),
    st.sampled_from(["后天上午十点和李四开会", "anything on tomorrow?", "x" * 300, "undo"]),
)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8,
)
_ICS = st.one_of(
    st.binary(max_size=300),
    st.lists(
        st.sampled_from([
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "END:VEVENT", "END:VCALENDAR", "UID:x@y",
            "SUMMARY:Gym", "SUMMARY:\x00bad", "DTSTART:20250305T090000Z", "DTSTART:00010101T000000Z",
            "DTSTART;VALUE=DATE:99991231", "DTEND:20250305T100000Z", "DURATION:P9999999W",
            "RRULE:FREQ=DAILY;INTERVAL=0", "RRULE:FREQ=DAILY;INTERVAL=-1", "RRULE:FREQ=DAILY;UNTIL=99991231T000000Z",
            "RRULE:FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23;BYMINUTE=0,1",
            "EXDATE:20250306T090000Z20250307T090000Z", "DTSTART;TZID=" + "A" * 300 + ":20250305T090000",
            "RECURRENCE-ID:20250306T090000Z", "STATUS:CANCELLED", "DTSTART:2025", ":", "BEGIN:VTIMEZONE",
        ]),
        max_size=14,
    ).map(lambda lines: "\r\n".join(lines).encode()),
)  # fmt: skip


def _strategy(schema: dict[str, Any], doc: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A value for ``schema``, or (one time in three) anything at all."""
    if "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    if "anyOf" in schema:
        fitting: st.SearchStrategy[Any] = st.one_of([_strategy(s, doc) for s in schema["anyOf"]])
    elif schema.get("type") == "object":
        props = schema.get("properties", {})
        fitting = st.fixed_dictionaries(
            {k: _strategy(v, doc) for k, v in props.items() if k in schema.get("required", [])},
            optional={k: _strategy(v, doc) for k, v in props.items() if k not in schema.get("required", [])},
        )
    elif schema.get("format") == "date-time":
        fitting = _INSTANT_TEXT
    elif schema.get("type") == "string":
        fitting = st.one_of(_TEXT, st.text(alphabet=string.ascii_letters + "-._:", min_size=1, max_size=140))
    elif schema.get("type") == "integer":
        fitting = st.integers()
    else:
        fitting = _JSON
    return st.one_of(fitting, fitting, _JSON)


def _requests(doc: dict[str, Any], path: str, method: str, op: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    params = {p["name"]: (p["in"], _strategy(p["schema"], doc)) for p in op.get("parameters", [])}
    content = op.get("requestBody", {}).get("content", {})
    bodies: list[st.SearchStrategy[tuple[str, bytes]]] = []
    if "application/json" in content:
        schema = content["application/json"]["schema"]
        bodies.append(_strategy(schema, doc).map(lambda b: ("application/json", json.dumps(b).encode())))
        bodies.append(st.binary(max_size=100).map(lambda b: ("application/json", b)))
    if "text/calendar" in content:
        bodies.append(_ICS.map(lambda b: ("text/calendar", b)))
        bodies.append(_ICS.map(lambda b: ("multipart/form-data; boundary=zz", b"--zz\r\nContent-Disposition: "
                                          b'form-data; name="file"; filename="a.ics"\r\n\r\n' + b + b"\r\n--zz--\r\n")))
    body = st.one_of(bodies) if bodies else st.just(None)
    return st.fixed_dictionaries(
        {"values": st.fixed_dictionaries({name: s for name, (_, s) in params.items()}), "body": body}
    ).map(lambda r: {**r, "where": {name: where for name, (where, _) in params.items()}})  # fmt: skip


def _draw(strategy: st.SearchStrategy[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    drawn: list[dict[str, Any]] = []

    @settings(max_examples=count, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(strategy)
    def collect(request: dict[str, Any]) -> None:
        drawn.append(request)

    collect()
    return drawn


def build_request(path: str, request: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A drawn request as ``(path, httpx keyword arguments)``: path parameters quoted into the path, query
    parameters, printable header values, the body with its content type. (Also used by
    ``scripts/bench_adversarial.py``.)"""
    query, headers = {}, {}
    for name, value in request["values"].items():
        text = value if isinstance(value, str) else json.dumps(value)
        where = request["where"][name]
        if where == "path":
            path = path.replace("{" + name + "}", quote(text, safe="") or "x")
        elif where == "query":
            query[name] = text
        elif where == "header":
            headers[name] = "".join(ch for ch in text if 32 <= ord(ch) < 127)
    kwargs: dict[str, Any] = {"params": query, "headers": headers}
    if request["body"] is not None:
        kind, data = request["body"]
        kwargs["content"] = data
        headers["Content-Type"] = kind
    return path, kwargs


async def _send(api: Api, path: str, method: str, request: dict[str, Any]) -> int:
    target, kwargs = build_request(path, request)
    response = await api.client.request(method.upper(), target, **kwargs)
    return response.status_code


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/v1/events", "get"),
        ("/v1/events/{event_id}", "get"),
        ("/v1/events/import", "post"),
        ("/v1/chat", "post"),
        ("/v1/chat/stream", "post"),
        ("/v1/events.ics", "get"),
    ],
)
async def test_no_generated_request_gets_a_500(api: Api, path: str, method: str) -> None:
    doc = api.app.openapi()
    op = doc["paths"][path][method]
    api.script(*[reply("Noted.") for _ in range(EXAMPLES * 3)])
    api.assistant.model = api.model
    statuses: dict[int, int] = {}
    for request in _draw(_requests(doc, path, method, op), EXAMPLES):
        status = await _send(api, path, method, request)
        statuses[status] = statuses.get(status, 0) + 1
        assert status < 500 or status in (503, 504), (path, method, request, status)
    assert sum(statuses.values()) >= 1
