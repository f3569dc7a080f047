"""Bounded recurrence: the rules refused (with the part named), the rules accepted, and expansion that
reads only the window's periods — equal to dateutil's walk from DTSTART wherever that walk is cheap."""

from __future__ import annotations

import time as clock
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from dateutil.rrule import rruleset, rrulestr
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storage.errors import InvalidEvent
from storage.limits import MAX_OCCURRENCES_PER_LISTING, MAX_RRULE_INTERVAL
from storage.recurrence import expand, occurs_at, parse_rule

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")
START = datetime(2026, 1, 5, 9, 0, tzinfo=NY)  # a Monday


@pytest.mark.parametrize(
    ("rule", "part"),
    [
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL"),  # would never advance: the 207-byte file that stalled the server
        ("FREQ=DAILY;INTERVAL=-1", "INTERVAL"),  # imported, then listings failed
        ("FREQ=WEEKLY;INTERVAL=x", "INTERVAL"),
        (f"FREQ=DAILY;INTERVAL={MAX_RRULE_INTERVAL + 1}", "INTERVAL"),
        ("FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23;BYMINUTE=0,30", "a day"),
        ("FREQ=DAILY;BYHOUR=9;BYMINUTE=0,1", "minutes apart"),
        ("FREQ=DAILY;BYHOUR=24", "BYHOUR"),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY"),
        ("FREQ=YEARLY;BYMONTH=13", "BYMONTH"),
        ("FREQ=MONTHLY;BYDAY=6MO", "BYDAY"),
        ("FREQ=WEEKLY;BYDAY=2MO", "BYDAY"),
        ("FREQ=WEEKLY;BYDAY=XX", "BYDAY"),
        ("FREQ=YEARLY;BYWEEKNO=20", "BYWEEKNO"),
        ("FREQ=YEARLY;BYYEARDAY=100", "BYYEARDAY"),
        ("FREQ=DAILY;FOO=1", "FOO"),
        ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "no occurrence after its first"),  # February 30th
        ("FREQ=DAILY;COUNT=3;BYMONTH=2;BYMONTHDAY=30", "too sparse"),
        ("FREQ=DAILY;UNTIL=99991231T000000Z", "UNTIL"),
        ("FREQ=DAILY;UNTIL=18000101", "UNTIL"),
        ("FREQ=HOURLY", "FREQ"),
        ("FREQ=WEEKLY;WKST=XX", "WKST"),
    ],
)
def test_unbounded_or_malformed_rules_are_refused_naming_the_part(rule: str, part: str) -> None:
    began = clock.perf_counter()
    with pytest.raises(InvalidEvent) as caught:
        parse_rule(rule, START, all_day=False)
    assert part in str(caught.value)
    assert caught.value.field == "rrule"
    assert clock.perf_counter() - began < 2.0  # refused by arithmetic, not by walking to year 9999


def test_clock_parts_are_refused_on_an_all_day_series() -> None:
    with pytest.raises(InvalidEvent, match="all-day"):
        parse_rule("FREQ=DAILY;BYHOUR=9", datetime(2026, 1, 5, tzinfo=NY), all_day=True)


@pytest.mark.parametrize(
    "rule",
    [
        "FREQ=DAILY",
        "FREQ=DAILY;BYHOUR=8,12,18",  # three doses a day
        "FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23",  # hourly: 24 a day
        "FREQ=WEEKLY;BYDAY=MO,WE,FR",
        "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU",
        "FREQ=MONTHLY;BYDAY=-1FR",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",  # the last weekday of each month
        "FREQ=MONTHLY;BYMONTHDAY=31",  # skips the short months
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",  # leap days only
        "FREQ=DAILY;COUNT=1000",
        "FREQ=YEARLY;INTERVAL=100",
        "FREQ=DAILY;BYDAY=MO;INTERVAL=7",  # every 7 days, on Mondays: DTSTART is a Monday
    ],
)
def test_calendar_rules_are_accepted(rule: str) -> None:
    parse_rule(rule, START, all_day=False)


