"""A series changed or cancelled from one occurrence on: the series is split there in one write, the
occurrences before it stay exactly as they were, undo puts everything back. SQLite and PostgreSQL (the
``store`` fixture)."""

from __future__ import annotations

import uuid
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from dateutil.rrule import rruleset, rrulestr
from icalendar import Calendar
from sqlalchemy import func, select, update

from storage import (
    Database,
    EventDraft,
    EventPatch,
    EventSnapshot,
    EventStore,
    InvalidInput,
    OccurrenceNotFound,
    UndoConflict,
    VersionConflict,
    WriteResult,
    split_of,
)
from storage.ics import export_ics, import_ics
from storage.models import AuditRecord, Event
from tests.storage.fixtures import NOW

NY = ZoneInfo("America/New_York")
WINDOW = (datetime(2025, 1, 1, tzinfo=NY), datetime(2025, 8, 1, tzinfo=NY))
WEEKLY = "FREQ=WEEKLY;BYDAY=MO"


def at(month: int, day: int, hour: int = 9, minute: int = 0) -> datetime:
    return datetime(2025, month, day, hour, minute, tzinfo=NY)


def key() -> str:
    return uuid.uuid4().hex


def wall_shift(moment: datetime, delta: timedelta) -> datetime:
    """The same wall-clock change a moved rule makes (DST does not change a 09:00 into 08:00)."""
    return (moment.replace(tzinfo=None) + delta).replace(tzinfo=moment.tzinfo)


Row = tuple[str, datetime, datetime]


async def calendar(store: EventStore) -> list[Row]:
    return sorted((o.title, o.start, o.end) for o in await store.list_range(*WINDOW))


async def state(store: EventStore) -> list[tuple[Any, ...]]:
    """Every row's content and link: what undo must give back exactly."""
    rows = await store.list_events()
    return sorted(((e.content(), e.series_id, e.recurrence_id) for e in rows), key=lambda r: str(r[0][0]))


async def make(
    store: EventStore,
    rule: str,
    start: datetime | date,
    *,
    length: timedelta = timedelta(minutes=30),
    exdates: tuple[datetime | date, ...] = (),
) -> WriteResult:
    end = start + (
        timedelta(days=1) if isinstance(start, date) and not isinstance(start, datetime) else length
    )
    draft = EventDraft("Standup", start, end, notes="agenda in the doc", attendees=("Ana",), location="Room 1",
                       rrule=rule, exdates=exdates)  # fmt: skip
    return await store.create(draft, now=NOW, idempotency_key=key())


async def rows(store: EventStore) -> tuple[EventSnapshot, EventSnapshot]:
    """The series and its split-off tail (the later start), of a calendar that has just these two."""
    found = [e for e in await store.list_events() if e.rrule is not None]
    head, tail = sorted(found, key=lambda e: e.start)
    return head, tail


# ------------------------------------------------------------------------ the calendar a split keeps


def midnight(month: int, day: int) -> datetime:
    return datetime(2025, month, day, tzinfo=NY)


