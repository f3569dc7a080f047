"""A bare hour listed after a clock ("at 9 and 4") is a time the turn's calls must account for. When the
model writes only the first ("Standup every Monday at 9"), the turn asks it once more about the other and,
when it still does not act, says "I haven't done this part of your message yet: “at 4”" instead of ending
on the receipt as if all were done (before, "4" alone read as no time, so nothing was left over). Items
that read alone (9点和10点, "9am and 5pm") were already counted. Scripted model; now is Wednesday
2025-03-05 09:00 in New York."""

from __future__ import annotations

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

# (message, the model's one create, what the reply says is not done)
ROWS = [
    ("standup every monday at 9 and 4", {"title": "Standup", "when": "9", "recurrence": "every monday"}, "at 4"),
    ("dentist tomorrow at 9 and 3", {"title": "Dentist", "when": "tomorrow at 9"}, "at 3"),
    ("gym on saturday at 8am and 5", {"title": "Gym", "when": "saturday at 8am"}, "at 5"),
    ("water the plants every sunday at 10 & 4", {"title": "Water the plants", "when": "10", "recurrence": "every sunday"},
     "at 4"),
    ("明天上午9点和10点面试", {"title": "面试", "when": "明天上午9点"}, "10点"),
    ("每周一9点和4点站会", {"title": "站会", "when": "9点", "recurrence": "每周一"}, "4点"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "undone"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_other_hour_is_not_lost(kit: Kit, text: str, create: dict, undone: str) -> None:
    model = kit.script(call("create_event", create, request="add"), reply("Done."), reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    assert len(await kit.events()) == 1, answer.text
    assert len(model.calls) == 2, answer.text  # the model was asked about the other time once
    assert undone in answer.text.split("\n", 1)[-1], answer.text


@pytest.mark.parametrize(
    ("text", "creates"),
    [
        ("standup every monday at 9 and 4", [{"title": "Standup", "when": "9am", "recurrence": "every monday"},
                                             {"title": "Standup", "when": "4pm", "recurrence": "every monday"}]),
        ("每周一9点和4点站会", [{"title": "站会", "when": "9点", "recurrence": "每周一"},
                                {"title": "站会", "when": "下午4点", "recurrence": "每周一"}]),
    ],
    ids=["en", "zh"],
)  # fmt: skip
async def test_both_hours_written_say_nothing_more(kit: Kit, text: str, creates: list[dict]) -> None:
    kit.script(*[call("create_event", c, request="add") for c in creates], reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    assert sorted(e.start.hour for e in await kit.events()) == [9, 16], answer.text
    assert "\n" in answer.text and "haven't" not in answer.text and "还没有" not in answer.text, answer.text
