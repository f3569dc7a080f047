"""What the rest of the user's message settles about a time argument: a meal word decides morning or
evening, a bare hour is a clock hour, "all day" makes a day an all-day event. Scripted model; each test
counts the model calls."""

from __future__ import annotations

from datetime import datetime

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit


async def _create(kit: Kit, said: str, **arguments: object) -> tuple[int, list]:  # type: ignore[type-arg]
    model = kit.script(call("create_event", arguments))
    r = await kit.assistant.reply(kit.user_id, said)
    return model.call_count, [r, *await kit.events()]


async def test_a_meal_word_in_the_message_settles_the_evening(kit: Kit) -> None:
    calls, (r, *events) = await _create(
        kit, "dinner w/ Omar on Friday at 7, at Rubirosa", title="Dinner with Omar", when="Friday at 7"
    )
    assert calls == 1 and not r.options
    assert [(e.title, e.start) for e in events] == [
        ("Dinner with Omar", datetime(2025, 3, 7, 19, tzinfo=NY))
    ]


async def test_a_chinese_meal_word_settles_it_too(kit: Kit) -> None:
    calls, (_r, *events) = await _create(kit, "周五7点和张三吃晚饭", title="和张三吃晚饭", when="周五7点")
    assert calls == 1 and [e.start for e in events] == [datetime(2025, 3, 7, 19, tzinfo=NY)]


async def test_breakfast_settles_the_morning(kit: Kit) -> None:
    calls, (_r, *events) = await _create(
        kit, "breakfast with Ana Friday at 8", title="Breakfast", when="Friday at 8"
    )
    assert calls == 1 and [e.start for e in events] == [datetime(2025, 3, 7, 8, tzinfo=NY)]


async def test_without_such_a_word_morning_or_evening_is_still_asked(kit: Kit) -> None:
    calls, (r, *events) = await _create(
        kit, "Call with Tom on Friday at 7", title="Call with Tom", when="Friday at 7"
    )
    assert calls == 1 and events == [] and [o.tag for o in r.options] == ["morning", "evening"]


async def test_a_bare_hour_is_a_clock_hour(kit: Kit) -> None:
    await kit.seed("Haircut", datetime(2025, 3, 7, 10, tzinfo=NY))
    model = kit.script(call("update_event", {"event": "haircut", "event_when": "Friday", "when": "4"}))
    await kit.assistant.reply(kit.user_id, "Move the haircut on Friday to 4")
    assert model.call_count == 1
    assert [(e.start, e.end) for e in await kit.events()] == [
        (datetime(2025, 3, 7, 16, tzinfo=NY), datetime(2025, 3, 7, 17, tzinfo=NY))
    ]


async def test_all_day_in_the_message_makes_a_day_an_all_day_event(kit: Kit) -> None:
    calls, (_r, *events) = await _create(
        kit,
        "Dad's birthday is Thursday — add it as an all-day event",
        title="Dad's birthday",
        when="Thursday",
        notes="All-day event",
    )
    assert calls == 1 and [(e.title, e.all_day, e.start.date().isoformat()) for e in events] == [
        ("Dad's birthday", True, "2025-03-06")
    ]


async def test_a_day_without_all_day_still_asks_for_the_time(kit: Kit) -> None:
    calls, (r, *events) = await _create(
        kit, "Mom's birthday party Thursday", title="Birthday party", when="Thursday"
    )
    assert calls == 1 and events == [] and r.pending is not None
