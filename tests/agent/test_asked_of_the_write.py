"""A calendar question right after a write that names no time and no event ("how often is it?", "what day
of the week is that?", 是几号？) is asked of the event just written: when the model answers without reading
(its answer made up), code's read is that event — its day, time and how it repeats — never today's listing
(live: "what day of the week is that?" after adding a flight was answered with this week's free time, and
是几号？ with today's). Scripted model; EN and ZH."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, the create, the model's create, the question, the model's unread answer, what the reply must say)
ROWS = [
    (NY, "add a 1:1 with Priya every other thursday at 10", {"title": "1:1 with Priya", "when": "every other thursday at 10"},
     "how often is it?", "It is weekly.", "every 2 weeks on Thursday"),
    (NY, "put my flight to Denver on march 20 at 7:45am", {"title": "Flight to Denver", "when": "march 20 at 7:45am"},
     "which day is that?", "2025-03-05", "Thursday, March 20"),
    (NY, "put my flight to Denver on march 20 at 7:45am", {"title": "Flight to Denver", "when": "march 20 at 7:45am"},
     "what day of the week is that?", "It's Monday.", "Thursday, March 20"),
    (NY, "add piano practice every day at 6pm", {"title": "Piano practice", "when": "every day at 6pm"},
     "remind me how often that repeats?", "Weekly.", "every day"),
    (SH, "大后天早上七点赶飞机", {"title": "赶飞机", "when": "大后天早上七点"}, "是几号？", "2025-03-05", "3月8日"),
    (SH, "每两周周四上午十点和小李一对一", {"title": "和小李一对一", "when": "每两周周四上午十点"}, "多久一次？", "每周一次。",
     "每2周的周四"),
    (SH, "大后天早上七点赶飞机", {"title": "赶飞机", "when": "大后天早上七点"}, "那是星期几？", "星期一。", "周六"),
    (SH, "每天晚上九点练琴", {"title": "练琴", "when": "每天晚上九点"}, "這個多久一次", "每週。", "每天"),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_a_question_after_a_write_reads_that_event(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    zone, first, args, question, unread, right = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    kit.script(call("create_event", args, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, first)
    assert len(await kit.events()) == 1
    kit.script(reply(unread, request="calendar_question"))
    out = await kit.assistant.reply(kit.user_id, question)
    assert right in out.text and args["title"] in out.text
    assert unread not in out.text


async def test_a_question_naming_a_day_still_lists_that_day(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    kit.script(call("create_event", {"title": "Flight", "when": "march 20 at 7:45am"}, request="add"), reply("ok"))
    await kit.assistant.reply(kit.user_id, "put my flight on march 20 at 7:45am")
    kit.script(reply("Nothing.", request="calendar_question"))
    out = await kit.assistant.reply(kit.user_id, "is tomorrow busy at all, by the way?")
    assert "Thursday, March 6" in out.text and "Flight" not in out.text
