"""A reply to a calendar read that names some of the events found and not the others tells the user part of
their calendar as if it were all of it ("You have a call with grandma on Sunday" when Saturday holds soccer
too). A short listing is reported only by a reply that names every event; otherwise code's listing
replaces the reply — for a free-time read as well, when the reply names events at all (a reply that names
none and quotes a free slot answers a free-time question) (agent.checks.read_check.reply_reports).
Scripted model; now is Wednesday 2025-03-05 09:00; the weekend holds two events."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

WEEKEND = {"en": [("Soccer practice", 8, 10), ("Call with Grandma", 9, 16)],
           "zh": [("踢足球", 8, 10), ("给奶奶打电话", 9, 16)]}  # fmt: skip

# (zone, message, the read the model made, its reply naming one event of two)
ROWS = [
    ("America/New_York", "got anything on over the weekend?", call("list_events", {"range": "this weekend"}),
     "This weekend you have a Call with Grandma on Sunday at 4 PM."),
    ("America/New_York", "am I busy Saturday or Sunday", call("find_free_time", {"range": "this weekend", "duration": "1 hour"}),
     "You're free Saturday 9:00 AM to 10:00 AM. You have a call with grandma on Sunday at 16:00 PM."),
    ("America/New_York", "what do I have on the weekend", call("list_events", {"range": "Saturday to Sunday"}),
     "Just soccer practice on Saturday at 10."),
    ("Asia/Shanghai", "这周末有安排吗", call("list_events", {"range": "这周末"}), "周日下午四点给奶奶打电话。"),
    ("Asia/Shanghai", "周六周日忙不忙", call("find_free_time", {"range": "周六到周日", "duration": "1小时"}),
     "周六上午九点到十点有空，周日下午四点要给奶奶打电话。"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "read", "partial"), ROWS, ids=[r[1] for r in ROWS])
async def test_one_event_of_two_is_replaced_by_the_listing(
    database: Any, make_user: Any, tz: str, text: str, read: Any, partial: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    events = WEEKEND["en" if text.isascii() else "zh"]
    for title, day, hour in events:
        await kit.seed(title, datetime(2025, 3, day, hour, tzinfo=kit.tz))
    kit.script(read, reply(partial))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.telemetry["read_check"] == "replaced", r.text
    assert all(title in r.text for title, _, _ in events), r.text


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        ("got anything on over the weekend?", "Soccer practice at 10 on Saturday, and a call with Grandma Sunday at 4."),
        ("这周末有安排吗", "周六上午十点踢足球，周日下午四点给奶奶打电话。"),
    ],
)
async def test_a_reply_naming_every_event_stands(database: Any, make_user: Any, text: str, whole: str) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    for title, day, hour in WEEKEND["en" if text.isascii() else "zh"]:
        await kit.seed(title, datetime(2025, 3, day, hour, tzinfo=kit.tz))
    kit.script(call("list_events", {"range": "this weekend" if text.isascii() else "这周末"}), reply(whole))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.text == whole and r.telemetry["read_check"] != "replaced", r.text
