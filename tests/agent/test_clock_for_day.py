"""A new event's day sent without the clock the message gives ("the 14th please, 9am works" as when="the
14th"): the one clock phrase of the message, in a sentence that names a day, is that day's time — the
event is written, not "What time on …?" (agent.writes.left_out.clock_for_day). Now is Wednesday
2025-03-05 09:00 (``fixtures.NOW``)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call
from agent.writes.left_out import clock_for_day
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, make_kit

# (message, the model's when, its title, the clock taken — or None)
ROWS = [
    ("book the vet saturday, the 10:30 slot", "saturday", "Vet", "10:30"),
    ("dentist on the 14th please, 9am works", "the 14th", "Dentist", "9am"),
    ("From 20 March, a monthly review with Sam at 4pm", "20 March 2025", "Review with Sam", "4pm"),
    ("haircut next tuesday, 5:15pm if they have it", "next tuesday", "Haircut", "5:15pm"),
    ("周六约了牙医，上午十点半", "周六", "牙医", "上午十点半"),
    ("下周二去剪头发，下午五点一刻", "下周二", "剪头发", "下午五点一刻"),
    ("週六約了牙醫，下午三點", "週六", "牙醫", "下午三點"),
    ("3月20号开始每月一次复盘，下午四点", "3月20号", "复盘", "下午四点"),
    # not taken: a bound, another sentence, another day's clock, two clocks, the clock in the title, a
    # clock already in ``when``
    ("vet saturday, I am free after 2pm", "saturday", "Vet", None),
    ("vet saturday. The last visit was at 3pm", "saturday", "Vet", None),
    ("dinner friday 7pm and lunch saturday", "saturday", "Lunch", None),
    ("dentist on the 14th, 9am or 10am", "the 14th", "Dentist", None),
    ("the 9am standup on friday", "friday", "9am standup", None),
    ("周六上午十点打球", "周六上午十点", "打球", None),
    ("周六去看牙，下午两点之后都行", "周六", "看牙", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "when", "title", "clock"), ROWS, ids=[r[0] for r in ROWS])
def test_the_one_clock_of_the_message_is_the_days(text: str, when: str, title: str, clock: str | None) -> None:
    tz = SH if any(ord(c) > 127 for c in text) else NY
    assert clock_for_day(text, when, title, now=NOW.astimezone(tz), tz=tz) == clock


@pytest.mark.parametrize(
    ("tz", "text", "create", "start"),
    [
        ("America/New_York", "book the vet saturday, the 10:30 slot", {"title": "Vet", "when": "saturday"},
         datetime(2025, 3, 8, 10, 30, tzinfo=NY)),
        ("America/New_York", "dentist on the 14th please, 9am works", {"title": "Dentist", "when": "the 14th"},
         datetime(2025, 3, 14, 9, tzinfo=NY)),
        ("Asia/Shanghai", "周六约了牙医，上午十点半", {"title": "牙医", "when": "周六"},
         datetime(2025, 3, 8, 10, 30, tzinfo=SH)),
    ],
)  # fmt: skip
async def test_the_event_is_written_at_the_users_clock(
    database: object, make_user: object, tz: str, text: str, create: dict, start: datetime
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    model = kit.script(call("create_event", create))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and [w.action for w in r.writes] == ["created"], r.text
    [event] = await kit.events()
    assert event.start == start, r.text
