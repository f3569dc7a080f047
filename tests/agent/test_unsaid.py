"""A second request the model left out: one more model call naming the unused time, and only a write for
that time after it. Scripted model; every scenario counts the model calls."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from agent.language import simplified
from agent.model import ToolResultMessage, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

TWO_PLANS = "周六上午10点陪爸爸去体检，周日晚上6点朋友聚餐"
UNDONE = "I haven't done this part of your message yet: “{}”. Ask me for it again."


def _last_note(model) -> str:  # type: ignore[no-untyped-def]
    """The last tool result the model read (a clause asked alone after it carries none)."""
    results = [m for c in model.calls for m in c.messages if isinstance(m, ToolResultMessage)]
    return results[-1].content


async def test_the_left_out_second_request_is_written_after_one_more_call(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(
        call("create_event", {"title": "带妈妈体检", "when": "周六上午10点"}),
        call("create_event", {"title": "朋友聚餐", "when": "周日晚上6点"}),
    )
    r = await zh.assistant.reply(zh.user_id, TWO_PLANS)
    assert model.call_count == 2 and len(r.writes) == 2
    assert "周日晚上6点" in _last_note(model) and r.telemetry["unsaid_prompt"] is True
    starts = sorted(e.start for e in await zh.events())
    assert starts == [datetime(2025, 3, 8, 10, tzinfo=SH), datetime(2025, 3, 9, 18, tzinfo=SH)]
    assert r.text.count("已创建") == 2


async def test_prose_after_the_prompt_is_dropped_for_the_receipts(kit: Kit) -> None:
    model = kit.script(
        call("create_event", {"title": "Yoga", "when": "Saturday at 9am"}),
        reply("I have also added yoga on Sunday!"),  # a claim nothing backs: never shown
        reply("Lunch with Ana on Sunday sounds lovely."),  # the clause alone, answered in words
    )
    r = await kit.assistant.reply(kit.user_id, "Yoga on Saturday at 9am, and lunch with Ana on Sunday")
    assert model.call_count == 3 and len(r.writes) == 1 and r.telemetry["clause_calls"] == 1
    assert model.calls[-1].messages[-1].content == "lunch with Ana on Sunday"
    assert "I have also added" not in r.text
    assert r.text == f"{r.receipts[0].text}\n{UNDONE.format('lunch with Ana on Sunday')}"


async def test_after_the_prompt_only_a_write_for_the_unsaid_time_runs(kit: Kit) -> None:
    model = kit.script(
        call("create_event", {"title": "Yoga", "when": "Saturday at 9am"}),
        call("create_event", {"title": "Run", "when": "Saturday at 9am"}),  # not the left-out time
        call("create_event", {"title": "Run", "when": "Saturday at 9am"}),  # nor from the clause alone
    )
    r = await kit.assistant.reply(kit.user_id, "Yoga on Saturday at 9am, and lunch with Ana on Sunday")
    assert model.call_count == 3 and len(r.writes) == 1
    assert [e.title for e in await kit.events()] == ["Yoga"]
    assert r.text == f"{r.receipts[0].text}\n{UNDONE.format('lunch with Ana on Sunday')}"


async def test_a_message_whose_times_are_all_used_gets_no_second_call(kit: Kit) -> None:
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    model = kit.script(
        call("update_event", {"event": "gym", "event_when": "tomorrow", "when": "tomorrow 7pm"})
    )
    r = await kit.assistant.reply(kit.user_id, "move tomorrow's gym to 7pm")
    assert model.call_count == 1 and len(r.writes) == 1 and r.telemetry["unsaid_prompt"] is False


async def test_a_past_day_given_as_context_gets_no_second_call(kit: Kit) -> None:
    model = kit.script(call("create_event", {"title": "Meeting", "when": "tomorrow 10am"}))
    r = await kit.assistant.reply(
        kit.user_id, "Spent yesterday afternoon in meetings, so tired. Tomorrow 10am again"
    )
    assert model.call_count == 1 and len(r.writes) == 1 and r.telemetry["unsaid_prompt"] is False


async def test_the_left_out_change_may_name_its_day_in_the_event(kit: Kit) -> None:
    await kit.seed(
        "Standup", datetime(2025, 3, 10, 9, 30, tzinfo=NY), datetime(2025, 3, 10, 9, 45, tzinfo=NY)
    )
    model = kit.script(
        call("create_event", {"title": "Dinner with Kat", "when": "Friday at 8pm"}),
        call("update_event", {"event": "Monday's standup", "when": "10am"}),
    )
    r = await kit.assistant.reply(
        kit.user_id, "add dinner with Kat on Friday at 8pm, and move Monday's standup to 10am"
    )
    assert model.call_count == 2 and len(r.writes) == 2, r.text
    standup = [e for e in await kit.events() if e.title == "Standup"]
    assert standup[0].start == datetime(2025, 3, 10, 10, tzinfo=NY)


async def test_each_day_of_a_list_counts_and_notes_do_not_account_for_one(kit: Kit) -> None:
    model = kit.script(  # the second day parked in the notes, as the embedded model did
        call(
            "create_event",
            {"title": "Pilates", "when": "Saturday at 9am", "notes": "Both Saturday and Sunday at 9am"},
        ),
        call("create_event", {"title": "Pilates", "when": "Sunday at 9am"}),
    )
    r = await kit.assistant.reply(kit.user_id, "Pilates on Saturday and Sunday, both at 9am")
    assert model.call_count == 2 and len(r.writes) == 2, r.text
    note = _last_note(model)
    assert '"not_done_yet":["sunday (in \'pilates on saturday and sunday\')"]' in note, note
    starts = sorted(e.start for e in await kit.events())
    assert starts == [datetime(2025, 3, 8, 9, tzinfo=NY), datetime(2025, 3, 9, 9, tzinfo=NY)]


async def test_the_prompt_quotes_the_clause_of_the_left_out_request(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(call("create_event", {"title": "体检", "when": "周六上午10点"}), reply("好的"), reply("好"))
    r = await zh.assistant.reply(zh.user_id, TWO_PLANS)
    assert model.call_count == 3 and len(r.writes) == 1
    assert '"not_done_yet":["周日晚上6点朋友聚餐"]' in _last_note(model)
    assert r.text == f"{r.receipts[0].text}\n你消息里的这部分我还没有处理：“周日晚上6点朋友聚餐”。请再跟我说一次。"


def test_clause_of() -> None:
    from agent.turn.unsaid import clause_of

    assert clause_of("Lunch Friday. Dinner with Kat on Sunday at 8pm, ok?", "on sunday at 8pm") == (
        "dinner with kat on sunday at 8pm"
    )
    assert clause_of("明天开会", "后天") == "后天"  # not in the text: the phrase alone
    assert clause_of("周日晚上6点", "周日晚上6点") == "周日晚上6点"


async def test_a_change_to_an_event_nobody_named_comes_back_with_the_left_out_request(kit: Kit) -> None:
    """Live eval: the model read Wednesday, then tried to add Noor to the listed "Design crit" instead of
    adding the call. The refusal names the time the turn has not used; the create follows, and the
    question is answered by its listing before the receipt."""
    await kit.seed("Design crit", datetime(2025, 3, 12, 13, tzinfo=NY))
    model = kit.script(
        call("list_events", {"range": "Wednesday"}),
        call("update_event", {"event": "Design crit", "when": "Wed 2025-03-12 13:00", "attendees": ["Noor"]}),
        call("create_event", {"title": "Call with Noor", "when": "Thursday at 4pm"}),
    )
    message = "What's on Wednesday? Also put a call with Noor on Thursday at 4pm"
    r = await kit.assistant.reply(kit.user_id, message)
    assert '"not_done_yet":["also put a call with noor on thursday at 4pm"]' in _last_note(model)
    assert model.call_count == 3 and len(r.writes) == 1, r.text
    assert r.text.splitlines()[:2] == ["Wednesday, March 12:", "- 1:00–2:00 PM — Design crit"]
    assert r.text.splitlines()[-1] == r.receipts[0].text
    crit = [e for e in await kit.events() if e.title == "Design crit"]
    assert crit[0].attendees == ()


async def test_after_the_prompt_the_event_just_written_is_not_changed(database, make_user) -> None:  # type: ignore[no-untyped-def]
    """Live eval: told about '周日晚上6点朋友聚餐', the model moved the 体检 it had just created to Sunday. That
    call is refused without a word, and — since it carried nothing out — the left-out request is asked alone
    once more and, unanswered, said undone (``unsaid.carried``): never lost behind the receipt."""
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(
        call("create_event", {"title": "体检", "when": "周六上午10点"}),
        call("update_event", {"event": "体检", "when": "周日晚上6点", "notes": "朋友聚餐"}),
        reply(""),
    )
    r = await zh.assistant.reply(zh.user_id, TWO_PLANS)
    assert model.call_count == 3 and len(r.writes) == 1 and r.text.startswith(r.receipts[0].text), r.text
    assert "还没有处理" in r.text and "周日晚上6点" in r.text, r.text
    [event] = await zh.events()
    assert (event.title, event.start) == ("体检", datetime(2025, 3, 8, 10, tzinfo=SH))


async def test_the_left_out_request_may_take_its_day_from_another_clause(database, make_user) -> None:  # type: ignore[no-untyped-def]
    """Live eval: told that '另外加一個五點的瑜伽' was not done, the model passed "明天下午5点" — the day from the
    first clause, the clock from the left-out one."""
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("例會", datetime(2025, 3, 6, 10, tzinfo=SH))
    model = zh.script(
        call("update_event", {"event": "例會", "when": "明天下午3点"}),
        call("create_event", {"title": "瑜伽", "when": "明天下午5点"}),
    )
    r = await zh.assistant.reply(zh.user_id, "把明天的例會挪到下午三點，另外加一個五點的瑜伽")
    assert '"not_done_yet":["另外加一個五點的瑜伽"]' in _last_note(model)
    assert model.call_count == 2 and len(r.writes) == 2, r.text
    starts = {e.title: e.start for e in await zh.events()}
    assert starts == {
        "例會": datetime(2025, 3, 6, 15, tzinfo=SH),
        "瑜伽": datetime(2025, 3, 6, 17, tzinfo=SH),
    }


# The clause of a left-out request that also names the request done: the prompt quotes only its own part
# (between "and", "then", 然后, 再 …), or the small model repeats that call.
NARROWED = [
    ("en", "drop pilates tomorrow and put a haircut at 5pm in its place",
     call("delete_event", {"event": "pilates", "event_when": "tomorrow"}),
     "put a haircut at 5pm in its place", call("create_event", {"title": "Haircut", "when": "5pm"})),
    ("en", "scrap thursday's pilates and schedule a physio session at 11am",
     call("delete_event", {"event": "pilates", "event_when": "thursday"}),
     "schedule a physio session at 11am", call("create_event", {"title": "Physio", "when": "11am"})),
    ("en", "push pilates to friday and add a coffee with Lee at 9am",
     call("update_event", {"event": "pilates", "when": "friday"}),
     "add a coffee with lee at 9am", call("create_event", {"title": "Coffee with Lee", "when": "9am"})),
    ("zh", "把明天的普拉提取消再加一个下午四点的按摩",
     call("delete_event", {"event": "普拉提", "event_when": "明天"}),
     "加一个下午四点的按摩", call("create_event", {"title": "按摩", "when": "下午四点"})),
    ("zh", "明天的普拉提挪到周五然后加个上午九点的咖啡",
     call("update_event", {"event": "普拉提", "event_when": "明天", "when": "周五"}),
     "加个上午九点的咖啡", call("create_event", {"title": "咖啡", "when": "上午九点"})),
]  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "message", "done", "item", "then"), NARROWED, ids=[r[1][:24] for r in NARROWED]
)
async def test_the_prompt_quotes_only_what_is_past_the_done_request(  # type: ignore[no-untyped-def]
    database, make_user, lang, message, done, item, then
) -> None:
    tz = "Asia/Shanghai" if lang == "zh" else "America/New_York"
    k = await make_kit(database, make_user, timezone=tz)
    zone = SH if lang == "zh" else NY
    await k.seed("普拉提" if lang == "zh" else "Pilates", datetime(2025, 3, 6, 18, tzinfo=zone),
                 datetime(2025, 3, 6, 19, tzinfo=zone))  # fmt: skip
    model = k.script(done, then)
    r = await k.assistant.reply(k.user_id, message)
    note = json.loads(_last_note(model))
    assert note["not_done_yet"] == [item] and "stays done" in note["note"]
    assert model.call_count == 2 and then.tool_calls[0].arguments["title"] in {
        e.title for e in await k.events()
    }, r.text


@pytest.mark.parametrize(
    ("tz", "text", "first", "again", "undone"),
    [
        ("America/New_York", "scrap gym tomorrow and get a massage at 6pm instead",
         call("delete_event", {"event": "gym", "event_when": "tomorrow"}),
         call("delete_event", {"event": "gym", "event_when": "tomorrow"}), "get a massage at 6pm instead"),
        ("America/New_York", "drop tomorrow's gym, then a haircut at 5pm",
         call("delete_event", {"event": "gym", "event_when": "tomorrow"}),
         reply("Sure, anything else?"), "a haircut at 5pm"),
        ("Asia/Shanghai", "明天的健身取消，再约晚上七点游泳",
         call("delete_event", {"event": "健身", "event_when": "明天"}),
         call("delete_event", {"event": "健身", "event_when": "明天"}), "约晚上七点游泳"),
        ("Asia/Taipei", "明天的健身取消，改成晚上七點游泳",
         call("delete_event", {"event": "健身", "event_when": "明天"}),
         reply("好的"), "改成晚上七點游泳"),
    ],
)  # fmt: skip
async def test_a_left_out_request_still_undone_after_the_prompt_is_said(  # type: ignore[no-untyped-def]
    database, make_user, tz: str, text: str, first, again, undone: str
) -> None:
    """The delete asks first; the model, asked about the other request, repeated the delete or answered in
    words. The reply says which part of the message is not done, in the user's words."""
    kit = await make_kit(database, make_user, timezone=tz)
    gym = "健身" if "健身" in text else "Gym"
    await kit.seed(gym, datetime(2025, 3, 6, 7, tzinfo=kit.tz))
    model = kit.script(first, again, reply(""))  # and alone, the clause answered in words
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 3 and r.pending is not None and r.writes == (), r.text
    assert model.calls[-1].messages[-1].content == undone
    assert undone in r.text.splitlines()[-1], r.text
    assert simplified(r.text.splitlines()[-1]).startswith(("I haven't done this part", "你消息里的这部分我还没有处理")), r.text


