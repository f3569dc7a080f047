"""A create made of a move's words ("haircut to 4pm" with a Haircut on the calendar) asks before adding a
second one; a create in its own words is written at once."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

MOVES = [
    (NY, "Dentist", "dentist appointment to 11am", {"title": "Dentist appointment", "when": "11am"}, "You have “Dentist”"),
    (NY, "Haircut", "haircut to 4pm pls", {"title": "Haircut", "when": "4pm"}, "You have “Haircut”"),
    (NY, "Yoga", "yoga until 7pm tomorrow", {"title": "Yoga", "when": "tomorrow 7pm"}, "You have “Yoga”"),
    (SH, "牙医", "牙医改到十一点", {"title": "牙医", "when": "十一点"}, "你已经有「牙医」"),
    (SH, "周会", "周会挪到明天下午三点", {"title": "周会", "when": "明天下午三点"}, "你已经有「周会」"),
]  # fmt: skip


@pytest.mark.parametrize("row", MOVES, ids=[r[2] for r in MOVES])
async def test_a_create_from_a_moves_words_asks_first(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, title, message, args, said = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(title, datetime(2025, 3, 6, 9, tzinfo=zone), datetime(2025, 3, 6, 10, tzinfo=zone))
    k.script(call("create_event", args))
    r = await k.assistant.reply(k.user_id, message)
    assert r.writes == () and r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert r.text.startswith(said), r.text
    yes = await k.assistant.reply(k.user_id, "yes" if zone is NY else "好的")
    assert len(yes.writes) == 1 and len(await k.events()) == 2, yes.text


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
