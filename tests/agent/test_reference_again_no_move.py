"""An update whose new time is its reference again (下周二不打了 sent as an update of Tuesday's badminton to
Tuesday's time, ``when`` = ``event_when``): nothing moves, so nothing is asked about moving. It was asked "one
or all?" (a series) after the receipt was copied, or sent back as "a time from an earlier message". The ``when`` is dropped
(``writes.own_time``); the update changing nothing goes back to the model with that fact, and its removal
stands (asked first, as every delete). Scripted model, real store; NOW is Wednesday 5 March 2025 09:00 (New
York); badminton is made every Tuesday at 8pm the turn before (from 11 March), and the model copies its
receipt."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

# (message, the series' title, the occurrence's time as the model wrote it twice)
ROWS = [
    ("no badminton next tuesday", "Badminton", "Tuesday, March 11, 8:00–9:00 PM (repeating)"),
    ("skip badminton on the 11th", "Badminton", "Tuesday, March 11, 8:00–9:00 PM"),
    ("I'll miss next tuesday's badminton", "Badminton", "Tuesday 8:00–9:00 PM"),
    ("skip next tuesday's badminton", "Badminton", "Tuesday, March 11, 8:00–9:00 PM (repeating)"),
    ("badminton's off on tuesday", "Badminton", "Tuesday 8:00–9:00 PM (repeating)"),
    ("cancel badminton for the 11th", "Badminton", "Tuesday, March 11, 8:00–9:00 PM (repeating)"),
    ("下周二不打了", "羽毛球", "周二 20:00–21:00（重复）"),
    ("下周二的羽毛球我去不了", "羽毛球", "3月11日（周二） 20:00–21:00（重复）"),
    ("下周二的羽毛球取消", "羽毛球", "3月11日（周二） 20:00–21:00"),
    ("11号的羽毛球不去了", "羽毛球", "3月11日（周二） 20:00–21:00（重复）"),
]


@pytest.mark.parametrize(("text", "title", "when"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_reference_twice_moves_nothing(kit: Kit, text: str, title: str, when: str) -> None:
    first = "badminton every tuesday at 8pm" if text.isascii() else "每周二晚上八点打羽毛球"
    kit.script(
        call(
            "create_event",
            {"title": title, "when": first.split(" ", 1)[1] if text.isascii() else "每周二晚上八点"},
            request="add",
        ),
        call("update_event", {"event": title, "event_when": when, "when": when}, request="update"),
        call("delete_event", {"event": title, "event_when": when, "scope": "one"}, request="delete"),
        reply("ok"),
    )
    made = await kit.assistant.reply(kit.user_id, first, conversation_id="c")  # its receipt is what is copied
    assert "March 11" in made.text or "3月11日" in made.text, made.text
    r = await kit.assistant.reply(kit.user_id, text, conversation_id="c")
    tools = (await kit.records("turn"))[-1].payload["tools"]
    assert tools[0]["status"] == "rejected" and tools[0]["code"] == "nothing_to_change", (tools, r.text)
    assert r.pending is not None and title in r.text, r.text  # the removal, asked
    await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好", conversation_id="c")
    [series] = await kit.events()
    assert series.rrule == "FREQ=WEEKLY;BYDAY=TU" and [x.date() for x in series.exdates] == [
        datetime(2025, 3, 11).date()
    ]


# (first message, its title and time, the correction, the model's values: the new day sent as both)
NEW_DAY_AS_BOTH = [
    ("oil change thursday at 8am", "Oil change", "thursday at 8am", "hold on, that should be friday",
     {"event_when": "Friday", "when": "Friday 8:00 AM"}),
    ("drinks with Sofia on Thursday at 6:30pm", "Drinks with Sofia", "Thursday at 6:30pm",
     "no wait, friday rather than thursday", {"event_when": "friday", "when": "friday"}),
    ("dentist thursday 3pm", "Dentist", "thursday 3pm", "sorry, I meant friday", {"event_when": "Friday", "when": "Friday"}),
    ("周四上午十点去洗车", "去洗车", "周四上午10点", "我记错了，应该周五", {"event_when": "周五", "when": "周五 10:00–11:00"}),
    ("周四下午三点看牙", "看牙", "周四下午三点", "不对，应该是周五", {"event_when": "周五", "when": "周五"}),
    ("周四晚上七点聚餐", "聚餐", "周四晚上七点", "搞错了，挪到周五晚上", {"event_when": "周五晚上", "when": "周五晚上"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "title", "when", "text", "args"), NEW_DAY_AS_BOTH, ids=[r[3] for r in NEW_DAY_AS_BOTH]
)
async def test_a_corrections_new_day_sent_as_both_still_moves(
    kit: Kit, first: str, title: str, when: str, text: str, args: dict[str, str]
) -> None:
    kit.script(
        call("create_event", {"title": title, "when": when}, request="add"),
        call("update_event", {"event": title, **args}, request="change"),
        reply("ok"),
    )
    await kit.assistant.reply(kit.user_id, first, conversation_id="c")
    r = await kit.assistant.reply(kit.user_id, text, conversation_id="c")
    [event] = await kit.events()
    assert event.start.date() == datetime(2025, 3, 7).date(), r.text  # Thursday the 6th → Friday the 7th
