"""A change of the event the pending question is about, before it is written: the user was asked the time
("What time on Saturday?") or to confirm an overlap, and changed the event instead ("actually make it
sunday", "rename it to design review", 改到周日吧). The model sends that as an update of an event the calendar
does not have; it was answered "I couldn't find … | I can add … | What time on Sunday?". It is the pending
create with those values, run again: written when whole, else asked about again. Scripted model, real
store; NOW is Wednesday 5 March 2025 09:00 (New York): Saturday is 8 March, Sunday 9 March."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (first message, its create, the change, the model's update values, what is asked next or None, the start)
TIME_ASKED = [
    ("add hiking this saturday morning", {"title": "Hiking", "when": "Saturday morning"},
     "actually make it sunday", {"event": "Hiking", "event_when": "Saturday morning", "when": "Sunday morning"},
     "Sunday, March 9", None),
    ("swimming saturday afternoon", {"title": "Swimming", "when": "saturday afternoon"},
     "can we do it on sunday instead?", {"event": "it", "when": "sunday afternoon"}, "Sunday, March 9", None),
    ("book a haircut friday", {"title": "Haircut", "when": "friday"},
     "make that saturday at 10", {"event": "haircut", "when": "saturday at 10"}, None, datetime(2025, 3, 8, 10)),
    ("周六上午去爬山", {"title": "爬山", "when": "周六上午"},
     "改到周日吧", {"event": "爬山", "when": "周日上午"}, "3月9日", None),
    ("周五下午理发", {"title": "理发", "when": "周五下午"},
     "换成周六上午十点", {"event": "理发", "when": "周六上午十点"}, None, datetime(2025, 3, 8, 10)),
    ("周六早上跑步", {"title": "跑步", "when": "周六早上"},
     "还是周日早上八点吧", {"event": "跑步", "event_when": "周六早上", "when": "周日早上八点"}, None,
     datetime(2025, 3, 9, 8)),
]  # fmt: skip


@pytest.mark.parametrize(("first", "create", "text", "update", "asked", "start"), TIME_ASKED,
                         ids=[r[2] for r in TIME_ASKED])  # fmt: skip
async def test_a_new_day_for_the_event_whose_time_was_asked(
    kit: Kit, first: str, create: dict[str, str], text: str, update: dict[str, str], asked: str | None,
    start: datetime | None,
) -> None:  # fmt: skip
    kit.script(call("create_event", create, request="add"), call("update_event", update, request="update"),
               reply("ok"))  # fmt: skip
    first_reply = await kit.assistant.reply(kit.user_id, first, conversation_id="c")
    assert first_reply.pending is not None, first_reply.text
    r = await kit.assistant.reply(kit.user_id, text, conversation_id="c")
    assert "find" not in r.text and "找不到" not in r.text and "没有找到" not in r.text, r.text
    if asked is not None:
        assert r.pending is not None and asked in r.text and r.text.count("\n") == 0, r.text
        assert await kit.events() == []
    else:
        [event] = await kit.events()
        assert event.title == create["title"] and event.start == start.replace(tzinfo=NY), r.text


# (the new event, the change, the model's update values, the field and its value once confirmed)
OVERLAP_ASKED = [
    ("Team review", "rename it to design review", {"event": "Team review", "title": "Design review"},
     "title", "Design review"),
    ("Team review", "put it in room 4 instead", {"event": "it", "location": "room 4"}, "location", "room 4"),
    ("Team review", "call it the design review, please", {"event": "team review", "title": "Design review"},
     "title", "Design review"),
    ("团队评审", "名字改成设计评审", {"event": "团队评审", "title": "设计评审"}, "title", "设计评审"),
    ("团队评审", "地点改在三楼会议室", {"event": "团队评审", "location": "三楼会议室"}, "location", "三楼会议室"),
    ("团队评审", "把它叫做设计评审", {"event": "它", "title": "设计评审"}, "title", "设计评审"),
]  # fmt: skip


@pytest.mark.parametrize(("title", "text", "update", "field", "value"), OVERLAP_ASKED,
                         ids=[r[1] for r in OVERLAP_ASKED])  # fmt: skip
async def test_a_change_of_the_event_whose_overlap_was_asked(
    kit: Kit, title: str, text: str, update: dict[str, str], field: str, value: str
) -> None:
    await kit.seed("Budget call", datetime(2025, 3, 6, 14, 30, tzinfo=NY))
    first = f"{title} thursday 2-3pm" if title.isascii() else f"周四下午两点到三点{title}"
    when = "thursday 2-3pm" if title.isascii() else "周四下午两点到三点"
    kit.script(call("create_event", {"title": title, "when": when}, request="add"),
               call("update_event", update, request="update"), reply("ok"))  # fmt: skip
    asked = await kit.assistant.reply(kit.user_id, first, conversation_id="c")
    assert asked.pending is not None and "Budget call" in asked.text, asked.text
    r = await kit.assistant.reply(kit.user_id, text, conversation_id="c")
    assert r.pending is not None and "Budget call" in r.text and "find" not in r.text, r.text  # asked again
    await kit.assistant.reply(kit.user_id, "yes" if title.isascii() else "好的", conversation_id="c")
    [event] = [e for e in await kit.events() if e.title != "Budget call"]
    assert getattr(event, field) == value
    assert event.start == datetime(2025, 3, 6, 14, tzinfo=NY) and event.end == datetime(
        2025, 3, 6, 15, tzinfo=NY
    )
