"""Property tests of the pure pieces: free slots, recurrence expansion, snapshot JSON."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from storage.drafts import EventDraft, validate
from storage.recurrence import expand, parse_rule
from storage.slots import WorkingHours, free_intervals
from storage.snapshots import EventSnapshot

ZONES = ["America/New_York", "Europe/Berlin", "Asia/Shanghai", "Australia/Sydney", "UTC"]
BASE = datetime(2025, 3, 7, tzinfo=UTC)  # spans the US and EU DST changes below
STEP = timedelta(minutes=15)

zones = st.sampled_from(ZONES).map(ZoneInfo)


@st.composite
def busy_lists(draw: st.DrawFn) -> list[tuple[datetime, datetime]]:
    items = draw(st.lists(st.tuples(st.integers(0, 4 * 24 * 4), st.integers(1, 16)), max_size=12))
    return [(BASE + STEP * a, BASE + STEP * (a + n)) for a, n in items]


@settings(max_examples=150, deadline=None)
@given(
    busy=busy_lists(),
    zone=zones,
    offset=st.integers(0, 96),
    length=st.integers(1, 4 * 24 * 4),
    need=st.integers(1, 12),
)
def test_free_intervals_match_a_brute_force_grid(
    busy: list[tuple[datetime, datetime]], zone: ZoneInfo, offset: int, length: int, need: int
) -> None:
    start, end, duration = BASE + STEP * offset, BASE + STEP * (offset + length), STEP * need
    hours = WorkingHours()
    slots = free_intervals(start, end, duration, busy, zone, hours)

    def free(t: datetime) -> bool:
        local = t.astimezone(zone)
        return (
            start <= t < end
            and local.weekday() in hours.weekdays
            and hours.start <= local.time() < hours.end
            and not any(b0 <= t < b1 for b0, b1 in busy)
        )

    # brute force: maximal runs of free quarter-hours (zones here are whole/half hours off UTC)
    expected, run = [], None
    t = start
    while t <= end:
        if (
            t < end
            and free(t)
            and (run is None or (t - STEP).astimezone(zone).date() == t.astimezone(zone).date())
        ):
            run = run or t
        else:
            if run is not None and t - run >= duration:
                expected.append((run, t))
            run = t if t < end and free(t) else None
        t += STEP
    assert [(s.astimezone(UTC), e.astimezone(UTC)) for s, e in slots] == expected
    assert all(s.tzinfo is zone for s, _ in slots)


@settings(max_examples=60, deadline=None)
@given(
    zone=zones,
    day=st.integers(0, 60),
    hour=st.integers(4, 22),
    minutes=st.integers(15, 180),
    freq=st.sampled_from(["DAILY", "WEEKLY", "WEEKLY;INTERVAL=2", "MONTHLY"]),
    cut=st.integers(1, 300),
)
def test_expansion_keeps_wall_time_and_duration_and_is_additive(
    zone: ZoneInfo, day: int, hour: int, minutes: int, freq: str, cut: int
) -> None:
    start = datetime.combine((BASE + timedelta(days=day)).date(), time(hour), tzinfo=zone)
    end = start + timedelta(minutes=minutes)
    rule = parse_rule(f"FREQ={freq}", start, all_day=False).text
    a, c = start - timedelta(days=3), start + timedelta(days=400)
    b = a + timedelta(days=cut)

    def run(lo: datetime, hi: datetime) -> list[tuple[datetime, datetime]]:
        return expand(
            start=start, end=end, all_day=False, rule=rule, exdates=(), range_start=lo, range_end=hi
        )

    whole = run(a, c)
    assert whole[0][0] == start
    assert {(s.hour, s.minute) for s, _ in whole} == {(hour, 0)}
    assert all(e.astimezone(UTC) - s.astimezone(UTC) == timedelta(minutes=minutes) for s, e in whole)
    assert sorted(set(run(a, b)) | set(run(b, c))) == whole


aware = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2090, 1, 1), timezones=zones)


@settings(max_examples=100, deadline=None)
@given(
    start=aware,
    minutes=st.integers(1, 60 * 24 * 30),
    title=st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=1, max_size=50).filter(str.strip),
    zone=zones,
)
def test_validate_and_snapshot_json_round_trip(
    start: datetime, minutes: int, title: str, zone: ZoneInfo
) -> None:
    end = (start.astimezone(UTC) + timedelta(minutes=minutes)).astimezone(start.tzinfo)  # elapsed, not wall
    fields = validate(EventDraft(title, start, end, timezone=zone.key), "UTC")
    assert fields.start_utc < fields.end_utc and fields.start_utc == start.astimezone(UTC)
    tz = ZoneInfo(fields.timezone)
    snapshot = EventSnapshot(
        uuid.uuid4(), fields.title, fields.start_utc.astimezone(tz), fields.end_utc.astimezone(tz), False,
        fields.timezone, None, None, (), None, (), BASE, BASE, 1,
    )  # fmt: skip
    assert EventSnapshot.from_json(snapshot.to_json()) == snapshot
    assert validate(EventDraft.from_snapshot(snapshot), "UTC") == fields
