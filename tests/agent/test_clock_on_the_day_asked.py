"""A new event's clock that the user gives with no day, right after asking about a day whose time holds it,
is on that day (``agent.guards.days_asked``; live: "am I free friday afternoon?"-style question, then "at 3"
for a coffee, written today). A clock outside the time asked about, a message that names its own day, and a
create after a create keep the old reading. Scripted model; EN and ZH. Now is Wednesday 2025-03-05."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

FRIDAY = date(2025, 3, 7)

# (zone, the question, the range the model reads, the follow-up, its title, the model's when, start, end)
ROWS = [
    (SH, "周五下午有空吗", "周五下午", "那就三点约小陈喝咖啡", "约小陈喝咖啡", "三点", (15, 0), (16, 0)),
    (SH, "周五下午忙不忙", "周五下午", "三点半和小李开个会吧", "和小李开会", "下午三点半", (15, 30), (16, 30)),
    (SH, "週五下午有空嗎", "週五下午", "那四點約老陳", "約老陳", "四點", (16, 0), (17, 0)),
    (SH, "周五下午有空吗", "周五下午", "三点到四点约小陈", "约小陈", "三点到四点", (15, 0), (16, 0)),
    (NY, "am I free friday afternoon?", "friday afternoon", "ok, book coffee with Chen at 3 then", "Coffee with Chen",
     "3pm", (15, 0), (16, 0)),
    (NY, "what does friday afternoon look like?", "friday afternoon", "put a call with Sam at 4", "Call with Sam",
     "4pm", (16, 0), (17, 0)),
    (NY, "anything on friday?", "friday", "then add a haircut at 2:30", "Haircut", "2:30 PM", (14, 30), (15, 30)),
    (NY, "am I free friday afternoon?", "friday afternoon", "grab 3 to 4 for a call with Sam", "Call with Sam",
     "3-4pm", (15, 0), (16, 0)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_the_clock_is_on_the_day_asked(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    zone, question, window, said, title, when, start, end = row
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai" if zone is SH else "America/New_York")
    kit.script(
        call("find_free_time", {"range": window, "duration": "1 hour"}, request="calendar_question"),
        reply("ok", request="calendar_question"),
    )
    await kit.assistant.reply(kit.user_id, question)
    kit.script(call("create_event", {"title": title, "when": when}, request="add"), reply("ok", request="add"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert (event.start, event.end) == (
        datetime.combine(FRIDAY, datetime.min.time().replace(hour=start[0], minute=start[1]), tzinfo=zone),
        datetime.combine(FRIDAY, datetime.min.time().replace(hour=end[0], minute=end[1]), tzinfo=zone),
    )


# (the first message, its call, the follow-up, its call): the clock stays where it read before
KEPT = [
    ("anything on friday afternoon?", ("find_free_time", {"range": "friday afternoon", "duration": "1 hour"}),
     "add breakfast with Sam at 8am", {"title": "Breakfast with Sam", "when": "8am"}),
    ("am I free friday afternoon?", ("find_free_time", {"range": "friday afternoon", "duration": "1 hour"}),
     "book coffee with Chen saturday at 3", {"title": "Coffee with Chen", "when": "saturday at 3"}),
    ("add dentist friday at 9", ("create_event", {"title": "Dentist", "when": "friday at 9"}),
     "add gym at 6pm", {"title": "Gym", "when": "6pm"}),
]  # fmt: skip


@pytest.mark.parametrize("row", KEPT, ids=[r[2] for r in KEPT])
async def test_other_shapes_keep_their_day(database: Any, make_user: Any, row: tuple[Any, ...]) -> None:
    first, (tool, args), said, create = row
    kit = await make_kit(database, make_user, timezone="America/New_York")
    kit.script(call(tool, args), reply("ok"))
    await kit.assistant.reply(kit.user_id, first)
    kit.script(call("create_event", create), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    written = [e for e in await kit.events() if e.title == create["title"]]
    assert len(written) == 1 and written[0].start.astimezone(NY).date() != FRIDAY