def _reference(rule: str, start: datetime, exdates: list[datetime], low: datetime, high: datetime) -> list:
    """dateutil's own walk from DTSTART (what expansion did before; cheap for these rules)."""
    series = rruleset()
    body = rule.replace(";UNTIL=", ";X=").split(";X=")[0] if "UNTIL=" in rule else rule
    parsed = rrulestr(body, dtstart=start)
    if "UNTIL=" in rule:
        until = datetime.strptime(rule.split("UNTIL=")[1][:16], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
        parsed = parsed.replace(until=until.astimezone(start.tzinfo))
    series.rrule(parsed)
    series.rdate(start)
    for x in exdates:
        series.exdate(x)
    return [o.astimezone(UTC) for o in series.between(low, high, inc=True) if low <= o < high]


_WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


@st.composite
def rules(draw: st.DrawFn) -> str:
    freq = draw(st.sampled_from(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"]))
    parts = [f"FREQ={freq}"]
    if draw(st.booleans()):
        parts.append(f"INTERVAL={draw(st.integers(1, 5))}")
    if freq in ("DAILY", "WEEKLY") and draw(st.booleans()):
        days = draw(st.lists(st.sampled_from(_WEEKDAYS), min_size=1, max_size=4, unique=True))
        parts.append("BYDAY=" + ",".join(days))
    if freq in ("MONTHLY", "YEARLY") and draw(st.booleans()):
        choice = draw(st.integers(0, 2))
        if choice == 0:
            days = draw(st.lists(st.sampled_from([1, 2, 15, 28, 30, 31, -1, -2]), min_size=1, max_size=3, unique=True))
            parts.append("BYMONTHDAY=" + ",".join(map(str, days)))
        elif choice == 1:
            nth = draw(st.sampled_from([1, 2, 3, 4, -1, -2]))
            parts.append(f"BYDAY={nth}{draw(st.sampled_from(_WEEKDAYS))}")
        else:
            days = draw(st.lists(st.sampled_from(_WEEKDAYS), min_size=1, max_size=5, unique=True))
            parts.append("BYDAY=" + ",".join(days))
            parts.append(f"BYSETPOS={draw(st.sampled_from([1, 2, -1]))}")
    if freq == "YEARLY" and draw(st.booleans()):
        months = draw(st.lists(st.integers(1, 12), min_size=1, max_size=3, unique=True))
        parts.append("BYMONTH=" + ",".join(map(str, months)))
    if freq == "DAILY" and draw(st.booleans()):
        hours = draw(st.lists(st.integers(0, 23), min_size=1, max_size=3, unique=True))
        parts.append("BYHOUR=" + ",".join(map(str, hours)))
    if draw(st.booleans()):
        parts.append(f"COUNT={draw(st.integers(1, 60))}")
    elif draw(st.booleans()):
        parts.append(f"UNTIL={draw(st.sampled_from(['20260301T000000Z', '20270115T120000Z', '20300101']))}")
    return ";".join(parts)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rule=rules(),
    first_day=st.integers(0, 400),
    hour=st.integers(0, 23),
    zone=st.sampled_from([NY, SH, ZoneInfo("Europe/London"), ZoneInfo("Australia/Lord_Howe")]),
    offset=st.integers(-30, 900),
    length=st.integers(1, 120),
)
def test_window_expansion_equals_the_walk_from_dtstart(
    rule: str, first_day: int, hour: int, zone: ZoneInfo, offset: int, length: int
) -> None:
    start = datetime(2025, 1, 1, hour, 30, tzinfo=zone) + timedelta(days=first_day)
    try:
        canonical = parse_rule(rule, start, all_day=False).text
    except InvalidEvent:
        return  # e.g. a COUNT the rule cannot reach: refused, nothing to compare
    low = start + timedelta(days=offset)
    high = low + timedelta(days=length)
    exdates = [start + timedelta(days=7)]
    got = expand(
        start=start, end=start + timedelta(minutes=45), all_day=False, rule=canonical, exdates=exdates,
        range_start=low, range_end=high,
    )  # fmt: skip
    # occurrences that *start* in the window (the reference checks starts; expand checks overlap)
    got_starts = [s.astimezone(UTC) for s, _ in got if s >= low]
    want = [o for o in _reference(canonical, start, exdates, low, high) if o != exdates[0].astimezone(UTC)]
    assert got_starts == want
    for s in want[:3]:
        assert occurs_at(start=start, rule=canonical, exdates=exdates, at=s)


def test_a_week_of_a_series_that_began_long_ago_costs_no_more_than_a_new_one() -> None:
    old = datetime(1950, 1, 2, 9, 0, tzinfo=NY)
    canonical = parse_rule("FREQ=DAILY;BYHOUR=9,13,17", old, all_day=False).text
    low = datetime(2199, 6, 1, tzinfo=NY)
    began = clock.perf_counter()
    got = expand(
        start=old, end=old + timedelta(hours=1), all_day=False, rule=canonical, exdates=(),
        range_start=low, range_end=low + timedelta(days=7),
    )  # fmt: skip
    assert len(got) == 21
    assert clock.perf_counter() - began < 0.5  # was 15 s and +270 MB: a walk of 250 years


def test_expansion_stops_at_the_limit_and_at_the_last_supported_year() -> None:
    canonical = parse_rule("FREQ=DAILY", START, all_day=False).text
    got = expand(
        start=START, end=START + timedelta(hours=1), all_day=False, rule=canonical, exdates=(),
        range_start=START, range_end=START + timedelta(days=300), limit=10,
    )  # fmt: skip
    assert len(got) == 10
    end_of_time = datetime(2200, 12, 25, tzinfo=UTC)
    late = expand(
        start=START, end=START + timedelta(hours=1), all_day=False, rule=canonical, exdates=(),
        range_start=end_of_time, range_end=end_of_time + timedelta(days=30),
    )  # fmt: skip
    assert late and all(s.year == 2200 for s, _ in late)


def test_a_stored_rule_that_todays_checks_refuse_lists_its_first_occurrence_only() -> None:
    # Written before INTERVAL was checked: listing it must neither hang nor fail.
    got = expand(
        start=START, end=START + timedelta(hours=1), all_day=False, rule="FREQ=DAILY;INTERVAL=0",
        exdates=(), range_start=START - timedelta(days=1), range_end=START + timedelta(days=7),
    )  # fmt: skip
    assert got == [(START, START + timedelta(hours=1))]


async def test_a_listing_keeps_the_earliest_occurrences_up_to_its_limit_and_says_truncated(store) -> None:  # type: ignore[no-untyped-def]
    import uuid

    from storage import EventDraft
    from tests.storage.fixtures import NOW

    hourly = "FREQ=DAILY;BYHOUR=" + ",".join(str(h) for h in range(24)) + ";BYMINUTE=0"
    first = datetime(2025, 3, 3, 0, 0, tzinfo=NY)
    for title, rule in (("Dose", hourly), ("Standup", "FREQ=DAILY")):
        await store.create(
            EventDraft(title, first, first + timedelta(minutes=30), rrule=rule),
            now=NOW, idempotency_key=uuid.uuid4().hex,
        )  # fmt: skip
    listing = await store.listing(first, first + timedelta(days=10), limit=100)
    assert listing.truncated and len(listing.occurrences) == 100
    starts = [o.start for o in listing.occurrences]
    assert starts == sorted(starts)
    full = await store.listing(first, first + timedelta(days=10), limit=1000)
    assert not full.truncated and len(full.occurrences) == 10 * 24 + 10
    assert full.occurrences[:100] == listing.occurrences  # the earliest, whatever order the rows came in
    # a year of an hourly series: long ranges leave the event loop and stay within the limit
    year = await store.listing(first, first + timedelta(days=366))
    assert year.truncated and len(year.occurrences) == MAX_OCCURRENCES_PER_LISTING
