"""The read check: a reply to a list_events read must name what was read, else code's listing replaces it.
Scripted model only; the rule itself is table-driven."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.model import call, reply
from agent.read_check import Listed, Listing, check_read_reply, listing_text, reply_reports
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, Kit

DAY = datetime(2025, 3, 6, tzinfo=NY)
DENTIST = Listed("Dentist", DAY.replace(hour=15), DAY.replace(hour=16))
SYNC = Listed("Weekly sync with Zhang San", DAY.replace(hour=10), DAY.replace(hour=10, minute=30))
ONE_DAY = Listing(DAY, DAY + timedelta(days=1), (DENTIST, SYNC))
EMPTY = Listing(DAY, DAY + timedelta(days=1), ())


@pytest.mark.parametrize(
    ("text", "listing", "reports", "why"),
    [
        ("Tomorrow you have the dentist at 3pm.", ONE_DAY, True, "a title, any case"),
        ("You have a sync with Zhang San at 10.", ONE_DAY, True, "half the title's words"),
        ("明天下午三点和张三开会。", ONE_DAY, False, "an earlier message echoed: names no event"),
        ("You're free all day!", ONE_DAY, False, "events exist, none named"),
        ("", ONE_DAY, False, "no text at all"),
        ("Nothing on your calendar tomorrow.", EMPTY, True, "an empty day said plainly"),
        ("明天没有安排。", EMPTY, True, "an empty day in Chinese"),
        ("You have a meeting at 3:00 PM.", EMPTY, False, "times read out for an empty range"),
        ("明天下午三点有个会。", EMPTY, False, "a Chinese clock time for an empty range"),
        ("At 9am you have nothing.", EMPTY, False, "any clock time for an empty range is suspect"),
    ],
)
def test_reply_reports(text: str, listing: Listing, reports: bool, why: str) -> None:
    assert reply_reports(text, [listing]) is reports, why


def test_listing_text_in_both_languages() -> None:
    now = NOW
    assert listing_text(ONE_DAY, "en", now=now) == (
        "Thursday, March 6:\n- 3:00–4:00 PM — Dentist\n- 10:00–10:30 AM — Weekly sync with Zhang San"
    )
    assert listing_text(EMPTY, "zh", now=now) == "3月6日（周四）没有安排。"
    week = Listing(DAY, DAY + timedelta(days=7), (DENTIST,), more=3)
    text = listing_text(week, "zh", now=now)
    assert text.startswith("3月6日（周四）–3月12日（周三）的安排：") and text.endswith("- 还有3项")
    assert "「Dentist」" in text


def test_nothing_to_check_without_a_listing() -> None:
    assert check_read_reply("anything", [], "en", now=NOW) is None


async def test_a_reply_that_echoes_history_is_replaced_by_the_listing(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    model = kit.script(call("list_events", {"range": "tomorrow"}), reply("Add a meeting tomorrow at 3."))
    r = await kit.assistant.reply(kit.user_id, "What do I have tomorrow?")
    assert model.call_count == 2
    assert r.text == "Thursday, March 6:\n- 3:00–4:00 PM — Dentist"
    assert r.telemetry["read_check"] == "replaced"
    assert await kit.events() and len(await kit.events()) == 1  # a read never writes


async def test_a_reply_that_names_the_events_is_kept(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("list_events", {"range": "tomorrow"}), reply("Just the dentist at 3pm."))
    r = await kit.assistant.reply(kit.user_id, "What do I have tomorrow?")
    assert r.text == "Just the dentist at 3pm." and r.telemetry["read_check"] == "reported"


async def test_an_invented_event_on_an_empty_day_is_replaced_in_chinese(kit: Kit) -> None:
    kit.script(call("list_events", {"range": "明天"}), reply("明天下午三点你有一个会议。"))
    r = await kit.assistant.reply(kit.user_id, "明天有什么安排")
    assert r.text == "3月6日（周四）没有安排。" and r.telemetry["read_check"] == "replaced"


async def test_turns_without_a_calendar_read_are_not_checked(kit: Kit) -> None:
    kit.script(reply("Hello!"))
    r = await kit.assistant.reply(kit.user_id, "hi")
    assert r.text == "Hello!" and r.telemetry["read_check"] == "none"


def test_listing_in_the_users_zone() -> None:
    day = datetime(2025, 3, 6, tzinfo=SH)
    listing = Listing(
        day, day + timedelta(days=1), (Listed("晨会", day.replace(hour=9), day.replace(hour=9, minute=30)),)
    )
    assert listing_text(listing, "zh", now=day) == "3月6日（周四）的安排：\n- 09:00–09:30 「晨会」"


def test_an_all_day_event_in_a_one_day_listing() -> None:
    listing = Listing(DAY, DAY + timedelta(days=1), (Listed("Holiday", DAY, DAY + timedelta(days=1), True),))
    assert listing_text(listing, "en", now=NOW) == "Thursday, March 6:\n- all day — Holiday"
    assert listing_text(listing, "zh", now=NOW) == "3月6日（周四）的安排：\n- 全天 「Holiday」"
