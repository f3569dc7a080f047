"""While a create waits for its time, a calendar question that names no time and no event ("what time did you
set?", 定在几点了？) is about the event being added: the answer is that it is not on the calendar yet, and the
question for its time again — not today's listing (live: "what time did you set?" after "What time on
Friday, December 18?" was answered "Sunday, December 6: nothing on your calendar"). The time given next
still adds it. Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, the create, the model's create, the question, the model's unread answer, the answer after, its hour)
ROWS = [
    (NY, "put renew passport on my calendar for the 18th", {"title": "Renew passport", "when": "the 18th"},
     "what time did you set?", "I set it for 4 PM.", "10am", 10),
    (NY, "put renew passport on my calendar for the 18th", {"title": "Renew passport", "when": "the 18th"},
     "so when is it then?", "It's at noon.", "at 2pm", 14),
    (NY, "add a haircut on the 18th", {"title": "Haircut", "when": "the 18th"},
     "did you save it?", "Yes, it's saved.", "3pm", 15),
    (SH, "18号去办护照", {"title": "办护照", "when": "18号"}, "定在几点了？", "下午四点。", "上午十点", 10),
    (SH, "18号去办护照", {"title": "办护照", "when": "18号"}, "已经记上了吗", "已经记上了。", "下午两点", 14),
    (SH, "18號去剪頭髮", {"title": "剪頭髮", "when": "18號"}, "幾點來著？", "下午三點。", "下午三點", 15),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_a_question_while_the_time_is_asked_is_about_the_new_event(
    database: Any, make_user: Any, row: tuple[Any, ...]
) -> None:
    zone, first, made, question, unread, answer, hour = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    kit.script(call("create_event", made, request="add"), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and asked.pending.kind == "needs_value"
    kit.script(reply(unread, request="calendar_question"))
    out = await kit.assistant.reply(kit.user_id, question)
    assert made["title"] in out.text and unread not in out.text
    assert out.pending is not None and out.pending.kind == "needs_value" and asked.pending.question in out.pending.question
    assert await kit.events() == []
    kit.script(reply("unused"))
    await kit.assistant.reply(kit.user_id, answer)
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 18, hour, tzinfo=zone)


async def test_a_question_naming_a_day_still_reads_that_day(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed("Dentist", datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("create_event", {"title": "Renew passport", "when": "the 18th"}, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, "put renew passport on my calendar for the 18th")
    kit.script(reply("Nothing.", request="calendar_question"))
    out = await kit.assistant.reply(kit.user_id, "hmm, is tomorrow free?")
    assert "Dentist" in out.text


@pytest.mark.parametrize(
    ("zone", "first", "made", "said"),
    [
        (NY, "put the vet for Rex on saturday", {"title": "Vet for Rex", "when": "saturday"},
         "hold on, I need to ring the vet first"),
        (SH, "周六带旺财去看兽医", {"title": "带旺财看兽医", "when": "周六"}, "算了，我先给兽医打个电话"),
    ],
)  # fmt: skip
async def test_a_message_that_is_no_question_still_drops_the_value_asked(
    database: Any, make_user: Any, zone: Any, first: str, made: dict[str, str], said: str
) -> None:
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    kit.script(call("create_event", made, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, first)
    kit.script(reply("Sure, tell me the time once you know." if zone is NY else "好的，确定时间后告诉我。", request="chat"))
    out = await kit.assistant.reply(kit.user_id, said)
    assert out.pending is None and await kit.events() == []
