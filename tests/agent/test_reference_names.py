"""A reference naming a person finds an event of someone spelled almost the same ("Jon" → "1:1 with Joan"):
another person, so the user is asked, never the event moved. Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit


@pytest.mark.parametrize(
    ("title", "reference", "text"),
    [
        ("1:1 with Joan", "1:1 with Jon", "move my 1:1 with Jon to Friday"),
        ("Call with Kate", "call with Kat", "push the call with Kat to Friday"),
        ("Sync with Marco", "sync with Marko", "Marko's sync → Friday please"),
        ("Lunch with Anna", "lunch with Ana", "can you move lunch with Ana to friday"),
    ],
)
async def test_a_similar_name_is_asked_about(kit: Kit, title: str, reference: str, text: str) -> None:
    seeded = await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("update_event", {"event": reference, "when": "Friday"}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and len(r.options) == 1 and title in r.text, r.text
    [event] = await kit.events()
    assert event.start == seeded.start


@pytest.mark.parametrize(
    ("title", "reference"),
    [
        ("1:1 with Joan", "1:1 with Joan"),
        ("Contract review w/ Jorge Alvarez", "meeting with Jorge"),
        ("Standup", "standup"),
    ],
)
async def test_the_same_name_is_found(kit: Kit, title: str, reference: str) -> None:
    await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("update_event", {"event": reference, "when": "Friday"}))
    r = await kit.assistant.reply(kit.user_id, f"move {reference} to Friday")
    assert len(r.writes) == 1, r.text


@pytest.mark.parametrize(
    ("title", "reference", "text"),
    [
        ("和王总开会", "汪总的会", "把汪总的会挪到周五"),
        ("和张伟吃午饭", "和张薇的午饭", "和张薇的午饭改到周五"),
        ("陈老师上课", "程老师的课", "程老师的课推到周五吧"),
        ("和林經理通話", "凌經理的通話", "凌經理的通話改到週五"),
        ("和老邹打球", "和老周打球", "和老周打球那个挪到周五"),  # zh/z, merged by many speakers
        ("和老牛吃饭", "和老刘吃饭", "和老刘吃饭改到周五"),  # n/l
    ],
)
async def test_a_chinese_name_that_sounds_alike_is_asked_about(
    database: Any, make_user: Any, title: str, reference: str, text: str
) -> None:
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    seeded = await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=SH))
    kit.script(call("update_event", {"event": reference, "when": "周五"}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and len(r.options) <= 1, r.text
    [event] = await kit.events()
    assert event.start == seeded.start


@pytest.mark.parametrize(
    ("title", "reference"),
    [
        ("和王总开会", "和王总的会"),
        ("设计部开会", "设计部的会"),
        ("看牙医", "牙医"),
        ("每周例会", "周会"),
        # the same person, other words around the name (饭/晚 do not sound alike as names do)
        ("和Ben吃晚餐", "跟Ben吃饭"),
        ("和Kim吃晚餐", "跟Kim吃飯"),
        ("陪妈妈吃晚饭", "和妈妈吃饭"),
        ("和老周吃晚饭", "跟老周吃饭"),
    ],
)
async def test_the_same_chinese_name_is_found(
    database: Any, make_user: Any, title: str, reference: str
) -> None:
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=SH))
    kit.script(call("update_event", {"event": reference, "when": "周五上午十点"}))
    r = await kit.assistant.reply(kit.user_id, f"把{reference}改到周五上午十点")
    assert len(r.writes) == 1, r.text


@pytest.mark.parametrize("yes", ["yes", "yep", "好", "是的"])
async def test_a_yes_takes_the_one_similar_name(kit: Kit, yes: str) -> None:
    await kit.seed("1:1 with Joan", datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("update_event", {"event": "1:1 with Jon", "when": "Friday 10am"}))
    asked = await kit.assistant.reply(kit.user_id, "move my 1:1 with Jon to Friday 10am")
    assert asked.text.startswith("Do you mean") and len(asked.options) == 1, asked.text
    kit.script()
    done = await kit.assistant.reply(kit.user_id, yes)
    assert len(done.writes) == 1, done.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 7, 10, tzinfo=NY)


@pytest.mark.parametrize(
    ("title", "reference", "text"),
    [
        ("晨跑", "晨泡", "明天早上的晨泡不跑了，删掉"),
        ("和张伟吃午饭", "和张薇的午饭", "和张薇的午饭取消吧"),
        ("1:1 with Joan", "1:1 with Jon", "cancel my 1:1 with Jon"),
    ],
)
async def test_a_delete_of_a_similar_name_asks_once_naming_the_event(
    database: Any, make_user: Any, title: str, reference: str, text: str
) -> None:
    kit = await make_kit(
        database, make_user, timezone="Asia/Shanghai" if not title.isascii() else "America/New_York"
    )
    await kit.seed(title, datetime(2025, 3, 6, 7, tzinfo=kit.tz))
    args = {"event": reference, "event_when": "明天早上"} if "明天早上" in text else {"event": reference}
    kit.script(call("delete_event", args))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and asked.pending.kind == "needs_confirmation" and title in asked.text
    kit.script()
    done = await kit.assistant.reply(kit.user_id, "yes" if title.isascii() else "好")
    assert len(done.writes) == 1 and await kit.events() == [], done.text


OTHERS = ("周会", "部门午餐", "周五例会")


@pytest.mark.parametrize(
    ("title", "reference", "text"),
    [
        ("合同评审（老周）", "跟老周那个会往后挪到周五", "跟老周那个会往后挪到周五"),
        ("合同评审（老周）", "老周的会", "老周的会改到周五"),
        ("合同评审（老周）", "和老周那个", "和老周那个挪到周五吧"),
        ("合同評審（老周）", "跟老周那個會", "跟老周那個會改到週五"),
        ("预算讨论-小林", "小林那个讨论", "小林那个讨论推到周五"),
        ("牙医复诊", "周四的牙医", "周四的牙医挪到周五"),
        # the other script is the same word (OpenCC): 王總 names 和王总开会, 体检 names 年度體檢
        ("和王总开会", "跟王總的會", "把跟王總的會挪到週五"),
        ("和王总开会", "王總那個會議", "王總那個會議改到週五"),
        ("年度體檢", "体检", "体检挪到周五"),
        ("預算討論-小林", "小林那个讨论", "小林那个讨论推到周五"),
        ("牙医复诊", "週四的牙醫", "週四的牙醫挪到週五"),
        ("部門聚餐（老陳）", "老陈那个聚餐", "老陈那个聚餐改到周五"),
        ("客户电话（张经理）", "張經理的電話", "張經理的電話改到週五"),
        ("羽毛球", "羽毛球", "明天的羽毛球改到週五"),
    ],
)
async def test_the_title_sharing_a_chinese_word_is_the_one(
    database: Any, make_user: Any, title: str, reference: str, text: str
) -> None:
    """A title that shares a word (two Han characters or more) with the reference is the event, whatever a
    fuzzy score over single characters says (周会 shares only 周 with 跟老周那个会); a day in the reference
    (周五, 周四) is no title word."""
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    seeded = await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=SH))
    for i, other in enumerate(OTHERS):
        await kit.seed(other, datetime(2025, 3, 6, 13 + i, tzinfo=SH))
    when = "週五" if "週五" in text else "周五"
    kit.script(call("update_event", {"event": reference, "when": when}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 1, r.text
    moved = {e.title: e.start for e in await kit.events()}
    assert moved[title] == seeded.start.replace(day=7), r.text
    assert all(moved[o].day == 6 for o in OTHERS)


@pytest.mark.parametrize(
    ("tz", "title", "reference", "text", "when"),
    [
        ("America/New_York", "Lunch", "daily sync", "move daily sync to Friday", "Friday"),
        ("America/New_York", "Dentist", "dinner", "push dinner to Friday", "Friday"),
        ("America/New_York", "Team lunch", "budget meeting", "can the budget meeting go to Friday", "Friday"),
        ("Asia/Shanghai", "周会", "那个评审", "那个评审改到周五", "周五"),
        ("Asia/Taipei", "週會", "預算討論", "預算討論改到週五", "週五"),
    ],
)
async def test_a_look_alike_title_is_not_the_event(
    database: Any, make_user: Any, tz: str, title: str, reference: str, text: str, when: str
) -> None:
    """No shared word, no event: "not found" naming what was looked for; nothing moves."""
    kit = await make_kit(database, make_user, timezone=tz)
    seeded = await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": reference, "when": when}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and reference in r.text, r.text
    [event] = await kit.events()
    assert event.start == seeded.start


@pytest.mark.parametrize(
    ("reference", "text"),
    [
        ("会挪到周五", "老周那个会挪到周五吧"),
        ("那个会改到", "跟老周那个会改到礼拜五"),
        ("會挪到週五", "老周那個會挪到週五"),
        ("挪到周五吧", "老周的评审挪到周五吧"),
    ],
)
async def test_a_reference_cut_across_the_message_is_read_from_the_message(
    database: Any, make_user: Any, reference: str, text: str
) -> None:
    """The model cut the message across the event's name ("会挪到周五"): the message names the event."""
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    seeded = await kit.seed("合同评审（老周）", datetime(2025, 3, 6, 10, tzinfo=SH))
    for i, other in enumerate(OTHERS):
        await kit.seed(other, datetime(2025, 3, 6, 13 + i, tzinfo=SH))
    when = "週五" if "週五" in text else "礼拜五" if "礼拜五" in text else "周五"
    kit.script(call("update_event", {"event": reference, "when": when}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 1, r.text
    moved = {e.title: e.start for e in await kit.events()}
    assert moved["合同评审（老周）"] == seeded.start.replace(day=7), r.text


@pytest.mark.parametrize(
    ("reference", "text"), [("牙医挪到", "把牙医挪到周五吧"), ("的体检改", "下周的体检改到周五")]
)
async def test_a_cut_reference_to_an_event_not_there_is_still_not_found(
    database: Any, make_user: Any, reference: str, text: str
) -> None:
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    for i, other in enumerate(OTHERS):
        await kit.seed(other, datetime(2025, 3, 6, 13 + i, tzinfo=SH))
    kit.script(call("update_event", {"event": reference, "when": "周五"}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and "没有找到" in r.text, r.text


@pytest.mark.parametrize(
    ("old", "reference", "when", "text"),
    [
        ("网球", "瑜伽", "晚上八点", "周四的网球取消吧，晚上八点改去瑜伽"),
        ("聚餐", "看电影", "晚上七点", "明天的聚餐不去了，换成晚上七点看电影"),
        ("健身课", "打乒乓", "晚上七点半", "把明天的健身课取消，晚上七点半去打乒乓"),
        ("讀書會", "爬山", "下午三點", "明天的讀書會取消，改成下午三點去爬山"),
    ],
)
async def test_the_new_events_name_never_finds_the_one_it_replaces(
    database: Any, make_user: Any, old: str, reference: str, when: str, text: str
) -> None:
    """"X取消，改成七点去Y" sent as a move of Y: the slice "Y" holds no time and no move, so it is a name of its
    own — not a cut of the message that would find X by the message's words. Y is not on the calendar: the
    user is asked whether to add it, and X stays as it was."""
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    seeded = await kit.seed(old, datetime(2025, 3, 6, 15, tzinfo=SH))
    kit.script(call("update_event", {"event": reference, "when": when}, request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == (), r.text
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert reference in r.text, r.text
    [event] = await kit.events()
    assert (event.title, event.start, event.end) == (old, seeded.start, seeded.end)
