"""Relative moves of an event, end to end (scripted model, real store): the update's ``when`` is read
against the target event (``schedule_time.resolve(..., relative_to=(start, end))``), so "an hour later",
提前二十分钟, "same time next Monday", "move to 4" are computed from the event's start, never from now; the
event keeps its length. Now is Wednesday 2025-03-05 09:00 in America/New_York."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from agent.language import simplified
from agent.model import call, reply
from agent.time_grounding import is_time_grounded
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, Kit

THU = datetime(2025, 3, 6, 14, tzinfo=NY)  # the dentist: Thursday 2:00-3:00 PM


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=NY)


# (user's message, the event's title, the model's `when`, the new start, why)
ONE_OFF = [
    (
        "move the dentist later by 45 minutes",
        "Dentist",
        "later by 45 minutes",
        _at(6, 14, 45),
        "later, minutes",
    ),
    ("push the dentist an hour later", "Dentist", "an hour later", _at(6, 15), "later, an hour"),
    (
        "could the dentist start 30 mins sooner?",
        "Dentist",
        "30 mins earlier",
        _at(6, 13, 30),
        "sooner = earlier",
    ),
    ("dentist twenty minutes sooner", "Dentist", "twenty minutes sooner", _at(6, 13, 40), "sooner, quoted"),
    ("can the dentist be sooner by an hour", "Dentist", "1 hour earlier", _at(6, 13), "sooner by"),
    (
        "dentist 30 minutes earlier please",
        "Dentist",
        "30 minutes earlier",
        _at(6, 13, 30),
        "earlier, minutes",
    ),
    ("the dentist? push it back two days", "Dentist", "push it back two days", _at(8, 14), "later, days"),
    ("push the dentist out two days", "Dentist", "two days later", _at(8, 14), "out after the name: later"),
    ("push the dentist out a week", "Dentist", "out a week", _at(13, 14), "out, quoted"),
    ("bump the dentist up 30 minutes", "Dentist", "30 minutes earlier", _at(6, 13, 30), "up after the name: earlier"),
    ("move the dentist up 15", "Dentist", "1:45 PM", _at(6, 13, 45), "up + a bare amount; the model's clock"),
    ("dentist two days later", "Dentist", "two days later", _at(8, 14), "days, not from now"),
    (
        "the dentist, bring it forward 30 minutes",
        "Dentist",
        "bring it forward 30 minutes",
        _at(6, 13, 30),
        "forward",
    ),
    (
        "the dentist: same time next Monday",
        "Dentist",
        "same time next Monday",
        _at(10, 14),
        "same time, a day",
    ),
    ("put the dentist in the same slot Friday", "Dentist", "same slot Friday", _at(7, 14), "same slot"),
    ("move the dentist to 4", "Dentist", "4", _at(6, 16), "a bare hour keeps the day"),
    ("move the dentist to Friday", "Dentist", "Friday", _at(7, 14), "a day keeps the time"),
    ("move the dentist to the next day", "Dentist", "the next day", _at(7, 14), "the next day, clock kept"),
    ("dentist: the following day instead", "Dentist", "the following day", _at(7, 14), "the following day"),
    ("push the dentist to the day after", "Dentist", "the day after", _at(7, 14), "the day after"),
    ("牙医改到第二天", "牙医", "第二天", _at(7, 14), "zh the next day"),
    ("牙醫挪到隔天", "牙醫", "隔天", _at(7, 14), "traditional, the next day"),
    ("牙医提前二十分钟", "牙医", "提前二十分钟", _at(6, 13, 40), "zh earlier"),
    ("牙医提前二十分钟", "牙医", "提前20分钟", _at(6, 13, 40), "zh, digits for the user's numerals"),
    ("牙医推迟一天", "牙医", "推迟一天", _at(7, 14), "zh a day later"),
    ("牙医往后挪半小时", "牙医", "往后挪半小时", _at(6, 14, 30), "zh half an hour later"),
    ("牙医晚一个小时", "牙医", "晚一个小时", _at(6, 15), "zh an hour later"),
    ("牙医改到周五同一个时间段", "牙医", "周五同一个时间段", _at(7, 14), "zh same slot Friday"),
    ("牙医下周一同一时间", "牙医", "下周一同一时间", _at(10, 14), "zh same time next Monday"),
    ("牙医改到四点", "牙医", "四点", _at(6, 16), "zh a clock keeps the day"),
    ("牙醫推遲一天", "牙醫", "推遲一天", _at(7, 14), "traditional a day later"),
    ("牙醫往後挪半小時", "牙醫", "往後挪半小時", _at(6, 14, 30), "traditional half an hour later"),
    ("牙醫改到週五同一個時間段", "牙醫", "週五同一個時間段", _at(7, 14), "traditional same slot Friday"),
    ("牙醫提前二十分鐘", "牙醫", "提前二十分鐘", _at(6, 13, 40), "traditional earlier"),
    (
        "move the dentist to the next day at 3pm",
        "Dentist",
        "the next day at 3pm",
        _at(7, 15),
        "next day + clock",
    ),
    (
        "dentist: the following day at 9am",
        "Dentist",
        "the following day at 9am",
        _at(7, 9),
        "following day + clock",
    ),
    (
        "push the dentist two days later at 10am",
        "Dentist",
        "two days later at 10am",
        _at(8, 10),
        "days + clock",
    ),
    ("牙医改到第二天下午三点", "牙医", "第二天下午三点", _at(7, 15), "zh next day + clock"),
    ("牙醫挪到隔天上午十點", "牙醫", "隔天上午十點", _at(7, 10), "traditional next day + clock"),
]


def test_rows_are_distinct() -> None:
    for table in (ONE_OFF, SERIES, DST, NO_TARGET):
        keys = [row[:3] for row in table]
        assert len(keys) == len(set(keys))


@pytest.mark.parametrize(("text", "title", "when", "start", "why"), ONE_OFF, ids=[r[4] for r in ONE_OFF])
async def test_a_one_off_event_moves_from_its_own_time(
    kit: Kit, text: str, title: str, when: str, start: datetime, why: str
) -> None:
    await kit.seed(title, THU, THU + timedelta(hours=1))
    await kit.seed("Gym", _at(6, 18))
    model = kit.script(call("update_event", {"event": title, "when": when}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1, why
    moved = {e.title: e for e in await kit.events()}[title]
    assert (moved.start, moved.end) == (start, start + timedelta(hours=1)), why
    assert {e.title: e for e in await kit.events()}["Gym"].start == _at(6, 18)
    assert r.writes and r.writes[0].persisted and r.exit_check != "unverified_write_claim"


async def test_the_length_is_kept_and_an_end_the_user_gave_is_used(kit: Kit) -> None:
    await kit.seed("Review", THU, THU + timedelta(minutes=90))
    kit.script(call("update_event", {"event": "review", "when": "an hour later"}))
    await kit.assistant.reply(kit.user_id, "push the review an hour later")
    (event,) = await kit.events()
    assert (event.start, event.end) == (_at(6, 15), _at(6, 16, 30))


# (message, the model's arguments besides event/scope, the occurrence's new start, why)
SERIES = [
    ("push Thursday's standup an hour later", "Thursday", "an hour later", _at(6, 11), "later"),
    ("Thursday's standup 30 minutes earlier", "Thursday", "30 minutes earlier", _at(6, 9, 30), "earlier"),
    ("move Thursday's standup later by 45 minutes", "Thursday", "later by 45 minutes", _at(6, 10, 45), "by"),
    ("Thursday's standup: same time Friday", "Thursday", "same time Friday", _at(7, 10), "same time"),
    ("move Thursday's standup to 4", "Thursday", "4", _at(6, 16), "keeps its day"),
    ("周四的站会推迟一天", "周四", "推迟一天", _at(7, 10), "zh a day"),
    ("周四的站会提前二十分钟", "周四", "提前二十分钟", _at(6, 9, 40), "zh earlier"),
    ("周四的站会往后挪半小时", "周四", "往后挪半小时", _at(6, 10, 30), "zh later"),
    ("週四的站會改到週五同一個時間段", "週四", "週五同一個時間段", _at(7, 10), "traditional same slot"),
]


@pytest.mark.parametrize(("text", "event_when", "when", "start", "why"), SERIES, ids=[r[4] for r in SERIES])
async def test_one_occurrence_of_a_weekly_series_moves_from_its_own_time(
    kit: Kit, text: str, event_when: str, when: str, start: datetime, why: str
) -> None:
    title = "Standup" if text.isascii() else ("站會" if "站會" in text else "站会")
    await kit.seed(title, _at(6, 10), _at(6, 10, 15), rrule="FREQ=WEEKLY;BYDAY=TH")
    kit.script(call("update_event", {"event": title, "event_when": event_when, "when": when, "scope": "one"}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, why
    occurrences = await kit.db.events(kit.user_id).list_range(_at(5, 0), _at(21, 0))
    starts = sorted(o.start for o in occurrences)
    assert starts == sorted([start, _at(13, 10), _at(20, 10)]), why
    moved = next(o for o in occurrences if o.start == start)
    assert moved.end - moved.start == timedelta(minutes=15)


SAT = datetime(2025, 3, 8, 14, tzinfo=NY)  # the day before the clocks go forward (Sunday March 9)

# (message, title, the model's `when`, the new start (wall clock, EDT after the change), why)
DST = [
    ("dentist: push it back a day", "Dentist", "push it back a day", _at(9, 14), "a day on the wall clock"),
    ("dentist one day later", "Dentist", "one day later", _at(9, 14), "one day later"),
    ("dentist two days later", "Dentist", "two days later", _at(10, 14), "two days"),
    ("move the dentist to Sunday", "Dentist", "Sunday", _at(9, 14), "a day keeps the time"),
    ("the dentist: same time next Monday", "Dentist", "same time next Monday", _at(10, 14), "same time"),
    ("牙医推迟一天", "牙医", "推迟一天", _at(9, 14), "zh a day"),
    ("牙医下周一同一时间", "牙医", "下周一同一时间", _at(10, 14), "zh same time"),
    ("牙醫推遲一天", "牙醫", "推遲一天", _at(9, 14), "traditional a day"),
]


@pytest.mark.parametrize(("text", "title", "when", "start", "why"), DST, ids=[r[4] for r in DST])
async def test_a_move_across_the_spring_change_keeps_the_wall_clock(
    kit: Kit, text: str, title: str, when: str, start: datetime, why: str
) -> None:
    await kit.seed(title, SAT, SAT + timedelta(hours=1))
    kit.script(call("update_event", {"event": title, "when": when}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, why
    (event,) = await kit.events()
    assert event.start == start and event.start.utcoffset() == timedelta(hours=-4), why
    assert event.end - event.start == timedelta(hours=1)  # an hour of elapsed time, as before


async def test_hours_across_the_change_are_elapsed_time(kit: Kit) -> None:
    late = datetime(2025, 3, 8, 23, 30, tzinfo=NY)
    await kit.seed("Flight", late, late + timedelta(hours=1))
    kit.script(call("update_event", {"event": "flight", "when": "3 hours later"}))
    await kit.assistant.reply(kit.user_id, "push the flight 3 hours later")
    (event,) = await kit.events()
    assert event.start.astimezone(UTC) == late.astimezone(UTC) + timedelta(hours=3)
    assert event.start.astimezone(NY).hour == 3  # 02:30 EST does not exist: 03:30 EDT


# (message, the model's reference, its `when`, why): no such event; nothing written, an honest answer
NO_TARGET = [
    ("push the dentist an hour later", "dentist", "an hour later", "en later"),
    ("move the dentist later by 45 minutes", "dentist", "later by 45 minutes", "en by"),
    ("the dentist: same time next Monday", "dentist", "same time next Monday", "en same time"),
    ("move the dentist to 4", "dentist", "4", "en keeps the day"),
    ("the dentist, bring it forward 30 minutes", "dentist", "bring it forward 30 minutes", "en forward"),
    ("牙医提前二十分钟", "牙医", "提前二十分钟", "zh earlier"),
    ("牙医推迟一天", "牙医", "推迟一天", "zh a day"),
    ("牙医改到周五同一个时间段", "牙医", "周五同一个时间段", "zh same slot"),
    ("牙醫往後挪半小時", "牙醫", "往後挪半小時", "traditional later"),
]


@pytest.mark.parametrize(("text", "event", "when", "why"), NO_TARGET, ids=[r[3] for r in NO_TARGET])
async def test_a_relative_move_without_its_event_writes_nothing(
    kit: Kit, text: str, event: str, when: str, why: str
) -> None:
    await kit.seed("Gym", _at(6, 18))
    kit.script(call("update_event", {"event": event, "when": when}), reply("Done, moved it."))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and r.receipts == (), why
    (gym,) = await kit.events()
    assert gym.start == _at(6, 18) and gym.version == 1
    assert ("没有找到" if r.lang == "zh" else "couldn't find") in simplified(r.text), why
    assert "moved it" not in r.text
    assert NOW.tzinfo is NY


# (the model's value, the user's message, grounded?, why): rule 3 of time_grounding — the same move
GROUNDING = [
    ("45 minutes later", "move the dentist later by 45 minutes", True, "the same move, other words"),
    ("提前20分钟", "牙医提前二十分钟", True, "digits for numerals"),
    ("next Monday", "dentist same time next Monday", True, "a day at the event's time"),
    ("推遲1天", "牙醫推遲一天", True, "traditional"),
    ("2 hours later", "push it back an hour", False, "another amount"),
    ("30 minutes earlier", "move the dentist later by 30 minutes", False, "the other way"),
    ("15:00", "I have 3 kids", False, "a bare number is no move"),
    ("same time Tuesday", "dentist same time next Monday", False, "another day"),
]


@pytest.mark.parametrize(("value", "text", "grounded", "why"), GROUNDING, ids=[r[3] for r in GROUNDING])
def test_a_relative_value_is_grounded_by_the_same_move(
    value: str, text: str, grounded: bool, why: str
) -> None:
    assert is_time_grounded(value, [text], now=NOW, tz=NY) is grounded, why


@pytest.mark.parametrize(
    ("message", "when"),
    [
        ("Shift Friday's dentist appointment to 4", "to 4"),
        ("push the dentist on Friday to 4pm", "to 4pm"),
        ("dentist friday -> make it 4 instead", "4"),
        ("把周五的牙医改到下午四点", "到下午四点"),
    ],
)
async def test_a_destination_with_its_to_moves_the_start_and_keeps_the_length(
    kit: Kit, message: str, when: str
) -> None:
    """The live smoke: `when="to 4"` kept the start and ended the dentist at 4 (2-4 PM); "to X" against an
    event is where it goes."""
    await kit.seed("Dentist", datetime(2025, 3, 7, 14, tzinfo=NY))
    kit.script(
        call("update_event", {"event": "dentist", "event_when": "friday", "when": when}), reply("Done.")
    )
    r = await kit.assistant.reply(kit.user_id, message)
    assert len(r.writes) == 1, r.text
    (event,) = await kit.events()
    assert (event.start, event.end) == (
        datetime(2025, 3, 7, 16, tzinfo=NY),
        datetime(2025, 3, 7, 17, tzinfo=NY),
    )


# The model computed the new time itself, or read the move's amount as the event's length: the user's move
# phrase is the new start (the time service reads it against the event), and the length stays.
# (message, the model's arguments besides `event`, the new start)
MANGLED = [
    ("move the dentist 45 minutes later", {"when": "2025-03-06 14:45", "duration": "45 minutes"}, _at(6, 14, 45)),
    ("dentist 45 minutes later please", {"duration": "45 minutes"}, _at(6, 14, 45)),
    ("push the dentist back 20 minutes", {"when": "2025-03-06 14:20", "duration": "20 minutes"}, _at(6, 14, 20)),
    ("the dentist, an hour earlier", {"when": "2025-03-06 13:00", "end": "1 hour"}, _at(6, 13)),
    ("tomorrow afternoon's dentist 30 minutes earlier", {"event_when": "2025-03-06 14:00", "when": "2025-03-06 13:30"},
     _at(6, 13, 30)),
    ("明天下午那个牙医推迟半小时", {"event_when": "2025-03-06 14:00", "when": "2025-03-06 14:30"}, _at(6, 14, 30)),
    ("明天下午的牙医提前二十分钟开始", {"event_when": "2025-03-06 14:00", "when": "2025-03-06 13:40"}, _at(6, 13, 40)),
    ("牙医往后挪四十五分钟", {"duration": "四十五分钟"}, _at(6, 14, 45)),
    ("明天下午那個牙醫往後延半小時", {"event_when": "2025-03-06 14:00", "when": "2025-03-06 14:30"}, _at(6, 14, 30)),
    # the prompt's current minute as the new start (dropped), or no new start at all: the user's shift
    ("push the dentist back 2 days", {"when": "2025-03-05 09:00"}, _at(8, 14)),
    ("dentist: an hour later please", {}, _at(6, 15)),
    ("牙医推迟两天", {"when": "2025-03-05 09:00"}, _at(8, 14)),
    ("牙醫往後延一個小時", {}, _at(6, 15)),
    # the event's own day as the new start, the shift after a dash
    ("dentist - shift it two days later", {"when": "Thursday"}, _at(8, 14)),
    ("dentist – an hour later, Thursday's busy", {"when": "Thursday"}, _at(6, 15)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "args", "start"), MANGLED, ids=[r[0] for r in MANGLED])
async def test_the_users_move_stands_for_a_mangled_new_time(
    kit: Kit, text: str, args: dict, start: datetime
) -> None:
    title = "Dentist" if text.isascii() else "牙醫" if "牙醫" in text else "牙医"
    await kit.seed(title, THU, THU + timedelta(hours=1))
    kit.script(call("update_event", {"event": title, **args}), reply("unused"), reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    [moved] = await kit.events()
    assert (moved.start, moved.end) == (start, start + timedelta(hours=1)), r.text
    assert r.writes and r.writes[0].persisted


async def test_a_length_the_user_said_stays_a_length(kit: Kit) -> None:
    # "45 minutes" said as the length too: the model's duration is the user's
    await kit.seed("Dentist", THU, THU + timedelta(hours=1))
    kit.script(call("update_event", {"event": "Dentist", "when": "an hour later", "duration": "45 minutes"}))
    await kit.assistant.reply(kit.user_id, "push the dentist an hour later and make it 45 minutes")
    [moved] = await kit.events()
    assert (moved.start, moved.end) == (_at(6, 15), _at(6, 15, 45))


# (message, the model's update with the event's day and its shift in one `when`, the new start, why)
DAY_AND_SHIFT_IN_ONE = [
    ("push thursday's dentist two days later", {"event": "dentist", "when": "thursday's dentist two days later"},
     _at(8, 14), "EN, name between"),
    ("could thursday's dentist go 30 minutes earlier", {"event": "dentist",
     "when": "thursday's dentist 30 minutes earlier"}, _at(6, 13, 30), "EN, earlier"),
    ("把周四的牙医提前半小时", {"event": "牙医", "when": "周四的牙医提前半小时"}, _at(6, 13, 30), "ZH, earlier"),
    ("週四的牙醫往後延兩天", {"event": "牙醫", "when": "週四的牙醫往後延兩天"}, _at(8, 14), "ZH traditional, days"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "start", "why"), DAY_AND_SHIFT_IN_ONE, ids=[r[3] for r in DAY_AND_SHIFT_IN_ONE])
async def test_a_new_start_holding_the_events_day_and_a_shift_moves_by_the_shift(
    kit: Kit, text: str, update: dict, start: datetime, why: str
) -> None:
    # the shift is the new start, read against the event; the day is the event's own, never the new one
    await kit.seed(update["event"], THU)
    await kit.seed(update["event"], _at(10, 14))  # the same name on Monday: the day picks the one
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, (why, r.text)
    starts = sorted(e.start for e in await kit.events())
    assert starts == sorted([start, _at(10, 14)]), (why, r.text)
