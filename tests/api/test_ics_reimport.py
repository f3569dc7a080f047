"""Importing one's own .ics export back over HTTP: nothing created, every item skipped with its reason;
another key's account gets them all."""

from __future__ import annotations

from datetime import datetime

from storage import EventDraft, EventPatch
from tests.api.fixtures import NOW, NY, Api


async def test_importing_ones_own_export_over_http_creates_nothing(api: Api) -> None:
    events = api.db.events(api.user_id)
    made = await events.create(
        EventDraft("Standup", datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 6, 9, 30, tzinfo=NY),
                   rrule="FREQ=DAILY;COUNT=3"), now=NOW, idempotency_key="seed-standup",
    )  # fmt: skip
    await events.update(
        made.event.id, EventPatch(start=datetime(2025, 3, 7, 11, tzinfo=NY)), expected_version=1, now=NOW,
        idempotency_key="move-one", occurrence_start=datetime(2025, 3, 7, 9, tzinfo=NY),
    )  # fmt: skip
    dentist = await events.create(
        EventDraft("Dentist", datetime(2025, 3, 10, 15, tzinfo=NY), datetime(2025, 3, 10, 16, tzinfo=NY)),
        now=NOW, idempotency_key="seed-dentist",
    )  # fmt: skip
    exported = (await api.client.get("/v1/events.ics")).content
    headers = {"Content-Type": "text/calendar"}
    back = await api.client.post("/v1/events/import", content=exported, headers=headers)
    assert back.status_code == 200, back.text
    assert back.json()["imported"] == [] and back.json()["removed"] == []
    assert [(s["title"], s["reason"]) for s in back.json()["skipped"]] == [
        ("Standup", "already in your calendar"),
        ("Dentist", "already in your calendar"),
        ("Standup", "already in your calendar"),  # the moved occurrence (its title is the series')
    ]
    assert len(await api.events()) == 3
    await events.update(
        dentist.event.id, EventPatch(title="Dentist (Dr. Li)"), expected_version=1, now=NOW,
        idempotency_key="rename",
    )  # fmt: skip
    edited = await api.client.post("/v1/events/import", content=exported, headers=headers)
    reasons = {s["title"]: s["reason"] for s in edited.json()["skipped"]}
    assert edited.json()["imported"] == [] and '"Dentist (Dr. Li)"' in reasons["Dentist"]
    assert "differs" in reasons["Dentist"]
    other, _ = await api.other()
    theirs = await other.post("/v1/events/import", content=exported, headers=headers)
    assert theirs.json()["skipped"] == [] and len(theirs.json()["imported"]) == 3
    assert not {e["id"] for e in theirs.json()["imported"]} & {str(e.id) for e in await api.events()}
