"""A create made of a move's words ("haircut to 4pm" with a Haircut on the calendar) is the move it describes,
asked yes/no first (the model chose to add; agent.writes.another.moved_instead) — never a second Haircut; with
an end word ("yoga until 7pm") it asks before adding another; a create in its own words is written at once."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

MOVES = [
    (NY, "Dentist", "dentist appointment to 11am", {"title": "Dentist appointment", "when": "11am"},
     "Change “Dentist” to Thursday, March 6, 11:00", 11),
    (NY, "Haircut", "haircut to 4pm pls", {"title": "Haircut", "when": "4pm"}, "Change “Haircut” to", 16),
    (NY, "Vet", "the vet to 3pm then", {"title": "Vet", "when": "3pm"}, "Change “Vet” to", 15),
    (SH, "牙医", "牙医改到十一点", {"title": "牙医", "when": "十一点"}, "把「牙医」改到3月6日", 11),
    (SH, "周会", "周会挪到明天下午三点", {"title": "周会", "when": "明天下午三点"}, "把「周会」改到", 15),
    (SH, "瑜伽課", "瑜伽課到下午四點", {"title": "瑜伽課", "when": "下午四點"}, "把「瑜伽課」改到", 16),
    # an arrow written for "to"
    (NY, "Call with Carlos", "Carlos call -> 3pm please", {"title": "Carlos call", "when": "3pm"},
     "Change “Call with Carlos” to", 15),
    (NY, "Dentist", "dentist → 11am", {"title": "Dentist", "when": "11am"}, "Change “Dentist” to", 11),
    (SH, "周会", "周会 -> 下午三点", {"title": "周会", "when": "下午三点"}, "把「周会」改到", 15),
]  # fmt: skip


@pytest.mark.parametrize("row", MOVES, ids=[r[2] for r in MOVES])
async def test_a_create_from_a_moves_words_is_the_move_asked_first(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, title, message, args, said, hour = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(title, datetime(2025, 3, 6, 9, tzinfo=zone), datetime(2025, 3, 6, 10, tzinfo=zone))
    k.script(call("create_event", args))
    r = await k.assistant.reply(k.user_id, message)
    assert r.writes == () and r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert r.text.startswith(said), r.text
    yes = await k.assistant.reply(k.user_id, "yes" if zone is NY else "好的")
    assert [w.action for w in yes.writes] == ["updated"], yes.text
    [event] = await k.events()
    assert (event.start.astimezone(zone).day, event.start.astimezone(zone).hour) == (6, hour), yes.text


async def test_an_end_word_still_asks_before_adding_another(database, make_user) -> None:  # type: ignore[no-untyped-def]
    k = await make_kit(database, make_user, timezone=NY.key)
    await k.seed("Yoga", datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 6, 10, tzinfo=NY))
    k.script(call("create_event", {"title": "Yoga", "when": "tomorrow 7pm"}))
    r = await k.assistant.reply(k.user_id, "yoga until 7pm tomorrow")
    assert r.writes == () and r.text.startswith("You have “Yoga”"), r.text
    yes = await k.assistant.reply(k.user_id, "yes")
    assert len(yes.writes) == 1 and len(await k.events()) == 2, yes.text


CHOICES = [
    (NY, "Dentist", "dentist to 11am", {"title": "Dentist", "when": "11am"}, "Move which one to 11am?", "2", 11),
    (NY, "Piano lesson", "piano lesson to 5pm instead", {"title": "Piano lesson", "when": "5pm"},
     "Move which one to 5pm?", "the 1st", 17),
    (SH, "牙医", "牙医改到十一点", {"title": "牙医", "when": "十一点"}, "要把哪一个改到十一点？", "第二个", 11),
    (SH, "周会", "周会挪到下午三点", {"title": "周会", "when": "下午三点"}, "要把哪一个改到下午三点？", "1", 15),
]  # fmt: skip


@pytest.mark.parametrize("row", CHOICES, ids=[r[2] for r in CHOICES])
async def test_two_events_of_that_name_are_a_choice_that_names_the_move(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, title, message, args, asked, pick, hour = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(title, datetime(2025, 3, 6, 9, tzinfo=zone), datetime(2025, 3, 6, 10, tzinfo=zone))
    await k.seed(title, datetime(2025, 3, 11, 9, tzinfo=zone), datetime(2025, 3, 11, 10, tzinfo=zone))
    model = k.script(call("create_event", args))
    r = await k.assistant.reply(k.user_id, message)
    assert r.writes == () and len(r.options) == 2 and r.text.startswith(asked), r.text
    picked = await k.assistant.reply(k.user_id, pick)  # the question named the move: the pick is the yes
    assert [w.action for w in picked.writes] == ["updated"] and model.call_count == 1, picked.text
    day = 11 if pick in ("2", "第二个") else 6
    starts = sorted((e.start.astimezone(zone).day, e.start.astimezone(zone).hour) for e in await k.events())
    assert (day, hour) in starts and len(starts) == 2, picked.text


OWN = [
    (NY, "Dentist", "add a dentist appointment at 11am", {"title": "Dentist appointment", "when": "11am"}),
    (NY, "Haircut", "another haircut on Friday at 4pm", {"title": "Haircut", "when": "Friday at 4pm"}),
    (SH, "牙医", "明天十一点再约一次牙医", {"title": "牙医", "when": "明天十一点"}),
    (NY, "Team sync", "dinner with Ana to celebrate at 7pm", {"title": "Dinner with Ana", "when": "7pm"}),
]  # fmt: skip


@pytest.mark.parametrize("row", OWN, ids=[r[2] for r in OWN])
async def test_a_create_in_its_own_words_is_written(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, title, message, args = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(title, datetime(2025, 3, 6, 9, tzinfo=zone), datetime(2025, 3, 6, 10, tzinfo=zone))
    k.script(call("create_event", args))
    r = await k.assistant.reply(k.user_id, message)
    assert len(r.writes) == 1, r.text
