"""A yes/no about a new event answered with another time for it is the event at that time, with no model
call (agent.turn.time_correction): a clock alone stays on the event's day, a day alone keeps its clock,
the length stays. Scripted model; now is Wednesday 2025-03-05 09:00 (Thursday is 6 March)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

DOUBT = {"no_tool_p": 0.35, "mean_logprob": -0.3, "request": "add"}

# (message, the model's create, the reply to "Add …?", the new start (day, hour, minute), the length)
ROWS = [
    ("vet Thursday 3pm", {"title": "Vet", "when": "Thursday 3pm"}, "no, 4pm", (6, 16, 0), 60),
    ("gym friday 6pm", {"title": "Gym", "when": "friday 6pm"}, "actually no, 7:30pm", (7, 19, 30), 60),
    ("lunch with Bo Thursday at noon", {"title": "Lunch with Bo", "when": "Thursday at noon"}, "no wait, Friday",
     (7, 12, 0), 60),
    ("yoga saturday 9am", {"title": "Yoga", "when": "saturday 9am"}, "yes, at 10am", (8, 10, 0), 60),
    ("vet Thursday 3pm to 4:30pm", {"title": "Vet", "when": "Thursday 3pm", "end": "4:30pm"}, "no - 5pm",
     (6, 17, 0), 90),
    ("周四下午三点带猫打针", {"title": "带猫打针", "when": "周四下午三点"}, "不对，改成下午四点", (6, 16, 0), 60),
    ("周五晚上七点吃饭", {"title": "吃饭", "when": "周五晚上七点"}, "晚上八点吧", (7, 20, 0), 60),
    ("週六早上九點爬山", {"title": "爬山", "when": "週六早上九點"}, "不對，週日", (9, 9, 0), 60),
    # a contrast word between the yes and the new time
    ("vet Thursday 3pm", {"title": "Vet", "when": "Thursday 3pm"}, "yes but at 5:30", (6, 17, 30), 60),
    ("gym friday 6pm", {"title": "Gym", "when": "friday 6pm"}, "ok, but 7pm", (7, 19, 0), 60),
    ("yoga saturday 9am", {"title": "Yoga", "when": "saturday 9am"}, "sure though sunday", (9, 9, 0), 60),
    ("周四下午三点带猫打针", {"title": "带猫打针", "when": "周四下午三点"}, "可以，不过改到五点半", (6, 17, 30), 60),
    ("周五晚上七点吃饭", {"title": "吃饭", "when": "周五晚上七点"}, "好的，但是晚上八点", (7, 20, 0), 60),
    ("週六早上九點爬山", {"title": "爬山", "when": "週六早上九點"}, "行，不過改成週日吧", (9, 9, 0), 60),
]  # fmt: skip


async def _asked(database: Any, make_user: Any, text: str, create: dict[str, Any]):  # type: ignore[no-untyped-def]
    kit = await make_kit(
        database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai"
    )
    model = kit.script(call("create_event", create, **DOUBT))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and r.pending.kind == "needs_confirmation" and not r.writes, r.text
    return kit, model


@pytest.mark.parametrize(("text", "create", "answer", "start", "minutes"), ROWS, ids=[r[2] for r in ROWS])
async def test_another_time_for_the_event_writes_it_there(
    database: Any, make_user: Any, text: str, create: dict[str, Any], answer: str, start: tuple, minutes: int
) -> None:
    kit, model = await _asked(database, make_user, text, create)
    r = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 1 and [w.action for w in r.writes] == ["created"], r.text
    [event] = await kit.events()
    day, hour, minute = start
    begins = datetime(2025, 3, day, hour, minute, tzinfo=kit.tz)
    assert (event.start, event.end) == (begins, begins + timedelta(minutes=minutes)), r.text


@pytest.mark.parametrize("answer", ["no", "不对"])
async def test_a_bare_no_still_drops_it(database: Any, make_user: Any, answer: str) -> None:
    text, create = (
        ("vet Thursday 3pm", ROWS[0][1]) if answer.isascii() else ("周四下午三点带猫打针", ROWS[5][1])
    )
    kit, model = await _asked(database, make_user, text, create)
    r = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 1 and not r.writes and r.pending is None, r.text
    assert await kit.events() == []


@pytest.mark.parametrize(
    "answer",
    ["no, make it 90 minutes", "no, an hour later", "what's on Friday?", "不对，要两个小时",
     # an ordinal word picks among options this yes/no never offered: never the 1st (or 2nd) of a month
     "first", "second, please", "third", "the fourth one", "第一个", "第二个吧",
     # a contrast word before words that are no time for it
     "yes but not thursday", "可以，但不是周四", "ok but invite Sam"],
)
async def test_other_replies_go_to_the_model(database: Any, make_user: Any, answer: str) -> None:
    # a length, a shift or other words are not a time for the event: the model reads them
    kit, model = await _asked(database, make_user, "vet Thursday 3pm", ROWS[0][1])
    model.push(reply("OK"))
    r = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 2
    assert not r.writes and await kit.events() == [], r.text
