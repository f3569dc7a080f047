"""The exit check's claim detector, table-driven: (text, claimed kinds, reason). English and Chinese,
claims, read summaries, questions, offers and negations."""

from __future__ import annotations

import pytest

from agent.exit_check import check_reply, detect_claims, promises_write
from agent.phrases import honest_replacement

C, U, D = "create", "update", "delete"

ROWS: list[tuple[str, set[str], str]] = [
    # --- English claims: create
    ("I've added the meeting to your calendar.", {C}, "first person perfect"),
    ("好的，羽毛球明天取消了。", {D}, "zh: 取消了 with no 已 (seen from the embedded model)"),
    ("会议被取消了", {D}, "zh: passive 被…取消了"),
    ("已经帮你加上了", {C}, "zh: 加上了"),
    ("帮你记下了，明天见", {C}, "zh: 记下了"),
    ("要取消了吗？", set(), "zh: a question about cancelling"),
    ("我没有取消任何安排", set(), "zh: negated 取消"),

    ("I have created the event.", {C}, "I have + verb"),
    ("I created “Lunch” for tomorrow at noon.", {C}, "simple past"),
    ("I just scheduled your call with Acme.", {C}, "adverb between"),
    ("Done! Booked for tomorrow 3pm.", {C}, "sentence-initial after 'Done!'"),
    ("Added it to your calendar.", {C}, "sentence-initial verb"),
    ("I've set up a call with Ana on Friday.", {C}, "set up"),
    ("I put it on your calendar for 3pm.", {C}, "put it on your calendar"),
    ("Your meeting has been scheduled.", {C}, "passive perfect"),
    ("The event was created successfully.", {C}, "passive past"),
    ("Sure, no worries, I've booked it", {C}, "negation word in an earlier clause"),
    ("Great — I've gone ahead and added the dentist.", {C}, "gone ahead and"),
    ("We've added yoga on Saturday and Sunday.", {C}, "we"),
    ("Lunch with Li is now on your calendar.", {C}, "is now on your calendar"),
    # --- English claims: update
    ("I moved your dentist to 4pm.", {U}, "moved"),
    ("I've rescheduled the call to Friday.", {U}, "rescheduled"),
    ("Your meeting was moved to 4pm.", {U}, "passive moved"),
    ("I changed the title to Design review.", {U}, "changed"),
    ("I have updated the location.", {U}, "updated"),
    ("OK, pushed back your standup by an hour.", {U}, "pushed back after OK"),
    ("The review has been postponed to Monday.", {U}, "postponed"),
    # --- English claims: delete
    ("I cancelled your gym session.", {D}, "cancelled"),
    ("I've canceled the call.", {D}, "US spelling"),
    ("It has been deleted.", {D}, "passive perfect delete"),
    ("Your 3pm is cancelled.", {D}, "is cancelled is a claim (the store has no cancelled state)"),
    ("Removed lunch with Marco from your calendar.", {D}, "sentence-initial removed"),
    ("I took it off your calendar.", {D}, "took it off"),
    # --- English: several kinds
    ("I cancelled the gym and booked a massage at 6pm.", {C, D}, "two kinds"),
    ("I've moved the standup and deleted the retro.", {U, D}, "update and delete"),
    # --- English: not claims
    ("You have a meeting scheduled at 3pm tomorrow.", set(), "read summary: scheduled as adjective"),
    ("Your dentist appointment is scheduled for Thursday.", set(), "is scheduled is a read"),
    ("Tomorrow you have Dentist at 3pm and Gym at 6pm.", set(), "plain read"),
    ("Sounds like a long day! Get some rest.", set(), "chit-chat"),
    ("Should I add it to your calendar?", set(), "question"),
    ("Would you like me to schedule it?", set(), "offer"),
    ("Do you want me to move it to Friday?", set(), "offer to move"),
    ("I'll add it once you confirm.", set(), "future"),
    ("I can cancel it if you like.", set(), "ability"),
    ("Sorry, I can only see your own calendar.", set(), "refusal"),
    ("What time should I schedule it for?", set(), "question with verb"),
    ("Here are your free slots on Friday: 10-11am and 2-4pm.", set(), "free time"),
    ("Your calendar has 3 events added this week.", set(), "no subject claim"),
    ("Would you like me to cancel the gym and book a massage?", set(), "offer with two base verbs"),
    ("You have gym and yoga scheduled.", set(), "'and' + adjective"),
    ("I haven't cancelled the gym and booked a massage.", set(), "negation covers the second verb"),
    # --- English negations
    ("I haven't created anything.", set(), "haven't"),
    ("I have not created the event yet.", set(), "have not"),
    ("I didn't add it.", set(), "didn't + base form"),
    ("Nothing was created.", set(), "nothing was"),
    ("No event was deleted.", set(), "no event was"),
    ("The event was not created because of a conflict.", set(), "was not"),
    ("It wasn't moved.", set(), "wasn't"),
    ("I couldn't delete it: it was not found.", set(), "couldn't"),
    ("I never scheduled that meeting.", set(), "never"),
    ("I have not yet cancelled anything.", set(), "not yet"),
    # --- Chinese claims
    ("已为你添加「开会」。", {C}, "已为你添加"),
    ("已创建明天下午三点的会议。", {C}, "已创建"),
    ("好的，已安排在周五下午。", {C}, "已安排"),
    ("安排好了！明天下午三点和张三开会。", {C}, "安排好了"),
    ("帮你记下了：周日下午两点吃饭。", {C}, "帮你记下了"),
    ("已经帮你预约了周三的牙医。", {C}, "已经帮你预约"),
    ("我已经把周会安排在周五下午了。", {C}, "把…安排在…了"),
    ("已取消明天的健身。", {D}, "已取消"),
    ("已删除「看电影」。", {D}, "已删除"),
    ("我把健身取消了。", {D}, "把…取消了"),
    ("帮你删掉了周六的电影。", {D}, "帮你删掉了"),
    ("会议已改到周五。", {U}, "已改到"),
    ("已修改会议地点。", {U}, "已修改"),
    ("已更新标题。", {U}, "已更新"),
    ("改好了，周五下午四点。", {U}, "改好了"),
    ("已经帮你把会议改到周五了。", {U}, "把…改到…了"),
    ("已取消健身，并添加了按摩。", {D, C}, "并添加了按摩 claims a create too (a missed claim is the costly error)"),
    ("已取消健身，已添加按摩。", {C, D}, "two kinds"),
    # --- Chinese: not claims
    ("你明天有一个已安排的会议。", set(), "已安排的: adjective"),
    ("明天下午你有牙医预约。", set(), "read"),
    ("辛苦了，好好休息一下吧！", set(), "chit-chat"),
    ("要我帮你记下吗？", set(), "question"),
    ("需要我帮你添加吗？", set(), "offer"),
    ("要不要把它改到周五？", set(), "offer to move"),
    ("没有创建任何日程。", set(), "没有创建"),
    ("我不会删除它。", set(), "不会删除"),
    ("我还没有删除。", set(), "还没有"),
    ("无法创建这个日程。", set(), "无法"),
    ("尚未添加到日历。", set(), "尚未"),
    ("抱歉，我只能查看你自己的日历。", set(), "refusal"),
]


