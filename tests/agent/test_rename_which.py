"""A rename the model was unsure of (its answer gave real weight to no tool) that must pick among events of
one name asks "Rename which one to “X”?": the question names the rename, so the pick is the yes — not a
"Which one?" followed by a yes/no. A sure rename keeps the plain "Which one?" and writes on the pick.
Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

DOUBT = {"no_tool_p": 0.28}

# (message, the events' title, the model's update, the pick, the new title)
ROWS = [
    ("the review should be named Design review", "Review", {"event": "review", "title": "Design review"},
     "the second", "Design review"),
    ("rename review -> Budget review pls", "Review", {"event": "review", "title": "Budget review"},
     "2", "Budget review"),
    ("把评审改名叫设计评审", "评审", {"event": "评审", "title": "设计评审"}, "第二个", "设计评审"),
    ("評審的名字換成設計評審", "評審", {"event": "評審", "title": "設計評審"}, "後面那個", "設計評審"),
]  # fmt: skip


async def _two(kit: Any, title: str) -> None:
    await kit.seed(title, datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    await kit.seed(title, datetime(2025, 3, 11, 14, tzinfo=kit.tz))


@pytest.mark.parametrize(("text", "title", "update", "pick", "renamed"), ROWS, ids=[r[0] for r in ROWS])
async def test_a_doubted_rename_asks_which_naming_the_rename(
    database: Any, make_user: Any, text: str, title: str, update: dict[str, Any], pick: str, renamed: str
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    await _two(kit, title)
    model = kit.script(call("update_event", update, request="change", **DOUBT))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and r.pending.kind == "needs_choice" and renamed in r.text, r.text
    r = await kit.assistant.reply(kit.user_id, pick)
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"], r.text
    titles = sorted((e.start.day, e.title) for e in await kit.events())
    assert titles == [(7, title), (11, renamed)]


async def test_a_sure_rename_asks_plain_which_and_writes_on_the_pick(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await _two(kit, "Review")
    kit.script(call("update_event", {"event": "review", "title": "Design review"}, request="change"))
    r = await kit.assistant.reply(kit.user_id, "rename the review to Design review")
    assert r.text.startswith("Which one do you mean?"), r.text
    r = await kit.assistant.reply(kit.user_id, "the first")
    assert [w.action for w in r.writes] == ["updated"], r.text
