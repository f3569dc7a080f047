"""A clock range a read reply states must be a listed event's, the user's, or an empty stretch of the window
read (``agent.checks.read_facts``): each end may be a known time while the range is none (live: "There is a
free slot from 9 AM to 8 AM" — 9 a slot's start, 8 the flight's end). Table-driven for the check; scripted
model for the turn. Now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.checks.read_check import Listed, Listing
from agent.checks.read_facts import misstates
from agent.model import call, reply
from agent.render.free_time import FreeTime
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit
from tests.agent.test_read_facts import FRIDAY, NOW  # (the same Friday: a design review and a standup)

FREE = FreeTime(
    datetime(2025, 3, 7, 9, tzinfo=NY),
    datetime(2025, 3, 7, 18, tzinfo=NY),
    timedelta(hours=1),
    (
        (datetime(2025, 3, 7, 9, 45, tzinfo=NY), datetime(2025, 3, 7, 16, tzinfo=NY)),
        (datetime(2025, 3, 7, 17, tzinfo=NY), datetime(2025, 3, 7, 18, tzinfo=NY)),
    ),
    events=FRIDAY,
)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("There is a free slot from 9:45 AM to 9:30 AM.", True),  # runs backwards: no free time
        ("You're free from 9:45 AM to 5 PM.", True),  # both ends known, the design review inside
        ("The design review is 9:45 AM–5 PM.", True),
        ("Free 9:30 to 4pm on Friday.", True),  # the standup inside
        ("周五上午9点半到下午5点都有空。", True),
        ("设计评审从9:45到17:00。", True),
        ("下午4点到6点有空。", True),  # the design review at 4
        ("You're free 9:45 AM to 4 PM and 5 to 6 PM.", False),  # the free slots
        ("Design review 4–5 PM, standup 9:30–9:45 AM.", False),  # the events
        ("周五9:45到16:00有空，17:00到18:00也有空。", False),
        ("Nothing between 5 PM and 6 PM.", False),  # an empty stretch of the window
    ],
)
def test_a_stated_range_must_be_an_event_or_an_empty_stretch(text: str, wrong: bool) -> None:
    assert misstates(text, [], [FREE], ["what's free on Friday?"], now=NOW, tz=NY) is wrong


def test_the_users_own_range_stands() -> None:
    said = ["am I free Friday 9:30 to 5?"]
    assert not misstates("Friday 9:30 to 5 is not free: the design review is at 4.", [FRIDAY], [], said,
                         now=NOW, tz=NY)  # fmt: skip


async def test_a_free_time_reply_with_a_range_that_is_no_free_time_is_replaced(kit: Kit) -> None:
    await kit.seed("Flight", datetime(2025, 3, 7, 7, tzinfo=NY), datetime(2025, 3, 7, 8, tzinfo=NY))
    kit.script(
        call("find_free_time", {"range": "friday", "duration": "1 hour"}, request="calendar_question"),
        reply(
            "You have the flight at 7 AM. There is a free slot from 9 AM to 8 AM.",
            request="calendar_question",
        ),
    )
    r = await kit.assistant.reply(kit.user_id, "what's my schedule on friday?")
    assert "9 AM to 8 AM" not in r.text and "Flight" in r.text, r.text


async def test_a_chinese_free_time_reply_with_a_wrong_range_is_replaced(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("航班", datetime(2025, 3, 7, 7, tzinfo=SH), datetime(2025, 3, 7, 8, tzinfo=SH))
    zh.script(
        call("find_free_time", {"range": "周五", "duration": "1 hour"}, request="calendar_question"),
        reply("周五早上7点有航班，上午8点到晚上9点都有空。", request="calendar_question"),
    )
    r = await zh.assistant.reply(zh.user_id, "周五有什么安排")
    assert "晚上9点都有空" not in r.text and "航班" in r.text, r.text


OFFSITE = Listing(
    datetime(2025, 3, 15, tzinfo=NY),
    datetime(2025, 3, 16, tzinfo=NY),
    (Listed("Offsite", datetime(2025, 3, 14, tzinfo=NY), datetime(2025, 3, 17, tzinfo=NY), all_day=True),),
)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("The offsite runs from Friday, March 14 to Monday, March 17.", True),  # the end is exclusive
        ("Offsite: March 13 to March 16.", True),
        ("团建从3月14日到3月17日。", True),
        ("團建從3月13日到3月16日。", True),
        ("异地会议从3月14日持续到3月18日。", True),
        ("The offsite is March 14–18.", True),
        ("外地会议：3月14日至3月17日。", True),
        ("The offsite runs from Friday, March 14 to Sunday, March 16.", False),
        ("团建从3月14日到3月16日。", False),
        ("You're at the offsite from the 14th through the 16th.", False),
    ],
)
def test_both_ends_of_a_stated_span_of_days_must_be_known(text: str, wrong: bool) -> None:
    assert misstates(text, [OFFSITE], [], ["what's on the 15th?"], now=NOW, tz=NY) is wrong


def test_the_users_own_span_of_days_stands() -> None:
    said = ["add the offsite from the 14th to the 18th", "what's on the 15th?"]
    assert not misstates("You said the 14th to the 18th; the offsite is on the calendar.", [OFFSITE], [], said,
                         now=NOW, tz=NY)  # fmt: skip
