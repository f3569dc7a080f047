"""An add the model sent as an update of a missing event names it by the request ("add a swim at 6pm",
加个游泳): the offer's title is the event without the words that ask for it ("Swim", 游泳), never "Add a swim"
(agent.writes.new_event.as_create). Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's update, the offered title)
ROWS = [
    ("then add a swim at 6pm", {"event": "add a swim", "when": "6pm"}, "Swim"),
    ("schedule piano practice at 5pm tomorrow", {"event": "schedule piano practice", "when": "5pm tomorrow"},
     "Piano practice"),
    ("put yoga in at 7am friday", {"event": "put yoga in", "when": "7am friday"}, "Yoga"),
    ("再加个游泳，晚上六点", {"event": "加个游泳", "when": "晚上六点"}, "游泳"),
    ("帮我安排体检，周五上午九点", {"event": "安排体检", "when": "周五上午九点"}, "体检"),
    ("block party saturday at 3pm", {"event": "block party", "when": "saturday at 3pm"}, "Block party"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "title"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_offer_names_the_event_not_the_request(
    database: Any, make_user: Any, text: str, update: dict[str, Any], title: str
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    kit.script(call("update_event", update, request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and not r.writes, r.text
    quoted = f"“{title}”" if text.isascii() else f"「{title}」"
    assert quoted in r.text, r.text