SPLITS = [
    # (rule, first start (a date: all-day), split at, why)
    (WEEKLY, at(2, 3), at(3, 10), "weekly by day, across the DST change of 9 March"),
    ("FREQ=WEEKLY;COUNT=8", at(2, 3), at(3, 10), "a COUNT rule"),
    ("FREQ=WEEKLY;BYDAY=MO;COUNT=4", at(2, 5), at(2, 24), "COUNT, a first start the rule does not give"),
    ("FREQ=WEEKLY;BYDAY=MO;COUNT=4", at(2, 5), at(2, 10), "COUNT, only that first start before"),
    ("FREQ=WEEKLY;UNTIL=20250407T130000Z", at(2, 3), at(3, 10), "an UNTIL rule"),
    ("FREQ=DAILY;INTERVAL=3", at(2, 1), at(3, 3), "every third day"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", at(2, 3), at(3, 5), "every other week, two days"),
    ("FREQ=MONTHLY;BYMONTHDAY=31", at(1, 31), at(3, 31), "the 31st (February has none)"),
    ("FREQ=WEEKLY", date(2025, 2, 3), midnight(3, 10), "all-day, weekly"),
    ("FREQ=DAILY;COUNT=40", date(2025, 2, 3), midnight(3, 1), "all-day, COUNT"),
]


@pytest.mark.parametrize(("rule", "first", "split_at", "why"), SPLITS, ids=[r[3] for r in SPLITS])
async def test_a_split_with_no_change_keeps_the_calendar(
    store: EventStore, rule: str, first: datetime | date, split_at: datetime, why: str
) -> None:
    made = await make(store, rule, first)
    before = await calendar(store)
    done = await store.update(
        made.event.id, EventPatch(), expected_version=1, now=NOW, idempotency_key=key(), from_start=split_at
    )
    assert done.persisted and done.action == "updated" and done.occurrence_start == split_at, why
    head, tail = await rows(store)
    assert head.id == made.event.id and tail.id == done.event.id != head.id
    assert tail.start == split_at and head.start == made.event.start
    assert await calendar(store) == before, why


@pytest.mark.parametrize(
    ("rule", "first", "split_at", "why"), [r for r in SPLITS if isinstance(r[1], datetime)],
    ids=[r[3] for r in SPLITS if isinstance(r[1], datetime)],
)  # fmt: skip
async def test_a_move_from_an_occurrence_on_leaves_the_ones_before_it(
    store: EventStore, rule: str, first: datetime, split_at: datetime, why: str
) -> None:
    made = await make(store, rule, first)
    before = await calendar(store)
    hour = timedelta(hours=1)
    done = await store.update(
        made.event.id, EventPatch(start=wall_shift(split_at, hour)), expected_version=1, now=NOW,
        idempotency_key=key(), from_start=split_at,
    )  # fmt: skip
    assert done.event.start == wall_shift(split_at, hour) and done.event.duration == timedelta(minutes=30)
    past = [r for r in before if r[1] < split_at]
    moved = [(t, wall_shift(s, hour), wall_shift(e, hour)) for t, s, e in before if s >= split_at]
    after = await calendar(store)
    assert [r for r in after if r[1] < split_at] == past, why
    assert [r for r in after if r[1] >= split_at] == moved, why


async def test_an_all_day_series_renamed_from_a_day_on(store: EventStore) -> None:
    made = await make(store, "FREQ=WEEKLY", date(2025, 2, 3))
    before = await calendar(store)
    await store.update(
        made.event.id, EventPatch(title="Planning"), expected_version=1, now=NOW, idempotency_key=key(),
        from_start=midnight(3, 10),
    )  # fmt: skip
    head, tail = await rows(store)
    assert (head.title, tail.title, tail.start_date, tail.end_date, tail.all_day) == (
        "Standup", "Planning", date(2025, 3, 10), date(2025, 3, 11), True,
    )  # fmt: skip
    assert await calendar(store) == sorted(
        ("Planning" if s >= midnight(3, 10) else t, s, e) for t, s, e in before
    )


@pytest.mark.parametrize(
    ("rule", "first", "split_at", "head_rule", "tail_rule"),
    [
        (WEEKLY, at(2, 3), at(3, 10), "FREQ=WEEKLY;BYDAY=MO;UNTIL=20250310T125959Z", WEEKLY),
        ("FREQ=WEEKLY;COUNT=8", at(2, 3), at(3, 10), "FREQ=WEEKLY;COUNT=5", "FREQ=WEEKLY;COUNT=3"),
        ("FREQ=WEEKLY;BYDAY=MO;COUNT=4", at(2, 5), at(2, 24), "FREQ=WEEKLY;BYDAY=MO;COUNT=2",
         "FREQ=WEEKLY;BYDAY=MO;COUNT=2"),
        ("FREQ=WEEKLY;BYDAY=MO;COUNT=4", at(2, 5), at(2, 10), "FREQ=WEEKLY;BYDAY=MO;UNTIL=20250210T135959Z",
         "FREQ=WEEKLY;BYDAY=MO;COUNT=4"),
        ("FREQ=WEEKLY;UNTIL=20250407T130000Z", at(2, 3), at(3, 10), "FREQ=WEEKLY;UNTIL=20250310T125959Z",
         "FREQ=WEEKLY;UNTIL=20250407T130000Z"),
        # an all-day UNTIL is the day before (stored, as every UNTIL, as the UTC end of that local day)
        ("FREQ=WEEKLY", date(2025, 2, 3), midnight(3, 10), "FREQ=WEEKLY;UNTIL=20250310T035959Z", "FREQ=WEEKLY"),
    ],
)  # fmt: skip
async def test_the_rules_of_the_two_parts(
    store: EventStore, rule: str, first: datetime | date, split_at: datetime, head_rule: str, tail_rule: str
) -> None:
    made = await make(store, rule, first)
    await store.update(
        made.event.id, EventPatch(), expected_version=1, now=NOW, idempotency_key=key(), from_start=split_at
    )
    head, tail = await rows(store)
    assert (head.rrule, tail.rrule) == (head_rule, tail_rule)


# ------------------------------------------------------------- what travels with the tail


async def test_excluded_dates_are_split_at_the_occurrence(store: EventStore) -> None:
    made = await make(store, WEEKLY, at(2, 3), exdates=(at(2, 17), at(3, 24)))
    await store.update(
        made.event.id, EventPatch(start=at(3, 10, 10)), expected_version=1, now=NOW, idempotency_key=key(),
        from_start=at(3, 10),
    )  # fmt: skip
    head, tail = await rows(store)
    assert head.exdates == (at(2, 17),)
    assert tail.exdates == (at(3, 24, 10),)  # moved with the occurrences it leaves out
    starts = [s for _, s, _ in await calendar(store)]
    assert at(2, 17) not in starts and at(3, 24, 10) not in starts and at(3, 31, 10) in starts


async def detach(store: EventStore, series: uuid.UUID, occurrence: datetime, version: int) -> EventSnapshot:
    done = await store.update(
        series, EventPatch(start=occurrence + timedelta(hours=5), title="Moved standup"),
        expected_version=version, now=NOW, idempotency_key=key(), occurrence_start=occurrence,
    )  # fmt: skip
    return done.event


async def series_with_two_detached(store: EventStore) -> tuple[uuid.UUID, EventSnapshot, EventSnapshot]:
    """Weekly from 3 February; the 24 February one (before the split) and the 17 March one (after it)
    changed on their own."""
    made = await make(store, WEEKLY, at(2, 3))
    early = await detach(store, made.event.id, at(2, 24), 1)
    late = await detach(store, made.event.id, at(3, 17), 2)
    return made.event.id, early, late


async def test_changed_occurrences_follow_their_part(store: EventStore) -> None:
    series_id, early, late = await series_with_two_detached(store)
    before = await calendar(store)
    done = await store.update(
        series_id, EventPatch(start=at(3, 10, 10)), expected_version=3, now=NOW, idempotency_key=key(),
        from_start=at(3, 10),
    )  # fmt: skip
    by_id = {e.id: e for e in await store.list_events()}
    assert by_id[early.id].series_id == series_id and by_id[late.id].series_id == done.event.id
    assert by_id[late.id].recurrence_id == at(3, 17)
    assert (by_id[early.id].start, by_id[late.id].start) == (at(2, 24, 14), at(3, 17, 14))
    after = await calendar(store)
    assert [r for r in after if r[1] < at(3, 10)] == [r for r in before if r[1] < at(3, 10)]
    assert ("Moved standup", at(3, 17, 14), at(3, 17, 14, 30)) in after
    assert ("Standup", at(3, 17, 10), at(3, 17, 10, 30)) not in after  # still replaced by its change


# ------------------------------------------------------------------------------- cancel from now on


async def test_cancel_from_an_occurrence_on(store: EventStore) -> None:
    series_id, early, _ = await series_with_two_detached(store)
    before = await calendar(store)
    done = await store.delete(
        series_id, now=NOW, idempotency_key=key(), expected_version=3, from_start=at(3, 10)
    )
    assert done.persisted and done.action == "deleted" and done.occurrence_start == at(3, 10)
    assert done.event.id == series_id and done.event.rrule == "FREQ=WEEKLY;BYDAY=MO;UNTIL=20250310T125959Z"
    assert {e.id for e in await store.list_events()} == {series_id, early.id}
    assert await calendar(store) == [r for r in before if r[1] < at(3, 10)]


async def test_cancel_from_the_first_occurrence_deletes_the_series(store: EventStore) -> None:
    made = await make(store, WEEKLY, at(3, 10))
    done = await store.delete(made.event.id, now=NOW, idempotency_key=key(), from_start=at(3, 10))
    assert done.action == "deleted" and done.occurrence_start is None and await store.list_events() == []
    await store.undo(now=NOW, idempotency_key=key())
    assert [e.id for e in await store.list_events()] == [made.event.id]


async def test_a_series_not_started_yet_is_changed_whole(store: EventStore) -> None:
    made = await make(store, WEEKLY, at(3, 10))
    done = await store.update(
        made.event.id, EventPatch(start=at(3, 10, 10)), expected_version=1, now=NOW, idempotency_key=key(),
        from_start=at(3, 10),
    )  # fmt: skip
    assert done.occurrence_start is None and done.event.id == made.event.id
    (only,) = await store.list_events()
    assert (only.start, only.rrule, only.version) == (at(3, 10, 10), WEEKLY, 2)


# ------------------------------------------------------------------------------------------- undo


@pytest.mark.parametrize("write", ["move", "cancel"])
async def test_undo_gives_back_exactly_the_previous_state(store: EventStore, write: str) -> None:
    series_id, _, _ = await series_with_two_detached(store)
    before, shown = await state(store), await calendar(store)
    if write == "move":
        await store.update(
            series_id, EventPatch(start=at(3, 10, 10), title="Sync"), expected_version=3, now=NOW,
            idempotency_key=key(), from_start=at(3, 10),
        )  # fmt: skip
    else:
        await store.delete(series_id, now=NOW, idempotency_key=key(), from_start=at(3, 10))
    assert await state(store) != before
    undone = await store.undo(now=NOW, idempotency_key=key())
    assert undone.persisted and undone.undo_of is not None and undone.event.id == series_id
    assert undone.action == ("updated" if write == "move" else "restored")
    assert await state(store) == before and await calendar(store) == shown


async def test_undo_after_a_later_change_walks_back_both(store: EventStore) -> None:
    made = await make(store, WEEKLY, at(2, 3))
    before = await state(store)
    split = await store.update(
        made.event.id, EventPatch(start=at(3, 10, 10)), expected_version=1, now=NOW, idempotency_key=key(),
        from_start=at(3, 10),
    )  # fmt: skip
    await detach(store, split.event.id, at(3, 17, 10), 1)  # one of the tail's own, changed
    await store.undo(now=NOW, idempotency_key=key())
    await store.undo(now=NOW, idempotency_key=key())
    assert await state(store) == before


@pytest.mark.parametrize("edited", ["head", "tail", "link"])
async def test_undo_refuses_when_a_row_changed_outside_the_trail(
    store: EventStore, database: Database, edited: str
) -> None:
    series_id, _, late = await series_with_two_detached(store)
    split = await store.update(
        series_id, EventPatch(start=at(3, 10, 10)), expected_version=3, now=NOW, idempotency_key=key(),
        from_start=at(3, 10),
    )  # fmt: skip
    changed = await state(store)
    async with database.sessions() as session:  # a change the audit trail does not know
        row_id = {"head": series_id, "tail": split.event.id, "link": late.id}[edited]
        values: dict[str, Any] = {"series_id": None} if edited == "link" else {"title": "Edited by hand"}
        await session.execute(update(Event).where(Event.id == row_id).values(**values))
        await session.commit()
        changed = await state(store)
    with pytest.raises(UndoConflict):
        await store.undo(now=NOW, idempotency_key=key())
    assert await state(store) == changed


# ---------------------------------------------------------------------------- one write, one time


async def audit_count(database: Database, store: EventStore) -> int:
    async with database.sessions() as session:
        owner = store._owner  # the test reads its own user's trail
        return int(await session.scalar(select(func.count()).where(AuditRecord.owner_id == owner)) or 0)


@pytest.mark.parametrize("write", ["move", "cancel"])
async def test_a_retry_with_the_same_key_writes_nothing_twice(
    store: EventStore, database: Database, write: str
) -> None:
    made = await make(store, WEEKLY, at(2, 3))
    same = key()

    async def once() -> WriteResult:
        if write == "move":
            return await store.update(
                made.event.id, EventPatch(start=at(3, 10, 10)), expected_version=1, now=NOW,
                idempotency_key=same, from_start=at(3, 10),
            )  # fmt: skip
        return await store.delete(
            made.event.id, now=NOW, idempotency_key=same, expected_version=1, from_start=at(3, 10)
        )

    first = await once()
    rows_then, audits = await state(store), await audit_count(database, store)
    again = await once()
    assert again.replayed and not first.replayed and again.event.id == first.event.id
    assert (again.action, again.occurrence_start) == (first.action, first.occurrence_start)
    assert await state(store) == rows_then and await audit_count(database, store) == audits


async def test_the_result_is_the_stored_tail(store: EventStore) -> None:
    made = await make(store, WEEKLY, at(2, 3))
    done = await store.update(
        made.event.id, EventPatch(start=at(3, 10, 10)), expected_version=1, now=NOW, idempotency_key=key(),
        from_start=at(3, 10),
    )  # fmt: skip
    stored = await store.get(done.event.id)
    assert done.event == stored and (stored.notes, stored.attendees, stored.location) == (
        "agenda in the doc", ("Ana",), "Room 1",
    )  # fmt: skip


# ------------------------------------------------------------------------------------------ refused


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"from_start": at(3, 10, 9, 30)}, OccurrenceNotFound),  # no occurrence starts then
        ({"from_start": at(3, 11)}, OccurrenceNotFound),  # a Tuesday
        ({"from_start": datetime(2025, 3, 10, 9)}, InvalidInput),  # naive
        ({"from_start": at(3, 10), "occurrence_start": at(3, 10)}, InvalidInput),  # both
        ({"from_start": at(3, 10), "expected_version": 7}, VersionConflict),
    ],
)
async def test_refused_splits_write_nothing(store: EventStore, kwargs: dict[str, Any], error: type) -> None:
    made = await make(store, WEEKLY, at(2, 3))
    before = await state(store)
    with pytest.raises(error):
        await store.update(
            made.event.id, EventPatch(title="x"), now=NOW, idempotency_key=key(),
            **{"expected_version": 1, **kwargs},
        )  # fmt: skip
    with pytest.raises(error):
        await store.delete(made.event.id, now=NOW, idempotency_key=key(), **kwargs)
    assert await state(store) == before


