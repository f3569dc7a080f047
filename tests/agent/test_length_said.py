"""The one length a create's message says, when the model gave no end or duration, is the event's length
(agent.writes.left_out.length_said). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from agent.writes.left_out import length_said
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import one_create

# (message, the model's create, the event's length)
ROWS = [
    ("book a call with Rosa on Friday at 10am, 45 minutes should do",
     {"title": "Call with Rosa", "when": "Friday at 10am", "notes": "45 minutes should do"}, timedelta(minutes=45)),
    ("yoga Saturday 8am, an hour and a half", {"title": "Yoga", "when": "Saturday 8am"}, timedelta(minutes=90)),
    ("haircut thursday at 4, it takes 20 min", {"title": "Haircut", "when": "thursday at 4pm"}, timedelta(minutes=20)),
    ("周四下午两点和设计师开会，大概四十分钟", {"title": "和设计师开会", "when": "周四下午两点"}, timedelta(minutes=40)),
    ("週五早上九點看醫生，半小時就夠", {"title": "看醫生", "when": "週五早上九點"}, timedelta(minutes=30)),
]  # fmt: skip


async def _created_length(database: Any, make_user: Any, text: str, create: dict[str, Any]) -> timedelta:
    """The length of the one event the scripted create wrote for ``text``."""
    _, event = await one_create(database, make_user, text, create)
    return event.end - event.start


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
async def test_the_one_length_said_is_the_events(database: Any, make_user: Any, row: Any) -> None:
    text, create, length = row
    assert await _created_length(database, make_user, text, create) == length


@pytest.mark.parametrize(
    ("text", "args", "said"),
    [
        ("lunch Friday at noon, half an hour", {"when": "Friday at noon"}, "half an hour"),
        ("a 30 minute call Friday at 10, or 45 minutes", {"when": "Friday at 10"}, None),  # two lengths
        ("standup every day at 9 for 15 minutes", {"when": "every day at 9 for 15 minutes"}, None),  # in use
        # the length of the user's one phrase, beside the start the model kept of it
        ("standup every day at 9 for 15 minutes", {"when": "every day at 9"}, "for 15 minutes"),
        ("tennis Saturday at 10am for ninety minutes", {"when": "Saturday at 10am"}, "for ninety minutes"),
        ("call mom tomorrow 7pm for half an hour", {"when": "tomorrow 7pm"}, "for half an hour"),
        ("周六上午十点打球两个小时", {"when": "周六上午十点"}, "两个小时"),
        ("週日下午兩點看電影三個小時", {"when": "週日下午兩點"}, "三個小時"),
        ("dinner Friday at 7", {"when": "Friday at 7"}, None),  # none said
    ],
)
def test_only_one_unused_length_is_said(text: str, args: dict[str, object], said: str | None) -> None:
    assert length_said(text, args) == said


# A unit letter inside a name, or a length no event has, never sets the event's length: the default hour.
NO_LENGTH_ROWS = [
    ("下周二早上九点去4S店做保养", {"title": "去4S店做保养", "when": "下周二早上九点", "location": "4S店"}),
    ("週五下午三點把車開到4S店", {"title": "把車開到4S店", "when": "週五下午三點"}),
    ("明天晚上七点去3D影院看电影", {"title": "看电影", "when": "明天晚上七点", "location": "3D影院"}),
    ("car service at the 4S dealer friday 10am", {"title": "Car service", "when": "friday 10am"}),
    ("plank challenge thursday at 6pm, 45 seconds", {"title": "Plank challenge", "when": "thursday at 6pm"}),
    ("周四晚上八点冥想，三十秒", {"title": "冥想", "when": "周四晚上八点"}),
]  # fmt: skip


@pytest.mark.parametrize("row", NO_LENGTH_ROWS, ids=[r[0] for r in NO_LENGTH_ROWS])
async def test_no_length_under_a_minute(database: Any, make_user: Any, row: Any) -> None:
    text, create = row
    assert await _created_length(database, make_user, text, create) == timedelta(hours=1)


@pytest.mark.parametrize("duration", ["10 seconds", "30s", "三十秒"])
async def test_a_model_length_under_a_minute_is_dropped(database: Any, make_user: Any, duration: str) -> None:
    create = {"title": "Dentist", "when": "Friday at 10am", "duration": duration}
    assert await _created_length(database, make_user, "dentist friday at 10am", create) == timedelta(hours=1)
