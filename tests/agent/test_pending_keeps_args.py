"""What the first turn settled survives the answer: a command resumed from each kind of pending question
(a missing time, a time choice, an event choice, a confirmation of a conflict, a past time or a delete)
keeps every argument the first turn had — repetition, attendees, location, duration, scope. The answer
costs zero model calls. Now is Wednesday 2025-03-05 09:00 in America/New_York."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=NY)


YOGA = {"location": "the Studio", "attendees": ["Ana"], "duration": "90 minutes"}


async def _two_turns(kit: Kit, first: str, args: dict[str, Any], answer: str, tool: str = "create_event"):  # type: ignore[no-untyped-def]
    model = kit.script(call(tool, args))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.writes == () and asked.pending is not None, asked.text
    done = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 1, done.text  # the answer: zero model calls
    assert done.writes and done.writes[0].persisted, done.text
    return asked, done


def _assert_yoga(event: Any, start: datetime, *, weekly: bool) -> None:
    assert (event.start, event.end) == (start, start + timedelta(minutes=90))
    assert event.location == "the Studio" and event.attendees == ("Ana",)
    assert (event.rrule or "").startswith("FREQ=WEEKLY") if weekly else event.rrule is None


# (first message, the model's `when` / `recurrence`, the answer, the start, why)
TIME_VALUE = [
    (
        "yoga with Ana every Thursday at the Studio for 90 minutes",
        "every Thursday",
        None,
        "6pm",
        "repeat in when",
    ),
    (
        "yoga with Ana every Thursday at the Studio for 90 minutes",
        "Thursday",
        "every Thursday",
        "6pm",
        "recurrence",
    ),
    ("每周四和Ana在the Studio练瑜伽90分钟", "每周四", None, "下午6点", "zh repeat in when"),
]


@pytest.mark.parametrize(
    ("first", "when", "recurrence", "answer", "why"), TIME_VALUE, ids=[r[4] for r in TIME_VALUE]
)
async def test_a_missing_time_keeps_every_argument(
    kit: Kit, first: str, when: str, recurrence: str | None, answer: str, why: str
) -> None:
    args = {"title": "Yoga with Ana", "when": when, "recurrence": recurrence, **YOGA}
    asked, _ = await _two_turns(kit, first, args, answer)
    assert asked.pending is not None and asked.pending.kind == "needs_value", why
    (event,) = await kit.events()
    _assert_yoga(event, _at(6, 18), weekly=True)


TIME_CHOICE = [
    (
        "yoga with Ana every Thursday at 7 at the Studio for 90 minutes",
        "every Thursday at 7",
        None,
        "evening",
        "en",
    ),
    (
        "yoga with Ana Thursdays at 7, the Studio, 90 minutes",
        "Thursday at 7",
        "every Thursday",
        "evening",
        "arg",
    ),
    ("每周四7点和Ana在the Studio练瑜伽90分钟", "每周四7点", None, "晚上", "zh"),
    ("每週四7點和Ana在the Studio練瑜伽90分鐘", "每週四7點", None, "2", "traditional, by number"),
]


@pytest.mark.parametrize(
    ("first", "when", "recurrence", "answer", "why"), TIME_CHOICE, ids=[r[4] for r in TIME_CHOICE]
)
async def test_morning_or_evening_keeps_the_repetition_and_the_rest(
    kit: Kit, first: str, when: str, recurrence: str | None, answer: str, why: str
) -> None:
    args = {"title": "Yoga with Ana", "when": when, "recurrence": recurrence, **YOGA}
    asked, _ = await _two_turns(kit, first, args, answer)
    assert asked.pending is not None and asked.pending.kind == "needs_choice", why
    (event,) = await kit.events()
    _assert_yoga(event, _at(6, 19), weekly=True)


async def test_an_event_choice_keeps_every_change(kit: Kit) -> None:
    await kit.seed("Yoga", _at(6, 9))
    await kit.seed("Yoga", _at(7, 9))
    args = {
        "event": "yoga",
        "when": "7pm",
        "duration": "90 minutes",
        "location": "the Studio",
        "attendees": ["Ana"],
    }
    asked, _ = await _two_turns(
        kit, "move yoga to 7pm for 90 minutes at the Studio with Ana", args, "number two", "update_event"
    )
    assert asked.pending is not None and asked.pending.kind == "needs_choice"
    events = {e.start.date().day: e for e in await kit.events()}
    assert events[6].start == _at(6, 9) and events[6].location is None
    _assert_yoga(events[7], _at(7, 19), weekly=False)


async def test_a_conflict_confirmed_keeps_every_argument(kit: Kit) -> None:
    await kit.seed("Dentist", _at(6, 18))
    args = {"title": "Yoga with Ana", "when": "Thursday 6pm", "recurrence": "every Thursday", **YOGA}
    asked, _ = await _two_turns(
        kit, "yoga with Ana every Thursday 6pm at the Studio for 90 minutes", args, "yes"
    )
    assert asked.pending is not None and asked.pending.kind == "needs_confirmation"
    yoga = next(e for e in await kit.events() if e.title == "Yoga with Ana")
    _assert_yoga(yoga, _at(6, 18), weekly=True)


async def test_a_past_time_confirmed_keeps_every_argument(kit: Kit) -> None:
    args = {"title": "Yoga with Ana", "when": "8am this morning", **YOGA}
    asked, _ = await _two_turns(
        kit, "yoga with Ana at the Studio at 8 this morning for 90 minutes", args, "yes"
    )
    assert asked.pending is not None and asked.pending.kind == "needs_confirmation"
    (event,) = await kit.events()
    _assert_yoga(event, _at(5, 8), weekly=False)


async def test_a_move_into_a_conflict_confirmed_keeps_its_length_and_place(kit: Kit) -> None:
    await kit.seed("Dentist", _at(6, 18))
    await kit.seed("Yoga", _at(6, 9))
    args = {
        "event": "yoga",
        "when": "6pm",
        "duration": "90 minutes",
        "location": "the Studio",
        "attendees": ["Ana"],
    }
    asked, _ = await _two_turns(
        kit, "move yoga to 6pm for 90 minutes at the Studio with Ana", args, "yes", "update_event"
    )
    assert asked.pending is not None and asked.pending.kind == "needs_confirmation"
    yoga = next(e for e in await kit.events() if e.title == "Yoga")
    _assert_yoga(yoga, _at(6, 18), weekly=False)


async def test_a_delete_of_one_occurrence_confirmed_keeps_its_scope(kit: Kit) -> None:
    await kit.seed("Yoga", _at(6, 18), rrule="FREQ=WEEKLY;BYDAY=TH")
    args = {"event": "yoga", "event_when": "Thursday", "scope": "one"}
    asked, _ = await _two_turns(kit, "cancel Thursday's yoga", args, "yes", "delete_event")
    assert asked.pending is not None and asked.pending.kind == "needs_confirmation"
    occurrences = await kit.db.events(kit.user_id).list_range(_at(5, 0), _at(21, 0))
    assert sorted(o.start for o in occurrences) == [_at(13, 18), _at(20, 18)]


async def test_a_delete_of_the_series_confirmed_keeps_its_scope(kit: Kit) -> None:
    await kit.seed("Yoga", _at(6, 18), rrule="FREQ=WEEKLY;BYDAY=TH")
    args = {"event": "yoga", "scope": "series"}
    await _two_turns(kit, "cancel yoga, all of them", args, "yes", "delete_event")
    assert await kit.db.events(kit.user_id).list_range(_at(5, 0), _at(30, 0)) == []


async def test_a_relative_move_answered_after_an_event_choice(kit: Kit) -> None:
    await kit.seed("Yoga", _at(6, 9))
    await kit.seed("Yoga", _at(7, 10), _at(7, 11, 30))
    await _two_turns(
        kit, "push yoga an hour later", {"event": "yoga", "when": "an hour later"}, "2", "update_event"
    )
    events = {e.start.date().day: e for e in await kit.events()}
    assert (events[7].start, events[7].end) == (_at(7, 11), _at(7, 12, 30)) and events[6].start == _at(6, 9)
