"""A series moved from one occurrence on (the split's new row) keeps as many occurrences as it had: its
UNTIL (a UTC instant, as stored) moves by the same wall-clock change as its start, whatever DST does in
between. Both backends."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from storage import EventDraft, EventPatch, EventStore
from storage.series_split import until_moved
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")


def key() -> str:
    return uuid.uuid4().hex


def midnight(day: date, tz: ZoneInfo = NY) -> datetime:
    return datetime.combine(day, time(0), tzinfo=tz).astimezone(UTC).astimezone(tz)


async def starts(store: EventStore) -> list[datetime]:
    window = (datetime(2025, 1, 1, tzinfo=NY), datetime(2025, 12, 1, tzinfo=NY))
    return [o.start for o in await store.list_range(*window)]


async def test_an_all_day_series_moved_a_week_later_across_dst_from_a_day_on(store: EventStore) -> None:
    draft = EventDraft("Trip", date(2025, 2, 24), date(2025, 2, 25), rrule="FREQ=DAILY;UNTIL=20250305")
    made = await store.create(draft, now=NOW, idempotency_key=key())
    await store.update(
        made.event.id, EventPatch(start=date(2025, 3, 8)), expected_version=1, now=NOW,
        idempotency_key=key(), from_start=midnight(date(2025, 3, 1)),
    )  # fmt: skip
    days = [s.date() for s in await starts(store)]
    assert days == [date(2025, 2, d) for d in range(24, 29)] + [date(2025, 3, d) for d in range(8, 13)]


async def test_a_daily_series_moved_two_days_later_across_dst_from_an_occurrence_on(
    store: EventStore,
) -> None:
    start = datetime(2025, 3, 1, 21, tzinfo=NY)
    rule = "FREQ=DAILY;UNTIL=20250313T010000Z"  # 12 March, 21:00 EDT
    draft = EventDraft("Journal", start, start + timedelta(minutes=30), rrule=rule)
    made = await store.create(draft, now=NOW, idempotency_key=key())
    await store.update(
        made.event.id, EventPatch(start=datetime(2025, 3, 10, 21, tzinfo=NY)), expected_version=1, now=NOW,
        idempotency_key=key(), from_start=datetime(2025, 3, 8, 21, tzinfo=NY),
    )  # fmt: skip
    assert await starts(store) == [
        datetime(2025, 3, d, 21, tzinfo=NY) for d in (*range(1, 8), *range(10, 15))
    ]


@pytest.mark.parametrize(
    ("rule", "before", "after", "moved", "why"),
    [
        ("FREQ=WEEKLY;UNTIL=20250331T130000Z", datetime(2025, 3, 3, 9, tzinfo=NY),
         datetime(2025, 3, 3, 10, tzinfo=NY), "FREQ=WEEKLY;UNTIL=20250331T140000Z", "an hour later"),
        ("FREQ=DAILY;UNTIL=20250313T010000Z", datetime(2025, 3, 8, 21, tzinfo=NY),
         datetime(2025, 3, 10, 21, tzinfo=NY), "FREQ=DAILY;UNTIL=20250315T010000Z",
         "two days later across DST: the same wall clock, not 47 hours"),
        ("FREQ=DAILY;UNTIL=20250306T045959Z", midnight(date(2025, 3, 1)), midnight(date(2025, 3, 8)),
         "FREQ=DAILY;UNTIL=20250313T035959Z", "an all-day series' last day, a week later across DST"),
        ("FREQ=DAILY;UNTIL=20250309T155959Z", midnight(date(2025, 3, 1), SH), midnight(date(2025, 2, 28), SH),
         "FREQ=DAILY;UNTIL=20250308T155959Z", "a day earlier"),
        ("FREQ=WEEKLY;COUNT=4", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 4, 9, tzinfo=NY),
         "FREQ=WEEKLY;COUNT=4", "a COUNT rule is unaffected"),
        ("FREQ=WEEKLY", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 4, 9, tzinfo=NY),
         "FREQ=WEEKLY", "a rule without an end"),
    ],
)  # fmt: skip
def test_until_moved(rule: str, before: datetime, after: datetime, moved: str, why: str) -> None:
    assert until_moved(rule, before, after) == moved, why
