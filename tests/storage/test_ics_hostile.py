"""Hostile .ics files and out-of-range instants: every item that cannot be read or held is skipped with a
reason, the rest import, nothing raises but ``InvalidInput`` (a file that is not iCalendar), and the store
refuses what no path may store (years outside 1900-2200, control characters)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import storage.ics_import
from storage import Database, EventDraft, EventPatch, EventStore, InvalidInput
from storage.bounds import in_range, known_zone
from storage.columns import UTCDateTime
from storage.drafts import check_timezone, validate
from storage.errors import InvalidEvent, InvalidRange
from storage.ics import events_to_ics, import_ics
from tests.storage.fixtures import NOW, MakeUser

NY = ZoneInfo("America/New_York")
SH = ZoneInfo("Asia/Shanghai")
GOOD = "DTSTART:20250310T140000Z\r\nDTEND:20250310T150000Z\r\n"


def calendar(*events: str, uids: list[str] | None = None) -> str:
    """A VCALENDAR whose VEVENT ``i`` has UID ``uids[i]`` (default ``u<i>``), SUMMARY ``E<i>`` and the
    given property lines."""
    names = uids or [f"u{i}" for i in range(len(events))]
    body = "".join(
        f"BEGIN:VEVENT\r\nUID:{uid}\r\nSUMMARY:E{i}\r\n{lines}END:VEVENT\r\n"
        for i, (uid, lines) in enumerate(zip(names, events, strict=True))
    )
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n{body}END:VCALENDAR\r\n"


# Each of these answered 500 over HTTP (OverflowError, OSError, BrokenCalendarProperty); now a skip.
HOSTILE = [
    ("DTSTART:20250101T090000Z\r\nDTEND:20250101T100000Z\r\nRRULE:FREQ=DAILY;UNTIL=99991231T000000Z\r\n",
     "recurrence UNTIL must be between the years 1900 and 2200", "UNTIL in year 9999"),
    (f"DTSTART;TZID={'A' * 300}:20250101T090000\r\nDTEND:20250101T100000Z\r\n",
     "time zone name (TZID) of its DTSTART is not valid", "a 300-character TZID (File name too long)"),
    ("DTSTART:00010101T000000Z\r\nDTEND:00010101T010000Z\r\n", "outside the years 1900 to 2200", "year 1"),
    ("DTSTART:99991231T230000Z\r\nDTEND:99991231T233000Z\r\n", "outside the years 1900 to 2200", "year 9999"),
    ("DTSTART:20250101T090000Z\r\nDURATION:P9999999W\r\n", "may last at most 366 days", "a huge DURATION"),
    ("DTSTART:20250101T090000Z\r\nDURATION:P99999999999W\r\n", "DURATION value is not valid", "DURATION past timedelta"),
    ("DTSTART:20250101T090000Z\r\nDTEND:20250101T100000Z\r\nRRULE:FREQ=DAILY;COUNT=5\r\n"
     "EXDATE:20250102T090000Z20250103T090000Z\r\n", "EXDATE value is not valid", "EXDATE without its comma"),
    ("DTSTART;VALUE=DATE:99991231\r\n", "outside the years 1900 to 2200", "an all-day event on 9999-12-31"),
    ("DTSTART:20250101T090000Z\r\nDTEND:20250101T100000Z\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEXDATE:99991231T000000Z\r\n",
     "outside the years 1900 to 2200", "an EXDATE in year 9999"),
    ("DTSTART:2025\r\nDTEND:20250101T100000Z\r\n", "DTSTART value is not valid", "a malformed DTSTART"),
    ("DTSTART;VALUE=DATE:20250101\r\nRRULE:FREQ=YEARLY;COUNT=1000\r\n", "2200",
     "a series whose last occurrence is in 3024"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "reason", "why"), HOSTILE, ids=[h[2] for h in HOSTILE])
async def test_a_hostile_item_is_skipped_with_a_reason(
    store: EventStore, lines: str, reason: str, why: str
) -> None:
    summary = await import_ics(store, calendar(lines), now=NOW)
    assert summary.imported == () and [s.uid for s in summary.skipped] == ["u0"], why
    assert reason in summary.skipped[0].reason, (why, summary.skipped[0].reason)
    assert await store.list_events() == []


@pytest.mark.parametrize("tzid", ["America", "Foo/Bar", "../../etc/passwd", "/abs/path"])
async def test_a_tzid_that_is_no_zone_reads_as_the_users_wall_clock(store: EventStore, tzid: str) -> None:
    # "America" is a directory of the zone database: ZoneInfo raised IsADirectoryError on it.
    summary = await import_ics(
        store, calendar(f"DTSTART;TZID={tzid}:20250310T090000\r\nDURATION:PT1H\r\n"), now=NOW
    )
    assert [r.event.start for r in summary.imported] == [datetime(2025, 3, 10, 9, tzinfo=NY)]


async def test_one_bad_item_among_good_ones_skips_only_itself(store: EventStore) -> None:
    bad = "DTSTART:20250101T090000Z\r\nDURATION:P9999999W\r\n"
    summary = await import_ics(store, calendar(GOOD, GOOD, GOOD, bad, GOOD, GOOD, GOOD), now=NOW)
    assert len(summary.imported) == 6 and [s.uid for s in summary.skipped] == ["u3"]
    assert sorted(e.title for e in await store.list_events()) == ["E0", "E1", "E2", "E4", "E5", "E6"]


async def test_an_override_out_of_range_is_skipped(store: EventStore) -> None:
    series = "DTSTART:20250310T140000Z\r\nDTEND:20250310T150000Z\r\nRRULE:FREQ=DAILY;COUNT=3\r\n"
    override = "RECURRENCE-ID:99991231T140000Z\r\nDTSTART:20250311T160000Z\r\nDTEND:20250311T170000Z\r\n"
    summary = await import_ics(store, calendar(series, override, uids=["s", "s"]), now=NOW)
    assert len(summary.imported) == 1
    assert [(s.uid, s.reason) for s in summary.skipped] == [
        ("s", "its dates are outside the years 1900 to 2200")
    ]


async def test_control_characters_are_stripped_from_imported_text(store: EventStore) -> None:
    item = (GOOD + "LOCATION:Room\x002\r\nDESCRIPTION:line one\\nline\x07 two\r\n"
            "ATTENDEE;CN=Zh\x01ang:mailto:z@example.com\r\n")  # fmt: skip
    text = calendar(item).replace("SUMMARY:E0", "SUMMARY:Sync\x00\x1b")
    summary = await import_ics(store, text, now=NOW)
    (event,) = [r.event for r in summary.imported]
    assert (event.title, event.location, event.notes) == ("Sync", "Room2", "line one\nline two")
    assert list(event.attendees) in (["Zhang"], [])  # icalendar may drop a parameter it cannot parse


async def test_a_file_that_icalendar_cannot_parse_at_all_is_invalid_input(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    for data in (b"hello", b"\xff\xfe\x00garbage", "BEGIN:VCALENDAR\r\nFOO\r\nEND:VCALENDAR\r\n"):
        with pytest.raises(InvalidInput):
            await import_ics(store, data, now=NOW)

    def broken(*_: Any, **__: Any) -> Any:  # any exception type, not only ValueError
        raise OSError("unexpected")

    monkeypatch.setattr(storage.ics_import.Calendar, "from_ical", broken)
    with pytest.raises(InvalidInput):
        await import_ics(store, calendar(GOOD), now=NOW)


# ------------------------------------------------------------------------------------ the store's limits

REFUSED = [
    (EventDraft("x", datetime(1, 1, 1, 3, tzinfo=SH), datetime(1, 1, 1, 4, tzinfo=SH)), "start"),
    (EventDraft("x", datetime(9999, 12, 31, 22, tzinfo=UTC), datetime(9999, 12, 31, 23, tzinfo=UTC)), "start"),
    (EventDraft("x", datetime(2200, 12, 31, 23, tzinfo=UTC), datetime(2201, 1, 1, 1, tzinfo=UTC)), "end"),
    (EventDraft("x", date(9999, 12, 31), date(9999, 12, 31)), "start"),
    (EventDraft("x", date(1899, 12, 31), date(1900, 1, 1)), "start"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY),
                rrule="FREQ=DAILY", exdates=[datetime(9999, 12, 31, tzinfo=UTC)]), "exdates"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY),
                rrule="FREQ=DAILY;UNTIL=99991231T235959Z"), "rrule"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY),
                rrule="FREQ=DAILY;UNTIL=00010101"), "rrule"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY),
                rrule="FREQ=YEARLY;COUNT=1000"), "rrule"),
    (EventDraft("a\x00b", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY)), "title"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY), notes="\x1b[31m"), "notes"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY), location="\ud800"), "location"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY), attendees=["\x85"]), "attendees"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY), timezone="A" * 300), "timezone"),
    (EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY), timezone="America"), "timezone"),
]  # fmt: skip


@pytest.mark.parametrize(("draft", "field"), REFUSED)
async def test_the_store_refuses_what_no_path_may_store(
    store: EventStore, draft: EventDraft, field: str
) -> None:
    with pytest.raises(InvalidEvent) as refused:
        await store.create(draft, now=NOW, idempotency_key="refused")
    assert refused.value.field == field
    assert await store.list_events() == []


def test_text_keeps_line_breaks_and_tabs_and_the_edges_of_the_range() -> None:
    first = datetime(1900, 1, 1, tzinfo=UTC)
    fields = validate(EventDraft("a\tb", first, first + timedelta(hours=1), notes="one\r\ntwo\tthree"), "UTC")
    assert fields.title == "a\tb" and fields.notes == "one\r\ntwo\tthree"
    last = datetime(2201, 1, 1, tzinfo=UTC)
    assert validate(EventDraft("x", last - timedelta(hours=1), last), "UTC").end_utc == last
    assert validate(EventDraft("x", date(2200, 12, 31), date(2201, 1, 1)), "UTC").all_day


async def test_a_patch_out_of_range_is_refused_before_any_arithmetic(store: EventStore) -> None:
    created = await store.create(
        EventDraft("x", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY), rrule="FREQ=DAILY",
                   exdates=[datetime(2025, 3, 4, 9, tzinfo=NY)]), now=NOW, idempotency_key="series",
    )  # fmt: skip
    far = (datetime(9999, 12, 31, 23, tzinfo=UTC), datetime(1, 1, 1, tzinfo=SH), date(9999, 12, 31))
    for i, start in enumerate(far):
        with pytest.raises(InvalidEvent):
            await store.update(created.event.id, EventPatch(start=start), expected_version=created.event.version,
                               now=NOW, idempotency_key=f"far-{i}")  # fmt: skip
        with pytest.raises(InvalidEvent):
            EventPatch(start=start).apply(created.event)


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (datetime(1, 1, 1, tzinfo=UTC), datetime(1, 1, 2, tzinfo=UTC)),
        (datetime(1, 1, 1, 5, tzinfo=SH), datetime(1, 1, 2, tzinfo=SH)),
        (datetime(9999, 12, 30, tzinfo=UTC), datetime(9999, 12, 31, 23, 59, tzinfo=UTC)),
        (datetime(2200, 12, 1, tzinfo=UTC), datetime(2201, 1, 2, tzinfo=UTC)),
    ],
)
async def test_ranges_near_the_ends_of_datetime_are_invalid_ranges(
    store: EventStore, start: datetime, end: datetime
) -> None:
    with pytest.raises(InvalidRange):
        await store.list_range(start, end)
    with pytest.raises(InvalidRange):
        await store.free_slots(start, end, timedelta(minutes=30))
    assert await store.list_range(datetime(2200, 12, 1, tzinfo=UTC), datetime(2201, 1, 1, tzinfo=UTC)) == []


def test_zone_names_are_checked_without_opening_files() -> None:
    for name in ("A" * 300, "America", "../etc", "/etc/passwd", "Asia/Shanghai\x00", "", "a" * 64):
        assert not known_zone(name)
        with pytest.raises(InvalidEvent):
            check_timezone(name)
    assert known_zone("Asia/Shanghai") and known_zone("UTC") and known_zone("America/Argentina/Buenos_Aires")


def test_in_range_and_the_column_never_overflow() -> None:
    assert not in_range(datetime(1, 1, 1, tzinfo=SH)) and not in_range(datetime.max.replace(tzinfo=UTC))
    plus8 = timezone(timedelta(hours=8))
    assert in_range(datetime(1900, 1, 1, 8, tzinfo=plus8)) and not in_range(
        datetime(1900, 1, 1, 7, tzinfo=plus8)
    )

    class Dialect:
        name = "sqlite"

    with pytest.raises(ValueError, match="outside the years"):  # not OverflowError
        UTCDateTime().process_bind_param(datetime(1, 1, 1, tzinfo=SH), Dialect())  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ property: never a crash

_FRAGMENTS = [
    "DTSTART:20250310T140000Z", "DTEND:20250310T150000Z", "DTSTART;VALUE=DATE:20250310", "DURATION:PT1H",
    "DTSTART;TZID=Asia/Shanghai:20250310T090000", "DTEND;TZID=Europe/Berlin:20250310T120000",
    "RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20250601T000000Z", "RRULE:FREQ=DAILY;COUNT=3", "RRULE:FREQ=YEARLY",
    "EXDATE:20250317T140000Z", "EXDATE:20250317T140000Z,20250324T140000Z", "RDATE:20250320T140000Z",
    "SUMMARY:Weekly sync", "SUMMARY:和张三开会", "LOCATION:Room 2", "DESCRIPTION:Agenda\\n- one",
    "ATTENDEE;CN=Li:mailto:li@example.com", "STATUS:CANCELLED", "RECURRENCE-ID:20250317T140000Z",
    "DTSTART:99991231T230000Z", "DTSTART:00010101T000000Z", "DURATION:P9999999W", "DTSTART;VALUE=DATE:99991231",
    "RRULE:FREQ=DAILY;UNTIL=99991231T000000Z", "EXDATE:20250102T090000Z20250103T090000Z",
    f"DTSTART;TZID={'A' * 300}:20250101T090000", "DTSTART;TZID=America:20250101T090000", "DTEND:2025",
    "RRULE:FREQ=SECONDLY", "RRULE:FREQ=DAILY;COUNT=99999999999999999999", "DURATION:-PT1H", "SUMMARY:a\x00b",
    "X-FOO;BAR=\"x\":y", "FOO", "BEGIN:VALARM", "END:VALARM", "UID:dup", "RECURRENCE-ID;RANGE=THISANDFUTURE:20250317T140000Z",
]  # fmt: skip
_MUTATIONS = st.sampled_from(["keep", "drop_colon", "truncate", "digits", "nul", "double"])


def _mutate(line: str, how: str, n: int) -> list[str]:
    if how == "drop_colon":
        return [line.replace(":", "", 1)]
    if how == "truncate":
        return [line[: max(1, len(line) - 1 - n % max(1, len(line) - 1))]]
    if how == "digits":
        return [line.replace("2025", "9" * (4 + n % 3), 1)]
    if how == "nul":
        return [line[: n % len(line)] + "\x00" + line[n % len(line) :]]
    if how == "double":
        return [line, line]
    return [line]


_VALID = [
    ["DTSTART:20250310T140000Z", "DTEND:20250310T150000Z", "SUMMARY:Standup"],
    ["DTSTART;TZID=Asia/Shanghai:20250311T090000", "DURATION:PT1H", "SUMMARY:和张三开会", "LOCATION:Room 2"],
    ["DTSTART;VALUE=DATE:20250312", "SUMMARY:Holiday"],
    ["DTSTART:20250310T140000Z", "DTEND:20250310T150000Z", "SUMMARY:Weekly", "RRULE:FREQ=WEEKLY;COUNT=4",
     "EXDATE:20250317T140000Z"],
    ["RECURRENCE-ID:20250324T140000Z", "DTSTART:20250324T160000Z", "DTEND:20250324T170000Z", "SUMMARY:Moved"],
]  # fmt: skip


@st.composite
def ics_files(draw: st.DrawFn) -> str:
    """Files of valid events (the last one an override of the weekly series), each changed a little: a
    fragment added (valid or hostile), a line mutated or dropped; now and then the file cut or spliced."""
    events = []
    for i in range(draw(st.integers(0, 5))):
        lines = list(draw(st.sampled_from(_VALID)))
        for _ in range(draw(st.integers(0, 3))):
            action = draw(st.sampled_from(["add", "mutate", "drop"]))
            at = draw(st.integers(0, max(0, len(lines) - 1)))
            if action == "add":
                lines.insert(at, draw(st.sampled_from(_FRAGMENTS)))
            elif lines and action == "mutate":
                lines[at : at + 1] = _mutate(lines[at], draw(_MUTATIONS), draw(st.integers(0, 50)))
            elif lines:
                del lines[at]
        uid = draw(st.sampled_from([f"p{i}", "weekly", None]))
        lines = ([f"UID:{uid}"] if uid else []) + lines
        events.append("BEGIN:VEVENT\r\n" + "".join(f"{line}\r\n" for line in lines) + "END:VEVENT\r\n")
    text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//p//EN\r\n" + "".join(events) + "END:VCALENDAR\r\n"
    if draw(st.integers(0, 9)) == 0:  # a cut or spliced file now and then
        cut = draw(st.integers(0, len(text)))
        text = (
            text[:cut]
            + draw(st.sampled_from(["", "\r\n", "BEGIN:VEVENT\r\n", "END:VCALENDAR\r\n"]))
            + text[cut:]
        )
    return text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=ics_files())
async def test_import_never_raises_but_invalid_input_and_writes_each_item_whole(
    database: Database, make_user: MakeUser, text: str
) -> None:
    store = database.events((await make_user()).id)
    try:
        summary = await import_ics(store, text, now=NOW)
    except InvalidInput:
        assert await store.list_events() == []  # refused as a whole: nothing written
        return
    stored = {e.id: e for e in await store.list_events()}
    for result in summary.imported:  # each item's write is in the calendar whole, as it said it wrote it
        event = stored[result.event.id]
        assert result.persisted
        assert event.content()[:4] == result.event.content()[:4] and event.rrule == result.event.rrule
    assert all(r.persisted and r.event.id in stored for r in summary.removed)
    assert set(stored) == {r.event.id for r in summary.imported}  # and nothing else is (skips wrote nothing)
    assert all(s.reason for s in summary.skipped)


async def test_export_strips_control_characters_a_legacy_row_may_hold(store: EventStore) -> None:
    created = await store.create(
        EventDraft("Sync", datetime(2025, 3, 3, 9, tzinfo=NY), datetime(2025, 3, 3, 10, tzinfo=NY)),
        now=NOW,
        idempotency_key="legacy",
    )
    legacy = dataclasses.replace(
        created.event, title="Sy\x00nc", notes="a\x1bb", location="R\x00", attendees=("Li\x00",)
    )
    data = events_to_ics([legacy])
    assert b"\x00" not in data and b"\x1b" not in data and b"SUMMARY:Sync" in data
