"""A reply about this turn's reads states only facts the reads returned: its clock times and repetitions
are checked against the listing (``agent.checks.read_facts``). Table-driven for the check; scripted model for the
turn."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.checks.read_check import Listed, Listing
from agent.checks.read_facts import misstates
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

NOW = datetime(2025, 3, 5, 9, tzinfo=NY)
FRIDAY = Listing(
    datetime(2025, 3, 7, tzinfo=NY),
    datetime(2025, 3, 8, tzinfo=NY),
    (
        Listed("Design review", datetime(2025, 3, 7, 16, tzinfo=NY), datetime(2025, 3, 7, 17, tzinfo=NY)),
        Listed("Standup", datetime(2025, 3, 7, 9, 30, tzinfo=NY), datetime(2025, 3, 7, 9, 45, tzinfo=NY)),
    ),
)
WEEKLY = Listing(
    FRIDAY.start,
    FRIDAY.end,
    (Listed("Yoga", datetime(2025, 3, 7, 7, tzinfo=NY), datetime(2025, 3, 7, 8, tzinfo=NY), repeats=True),),
)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("You have the design review at 4pm and standup at 9:30.", False),
        ("Design review 4:00–5:00 PM, standup 9:30–9:45 AM.", False),
        ("周五下午4点设计评审，9点半站会。", False),
        ("Friday: Design review at 16:00.", False),
        ("Friday you have the design review — nothing else.", False),  # no clock stated
        ("You have the design review at 2:30 PM.", True),
        ("Design review at 3pm on Friday.", True),
        ("周五下午两点半有设计评审。", True),
        ("Design review 4–6pm.", True),  # the end is wrong
        ("Both the design review and standup repeat every day.", True),
        ("设计评审每周都有。", True),
    ],
)
def test_clock_times_and_repetitions_must_come_from_the_listing(text: str, wrong: bool) -> None:
    assert misstates(text, [FRIDAY], [], ["what's on Friday?"], now=NOW, tz=NY) is wrong


@pytest.mark.parametrize(
    ("text", "said", "wrong"),
    [
        ("Yoga repeats every week at 7am.", "what's on Friday?", False),  # a listed series
        (
            "You asked about 2pm: the design review is at 4pm.",
            "anything at 2pm Friday?",
            False,
        ),  # user's time
        ("Nothing on Friday at 2pm; the design review is at 4pm.", "am I free Friday at 2pm?", False),
        ("Yoga at 7am and a call at 11am.", "what's on Friday?", True),
    ],
)
def test_the_users_own_times_and_listed_series_are_not_misstatements(
    text: str, said: str, wrong: bool
) -> None:
    assert misstates(text, [WEEKLY, FRIDAY], [], [said], now=NOW, tz=NY) is wrong


@pytest.mark.parametrize(
    ("message", "wrong_reply"),
    [
        ("What's on Friday?", "On Friday you have the Design review at 2:30 PM."),
        ("anything friday", "Design review Friday at 3pm, and it repeats every day."),
        ("friday — what do I have", "Just the Design review, 10–11am."),
    ],
)
async def test_a_reply_that_misplaces_a_listed_event_is_replaced_by_the_listing(
    kit: Kit, message: str, wrong_reply: str
) -> None:
    await kit.seed("Design review", datetime(2025, 3, 7, 16, tzinfo=NY))
    kit.script(call("list_events", {"range": "Friday"}), reply(wrong_reply))
    r = await kit.assistant.reply(kit.user_id, message)
    assert r.text == "Friday, March 7:\n- 4:00–5:00 PM — Design review", r.text
    assert r.telemetry["read_check"] == "replaced"


async def test_a_reply_that_states_the_listing_right_stands(kit: Kit) -> None:
    await kit.seed("Design review", datetime(2025, 3, 7, 16, tzinfo=NY))
    kit.script(call("list_events", {"range": "Friday"}), reply("Friday: the Design review, 4 to 5pm."))
    r = await kit.assistant.reply(kit.user_id, "What's on Friday?")
    assert r.text == "Friday: the Design review, 4 to 5pm." and r.telemetry["read_check"] == "reported"


async def test_a_chinese_reply_that_misplaces_an_event_is_replaced(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("设计评审", datetime(2025, 3, 7, 14, tzinfo=SH))
    zh.script(call("list_events", {"range": "周五"}), reply("周五上午十点有设计评审。"))
    r = await zh.assistant.reply(zh.user_id, "我周五有什么安排？")
    assert r.text == "3月7日（周五）的安排：\n- 14:00–15:00 「设计评审」", r.text


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("Friday, March 7: design review at 4pm.", False),
        ("On Friday you have the design review at 4pm.", False),
        ("Your design review is on the 7th at 4pm.", False),
        ("3月7日（周五）下午4点设计评审。", False),
        ("周五下午四点有设计评审。", False),
        ("Design review at 4pm.", False),  # no day stated
        ("The design review is on Wednesday 2025-03-05 at 4:00 PM.", True),  # a dated day no read holds
        ("Design review: Sunday, March 9, 4:00 PM.", True),
        ("Tomorrow you have the design review at 4pm.", True),  # Thursday, read from today
        ("明天下午四点有设计评审。", True),
        ("3月10日下午4点设计评审。", True),
        ("設計評審在週六下午四點。", True),
    ],
)
def test_days_stated_must_be_days_the_reads_or_the_user_hold(text: str, wrong: bool) -> None:
    assert misstates(text, [FRIDAY], [], ["what's on the 7th?"], now=NOW, tz=NY) is wrong


def test_a_day_the_user_said_or_a_weekday_of_a_found_event_stands() -> None:
    search = Listing(
        NOW,
        NOW,
        (Listed("Dentist", datetime(2025, 3, 14, 15, tzinfo=NY), datetime(2025, 3, 14, 16, tzinfo=NY)),),
        query="dentist",
    )
    assert not misstates(
        "Your dentist is on Friday at 3pm.", [search], [], ["when is the dentist?"], now=NOW, tz=NY
    )
    assert misstates(
        "Your dentist is on Thursday at 3pm.", [search], [], ["when is the dentist?"], now=NOW, tz=NY
    )
    assert not misstates(
        "Nothing on Monday; the design review is Friday at 4pm.",
        [FRIDAY],
        [],
        ["anything monday or friday?"],
        now=NOW,
        tz=NY,
    )


@pytest.mark.parametrize(
    ("message", "wrong_reply"),
    [
        ("what do I have on the 12th?", "You fly to Denver on Wednesday 2025-03-05 at 8:40 AM."),
        ("anything on march 12", "Flight to Denver — Thursday, March 6, 8:40 AM."),
        ("12号有什么安排", "3月5日上午8:40飞丹佛（Flight to Denver）。"),
        ("3月12日我有啥事", "明天早上8:40，Flight to Denver。"),
    ],
)
async def test_a_reply_that_puts_a_listed_event_on_another_day_is_replaced(
    kit: Kit, message: str, wrong_reply: str
) -> None:
    await kit.seed("Flight to Denver", datetime(2025, 3, 12, 8, 40, tzinfo=NY))
    kit.script(call("list_events", {"range": "March 12"}), reply(wrong_reply))
    r = await kit.assistant.reply(kit.user_id, message)
    assert "Flight to Denver" in r.text and ("March 12" in r.text or "3月12日" in r.text), r.text
    assert r.telemetry["read_check"] == "replaced"
