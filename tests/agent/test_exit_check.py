"""The exit check's claim detector, table-driven: (text, claimed kinds, reason). English and Chinese,
claims, read summaries, questions, offers and negations."""

from __future__ import annotations

import pytest

import agent
from agent.checks.exit_check import check_reply, detect_claims, honest_reply, promises_write
from agent.render.phrases import honest_replacement

C, U, D = "create", "update", "delete"
ANY = {C, U, D}

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
    ("安排好了！后天上午十点和王五碰头。", {C}, "安排好了"),
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
    (
        "已取消健身，并添加了按摩。",
        {D, C},
        "并添加了按摩 claims a create too (a missed claim is the costly error)",
    ),
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
    # --- the phrasings that reached users unchanged
    ("Your meeting with Zhang San is confirmed for tomorrow at 3pm.", {C}, "stative confirmed"),
    ("Got it, meeting saved for tomorrow at 3.", {C}, "headline after an interjection"),
    ("I've blocked 3-4pm tomorrow for the meeting.", {C}, "blocked"),
    ("Calendar updated.", {U}, "headline fragment"),
    ("已為您建立明天下午三點的會議", {C}, "zh traditional: 已為您建立"),
    ("会议已保存。", {C}, "zh: NP 已 V"),
    ("已完成创建。", {C}, "zh: 已完成 + V"),
    ("已幫您新增會議", {C}, "zh traditional: 已幫您新增"),
    (
        "Tomorrow you have Standup at 9. I've also added your meeting with Zhang San at 3pm.",
        {C},
        "a listing, then a claim",
    ),
    # --- forms of the grammar
    ("Booked.", {C}, "one-word fragment"),
    ("Done ✅", ANY, "generic: a claim of an unspecified write"),
    ("All set! 🎉", ANY, "generic state"),
    ("You're booked for a haircut on Saturday at 11am.", {C}, "you're booked"),
    ("Locked in: coffee with Jess, Thursday 8:30am ☕", {C}, "locked in"),
    ("Your 3pm with Legal is now at 4pm.", {U}, "is now at: a new time"),
    ("Great, I have you down for the dentist on Thursday at 3pm.", {C}, "have you down for"),
    ("Okay, the dentist is off your calendar.", {D}, "off your calendar"),
    ("- Added “Dinner” (Fri 7pm)\n- Cancelled “Gym” (Fri 6pm)", {C, D}, "bullets"),
    ("I went ahead and deleted the old event and created a new one at 5.", {C, D}, "coordination"),
    ("帮你排上了，周四晚上七点和老李吃饭。", {C}, "zh: V上了"),
    ("改好了，会议挪到周五下午四点。", {U}, "zh: 改好了"),
    ("删掉啦～", {D}, "zh: 啦"),
    ("创建成功！", {C}, "zh: V成功"),
    ("都搞定了 👍", ANY, "zh: generic"),
    ("會議已改到週五下午三點。", {U}, "zh traditional update"),
    ("已經幫您刪除重複的行程。", {D}, "zh traditional delete"),
    ("已將會議延後一小時。", {U}, "zh: 已将 as 把"),
    ("完成，明天的站会已删除，周五的复盘也改到了下午。", {D, U}, "zh: 站会 is a noun, not the modal 会"),
    # --- not claims
    ("Tuesday is fully booked from 9 to 5.", set(), "booked as busy"),
    ("That one's already on your calendar at 3pm, so I didn't add it again.", set(), "already there"),
    ("Deleted events can be restored with “undo”.", set(), "participle as adjective"),
    (
        "Events can be added, moved or deleted by just telling me what you need.",
        set(),
        "a list under a modal",
    ),
    ("When the event is created, you'll see it in your calendar.", set(), "condition"),
    ("You said “I moved the meeting” — which meeting?", set(), "a quote of the user"),
    ("Last week you cancelled the book club meeting.", set(), "the user's own act"),
    ("I couldn't undo the last change: that event has changed since.", set(), "changed since: a report"),
    ("未作更改。", set(), "zh: 未作"),
    ("删除失败，请稍后再试。", set(), "zh: V失败"),
    ("你上周取消了读书会。", set(), "zh: the user did it"),
    ("我记得你周五有个牙医预约。", set(), "zh: 记得 is remember"),
    ("听起来昨天加班了，好好休息。", set(), "zh: 加班 is not 加"),
    ("已取消的会议不会显示在这里。", set(), "zh: 已取消的 adjective"),
    ("這個時段已經有安排了，要換個時間嗎？", set(), "zh: 有安排 is a noun"),
    ("我已经把不需要的会议删除了。", {D}, "zh: 不 inside the 把 object does not negate"),
    ("订好之后告诉我时间，我帮你记到日历上。", set(), "zh: the rest of the sentence is on a condition"),
]


