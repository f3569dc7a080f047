"""An update whose new title is the reference that found the event by its current time ("the thing at 8:30
tomorrow - push it to 9" sent with title = event = "the thing at 8:30 tomorrow"): the words that say which
event are no rename (agent.writes.no_change.without_the_reference_as_title), so the event keeps its title
and only moves. Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the reference the model sent as event and title, its new time, the moved start (day, hour, minute))
ROWS = [
    ("the thing at 8:30 tomorrow - push it to 9", "the thing at 8:30 tomorrow", "9", (6, 9, 0)),
    ("whatever I've got at 8.30am thursday, make it 10", "whatever I've got at 8.30am thursday", "10", (6, 10, 0)),
    ("my 8:30 tomorrow morning should start at 9:15", "my 8:30 tomorrow morning", "9:15", (6, 9, 15)),
    ("明天早上八点半那个改到九点", "明天早上八点半那个", "九点", (6, 9, 0)),
    ("明早八點半那個挪到十點", "明早八點半那個", "十點", (6, 10, 0)),
]


@pytest.mark.parametrize(("text", "reference", "when", "start"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_reference_is_no_new_title(
    database: Any, make_user: Any, text: str, reference: str, when: str, start: tuple[int, int, int]
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    title = "Coffee with Mateo" if text.isascii() else "和小何喝咖啡"
    await kit.seed(title, datetime(2025, 3, 6, 8, 30, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": reference, "title": reference, "when": when}, request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["updated"], r.text
    [event] = await kit.events()
    assert event.title == title, r.text
    local = event.start.astimezone(kit.tz)
    assert (local.day, local.hour, local.minute) == start, r.text


async def test_a_rename_to_words_with_another_time_is_kept(database: Any, make_user: Any) -> None:
    """A new name that holds a time that is not the event's ("Prep for Friday") is a rename."""
    kit = await make_kit(database, make_user)
    await kit.seed("Prep", datetime(2025, 3, 6, 8, 30, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "Prep", "title": "Prep for Friday"}, request="change"))
    r = await kit.assistant.reply(kit.user_id, "rename Prep to Prep for Friday")
    [event] = await kit.events()
    assert event.title == "Prep for Friday", r.text
