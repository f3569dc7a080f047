"""A moved series keeps as many occurrences as it had: its UNTIL (a UTC instant, as stored) moves by the
same wall-clock change as its start, whatever DST does in between. ``EventPatch.apply`` does it, so the
whole series and a split's new row alike. Both backends."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from storage import EventDraft, EventPatch, EventSnapshot, EventStore
from storage.drafts import validate
from storage.recurrence import expand, parse_rule
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


# ------------------------------------------------------------------------------------ EventPatch.apply


def series(start: datetime | date, rule: str, tz: ZoneInfo = NY) -> EventSnapshot:
    """A stored series (its rule as ``parse_rule`` keeps it: a DATE UNTIL becomes the day's last second)."""
    if isinstance(start, datetime):
        all_day, first, end = False, start, start + timedelta(hours=1)
    else:
        all_day, first, end = True, midnight(start, tz), midnight(start + timedelta(days=1), tz)
    return EventSnapshot(
        id=uuid.uuid4(), title="S", start=first, end=end, all_day=all_day, timezone=tz.key, location=None,
        notes=None, attendees=(), rrule=parse_rule(rule, first, all_day=all_day).text, exdates=(),
        created_at=NOW, updated_at=NOW, version=1,
    )  # fmt: skip


def count(event: EventSnapshot, patch: EventPatch | None = None) -> int:
    """How many occurrences the series has (after ``patch``), expanded as the store expands it."""
    fields = validate((patch or EventPatch()).apply(event), event.timezone)
    tz = ZoneInfo(fields.timezone)
    start, end = fields.start_utc.astimezone(tz), fields.end_utc.astimezone(tz)
    found = expand(
        start=start, end=end, all_day=fields.all_day, rule=fields.rrule, exdates=(),
        range_start=start - timedelta(days=30), range_end=start + timedelta(days=400),
    )  # fmt: skip
    return len(found)


STANDUP = series(datetime(2025, 3, 10, 9, tzinfo=NY), "FREQ=WEEKLY;UNTIL=20250331T130000Z")  # 4 Mondays
MOVES = [
    ("a timed series an hour later", STANDUP,
     EventPatch(start=datetime(2025, 3, 10, 10, tzinfo=NY)), "FREQ=WEEKLY;UNTIL=20250331T140000Z"),
    ("a timed series a day earlier, with its own end",
     series(datetime(2025, 3, 11, 9, tzinfo=SH), "FREQ=WEEKLY;UNTIL=20250401T010000Z", SH),
     EventPatch(start=datetime(2025, 3, 10, 9, tzinfo=SH), end=datetime(2025, 3, 10, 11, tzinfo=SH)),
     "FREQ=WEEKLY;UNTIL=20250331T010000Z"),
    ("a day later across DST: a day of the wall clock, not 23 hours",
     series(datetime(2025, 3, 8, 21, tzinfo=NY), "FREQ=DAILY;UNTIL=20250315T010000Z"),
     EventPatch(start=datetime(2025, 3, 9, 21, tzinfo=NY)), "FREQ=DAILY;UNTIL=20250316T010000Z"),
    ("a day earlier, back across DST",
     series(datetime(2025, 3, 9, 21, tzinfo=NY), "FREQ=DAILY;UNTIL=20250315T010000Z"),
     EventPatch(start=datetime(2025, 3, 8, 21, tzinfo=NY)), "FREQ=DAILY;UNTIL=20250314T010000Z"),
    ("an all-day series with a DATE UNTIL, a day later",
     series(date(2025, 3, 8), "FREQ=WEEKLY;UNTIL=20250329"),
     EventPatch(start=date(2025, 3, 9)), "FREQ=WEEKLY;UNTIL=20250331T035959Z"),
    ("an all-day series a week later across DST", series(date(2025, 3, 1), "FREQ=DAILY;UNTIL=20250305"),
     EventPatch(start=date(2025, 3, 8)), "FREQ=DAILY;UNTIL=20250313T035959Z"),
    ("an all-day series two days earlier in Shanghai",
     series(date(2025, 3, 8), "FREQ=WEEKLY;UNTIL=20250405", SH),
     EventPatch(start=date(2025, 3, 6)), "FREQ=WEEKLY;UNTIL=20250403T155959Z"),
    ("a timed series made all-day moves by whole days", STANDUP,
     EventPatch(start=date(2025, 3, 11), end=date(2025, 3, 12)), "FREQ=WEEKLY;UNTIL=20250401T130000Z"),
    ("a new zone alone moves the wall clock: 09:00 EST is 22:00 in Shanghai",
     series(datetime(2025, 3, 1, 9, tzinfo=NY), "FREQ=DAILY;UNTIL=20250314T130000Z"),
     EventPatch(timezone="Asia/Shanghai"), "FREQ=DAILY;UNTIL=20250314T140000Z"),
]  # fmt: skip
KEPT = [
    ("an explicit rule in the patch wins", STANDUP,
     EventPatch(start=datetime(2025, 3, 10, 10, tzinfo=NY), rrule="FREQ=WEEKLY;UNTIL=20250324T140000Z"),
     "FREQ=WEEKLY;UNTIL=20250324T140000Z"),
    ("a rule without UNTIL is left alone", series(datetime(2025, 3, 10, 9, tzinfo=NY), "FREQ=WEEKLY"),
     EventPatch(start=datetime(2025, 3, 10, 10, tzinfo=NY)), "FREQ=WEEKLY"),
    ("a COUNT rule is left alone", series(datetime(2025, 3, 10, 9, tzinfo=NY), "FREQ=WEEKLY;COUNT=4"),
     EventPatch(start=datetime(2025, 3, 11, 9, tzinfo=NY)), "FREQ=WEEKLY;COUNT=4"),
    ("a patch that moves no start leaves the rule", STANDUP,
     EventPatch(title="Sync", end=datetime(2025, 3, 10, 11, tzinfo=NY)),
     "FREQ=WEEKLY;UNTIL=20250331T130000Z"),
]  # fmt: skip


@pytest.mark.parametrize(("why", "event", "patch", "rule"), MOVES + KEPT, ids=[c[0] for c in MOVES + KEPT])
def test_apply_moves_the_until_with_the_start(
    why: str, event: EventSnapshot, patch: EventPatch, rule: str
) -> None:
    assert patch.apply(event).rrule == rule, why


@pytest.mark.parametrize(("why", "event", "patch"), [c[:3] for c in MOVES], ids=[c[0] for c in MOVES])
def test_a_moved_series_keeps_its_number_of_occurrences(
    why: str, event: EventSnapshot, patch: EventPatch
) -> None:
    assert count(event, patch) == count(event), why


async def test_the_whole_series_moved_through_the_store_keeps_its_last_occurrence(store: EventStore) -> None:
    start = datetime(2025, 3, 8, 21, tzinfo=NY)
    draft = EventDraft(
        "Journal", start, start + timedelta(minutes=30), rrule="FREQ=DAILY;UNTIL=20250315T010000Z"
    )
    made = await store.create(draft, now=NOW, idempotency_key=key())
    moved = await store.update(
        made.event.id, EventPatch(start=datetime(2025, 3, 9, 21, tzinfo=NY)), expected_version=1, now=NOW,
        idempotency_key=key(),
    )  # fmt: skip
    assert moved.event.rrule == "FREQ=DAILY;UNTIL=20250316T010000Z"
    assert await starts(store) == [datetime(2025, 3, d, 21, tzinfo=NY) for d in range(9, 16)]


async def test_a_rule_given_with_the_move_stands(store: EventStore) -> None:
    start = datetime(2025, 3, 10, 9, tzinfo=NY)
    draft = EventDraft(
        "Standup", start, start + timedelta(hours=1), rrule="FREQ=WEEKLY;UNTIL=20250331T130000Z"
    )
    made = await store.create(draft, now=NOW, idempotency_key=key())
    patch = EventPatch(start=start + timedelta(hours=1), rrule="FREQ=WEEKLY;UNTIL=20250324T140000Z")
    moved = await store.update(made.event.id, patch, expected_version=1, now=NOW, idempotency_key=key())
    assert moved.event.rrule == "FREQ=WEEKLY;UNTIL=20250324T140000Z"
    assert await starts(store) == [datetime(2025, 3, d, 10, tzinfo=NY) for d in (10, 17, 24)]
