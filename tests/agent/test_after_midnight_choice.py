"""Just after midnight "tomorrow" asks which day; the options say "today"/"tomorrow" in the user's language
(not the time service's note), and a weekday answers the choice with no model call."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent import Assistant
from agent.model import ScriptedModel, call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH

OWL_NY = datetime(2025, 3, 6, 0, 30, tzinfo=NY)  # a Thursday, just after midnight
OWL_SH = datetime(2025, 3, 6, 0, 30, tzinfo=SH)

ANSWERS = [
    (NY, "physio tomorrow 10am", {"title": "Physio", "when": "tomorrow 10am"}, "thursday please", 6),
    (NY, "haircut tomorrow at 10am", {"title": "Haircut", "when": "tomorrow at 10am"}, "the friday one", 7),
    (NY, "book the vet for tomorrow 10am", {"title": "Vet", "when": "tomorrow 10am"}, "Thursday works", 6),
    (SH, "明天早上十点看牙", {"title": "看牙", "when": "明天早上十点"}, "周四的", 6),
    (SH, "明天早上十点看牙", {"title": "看牙", "when": "明天早上十点"}, "星期五吧", 7),
    (SH, "明天早上十點看牙", {"title": "看牙", "when": "明天早上十點"}, "週四那個", 6),
    # "(on) that day" after the weekday (周五那天) is the same day, not an unknown word
    (SH, "明天早上十点看牙", {"title": "看牙", "when": "明天早上十点"}, "周五那天", 7),
    (SH, "明天早上十点看牙", {"title": "看牙", "when": "明天早上十点"}, "星期四那一天吧", 6),
    (SH, "明天早上十點看牙", {"title": "看牙", "when": "明天早上十點"}, "禮拜五那天", 7),
]  # fmt: skip


@pytest.mark.parametrize(("zone", "message", "args", "answer", "day"), ANSWERS, ids=[r[3] for r in ANSWERS])
async def test_a_weekday_answers_the_after_midnight_choice(
    database, make_user, zone, message, args, answer, day
) -> None:  # type: ignore[no-untyped-def]
    user = await make_user(timezone=zone.key)
    model = ScriptedModel([call("create_event", args)])
    assistant = Assistant(database, model, clock=lambda: OWL_NY if zone is NY else OWL_SH)
    asked = await assistant.reply(user.id, message)
    lines = asked.text.splitlines()
    if zone is NY:
        assert lines[1].endswith("(today)") and lines[2].endswith("(tomorrow)"), asked.text
    else:
        assert lines[1].endswith("（今天）") and lines[2].endswith("（明天）"), asked.text
    assert "midnight" not in asked.text
    r = await assistant.reply(user.id, answer)
    assert model.call_count == 1 and r.telemetry["route"] == "gate_choice", r.text
    [event] = await database.events(user.id).list_events()
    assert event.start == datetime(2025, 3, day, 10, tzinfo=zone)