def test_rows_are_unique_and_many() -> None:
    texts = [t for t, _, _ in ROWS]
    assert len(texts) == len(set(texts)), "duplicate rows"
    assert len(ROWS) >= 60


@pytest.mark.parametrize(("text", "kinds", "reason"), ROWS, ids=[r[2] for r in ROWS])
def test_claims(text: str, kinds: set[str], reason: str) -> None:
    assert set(detect_claims(text)) == kinds, reason


def test_detect_claims_is_exported() -> None:
    assert agent.detect_claims is detect_claims and "detect_claims" in agent.__all__


@pytest.mark.parametrize(
    ("text", "persisted", "unverified"),
    [
        ("Done ✅", [], ("any",)),
        ("Done ✅", ["update"], ()),
        ("Saved! See you there.", ["update"], ()),  # loose: names the result, any write backs it
        ("Saved! See you there.", [], ("create",)),
        ("Calendar updated.", ["create"], ()),
        ("All set — I moved it to 4pm.", ["create"], ("update",)),  # strict: only an update backs "moved"
        ("搞定！已保存。", ["delete"], ()),
        ("已取消明天的健身。", ["create"], ("delete",)),
    ],
)
def test_loose_and_generic_claims(text: str, persisted: list[str], unverified: tuple[str, ...]) -> None:
    assert check_reply(text, persisted).unverified == unverified  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_honest_reply_keeps_what_was_done_and_denies_the_rest(lang: str) -> None:
    receipt = "Created “Massage” — Thursday, March 6, 6:00–7:00 PM."
    verdict = check_reply("Booked the massage and cancelled your gym.", ["create"])
    text = honest_reply(verdict, [receipt], lang)  # type: ignore[arg-type]
    assert receipt in text and ("Nothing was deleted." if lang == "en" else "没有删除任何日程。") in text
    assert check_reply(text, ["create"]).ok  # the honest reply itself passes the check
    none = honest_reply(check_reply("Done ✅", []), [], lang)  # type: ignore[arg-type]
    assert none == honest_replacement([], lang) and check_reply(none, []).outcome == "no_claim"  # type: ignore[arg-type]


def test_every_code_text_claims_no_write() -> None:
    """What code says (questions, refusals, notes) never reads as a claim: the eval re-checks final replies."""
    import re

    from agent.render.phrases import _TEXTS

    for key, pair in _TEXTS.items():
        for text in pair:
            claims = check_reply(re.sub(r"\{[a-z_]+\}", "Standup", text), ["create", "update", "delete"])
            assert claims.ok, (key, text)
            if key != "honest_some":
                assert not claims.claims, (key, text)


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


@pytest.mark.parametrize("key", ["cannot_do", "other_calendar", "series_days"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_code_refusals_claim_no_write(key: str, lang: str) -> None:
    from agent.render.phrases import _TEXTS, say

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
        ("One moment — I'm adding it to your calendar now.", True),  # progressive
        ("Adding it now…", True),
        ("我这就帮你加上", True),
        ("稍等片刻，我帮你更新一下会议地点。", True),
        ("Moving the meeting would overlap with your lunch. Pick another time?", False),
        ("订好之后告诉我时间，我帮你记到日历上。", False),
        ("Sure, I'll remember that.", True),  # (记住: only a write keeps anything)
        ("Okay, I will record it.", True),
        ("Noted — I'll jot that down.", True),
        ("Do you want me to remember it?", False),
    ],
)
def test_a_promise_of_a_write_is_told_apart(text: str, promises: bool) -> None:
    assert promises_write(text) is promises
