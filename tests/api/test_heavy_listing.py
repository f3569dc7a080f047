"""A heavy listing (many dense series over a long range) is expanded and encoded in a worker process: the
answer is the same JSON as the inline path, capped at the listing limit with ``truncated``."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from agent.api.listings import _expand_and_encode, listing_json
from storage import EventDraft, limits
from storage.event_reads import expand_rows, heavy
from tests.api.fixtures import NOW, NY, Api

HOURLY = "FREQ=DAILY;BYHOUR=" + ",".join(str(h) for h in range(24))


async def _dense_calendar(api: Api, series: int) -> None:
    store = api.db.events(api.user_id)
    for i in range(series):
        first = datetime(1990, 1 + i % 12, 2, tzinfo=NY)
        await store.create(
            EventDraft(f"Dose {i}", first, first + timedelta(minutes=20), rrule=HOURLY),
            now=NOW, idempotency_key=uuid.uuid4().hex,
        )  # fmt: skip


async def test_a_heavy_listing_answers_from_the_worker_process_capped_and_in_order(api: Api) -> None:
    await _dense_calendar(api, 6)
    start, end = datetime(2025, 1, 1, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC)
    try:
        response = await api.client.get("/v1/events", params={"start": start.isoformat(), "end": end.isoformat()})
    finally:
        api.app.state.services.listings.close()
    assert response.status_code == 200
    body = response.json()
    assert body["truncated"] is True
    assert len(body["occurrences"]) == limits.MAX_OCCURRENCES_PER_LISTING
    starts = [datetime.fromisoformat(o["start"]) for o in body["occurrences"]]
    assert starts == sorted(starts) and starts[0] == start


async def test_the_worker_encodes_exactly_what_the_inline_path_does(api: Api) -> None:
    await _dense_calendar(api, 3)
    start, end = datetime(2025, 3, 1, tzinfo=UTC), datetime(2025, 9, 20, tzinfo=UTC)
    rows = await api.db.events(api.user_id).candidate_rows(start, end)
    assert heavy(rows, start, end)
    limit = limits.MAX_OCCURRENCES_PER_LISTING
    inline = listing_json(start, end, expand_rows(rows, start, end, limit))
    assert _expand_and_encode([row._asdict() for row in rows], start, end, limit) == inline
