"""A whole repeating series moved through chat keeps as many occurrences as it had when its rule ends on a
date (UNTIL): the UNTIL moves with the start (a COUNT rule needs nothing); a series with past occurrences
is split and its new part does the same. The agent moves only the start: the store moves the UNTIL
(``EventPatch.apply``). Scripted model, and ``series_patch`` with the store's ``apply``."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agent.model import call, reply
from agent.writes.series_move import series_patch
from storage import EventPatch, EventSnapshot
from storage.drafts import validate
from storage.recurrence import expand, parse_rule
from storage.series_split import split_from
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, Kit, make_kit

WEEKLY = "FREQ=WEEKLY;BYDAY=MO"


def utc(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


async def starts(kit: Kit, tz: ZoneInfo = NY) -> list[datetime]:
    window = (datetime(2025, 1, 1, tzinfo=tz), datetime(2026, 1, 1, tzinfo=tz))
    return [o.start for o in await kit.db.events(kit.user_id).list_range(*window)]


async def days(kit: Kit, tz: ZoneInfo = NY) -> list[date]:
    return [s.astimezone(tz).date() for s in await starts(kit, tz)]


# ------------------------------------------------------------------------------------ through chat


async def test_a_weekly_series_not_started_yet_moved_an_hour_later_keeps_its_last_monday(kit: Kit) -> None:
    last = datetime(2025, 3, 31, 9, tzinfo=NY)
    await kit.seed("Standup", datetime(2025, 3, 10, 9, tzinfo=NY), rrule=f"{WEEKLY};UNTIL={utc(last)}")
    kit.script(call("update_event", {"event": "standup", "when": "10am", "scope": "series"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every standup to 10am")
    assert len(r.writes) == 1, r.text
    assert await starts(kit) == [datetime(2025, 3, d, 10, tzinfo=NY) for d in (10, 17, 24, 31)]
    (event,) = await kit.events()
    assert event.rrule == f"{WEEKLY};UNTIL={utc(last + timedelta(hours=1))}"


async def test_a_daily_series_moved_a_day_earlier_gains_no_evening(kit: Kit) -> None:
    first, last = datetime(2025, 3, 9, 21, tzinfo=NY), datetime(2025, 3, 14, 21, tzinfo=NY)
    await kit.seed("Journal", first, first + timedelta(minutes=30), rrule=f"FREQ=DAILY;UNTIL={utc(last)}")
    args = {"event": "journal", "when": "Saturday 9pm", "scope": "series"}
    kit.script(call("update_event", args), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every journal a day earlier, to Saturday 9pm")
    assert len(r.writes) == 1, r.text
    assert await starts(kit) == [datetime(2025, 3, d, 21, tzinfo=NY) for d in range(8, 14)]


async def test_a_daily_series_moved_a_day_later_across_dst_keeps_every_evening(kit: Kit) -> None:
    """Saturday 8 March (EST) to Sunday 9 March (EDT): the end moves by a day of the wall clock, not by
    the 23 hours between the two starts."""
    first, last = datetime(2025, 3, 8, 21, tzinfo=NY), datetime(2025, 3, 14, 21, tzinfo=NY)
    await kit.seed("Journal", first, first + timedelta(minutes=30), rrule=f"FREQ=DAILY;UNTIL={utc(last)}")
    args = {"event": "journal", "when": "Sunday 9pm", "scope": "series"}
    kit.script(call("update_event", args), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every journal a day later, to Sunday 9pm")
    assert len(r.writes) == 1, r.text
    assert await starts(kit) == [datetime(2025, 3, d, 21, tzinfo=NY) for d in range(9, 16)]


async def test_a_series_with_past_occurrences_is_split_and_its_new_part_keeps_its_count(kit: Kit) -> None:
    last = datetime(2025, 3, 31, 9, tzinfo=NY)
    await kit.seed("Standup", datetime(2025, 2, 24, 9, tzinfo=NY), rrule=f"{WEEKLY};UNTIL={utc(last)}")
    kit.script(call("update_event", {"event": "standup", "when": "10am", "scope": "series"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every standup to 10am")
    assert len(r.writes) == 1, r.text
    assert await starts(kit) == [
        datetime(2025, 2, 24, 9, tzinfo=NY),
        datetime(2025, 3, 3, 9, tzinfo=NY),
        *(datetime(2025, 3, d, 10, tzinfo=NY) for d in (10, 17, 24, 31)),
    ]


async def test_an_all_day_series_moved_a_day_later_keeps_its_last_weekend(kit: Kit) -> None:
    await kit.seed("Market", date(2025, 3, 8), date(2025, 3, 9), rrule="FREQ=WEEKLY;UNTIL=20250329")
    kit.script(call("update_event", {"event": "market", "when": "Sunday", "scope": "series"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every market day to Sunday")
    assert len(r.writes) == 1, r.text
    assert await days(kit) == [date(2025, 3, d) for d in (9, 16, 23, 30)]


async def test_in_shanghai_a_series_moved_later_keeps_its_last_occurrence(
    database: Any, make_user: Any
) -> None:
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    last = datetime(2025, 3, 31, 9, tzinfo=SH)
    await zh.seed("部门例会", datetime(2025, 3, 10, 9, tzinfo=SH), rrule=f"{WEEKLY};UNTIL={utc(last)}")
    zh.script(call("update_event", {"event": "部门例会", "when": "十点", "scope": "series"}), reply("好的"))
    r = await zh.assistant.reply(zh.user_id, "把所有的部门例会改到十点")
    assert len(r.writes) == 1, r.text
    assert await starts(zh, SH) == [datetime(2025, 3, d, 10, tzinfo=SH) for d in (10, 17, 24, 31)]


async def test_a_count_rule_moves_unchanged(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 10, 9, tzinfo=NY), rrule=f"{WEEKLY};COUNT=4")
    kit.script(call("update_event", {"event": "standup", "when": "10am", "scope": "series"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every standup to 10am")
    assert len(r.writes) == 1, r.text
    (event,) = await kit.events()
    assert event.rrule == f"{WEEKLY};COUNT=4"
    assert await starts(kit) == [datetime(2025, 3, d, 10, tzinfo=NY) for d in (10, 17, 24, 31)]


async def test_a_day_move_of_a_one_day_rule_keeps_its_until(kit: Kit) -> None:
    rule = f"{WEEKLY};UNTIL={utc(datetime(2025, 3, 31, 9, tzinfo=NY))}"
    await kit.seed("Standup", datetime(2025, 3, 10, 9, tzinfo=NY), rrule=rule)
    args = {"event": "standup", "when": "Tuesday 9am", "scope": "series"}
    kit.script(call("update_event", args), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every standup to Tuesday 9am")
    assert len(r.writes) == 1, r.text
    assert await starts(kit) == [datetime(2025, 3, d, 9, tzinfo=NY) for d in (11, 18, 25)]  # still ends the 31st


async def test_a_day_move_of_a_counted_rule_is_still_refused(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 10, 9, tzinfo=NY), rrule=f"{WEEKLY};COUNT=4")
    before = await kit.events()
    kit.script(call("update_event", {"event": "standup", "when": "Tuesday 9am", "scope": "series"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every standup to Tuesday 9am")
    assert r.writes == () and await kit.events() == before and "new rule" in r.text


# ------------------------------------------------------------------------------------ the function


def series(start: datetime | date, rule: str, tz: ZoneInfo = NY, hours: int = 1) -> EventSnapshot:
    all_day = not isinstance(start, datetime)
    if isinstance(start, datetime):
        first, end = start, start + timedelta(hours=hours)
    else:
        first = datetime.combine(start, time(0), tzinfo=tz)
        end = first + timedelta(days=1)
    return EventSnapshot(
        id=uuid.uuid4(), title="S", start=first, end=end, all_day=all_day, timezone=tz.key,
        location=None, notes=None, attendees=(), rrule=rule, exdates=(), created_at=NOW, updated_at=NOW,
        version=1,
    )  # fmt: skip


def occurrences(event: EventSnapshot) -> list[datetime]:
    """The series' starts, expanded by the store's dateutil reading of its rule."""
    window = (event.start - timedelta(days=1), event.start + timedelta(days=200))
    found = expand(
        start=event.start, end=event.end, all_day=event.all_day, rule=event.rrule, exdates=(),
        range_start=window[0], range_end=window[1],
    )  # fmt: skip
    return [s for s, _ in found]


def moved(event: EventSnapshot, patch: dict[str, Any]) -> EventSnapshot:
    """``event`` with ``patch`` applied (its UNTIL moved with the start) and validated, as the store would
    keep it."""
    fields = validate(EventPatch(**patch).apply(event), event.timezone)
    tz = ZoneInfo(event.timezone)
    return EventSnapshot(
        **{
            **{f: getattr(event, f) for f in ("id", "title", "location", "notes", "attendees", "created_at")},
            "start": fields.start_utc.astimezone(tz), "end": fields.end_utc.astimezone(tz),
            "all_day": fields.all_day, "timezone": event.timezone, "rrule": fields.rrule, "exdates": (),
            "updated_at": NOW, "version": 2,
        }
    )  # fmt: skip


def target(occurrence: datetime, end: datetime) -> dict[str, Any]:
    return {"start": occurrence.isoformat(), "end": end.isoformat()}


CASES = [
    ("weekly, an hour later", datetime(2025, 3, 10, 9, tzinfo=NY), f"{WEEKLY};UNTIL=20250331T130000Z",
     datetime(2025, 3, 10, 10, tzinfo=NY), 4),
    ("weekly, an hour earlier", datetime(2025, 3, 10, 9, tzinfo=NY), f"{WEEKLY};UNTIL=20250331T130000Z",
     datetime(2025, 3, 10, 8, tzinfo=NY), 4),
    ("daily, a day later across DST", datetime(2025, 3, 8, 21, tzinfo=NY), "FREQ=DAILY;UNTIL=20250315T010000Z",
     datetime(2025, 3, 9, 21, tzinfo=NY), 7),
    ("daily, a day later, late evening to early morning", datetime(2025, 3, 6, 23, 30, tzinfo=SH),
     "FREQ=DAILY;UNTIL=20250312T153000Z", datetime(2025, 3, 7, 6, 0, tzinfo=SH), 7),
    ("daily, a day earlier across DST", datetime(2025, 3, 9, 21, tzinfo=NY), "FREQ=DAILY;UNTIL=20250315T010000Z",
     datetime(2025, 3, 8, 21, tzinfo=NY), 6),
    ("weekly without days, a day earlier", datetime(2025, 3, 11, 9, tzinfo=SH),
     "FREQ=WEEKLY;UNTIL=20250401T010000Z", datetime(2025, 3, 10, 9, tzinfo=SH), 4),
]  # fmt: skip


@pytest.mark.parametrize(("why", "start", "rule", "new", "count"), CASES, ids=[c[0] for c in CASES])
def test_the_whole_series_keeps_its_number_of_occurrences(
    why: str, start: datetime, rule: str, new: datetime, count: int
) -> None:
    event = series(start, rule, ZoneInfo(str(start.tzinfo)))
    before = occurrences(event)
    assert len(before) == count, why
    ctx = SimpleNamespace(tz=start.tzinfo)
    patch = series_patch(ctx, target(start, event.end), event, start, new, new + event.duration, False)  # type: ignore[arg-type]
    assert patch is not None and "rrule" not in patch, why
    after = occurrences(moved(event, patch))
    assert len(after) == count, why
    shift = new.replace(tzinfo=None) - start.replace(tzinfo=None)
    assert after == [(s.replace(tzinfo=None) + shift).replace(tzinfo=s.tzinfo) for s in before], why


@pytest.mark.parametrize("zone", ["America/New_York", "Asia/Shanghai"])
@pytest.mark.parametrize(("shift", "rule"), [(1, "FREQ=DAILY;UNTIL=20250312"), (7, "FREQ=WEEKLY;UNTIL=20250405"),
                                             (-2, "FREQ=WEEKLY;UNTIL=20250405")])  # fmt: skip
def test_an_all_day_series_keeps_its_number_of_days(zone: str, shift: int, rule: str) -> None:
    tz = ZoneInfo(zone)
    first = datetime.combine(date(2025, 3, 8), time(0), tzinfo=tz)
    event = series(date(2025, 3, 8), parse_rule(rule, first, all_day=True).text, tz)
    before = [s.date() for s in occurrences(event)]
    new = first + timedelta(days=shift)
    ctx = SimpleNamespace(tz=tz)
    patch = series_patch(ctx, target(first, event.end), event, first, new, new + timedelta(days=1), True)  # type: ignore[arg-type]
    assert patch == {
        "start": date(2025, 3, 8) + timedelta(days=shift),
        "end": date(2025, 3, 9) + timedelta(days=shift),
    }
    after = [s.date() for s in occurrences(moved(event, patch))]
    assert after == [d + timedelta(days=shift) for d in before]


def test_a_day_move_of_a_rule_naming_its_days_is_refused() -> None:
    start = datetime(2025, 3, 10, 9, tzinfo=NY)
    event = series(start, f"{WEEKLY};UNTIL=20250331T130000Z")
    new = start + timedelta(days=1)
    ctx = SimpleNamespace(tz=NY)
    assert (
        series_patch(ctx, target(start, event.end), event, start, new, new + event.duration, False) is None
    )  # type: ignore[arg-type]


def test_a_split_series_leaves_the_until_to_the_split() -> None:
    """From a later occurrence on (past ones stay): the store moves the split's new part's UNTIL, as it
    does for a whole series."""
    event = series(datetime(2025, 2, 24, 9, tzinfo=NY), f"{WEEKLY};UNTIL=20250331T130000Z")
    first = split_from(event, NOW)
    assert first == datetime(2025, 3, 10, 9, tzinfo=NY)
    new = first + timedelta(hours=1)
    ctx = SimpleNamespace(tz=NY)
    patch = series_patch(
        ctx, target(first, first + event.duration), event, first, new, new + event.duration, False
    )  # type: ignore[arg-type]
    assert patch == {"start": new, "end": new + event.duration}
