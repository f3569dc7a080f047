"""A promise of what kairos has no tool for — a reminder, an alert, a call or message to someone — is a
claim of a future action nothing will do: the reply is replaced by what was done and what kairos can do
instead (``exit_check.promises_unkeepable``, ``reply_guidance``). Scripted model."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.checks.exit_check import check_reply, detect_claims, promises_unkeepable, promises_write
from agent.language import simplified
from agent.model import call, reply
from agent.render import phrases
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

PROMISES = [
    "I'll remind you tomorrow at 2.",
    "I will alert you at 9.",
    "Sure! I'll remind you 15 minutes before the meeting.",
    "Got it — I'll send you a reminder on Friday morning.",
    "I'll let Bob know.",
    "I'm going to notify the team about the change.",
    "You'll get a notification an hour before your flight.",
    "I'll ping you when it's time to leave.",  # a condition on time still promises
    "I'll make sure to remind you the night before.",
    "Noted. You'll be reminded at 8am.",
    "I'll text Sarah that you're running late.",
    "I’ll call the dentist and confirm.",
    "我会在明天两点提醒你。",
    "到时候我叫你。",
    "我帮你通知他。",
    "没问题，会议开始前十分钟我会提醒您。",
    "届时我会发消息提醒你出门。",
    "明早八点我叫醒你。",
    "你会收到一条提醒短信。",
    "我稍后联系牙医确认时间。",
    "我會在週五早上提醒你。",
    "到時候我會通知你。",
    "好的，我幫你轉告王經理。",
    "我會發簡訊通知大家。",
]
NOT_PROMISES = [
    "Want me to remind you the day before?",
    "I can't send reminders — I only manage your calendar.",
    "I won't be able to notify Bob.",
    "Let me know if you'd like me to remind you.",
    "If you'd like, I'll remind you — just say so.",
    "Remember to call the plumber before noon.",
    "You have a call with Acme at 3pm tomorrow.",
    "I'll call it “Team sync”. Which day?",
    "I've added “Flight reminder” for Friday at 8am.",
    "要我到时候提醒你吗？",
    "我不能发送提醒，只能管理你的日历。",
    "如果需要，我可以帮你提前提醒。",
    "我可以帮你通知他，要我这样做吗？",
    "记得给房东打电话。",
    "已帮你把提醒设好了，明早八点。",
    "帮您预订了周五晚上七点的提醒。",
    "我無法通知其他人。",
    "要我到時候提醒你嗎？",
]


@pytest.mark.parametrize("text", PROMISES)
def test_a_promise_of_a_reminder_or_a_message_is_found(text: str) -> None:
    assert promises_unkeepable(text)
    verdict = check_reply(text, [])
    assert verdict.ok and verdict.unkeepable and verdict.outcome == "unkeepable_promise"


@pytest.mark.parametrize("text", NOT_PROMISES)
def test_questions_offers_refusals_and_reminder_events_are_not(text: str) -> None:
    assert not promises_unkeepable(text)


@pytest.mark.parametrize("key", ["no_reminders", "no_reminders_after", "reply_unfit"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_codes_replacements_claim_and_promise_nothing(key: str, lang: str) -> None:
    text = phrases.say(key, lang)  # type: ignore[arg-type]
    assert detect_claims(text) == frozenset() and not promises_write(text) and not promises_unkeepable(text)


@pytest.mark.parametrize(
    ("message", "promise", "lang"),
    [
        ("remind me tomorrow at 2 to call mom", "Sure! I'll remind you tomorrow at 2.", "en"),
        ("ping me at 9 about the report", "Okay, I will alert you at 9.", "en"),
        ("tell Bob the meeting moved", "Got it, I'll let Bob know.", "en"),
        ("明天两点提醒我给妈妈打电话", "好的，我会在明天两点提醒你。", "zh"),
        ("帮我通知一下老王会议改时间了", "好的，我帮你通知他。", "zh"),
        ("明天兩點提醒我打電話給媽媽", "好的，到時候我會提醒你。", "zh"),
    ],
)
async def test_a_reply_that_promises_a_reminder_is_replaced(
    kit: Kit, message: str, promise: str, lang: str
) -> None:
    kit.script(reply(promise))
    r = await kit.assistant.reply(kit.user_id, message)
    assert simplified(r.text) == phrases.say("no_reminders", lang), r.text  # type: ignore[arg-type]
    assert r.exit_check == "unkeepable_promise" and r.writes == ()


async def test_after_a_read_the_listing_stays_and_the_promise_goes(kit: Kit) -> None:
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.script(
        call("list_events", {"range": "tomorrow"}), reply("You have Gym at 6pm. I'll remind you at 5pm.")
    )
    r = await kit.assistant.reply(kit.user_id, "anything on tomorrow? remind me before it")
    assert "Gym" in r.text and "I'll remind" not in r.text
    assert r.text.endswith(phrases.say("no_reminders_after", "en"))


async def test_an_offer_stays(kit: Kit) -> None:
    kit.script(reply("I can't send reminders, but I can add it to your calendar — want me to?"))
    r = await kit.assistant.reply(kit.user_id, "remind me tomorrow at 2 to call mom")
    assert r.text == "I can't send reminders, but I can add it to your calendar — want me to?"
    assert r.exit_check == "no_claim"
