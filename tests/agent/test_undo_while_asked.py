""""undo" / 撤销 while a request waits on its question (which time? what time? delete …?) takes that request
back, as "no" does: nothing of it was written. Before, the exact command ran ``undo_last_change`` on the
last *stored* change — an event's creation from long before — and deleted it without a question.
Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

GYM = datetime(2025, 3, 6, 18, tzinfo=NY)

# (message, the model's call, the kind of question it leaves)
ASKED = [
    ("move tomorrow's gym to 7", ("update_event", {"event": "gym", "when": "7"}), "needs_choice"),
    ("把明天的健身挪到七点", ("update_event", {"event": "健身", "when": "七点"}), "needs_choice"),
    ("drop tomorrow's gym session", ("delete_event", {"event": "gym", "event_when": "tomorrow"}), "needs_confirmation"),
    ("取消明天的健身", ("delete_event", {"event": "健身", "event_when": "明天"}), "needs_confirmation"),
    ("swim on friday", ("create_event", {"title": "Swim", "when": "friday"}), "needs_value"),
    ("週五游泳", ("create_event", {"title": "游泳", "when": "週五"}), "needs_value"),
]
UNDO = ["undo", "撤销", "Undo.", "撤銷！"]


@pytest.mark.parametrize("word", UNDO)
@pytest.mark.parametrize(("text", "first", "kind"), ASKED, ids=[r[0] for r in ASKED])
async def test_undo_takes_the_waiting_request_back(kit: Kit, text: str, first: Any, kind: str, word: str) -> None:
    await kit.seed("Gym" if text.isascii() else "健身", GYM)
    model = kit.script(call(*first), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and asked.pending.kind == kind, asked.text
    done = await kit.assistant.reply(kit.user_id, word)
    assert model.call_count == 1 and not done.writes and done.pending is None, done.text
    assert [(e.start, e.end) for e in await kit.events()] == [(GYM, GYM.replace(hour=19))], done.text