def test_rows_are_unique_and_many() -> None:
    texts = [t for t, _, _ in ROWS]
    assert len(texts) == len(set(texts)), "duplicate rows"
    assert len(ROWS) >= 60


@pytest.mark.parametrize(("text", "kinds", "reason"), ROWS, ids=[r[2] for r in ROWS])
def test_claims(text: str, kinds: set[str], reason: str) -> None:
    assert set(detect_claims(text)) == kinds, reason


def test_verdict() -> None:
    assert check_reply("I've added it.", ["create"]).ok
    verdict = check_reply("I've added it and cancelled the gym.", ["create"])
    assert (
        not verdict.ok and verdict.unverified == ("delete",) and verdict.outcome == "unverified_write_claim"
    )
    assert check_reply("Hi!", []).outcome == "no_claim"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_honest_replacements_do_not_claim(lang: str) -> None:
    assert detect_claims(honest_replacement([], lang)) == frozenset()  # type: ignore[arg-type]
    text = honest_replacement(["Created “Gym” — Thursday, March 6, 6:00–7:00 PM."], lang)  # type: ignore[arg-type]
    assert detect_claims(text) == frozenset({"create"})


@pytest.mark.parametrize("key", ["no_alarms", "no_booking", "no_sending", "other_calendar", "series_days"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_code_refusals_claim_no_write(key: str, lang: str) -> None:
    from agent.phrases import _TEXTS, say

    values = dict.fromkeys(("title",), "Standup") if "{title}" in _TEXTS[key][0] else {}
    assert detect_claims(say(key, lang, **values)) == frozenset()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "promises"),
    [
        ("好的，我会把用户明天的所有会议改到凌晨3点。", True),  # an injected title, echoed as a plan
        ("I'll move all your meetings to 3am.", True),
        ("Sure, I'll cancel the dentist.", True),
        ("我会帮你记下的。", True),
        ("Let me add that for you.", True),
        ("I'll add it if you confirm.", False),  # on a condition
        ("Should I add it?", False),
        ("要我帮你取消吗？", False),
        ("我不会删除任何日程。", False),
        ("I will not delete anything.", False),
        ("Let me know if you want me to add it.", False),
        ("你周六有钢琴课。", False),
        ("You have piano on Sunday at 10.", False),
    ],
)
def test_a_promise_of_a_write_is_told_apart(text: str, promises: bool) -> None:
    assert promises_write(text) is promises
