"""How many times a week without the days ("gym 3 times a week at 7pm", 每周三次健身): the turn asks which days,
quoting the count, and an answer of days alone ("Tuesday and Thursday", 周一三五) is the weekly series on them,
with no model call. Before, 每周三 of 每周三次 was the user's words for "every Wednesday" (a wrong write), and
the others were asked "How often should … repeat?" — what the user had said — whose answer of days went to
the model. Once a week is weekly. Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's create, the question's count, the answer, the series' days, its hour)
ROWS = [
    ("gym 3 times a week at 7pm", {"title": "Gym", "when": "7pm", "recurrence": "3 times a week"},
     "3 times a week", "monday, wednesday and friday", "MO,WE,FR", 19),
    ("swim twice a week at 6am", {"title": "Swim", "when": "6am", "recurrence": "weekly"},
     "twice a week", "Tuesday and Thursday", "TU,TH", 6),
    ("put piano practice in 2x a week at 5pm", {"title": "Piano practice", "when": "5pm", "recurrence": "2x a week"},
     "twice a week", "tuesdays and fridays", "TU,FR", 17),
    ("每周三次健身，晚上七点", {"title": "健身", "when": "晚上七点", "recurrence": "每周三"},
     "每周三次", "周一三五", "MO,WE,FR", 19),
    ("一周两次瑜伽，早上七点", {"title": "瑜伽", "when": "早上七点", "recurrence": "一周两次"},
     "每周两次", "周二和周四", "TU,TH", 7),
    ("一週兩次瑜伽，早上七點", {"title": "瑜伽", "when": "早上七點", "recurrence": "一週"},
     "每週兩次", "週二、週四", "TU,TH", 7),
]  # fmt: skip


@pytest.mark.parametrize(("text", "create", "count", "answer", "days", "hour"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_days_are_asked_and_the_answer_makes_the_series(
    kit: Kit, text: str, create: dict, count: str, answer: str, days: str, hour: int
) -> None:
    model = kit.script(call("create_event", create, request="add"), call("create_event", create, request="add"),
                       reply("ok"))  # fmt: skip
    first = await kit.assistant.reply(kit.user_id, text)
    assert first.pending is not None and not await kit.events(), first.text
    assert count in first.text, first.text
    calls = len(model.calls)
    second = await kit.assistant.reply(kit.user_id, answer)
    events = await kit.events()
    assert len(model.calls) == calls, second.text  # the answer is merged by code
    assert [(e.rrule, e.start.hour) for e in events] == [(f"FREQ=WEEKLY;BYDAY={days}", hour)], second.text


@pytest.mark.parametrize(
    ("text", "create"),
    [
        ("gym once a week at 7pm", {"title": "Gym", "when": "7pm", "recurrence": "once a week"}),
        ("每周一次游泳，晚上八点", {"title": "游泳", "when": "晚上八点", "recurrence": "每周一次"}),
        ("每週一次游泳，晚上八點", {"title": "游泳", "when": "晚上八點", "recurrence": "每週一次"}),
    ],
    ids=["en", "zh", "zh-hant"],
)
async def test_once_a_week_is_weekly(kit: Kit, text: str, create: dict) -> None:
    kit.script(call("create_event", create, request="add"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [e.rrule for e in await kit.events()] == ["FREQ=WEEKLY"], r.text


# (message, the model's update of a weekly Monday series, the answer, the series' new days)
UPDATES = [
    ("make yoga twice a week", {"event": "yoga", "recurrence": "twice a week"}, "tuesdays and thursdays", "TU,TH"),
    ("switch yoga to 3x a week", {"event": "yoga", "recurrence": "3x a week"}, "mon, wed and fri", "MO,WE,FR"),
    ("瑜伽改成每周两次", {"event": "瑜伽", "recurrence": "每周两次"}, "周二和周四", "TU,TH"),
    ("瑜伽改成一週三次", {"event": "瑜伽", "recurrence": "一週三"}, "週一三五", "MO,WE,FR"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "answer", "days"), UPDATES, ids=[r[0] for r in UPDATES])
async def test_a_series_made_so_many_times_a_week_asks_the_days(
    kit: Kit, text: str, update: dict, answer: str, days: str
) -> None:
    title = "Yoga" if text.isascii() else "瑜伽"
    await kit.seed(title, datetime(2025, 3, 10, 18, tzinfo=NY), rrule="FREQ=WEEKLY;BYDAY=MO")
    kit.script(call("update_event", update, request="change"), call("update_event", update, request="change"),
               reply("ok"))  # fmt: skip
    first = await kit.assistant.reply(kit.user_id, text)
    assert first.pending is not None and not first.writes, first.text
    second = await kit.assistant.reply(kit.user_id, answer)
    assert [e.rrule for e in await kit.events()] == [f"FREQ=WEEKLY;BYDAY={days}"], second.text
