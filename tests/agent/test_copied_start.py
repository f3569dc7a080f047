"""A move whose new time is the event's own day or start, copied from the message's reference to it, while
the move itself is the one time phrase left ("the day after", 推迟一天), moves by that phrase
(agent.guards.starts). Scripted model; now is Wednesday 2025-03-05 09:00 in New York; the run is Friday
12:00–13:00."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's update, the new start: (day of March, hour))
ROWS = [
    ("move the Friday run with Jake to the day after", {"event": "run with Jake", "when": "Friday"}, (8, 12)),
    ("push Friday's run a day later", {"event": "run", "when": "Friday"}, (8, 12)),
    ("the run on Friday, move it to the following day", {"event": "run", "when": "Friday 12:00"}, (8, 12)),
    ("move friday's run an hour later", {"event": "run", "when": "Friday"}, (7, 13)),
    ("周五和Jake的跑步推迟一天", {"event": "和Jake的跑步", "when": "周五"}, (8, 12)),
    ("把周五的跑步挪到第二天", {"event": "跑步", "when": "周五"}, (8, 12)),
    ("週五的跑步往後挪一天", {"event": "跑步", "when": "週五"}, (8, 12)),
]


async def _kit(database: Any, make_user: Any, title: str = "Run with Jake"):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user)
    await kit.seed(title, datetime(2025, 3, 7, 12, tzinfo=kit.tz))
    await kit.seed("Lunch", datetime(2025, 3, 6, 12, tzinfo=kit.tz))
    return kit


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_phrase_left_is_the_move(database: Any, make_user: Any, row: Any) -> None:
    text, update, (day, hour) = row
    title = "Run with Jake" if text.isascii() else "和Jake跑步"
    kit = await _kit(database, make_user, title)
    model = kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted and model.call_count == 1, r.text
    run = next(e for e in await kit.events() if e.title == title)
    assert (run.start, run.end.hour - run.start.hour) == (datetime(2025, 3, day, hour, tzinfo=kit.tz), 1), (
        r.text
    )


async def test_no_phrase_left_is_already_so(database: Any, make_user: Any) -> None:
    kit = await _kit(database, make_user)
    update = {"event": "run with Jake", "when": "Friday"}
    kit.script(call("update_event", update), call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "move the run with Jake to Friday")
    assert not r.writes, r.text
    run = next(e for e in await kit.events() if e.title == "Run with Jake")
    assert run.start == datetime(2025, 3, 7, 12, tzinfo=kit.tz)


async def test_two_phrases_left_are_not_guessed(database: Any, make_user: Any) -> None:
    kit = await _kit(database, make_user)
    update = {"event": "run with Jake", "when": "Friday"}
    kit.script(call("update_event", update), call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "move Friday's run with Jake to the day after or Monday at 9")
    assert not r.writes, r.text


# The model copied the event's clock (as a listing shows it) into ``when`` and parked the new time in an end
# the user never said: (message, the model's update, the new start: (day of March, hour)).
CLOCK_ROWS = [
    (
        "move the run with Jake to 3pm",
        {"event": "run with Jake", "when": "12:00-13:00", "end": "15:00-16:00"},
        (7, 15),
    ),
    ("push the run to 2pm", {"event": "run", "when": "12:00", "end": "14:00-15:00"}, (7, 14)),
    (
        "can the run start at 4 in the afternoon instead",
        {"event": "run", "when": "12:00-13:00", "end": "4:00 PM to 5:00 PM"},
        (7, 16),
    ),
    ("把和Jake跑步改到下午三点", {"event": "跑步", "when": "12:00-13:00", "end": "15:00-16:00"}, (7, 15)),
    ("跑步挪到下午兩點", {"event": "跑步", "when": "12:00", "end": "14:00到15:00"}, (7, 14)),
]


@pytest.mark.parametrize("listed", [False, True], ids=["alone", "after_a_listing"])
@pytest.mark.parametrize("row", CLOCK_ROWS, ids=[r[0] for r in CLOCK_ROWS])
async def test_the_events_own_clock_moves_by_the_phrase_left(
    database: Any, make_user: Any, row: Any, listed: bool
) -> None:
    text, update, (day, hour) = row
    title = "Run with Jake" if text.isascii() else "和Jake跑步"
    kit = await _kit(database, make_user, title)
    if listed:  # the listing shows the run's clock ("12:00–13:00"), so the model's copy of it is said
        kit.script(call("list_events", {"range": "Friday" if text.isascii() else "周五"}), reply(""))
        await kit.assistant.reply(kit.user_id, "what's on Friday?" if text.isascii() else "周五有什么安排")
    model = kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted and model.call_count == 1, r.text
    run = next(e for e in await kit.events() if e.title == title)
    assert (run.start, run.end - run.start) == (
        datetime(2025, 3, day, hour, tzinfo=kit.tz),
        timedelta(hours=1),
    )


# The new start copied from the event's own time, and the one phrase left is an end alone ("till 2"): the
# start stays and the end is the user's (read from the start: a bare 2 after noon is 14:00).
END_LEFT = [
    ("the Friday run, keep it going till 2", {"event": "run", "when": "Friday 12:00", "end": "Friday 2:00 PM"}, 14),
    ("friday's run - block it until 3pm", {"event": "run", "when": "Friday"}, 15),
    ("周五的跑步一直到两点", {"event": "跑步", "when": "周五", "end": "周五 14:00"}, 14),
    ("週五的跑步一直到下午三點", {"event": "跑步", "when": "週五中午12點"}, 15),
]  # fmt: skip


@pytest.mark.parametrize("row", END_LEFT, ids=[r[0] for r in END_LEFT])
async def test_an_end_left_is_the_new_end(database: Any, make_user: Any, row: Any) -> None:
    text, update, end_hour = row
    title = "Run with Jake" if text.isascii() else "和Jake跑步"
    kit = await _kit(database, make_user, title)
    model = kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted and model.call_count == 1, r.text
    run = next(e for e in await kit.events() if e.title == title)
    assert (run.start, run.end) == (
        datetime(2025, 3, 7, 12, tzinfo=kit.tz),
        datetime(2025, 3, 7, end_hour, tzinfo=kit.tz),
    ), r.text
