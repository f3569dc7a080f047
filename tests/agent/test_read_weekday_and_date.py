"""A read reply that names a day by a weekday and a date that disagree ("Thursday, March 7" where the 7th is a
Friday) misstates the day whichever it meant, and is replaced by the listing (``agent.checks.read_facts``;
live: "Wednesday, December 17" for a Thursday passed the day check, which read the date and the weekday
apart). Table-driven for the check; scripted model for the turn. Now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.checks.read_check import Listing
from agent.checks.read_facts import misstates
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit
from tests.agent.test_read_facts import FRIDAY, NOW  # (Friday 2025-03-07: a design review and a standup)

# the week read: every weekday is a day of the window, so a weekday read alone is always one the reads hold
WEEK = Listing(datetime(2025, 3, 3, tzinfo=NY), datetime(2025, 3, 10, tzinfo=NY), FRIDAY.events)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("The design review is on Thursday, March 7 at 4 PM.", True),
        ("You have the standup Sat, Mar 7, 9:30–9:45 AM.", True),
        ("On Thursday (March 7) you have the design review.", True),
        ("3月7日（周四）下午4点有设计评审。", True),
        ("设计评审在周六3月7日下午四点。", True),
        ("3月7日星期四：站会9:30–9:45。", True),
        ("本周只有3月7日週三有安排：下午四点设计评审。", True),
        ("The design review is on Friday, March 7 at 4 PM.", False),
        ("3月7日（周五）下午4点有设计评审。", False),
        ("周五3月7日：站会9:30–9:45，设计评审16:00–17:00。", False),
    ],
)
def test_a_weekday_and_a_date_that_disagree_misstate_the_day(text: str, wrong: bool) -> None:
    assert misstates(text, [WEEK], [], ["what's on this week?"], now=NOW, tz=NY) is wrong


async def test_an_english_reply_with_the_wrong_weekday_is_replaced(kit: Kit) -> None:
    await kit.seed("Design review", datetime(2025, 3, 7, 16, tzinfo=NY), datetime(2025, 3, 7, 17, tzinfo=NY))
    kit.script(
        call("list_events", {"range": "this week"}, request="calendar_question"),
        reply("You have the Design review on Thursday, March 7, 4:00–5:00 PM.", request="calendar_question"),
    )
    r = await kit.assistant.reply(kit.user_id, "anything this week?")
    assert "Thursday" not in r.text and "Design review" in r.text and "Friday" in r.text, r.text


async def test_a_chinese_reply_with_the_wrong_weekday_is_replaced(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("设计评审", datetime(2025, 3, 7, 16, tzinfo=SH), datetime(2025, 3, 7, 17, tzinfo=SH))
    zh.script(
        call("list_events", {"range": "这周"}, request="calendar_question"),
        reply("3月7日（周四）16:00–17:00有设计评审。", request="calendar_question"),
    )
    r = await zh.assistant.reply(zh.user_id, "这周都有啥")
    assert "周四" not in r.text and "设计评审" in r.text, r.text
