"""Times the user offered as alternatives ("Wednesday or Thursday at 7pm", 周三或者周四晚上七点): the user left
the choice open, so a write on the one the model picked would be a guess. The time service reads the phrase as
ambiguous between them (``schedule_time.alternatives``), the model's one alternative is replaced by the user's
whole phrase (``fuller_phrase``), and the assistant asks which; the answer writes it. Scripted model, real store;
NOW is Wednesday 5 March 2025 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's title and `when` (one alternative), the answer, the start it picks)
OFFERED = [
    ("dinner with Sam wednesday or thursday at 7pm", "Dinner with Sam", "wednesday at 7pm", "2", (6, 19)),
    ("call mum at 7 or 8 tomorrow evening", "Call mum", "tomorrow at 7pm", "8pm", (6, 20)),
    ("gym friday or saturday morning at 9", "Gym", "friday at 9am", "saturday", (8, 9)),
    ("周三或者周四晚上七点和小王吃饭", "和小王吃饭", "周三晚上七点", "周四", (6, 19)),
    ("明天早上七点或者八点去跑步", "跑步", "明天早上七点", "第二个", (6, 8)),
    ("周五还是周六下午三点打球", "打球", "周五下午三点", "周六", (8, 15)),
]


@pytest.mark.parametrize(("text", "title", "when", "answer", "start"), OFFERED, ids=[r[0] for r in OFFERED])
async def test_alternatives_are_asked_not_guessed(
    kit: Kit, text: str, title: str, when: str, answer: str, start: tuple[int, int]
) -> None:
    kit.script(call("create_event", {"title": title, "when": when}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and r.pending is not None, r.text  # asked, nothing written
    r = await kit.assistant.reply(kit.user_id, answer)
    [event] = await kit.events()
    assert len(r.writes) == 1, r.text
    assert event.start == datetime(2025, 3, start[0], start[1], tzinfo=NY)
