"""A new title that is the update's reference itself, copied ("move my call w/ Dana to 3" with title="call w/
Dana"), is no rename: the event keeps its title and moves (``writes.no_change.without_the_reference_as_title``).
A reference that is the new title and finds nothing by itself stays a rename (``test_rename_by_new_title``).
Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, the event's title at 14:00 on Thursday 6 March, message, the model's reference = title, new time)
ROWS = [
    ("America/New_York", "Call with Dana", "move my call w/ Dana to 3pm tomorrow", "call w/ Dana", "3pm tomorrow"),
    ("America/New_York", "Standup with design", "push tomorrow's design standup to 3pm", "design standup",
     "3pm"),
    ("Asia/Shanghai", "与老王开会", "明天和老王的会改到下午三点", "和老王的会", "明天下午三点"),
    ("Asia/Taipei", "和小美吃午餐", "明天跟小美的午餐挪到下午三點", "跟小美的午餐", "明天下午三點"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "title", "text", "reference", "when"), ROWS, ids=[r[2] for r in ROWS])
async def test_the_reference_copied_as_the_title_is_no_rename(
    database: Any, make_user: Any, tz: str, title: str, text: str, reference: str, when: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, 14, tzinfo=kit.tz))
    model = kit.script(call("update_event", {"event": reference, "title": reference, "when": when}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"], r.text
    (event,) = await kit.events()
    assert event.title == title and event.start == datetime(2025, 3, 6, 15, tzinfo=kit.tz), r.text
    assert {"dropped": "title", "reason": "the_reference"}.items() <= r.telemetry["dropped_fields"][-1].items()


async def test_a_rename_to_other_words_is_kept(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Call with Dana", datetime(2025, 3, 6, 14, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "call with Dana", "title": "Budget call with Dana"}))
    r = await kit.assistant.reply(kit.user_id, "rename the call with Dana to Budget call with Dana")
    (event,) = await kit.events()
    assert event.title == "Budget call with Dana", r.text
