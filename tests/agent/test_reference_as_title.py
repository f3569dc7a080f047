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


# (zone, the two events' title, message, the model's reference = new title, the pick, the new title)
PICKED = [
    ("America/New_York", "Review", "please rename that review as Design review", "Design review", "number 2",
     "Design review"),
    ("America/New_York", "Sync", "call the sync Budget sync from now on", "Budget sync", "2", "Budget sync"),
    ("Asia/Shanghai", "评审", "把评审改名叫设计评审", "设计评审", "第二个", "设计评审"),
    ("Asia/Taipei", "週會", "週會改叫產品週會", "產品週會", "第二個", "產品週會"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "title", "text", "reference", "pick", "renamed"), PICKED, ids=[r[2] for r in PICKED])
async def test_a_rename_to_words_beyond_the_title_survives_the_pick(
    database: Any, make_user: Any, tz: str, title: str, text: str, reference: str, pick: str, renamed: str
) -> None:
    # the new name shares a word with both events: options; the pick renames the one picked, with no model
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    await kit.seed(title, datetime(2025, 3, 11, 10, tzinfo=kit.tz))
    model = kit.script(call("update_event", {"event": reference, "title": reference}))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert not asked.writes and "2." in asked.text, asked.text
    r = await kit.assistant.reply(kit.user_id, pick)
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"], r.text
    titles = sorted((e.start, e.title) for e in await kit.events())
    assert [t for _, t in titles] == [title, renamed], r.text


async def test_a_picked_command_left_with_nothing_says_so(database: Any, make_user: Any) -> None:
    # the pick resumes an update whose only change was not the user's (a note they never gave): no model
    # follows to fix it, so code's own question or "nothing was changed" answers — never an empty reply
    kit = await make_kit(database, make_user)
    await kit.seed("Review", datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    await kit.seed("Review", datetime(2025, 3, 11, 10, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "review", "attendees": ["Zed Okafor"]}))
    await kit.assistant.reply(kit.user_id, "put something on the review")
    r = await kit.assistant.reply(kit.user_id, "option 1")
    assert not r.writes and r.text.strip(), r.text
    assert {e.notes for e in await kit.events()} == {None}