async def test_a_single_event_has_nothing_to_split(store: EventStore) -> None:
    made = await store.create(EventDraft("Dentist", at(3, 10), at(3, 10, 10)), now=NOW, idempotency_key=key())
    with pytest.raises(OccurrenceNotFound):
        await store.delete(made.event.id, now=NOW, idempotency_key=key(), from_start=at(3, 10))


# ------------------------------------------------------------------------------------------- export


def expand_vevent(component: Any, until: datetime) -> list[datetime]:
    """One exported VEVENT's starts, read from the file alone with dateutil."""
    start = component.decoded("DTSTART")
    rules = rruleset()
    rules.rrule(rrulestr(component["RRULE"].to_ical().decode(), dtstart=start))
    rules.rdate(start)
    exdates = component.get("EXDATE")
    for x in exdates.dts if exdates is not None else ():
        rules.exdate(x.dt)
    return list(rules.between(start, until, inc=True))


async def test_export_of_a_split_series_gives_two_series_with_the_intended_occurrences(
    store: EventStore,
) -> None:
    made = await make(store, WEEKLY, at(2, 3), exdates=(at(2, 17), at(3, 24)))
    await store.update(
        made.event.id, EventPatch(start=at(3, 10, 10)), expected_version=1, now=NOW, idempotency_key=key(),
        from_start=at(3, 10),
    )  # fmt: skip
    components = list(Calendar.from_ical(await export_ics(store)).walk("VEVENT"))
    assert len(components) == 2 and all("RRULE" in c for c in components)
    assert len({str(c["UID"]) for c in components}) == 2
    exported = sorted(s for c in components for s in expand_vevent(c, WINDOW[1]))
    assert exported == [s for _, s, _ in await calendar(store)]
    assert exported[:4] == [at(2, 3), at(2, 10), at(2, 24), at(3, 3)]
    assert exported[4:7] == [at(3, 10, 10), at(3, 17, 10), at(3, 31, 10)]


