"""Reads over a range: recurrence expansion (DST), conflicts (half-open), free slots in working hours."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from storage import EventDraft, EventPatch, EventStore, InvalidRange, WorkingHours
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")


def ny(month: int, day: int, hour: int = 0, minute: int = 0, year: int = 2025) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=NY)


async def add(store: EventStore, title: str, start: datetime, end: datetime, **kw: object) -> uuid.UUID:
    result = await store.create(
        EventDraft(title, start, end, **kw), now=NOW, idempotency_key=uuid.uuid4().hex
    )  # type: ignore[arg-type]
    return result.event.id


async def test_weekly_0900_new_york_stays_0900_local_across_both_dst_changes(store: EventStore) -> None:
    await add(store, "Weekly", ny(1, 6, 9), ny(1, 6, 10), rrule="FREQ=WEEKLY;BYDAY=MO")
    occurrences = await store.list_range(ny(1, 1), ny(12, 31))
    assert len(occurrences) == 52
    assert {(o.start.hour, o.start.minute, o.start.weekday()) for o in occurrences} == {(9, 0, 0)}
    assert all(o.end - o.start == timedelta(hours=1) for o in occurrences)
    utc_hours = {o.start.astimezone(UTC).hour for o in occurrences}
    assert utc_hours == {13, 14}  # EDT and EST
    march = [o for o in occurrences if o.start.month == 3]
    assert [o.start.astimezone(UTC).hour for o in march] == [
        14,
        13,
        13,
        13,
        13,
    ]  # DST began Sunday 2025-03-09
    november = [o for o in occurrences if o.start.month == 11]
    assert [o.start.astimezone(UTC).hour for o in november][:2] == [14, 14]  # DST ended 2025-11-02 (a Sunday)


async def test_series_in_another_zone_expands_in_its_own_zone(store: EventStore) -> None:
    await add(store, "Shanghai call", datetime(2025, 3, 3, 21, tzinfo=SH), datetime(2025, 3, 3, 22, tzinfo=SH),
              rrule="FREQ=DAILY;COUNT=10", timezone="Asia/Shanghai")  # fmt: skip
    occurrences = await store.list_range(ny(3, 1), ny(3, 20))
    assert len(occurrences) == 10
    assert {o.start.astimezone(SH).hour for o in occurrences} == {21}
    assert {o.start.astimezone(NY).hour for o in occurrences} == {8, 9}  # New York moved, Shanghai did not


async def test_all_day_series_and_until_date(store: EventStore) -> None:
    await add(store, "Holiday", date(2025, 3, 7), date(2025, 3, 8), rrule="FREQ=DAILY;UNTIL=20250310")
    occurrences = await store.list_range(ny(3, 1), ny(3, 31))
    assert [o.start.date() for o in occurrences] == [date(2025, 3, d) for d in (7, 8, 9, 10)]
    assert all(o.start.time() == time(0) and o.end.time() == time(0) for o in occurrences)

    def hours(o: object) -> timedelta:
        return o.end.astimezone(UTC) - o.start.astimezone(UTC)  # type: ignore[attr-defined]

    assert hours(occurrences[1]) == timedelta(hours=24)  # the 8th is a normal day
    assert hours(occurrences[2]) == timedelta(hours=23)  # the 9th is short: DST began


async def test_until_in_utc_is_honoured(store: EventStore) -> None:
    await add(store, "Until", ny(3, 3, 9), ny(3, 3, 10), rrule="RRULE:FREQ=DAILY;UNTIL=20250305T140000Z")
    assert [o.start.day for o in await store.list_range(ny(3, 1), ny(3, 31))] == [3, 4, 5]


async def test_dtstart_is_an_occurrence_even_if_the_rule_skips_it(store: EventStore) -> None:
    await add(
        store, "Odd start", ny(3, 4, 9), ny(3, 4, 10), rrule="FREQ=WEEKLY;BYDAY=MO;COUNT=2"
    )  # a Tuesday
    assert [o.start.day for o in await store.list_range(ny(3, 1), ny(3, 31))] == [4, 10, 17]


async def test_list_range_is_half_open_and_ordered(store: EventStore) -> None:
    await add(store, "B", ny(3, 4, 11), ny(3, 4, 12))
    await add(store, "A", ny(3, 4, 9), ny(3, 4, 10))
    await add(store, "Touching end", ny(3, 4, 8), ny(3, 4, 9))
    found = await store.list_range(ny(3, 4, 9), ny(3, 4, 12))
    assert [o.title for o in found] == ["A", "B"]


async def test_moving_a_series_moves_its_exdates(store: EventStore) -> None:
    event_id = await add(store, "Standup", ny(3, 3, 9), ny(3, 3, 9, 15), rrule="FREQ=DAILY;COUNT=4")
    await store.delete(event_id, occurrence_start=ny(3, 4, 9), now=NOW, idempotency_key="ex")
    await store.update(
        event_id, EventPatch(start=ny(3, 3, 10)), expected_version=2, now=NOW, idempotency_key="mv"
    )
    assert [o.start for o in await store.list_range(ny(3, 1), ny(3, 31))] == [
        ny(3, 3, 10),
        ny(3, 5, 10),
        ny(3, 6, 10),
    ]


CONFLICT_CASES = [
    (ny(3, 4, 10), ny(3, 4, 11), ["Meeting"], "same range"),
    (ny(3, 4, 10, 30), ny(3, 4, 10, 45), ["Meeting"], "inside"),
    (ny(3, 4, 9), ny(3, 4, 12), ["Meeting"], "around"),
    (ny(3, 4, 9), ny(3, 4, 10), [], "touching before"),
    (ny(3, 4, 11), ny(3, 4, 12), [], "touching after"),
    (ny(3, 4, 10, 59), ny(3, 4, 11, 30), ["Meeting"], "one minute overlap"),
    (ny(3, 10, 9, 30), ny(3, 10, 9, 45), ["Weekly"], "recurring occurrence after DST"),
    (ny(3, 10, 8, 30), ny(3, 10, 9), [], "an hour off in UTC terms is not a conflict"),
    (ny(3, 8, 12), ny(3, 8, 13), [], "all-day events do not block"),
]


@pytest.mark.parametrize(
    ("start", "end", "expected", "reason"), CONFLICT_CASES, ids=[c[3] for c in CONFLICT_CASES]
)
async def test_conflicts(
    store: EventStore, start: datetime, end: datetime, expected: list[str], reason: str
) -> None:
    await add(store, "Meeting", ny(3, 4, 10), ny(3, 4, 11))
    await add(store, "Weekly", ny(3, 3, 9), ny(3, 3, 10), rrule="FREQ=WEEKLY")
    await add(store, "Trip", date(2025, 3, 7), date(2025, 3, 10))
    assert [o.title for o in await store.conflicts(start, end)] == expected, reason


async def test_conflicts_can_exclude_the_event_being_moved_and_include_all_day(store: EventStore) -> None:
    meeting = await add(store, "Meeting", ny(3, 4, 10), ny(3, 4, 11))
    await add(store, "Trip", date(2025, 3, 4), date(2025, 3, 5))
    assert await store.conflicts(ny(3, 4, 10), ny(3, 4, 11), exclude=meeting) == []
    assert [o.title for o in await store.conflicts(ny(3, 4, 10), ny(3, 4, 11), include_all_day=True)] == [
        "Trip",
        "Meeting",
    ]


async def test_conflicts_find_long_running_series_started_long_ago(store: EventStore) -> None:
    await add(store, "Old daily", ny(1, 1, 7, year=2024), ny(1, 1, 8, year=2024), rrule="FREQ=DAILY")
    assert [o.start for o in await store.conflicts(ny(6, 1), ny(6, 2))] == [ny(6, 1, 7)]


async def test_free_slots_in_working_hours(store: EventStore) -> None:
    await add(store, "Meeting", ny(3, 4, 10), ny(3, 4, 11))
    await add(store, "Lunch", ny(3, 4, 12), ny(3, 4, 13, 30))
    slots = await store.free_slots(ny(3, 4), ny(3, 5), timedelta(hours=1))
    assert [(s.start, s.end) for s in slots] == [
        (ny(3, 4, 9), ny(3, 4, 10)),
        (ny(3, 4, 11), ny(3, 4, 12)),
        (ny(3, 4, 13, 30), ny(3, 4, 18)),
    ]
    assert all(s.start.tzinfo == NY for s in slots)
    longer = await store.free_slots(ny(3, 4), ny(3, 5), timedelta(hours=2))
    assert [(s.start, s.end) for s in longer] == [(ny(3, 4, 13, 30), ny(3, 4, 18))]


async def test_free_slots_skip_weekends_and_honour_custom_hours(store: EventStore) -> None:
    slots = await store.free_slots(ny(3, 7), ny(3, 11), timedelta(minutes=30))  # Fri..Mon
    assert [s.start.date() for s in slots] == [date(2025, 3, 7), date(2025, 3, 10)]
    hours = WorkingHours(time(10), time(12), frozenset({5}))
    slots = await store.free_slots(ny(3, 7), ny(3, 11), timedelta(minutes=30), working_hours=hours)
    assert [(s.start, s.end) for s in slots] == [(ny(3, 8, 10), ny(3, 8, 12))]


async def test_free_slots_are_in_the_owners_zone(database: object, make_user: object) -> None:
    user = await make_user(timezone="Asia/Shanghai")  # type: ignore[operator]
    store = database.events(user.id)  # type: ignore[attr-defined]
    day = datetime(2025, 3, 4, tzinfo=SH)
    slots = await store.free_slots(day, day + timedelta(days=1), timedelta(hours=2))
    assert [(s.start.hour, s.end.hour) for s in slots] == [(9, 18)]


RANGE_ERRORS = [
    (datetime(2025, 3, 4), ny(3, 5), "naive start"),
    (ny(3, 5), ny(3, 4), "reversed"),
    (ny(3, 5), ny(3, 5), "empty"),
    (ny(1, 1), ny(3, 1, year=2026), "too long"),
]


@pytest.mark.parametrize(("start", "end", "reason"), RANGE_ERRORS, ids=[r[2] for r in RANGE_ERRORS])
async def test_bad_ranges_are_refused(store: EventStore, start: datetime, end: datetime, reason: str) -> None:
    with pytest.raises(InvalidRange):
        await store.list_range(start, end)
    with pytest.raises(InvalidRange):
        await store.free_slots(start, end, timedelta(hours=1))


async def test_series_starting_at_the_same_instant_in_different_zones_expand_separately(
    store: EventStore,
) -> None:
    # 2025-03-03 14:00 UTC == 09:00 New York: equal as instants, different wall-clock series.
    utc_start = datetime(2025, 3, 3, 14, tzinfo=ZoneInfo("UTC"))
    await add(
        store,
        "UTC daily",
        utc_start,
        utc_start + timedelta(hours=1),
        rrule="FREQ=DAILY;COUNT=10",
        timezone="UTC",
    )
    await add(store, "NY daily", ny(3, 3, 9), ny(3, 3, 10), rrule="FREQ=DAILY;COUNT=10")
    occurrences = await store.list_range(ny(3, 1), ny(3, 20))
    assert {o.start.astimezone(UTC).hour for o in occurrences if o.title == "UTC daily"} == {14}
    assert {o.start.astimezone(NY).hour for o in occurrences if o.title == "NY daily"} == {9}


@pytest.mark.parametrize("days", [1, 2, 3, 30], ids=lambda d: f"{d}-day event")
async def test_long_timed_events_that_started_earlier_are_found(store: EventStore, days: int) -> None:
    # Short events are found through a narrow start window, long ones separately: test both sides of it.
    await add(store, "Conference", ny(3, 1, 12), ny(3, 1, 12) + timedelta(days=days))
    probe = ny(3, 1, 12) + timedelta(days=days) - timedelta(minutes=30)
    assert [o.title for o in await store.conflicts(probe, probe + timedelta(hours=1))] == ["Conference"]
    after = ny(3, 1, 12) + timedelta(days=days)
    assert await store.conflicts(after, after + timedelta(hours=1)) == []


async def test_moving_an_event_across_dst_keeps_its_exact_duration(store: EventStore) -> None:
    event_id = await add(store, "Night shift", ny(3, 8, 23), ny(3, 9, 7))  # 7 hours: clocks jump at 02:00
    moved = await store.update(
        event_id, EventPatch(start=ny(3, 8, 22)), expected_version=1, now=NOW, idempotency_key="m"
    )
    assert moved.event.end.astimezone(UTC) - moved.event.start.astimezone(UTC) == timedelta(hours=7)
    assert moved.event.end == ny(3, 9, 6)  # 22:00 EST + 7 h = 06:00 EDT, after the 02:00 jump
