"""A start that says how it repeats carries the repetition (agent.guards.times): a ``recurrence`` argument
beside it that is not the user's words is the model's noise, dropped, not a question "how often?"."""

from __future__ import annotations

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

# (message, the model's title, `when`, its junk `recurrence`, the stored rule starts with)
REPEATING = [
    ("put the water bill on the 2nd of every month at 9am", "water bill", "the 2nd of every month at 9am", "one", "FREQ=MONTHLY"),
    ("choir practice every tuesday at 7pm please", "choir practice", "every tuesday at 7pm", "yes", "FREQ=WEEKLY"),
    ("add stretching each morning at 6:30", "stretching", "each morning at 6:30", "weekly on 1", "FREQ=DAILY"),
    ("每个月3号上午十点交房租，帮我记上", "交房租", "每个月3号上午十点", "一次", "FREQ=MONTHLY"),
    ("每周四晚上八点练琴", "练琴", "每周四晚上八点", "是", "FREQ=WEEKLY"),
    ("每天早上七點跑步", "跑步", "每天早上七點", "none", "FREQ=DAILY"),
]


@pytest.mark.parametrize(("message", "title", "when", "junk", "rule"), REPEATING, ids=[r[2] for r in REPEATING])
async def test_the_repetition_of_the_start_wins_over_noise(
    kit: Kit, message: str, title: str, when: str, junk: str, rule: str
) -> None:
    model = kit.script(call("create_event", {"title": title, "when": when, "recurrence": junk}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, message)
    assert r.writes and r.writes[0].persisted, r.text
    assert model.call_count <= 2  # no send-back for the dropped argument
    events = await kit.events()
    assert len(events) == 1 and (events[0].rrule or "").startswith(rule), events


async def test_a_junk_repetition_beside_a_one_off_start_is_still_asked_about(kit: Kit) -> None:
    # the user named a repetition the start does not carry: the model's value cannot be dropped silently
    kit.script(
        call("create_event", {"title": "Yoga", "when": "Thursday 6pm", "recurrence": "one"}),
        call("create_event", {"title": "Yoga", "when": "Thursday 6pm", "recurrence": "one"}),
    )
    r = await kit.assistant.reply(kit.user_id, "yoga on Thursday 6pm, every week")
    assert not r.writes, r.text