@pytest.mark.parametrize("first", [at(2, 3), date(2025, 2, 3)], ids=["timed", "all-day"])
async def test_a_split_series_round_trips_through_ics(
    store: EventStore, database: Database, make_user: Any, first: datetime | date
) -> None:
    made = await make(store, "FREQ=WEEKLY;COUNT=12", first)
    timed = isinstance(first, datetime)
    if timed:
        await detach(store, made.event.id, at(2, 24), 1)
        await detach(store, made.event.id, at(3, 17), 2)
    split_at = at(3, 10) if timed else midnight(3, 10)
    await store.update(
        made.event.id, EventPatch(title="Planning"), expected_version=3 if timed else 1, now=NOW,
        idempotency_key=key(), from_start=split_at,
    )  # fmt: skip
    other = database.events((await make_user()).id)
    summary = await import_ics(other, await export_ics(store), now=NOW)
    assert summary.skipped == ()
    assert await calendar(other) == await calendar(store)


# ------------------------------------------------------------------- which results are splits


async def test_split_of_names_the_split_writes_only(store: EventStore) -> None:
    made = await make(store, WEEKLY, at(2, 3))
    one = await store.delete(made.event.id, occurrence_start=at(2, 17), now=NOW, idempotency_key=key())
    moved_one = await store.update(
        made.event.id, EventPatch(title="Demo"), expected_version=2, now=NOW, idempotency_key=key(),
        occurrence_start=at(2, 24),
    )  # fmt: skip
    same = key()
    split = await store.update(
        made.event.id, EventPatch(start=at(3, 10, 10)), expected_version=3, now=NOW, idempotency_key=same,
        from_start=at(3, 10),
    )  # fmt: skip
    replayed = await store.update(
        made.event.id, EventPatch(start=at(3, 10, 10)), expected_version=3, now=NOW, idempotency_key=same,
        from_start=at(3, 10),
    )  # fmt: skip
    undone = await store.undo(now=NOW, idempotency_key=key())
    cut = await store.delete(made.event.id, now=NOW, idempotency_key=key(), from_start=at(3, 17))
    results = (made, one, moved_one, split, replayed, undone, cut)
    assert [split_of(r) for r in results] == [None, None, None, at(3, 10), at(3, 10), None, at(3, 17)]


async def test_a_split_whose_new_row_stops_repeating_is_a_split(store: EventStore) -> None:
    """The repetition stopped from one occurrence on: the new row is a one-off linked to no series (an
    occurrence changed on its own is linked), and the earlier ones stay."""
    made = await make(store, WEEKLY, at(2, 3))
    stopped = await store.update(
        made.event.id, EventPatch(rrule=None, exdates=()), expected_version=1, now=NOW, idempotency_key=key(),
        from_start=at(3, 10),
    )  # fmt: skip
    assert not stopped.event.recurring and stopped.event.series_id is None and stopped.event.start == at(3, 10)
    assert split_of(stopped) == at(3, 10)
    undone = await store.undo(now=NOW, idempotency_key=key())
    assert split_of(undone) is None
    (series,) = await store.list_events()
    assert series.rrule == made.event.rrule and series.start == made.event.start
