"""A new event whose title is the user's words plus an event-kind noun the model added ("Electrician
appointment" for "our electrician comes round…") is still the user's event: a time the model mangled is replaced
by the user's own phrase, as for a title of their words alone (agent.grounding.names_what_was_said,
agent.guards.users_times.anchored). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from agent.title_grounding import names_what_was_said
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit, one_create

# (message, the model's create with a kind word added to the title and a mangled time, the start written)
WRITTEN = [
    ("vet for Mochi on Saturday at 10am", {"title": "Vet appointment for Mochi", "when": "Saturday 10:30am"},
     (8, 10, 0)),
    ("haircut tuesday 4pm", {"title": "Haircut appointment", "when": "Tuesday 4:15pm"}, (11, 16, 0)),
    ("周五上午十点看牙医", {"title": "看牙医预约", "when": "周五上午十点半"}, (7, 10, 0)),
    ("礼拜六下午三点家长会", {"title": "家长会会议", "when": "礼拜六下午三点半"}, (8, 15, 0)),
    ("週日早上九點爬山", {"title": "爬山活動", "when": "週日早上九點半"}, (9, 9, 0)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "start"), WRITTEN, ids=[r[0] for r in WRITTEN])
async def test_the_users_phrase_replaces_the_mangled_time(
    database: Any, make_user: Any, text: str, create: dict[str, Any], start: tuple[int, int, int]
) -> None:
    kit, event = await one_create(database, make_user, text, create)
    day, hour, minute = start
    assert event.start == datetime(2025, 3, day, hour, minute, tzinfo=kit.tz), event


async def test_an_hour_with_two_readings_asks_which(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    create = {"title": "Electrician appointment", "when": "Friday at 8:30"}
    kit.script(call("create_event", create), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "our electrician comes round on Friday at 8")
    assert not r.writes and r.pending is not None and r.pending.kind == "needs_choice", r.text
    assert "8:00–9:00 AM" in r.text and "8:00–9:00 PM" in r.text, r.text


@pytest.mark.parametrize(
    ("title", "said", "theirs"),
    [
        ("Electrician appointment", "our electrician comes round on Friday at 8", True),
        ("看牙医预约", "周五看牙医", True),
        ("Dinner reservation", "dinner with Sam at 7", False),  # "reservation" is no kind and not said
        ("Meeting with John", "meeting tomorrow at 3", False),  # nobody named John
        ("会议", "明天有什么安排", False),  # a kind alone
        ("Event", "anything on tomorrow?", False),
    ],
)
def test_names_what_was_said(title: str, said: str, theirs: bool) -> None:
    assert names_what_was_said(title, [said]) is theirs
