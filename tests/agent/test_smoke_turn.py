from __future__ import annotations

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, Kit


async def test_create_costs_one_model_call(kit: Kit) -> None:
    model = kit.script(call("create_event", {"title": "Meet Zhang San", "when": "tomorrow 3pm"}))
    r = await kit.assistant.reply(kit.user_id, "Tomorrow 3pm, meet Zhang San", now=NOW)
    print(r.text, r.telemetry)
    assert model.call_count == 1
    assert len(r.writes) == 1 and r.writes[0].persisted
    events = await kit.events()
    assert [e.title for e in events] == ["Meet Zhang San"]


async def test_chitchat(kit: Kit) -> None:
    kit.script(reply("Hi!"))
    r = await kit.assistant.reply(kit.user_id, "hey", now=NOW)
    assert r.text == "Hi!"
