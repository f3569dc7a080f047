"""The write guards run in one declared order and report what each decided (telemetry ``checks``)."""

from __future__ import annotations

from agent.guards import WRITE_GUARDS
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit


def test_the_guards_are_declared_in_one_order() -> None:
    names = [name for name, _ in WRITE_GUARDS]
    assert names[:5] == ["own_calendar", "nothing_asked", "event_pointed_at", "cannot_do", "only_the_unsaid"]
    assert names.index("ground_times") < names.index("left_out") < names.index("ground_title")
    assert len(set(names)) == len(names)


async def test_a_send_back_and_its_retry_are_reported(kit: Kit) -> None:
    kit.script(
        call("create_event", {"title": "Gym", "when": "2025-03-09 17:00"}),  # a time the user never said
        call("create_event", {"title": "Gym", "when": "tomorrow at 6pm"}),
        reply("ok"),
    )
    # two time phrases of the user's could be the model's, neither at its clock (agent.guards.times): the
    # model is asked again
    r = await kit.assistant.reply(kit.user_id, "gym tomorrow at 6pm, and the sauna friday at 7pm")
    assert len(r.writes) >= 1
    assert {"name": "ground_times", "verdict": "send_back", "code": "ungrounded_time"} in r.telemetry[
        "checks"
    ]


async def test_a_refusal_and_a_confirmation_are_reported(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Alarm", "when": "7am tomorrow"}, request="cannot_do"))
    refused = await kit.assistant.reply(kit.user_id, "wake me at 7am tomorrow")
    assert refused.telemetry["checks"] == [{"name": "cannot_do", "verdict": "refuse", "code": "cannot_do"}]
    kit.script(call("create_event", {"title": "Lunch", "when": "tomorrow at noon"}, request="chat"))
    asked = await kit.assistant.reply(kit.user_id, "lunch tomorrow at noon was nice last week")
    assert {"name": "write_path", "verdict": "confirm", "reasons": ["unasked"]} in asked.telemetry["checks"]


async def test_a_reply_check_that_replaces_is_reported(kit: Kit) -> None:
    kit.script(reply("Done! I added lunch tomorrow at noon."))
    r = await kit.assistant.reply(kit.user_id, "lunch tomorrow at noon")
    assert r.writes == () and r.telemetry["checks"][-1]["name"] == "exit_check"
