"""A reference that wraps a person or subject in more words than the title has ("meeting with Keiko" for
"1:1 Keiko Tanaka") scores low in the store's fuzzy search (50 and under): the title that holds the
reference's own word — not its kind ("meeting") nor its wrapping ("with") — may be the event it names, or
another event of that person, so the user is asked "Do you mean …?" and the yes is the pick
(agent.writes.references._named_by, title_match.shares_a_proper_word); a title the fuzzy search ranks is
taken as before. A shared kind word alone names nothing. Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

MONDAY_10 = (10, 10)

# (title on the calendar, message, the model's update, the moved start (day of March, hour))
MOVES = [
    ("1:1 Keiko Tanaka", "push my meeting with Keiko to 2pm", {"event": "meeting with Keiko", "when": "2pm"},
     (10, 14)),
    ("Quarterly numbers - Dana Whitfield", "move the call with Dana over to Tuesday",
     {"event": "call with Dana", "when": "Tuesday"}, (11, 10)),
    ("Ortho check (Dr. Benoit)", "my appointment with Benoit should be at 3pm instead",
     {"event": "appointment with Benoit", "when": "3pm"}, (10, 15)),
    ("项目对齐（小敏）", "把和小敏的会挪到下午两点", {"event": "和小敏的会", "when": "下午两点"}, (10, 14)),
]  # fmt: skip


@pytest.mark.parametrize(("title", "text", "update", "start"), MOVES, ids=[r[1] for r in MOVES])
async def test_the_title_holding_the_name_is_found(
    database: Any, make_user: Any, title: str, text: str, update: dict[str, Any], start: tuple[int, int]
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    await kit.seed(title, datetime(2025, 3, 10, 10, tzinfo=kit.tz))
    await kit.seed("Sprint planning" if text.isascii() else "迭代计划", datetime(2025, 3, 10, 11, tzinfo=kit.tz))
    kit.script(call("update_event", update, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    if r.pending is not None:  # found by the name alone: asked, and the yes picks it
        assert not r.writes and title in r.text and r.text.startswith(("Do you mean", "你是说")), r.text
        r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "是的")
    assert [w.action for w in r.writes] == ["updated"], r.text
    moved = next(e for e in await kit.events() if e.title == title)
    local = moved.start.astimezone(kit.tz)
    assert (local.day, local.hour) == start, r.text


async def test_a_delete_by_the_name_asks_then_removes_only_it(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("1:1 Keiko Tanaka", datetime(2025, 3, 10, 10, tzinfo=kit.tz))
    await kit.seed("Sprint planning", datetime(2025, 3, 10, 11, tzinfo=kit.tz))
    kit.script(call("delete_event", {"event": "meeting with Keiko", "event_when": "next week"}, request="change"))
    r = await kit.assistant.reply(kit.user_id, "Keiko is away next week, drop my meeting with her")
    assert r.pending is not None and "Keiko Tanaka" in r.text, r.text
    r = await kit.assistant.reply(kit.user_id, "yes")
    assert [w.action for w in r.writes] == ["deleted"], r.text
    assert [e.title for e in await kit.events()] == ["Sprint planning"]


async def test_a_kind_word_alone_names_nothing(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Team meeting", datetime(2025, 3, 10, 10, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "meeting with Keiko", "when": "2pm"}, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "push my meeting with Keiko to 2pm")
    assert not r.writes, r.text
    [event] = await kit.events()
    assert event.start.astimezone(kit.tz).hour == 10