@pytest.mark.parametrize(
    ("tz", "text", "create", "seen"),
    [
        ("America/New_York", "add a call with Leo Thursday at 4pm, also what do I have on Friday?",
         {"title": "Call with Leo", "when": "Thursday at 4pm"}, "Design crit"),
        ("America/New_York", "Friday looking busy? and put lunch with Ana on Thursday at noon",
         {"title": "Lunch with Ana", "when": "Thursday at noon"}, "Design crit"),
        ("Asia/Shanghai", "周四下午4点和小李通电话，另外周五有什么安排？",
         {"title": "和小李通电话", "when": "周四下午4点"}, "Design crit"),
        ("Asia/Taipei", "週五有什麼安排？順便加個週四下午四點跟小李的電話",
         {"title": "跟小李的電話", "when": "週四下午四點"}, "Design crit"),
    ],
)  # fmt: skip
async def test_the_question_half_of_a_mixed_message_is_read_by_code(  # type: ignore[no-untyped-def]
    database, make_user, tz: str, text: str, create: dict, seen: str
) -> None:
    """The model read the message as a question and a write ("mixed"), wrote, and after the left-out prompt
    still did not read the day asked about: code reads that day and the listing answers."""
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(seen, datetime(2025, 3, 7, 11, tzinfo=kit.tz))
    model = kit.script(call("create_event", create, request="mixed"), reply("Anything else?", request="mixed"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 2 and len(r.writes) == 1, r.text
    assert seen in r.text and "haven't done" not in r.text and "还没有处理" not in r.text, r.text
    assert r.telemetry["read_forced"] is True


async def test_a_write_only_message_gets_no_read_for_its_left_out_time(kit: Kit) -> None:
    model = kit.script(
        call("create_event", {"title": "Yoga", "when": "Saturday at 9am"}, request="add"),
        reply("Done.", request="add"),
        reply("Sounds good.", request="chat"),
    )
    r = await kit.assistant.reply(kit.user_id, "Yoga on Saturday at 9am, and lunch with Ana on Sunday")
    assert model.call_count == 3 and r.telemetry["read_forced"] is False


# (message, the event moved and its new time words, the event at the other clause's time, the full time a tool
# result gave that event and the model copied as event_when, the tool)
WHOLE_TIME_COPIED = [
    ("lunch -> 1pm, and kill my call at 4", ("Lunch", "1pm"), "Call with Acme",
     "Wednesday, March 5, 4:00–4:30 PM", "delete_event"),
    ("push lunch to 1pm; also scrap the 4pm call", ("Lunch", "1pm"), "Call with Acme",
     "March 5, 4:00-4:30 PM", "delete_event"),
    ("move lunch to 1pm and get rid of my call at four", ("Lunch", "1pm"), "Call with Acme",
     "Wed, Mar 5, 4:00 – 4:30 PM", "delete_event"),
    ("周会改到下午1点，下午4点那个电话取消", ("周会", "下午1点"), "客户电话",
     "3月5日（周三） 16:00–16:30", "delete_event"),
    ("周会改成下午一点；4点的电话不打了", ("周会", "下午一点"), "客户电话",
     "3月5日 16:00-16:30", "delete_event"),
]


@pytest.mark.parametrize(("text", "moved", "other", "copied", "tool"), WHOLE_TIME_COPIED,
                         ids=[row[0] for row in WHOLE_TIME_COPIED])
async def test_after_the_prompt_the_events_whole_time_stands_for_the_users_clock(  # type: ignore[no-untyped-def]
    database, make_user, text: str, moved: tuple[str, str], other: str, copied: str, tool: str
) -> None:
    """The other request's event named with its whole time as a tool result gave it ("…4:00–4:30 PM" for
    "at 4"): the user's clock finds it, and the delete asks yes/no — never refused without a word."""
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed(moved[0], datetime(2025, 3, 5, 12, tzinfo=NY), datetime(2025, 3, 5, 13, tzinfo=NY))
    await kit.seed(other, datetime(2025, 3, 5, 16, tzinfo=NY), datetime(2025, 3, 5, 16, 30, tzinfo=NY))
    model = kit.script(
        call("update_event", {"event": moved[0].lower(), "when": moved[1]}),
        call(tool, {"event": other.lower(), "event_when": copied}),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 2 and len(r.writes) == 1
    assert r.pending is not None and r.pending.kind == "needs_confirmation"
    assert other in r.text.splitlines()[-1]
    assert sorted(e.title for e in await kit.events()) == sorted([moved[0], other])


# (message, the event moved and its new time words, the other event, its reference) — the model's answers after
# the prompt: an update of the other request that changes nothing (sent back), then a write refused silently
CHANGE_THEN_REFUSED = [
    ("move lunch to 1pm and cancel the 4 o'clock call", ("Lunch", "1pm"), "Call with Acme", "call at 4"),
    ("lunch at 1pm instead; scrap my call at 4", ("Lunch", "1pm"), "Call with Acme", "my call at 4"),
    ("shift lunch to 1pm, then kill the 4pm call", ("Lunch", "1pm"), "Call with Acme", "the 4pm call"),
    ("周会改到下午一点，四点那个电话取消吧", ("周会", "下午一点"), "客户电话", "四点那个电话"),
    ("把周会挪到下午1点；下午四点的电话不用打了", ("周会", "下午1点"), "客户电话", "下午四点的电话"),
]


@pytest.mark.parametrize(("text", "moved", "other", "reference"), CHANGE_THEN_REFUSED,
                         ids=[row[0] for row in CHANGE_THEN_REFUSED])
async def test_a_request_whose_calls_were_all_refused_is_said_undone(  # type: ignore[no-untyped-def]
    database, make_user, text: str, moved: tuple[str, str], other: str, reference: str
) -> None:
    """The question a refused update carried was never asked (another call came after it): the request is
    not done, and the reply says so in the user's words — never dropped without a word."""
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed(moved[0], datetime(2025, 3, 5, 12, tzinfo=NY), datetime(2025, 3, 5, 13, tzinfo=NY))
    await kit.seed(other, datetime(2025, 3, 5, 16, tzinfo=NY), datetime(2025, 3, 5, 16, 30, tzinfo=NY))
    model = kit.script(
        call("update_event", {"event": moved[0].lower(), "when": moved[1]}),
        call("update_event", {"event": reference, "when": "4pm"}),  # its own time: changes nothing
        call("delete_event", {"event": other.lower(), "event_when": "Thursday, March 6, 9:00 AM"}),
        reply("Done."),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count >= 3 and len(r.writes) == 1
    assert sorted(e.title for e in await kit.events()) == sorted([moved[0], other])
    last = r.text.splitlines()[-1]
    assert last.startswith(("I haven't done this part", "你消息里的这部分我还没有处理")), r.text
    assert reference.split()[-1] in last or reference in last
