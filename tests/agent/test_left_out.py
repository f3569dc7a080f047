"""What the model left out and the user's words plainly give (agent.writes.left_out): the new time of a change
after a verb of moving, and a new event's repetition in its own clause. Table-driven for the readings;
scripted model for the turns (every scenario counts the model calls)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.model import call
from agent.writes.company import title_with_company
from agent.writes.left_out import (
    day_for_clock,
    end_from_another_clause,
    repetition_said,
    title_without,
)
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, Kit, make_kit

SH_NOW = datetime(2025, 6, 16, 9, 0, tzinfo=SH)  # a Monday


@pytest.mark.parametrize(
    ("text", "title", "repetition"),
    [
        ("I swim every weekday at 7am for 45 min, starting tomorrow. Put it in my calendar?",
         "Swim every weekday at 7am for 45 min", "every weekday at 7am for 45 min"),  # in the title itself
        ("I swim every weekday at 7am for 45 min, starting tomorrow. Put it in my calendar?", "Swim",
         "every weekday at 7am for 45 min"),
        ("从明天开始每天早上7点吃维生素，记到日历上，5分钟就行", "吃维生素", "从明天开始每天早上7点"),
        ("每周一上午九点开周会", "周会", "每周一上午九点"),
        ("Team sync every Monday at 9", "Team sync", "every monday at 9"),
        # said twice, once fully: the fullest (the same frequency, nothing the other adds)
        ("book club every Thursday at 6pm, weekly", "Book club", "every thursday at 6pm"),
        ("yoga every Tuesday at 7pm - it's a weekly thing", "Yoga", "every tuesday at 7pm"),
        ("每周一上午十点开周会，每周一次", "开周会", "每周一上午十点"),
        ("每天晚上十點吃藥，每天都要", "吃藥", "每天晚上十點"),
        # two different repetitions: none
        ("gym every monday and daily stretches", "Gym", None),
        # the repetition is about something else
        ("I run every weekday at 8; book the physio tomorrow at 8", "Physio", None),
        ("I run every weekday at 8, book the physio tomorrow at 8", "Physio", None),
        ("我每天晚上都跑步，明天下午三点约了牙医", "牙医", None),
    ],
)  # fmt: skip
def test_the_repetition_belongs_to_the_event_named_in_its_clause(
    text: str, title: str, repetition: str | None
) -> None:
    assert repetition_said(text, title, now=SH_NOW, tz=SH) == repetition


def test_the_title_loses_the_phrase_the_model_copied_into_it() -> None:
    assert title_without("Run every weekday at 8am for 30 min", "every weekday at 8am for 30 min") == "Run"
    assert title_without("每天晚上10点", "每天晚上10点") == "每天晚上10点"  # nothing left: kept
    assert title_without("吃药", "每天晚上10点") == "吃药"


@pytest.mark.parametrize(
    ("text", "second"),
    [
        ("和周老师喝茶那个改到周五下午三点吧，她周三临时有急事", "周五下午三点"),
        ("周三那个和周老师喝茶，挪到周五下午三点", "周五下午三点"),
        ("和周老師喝茶那個延到週五下午三點，週三沒空", "週五下午三點"),
    ],
)
async def test_a_move_without_its_new_time_goes_back_naming_it(  # type: ignore[no-untyped-def]
    database, make_user, text: str, second: str
) -> None:
    # no verb list fills it in: the time is named to the model, whose reading says start or end
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("和周老师喝茶", datetime(2025, 3, 12, 15, tzinfo=SH))  # next Wednesday (now: Wed 22:00 here)
    model = zh.script(
        call("update_event", {"event": "和周老师喝茶", "event_when": "周三下午三点"}),
        call("update_event", {"event": "和周老师喝茶", "event_when": "周三下午三点", "when": second}),
    )
    r = await zh.assistant.reply(zh.user_id, text)
    assert model.call_count == 2 and len(r.writes) == 1, r.text
    assert r.telemetry["filled_fields"] == []
    [event] = await zh.events()
    assert event.start == datetime(2025, 3, 7, 15, tzinfo=SH)


@pytest.mark.parametrize(
    ("tz", "title", "text", "event_when", "moved_to", "asks"),
    [
        ("America/New_York", "Dentist", "move the dentist to Friday at 2pm", "Friday at 2pm", (7, 14), False),
        ("America/New_York", "Dentist", "dentist → Friday 2pm please", "Friday 2pm", (7, 14), True),
        ("America/New_York", "Dentist", "the dentist, Friday 2pm works better", "Friday 2pm", (7, 14), True),
        ("Asia/Shanghai", "牙医", "牙医改到周五下午两点", "周五下午两点", (7, 14), False),
        ("Asia/Shanghai", "牙医", "牙医那个周五下午两点比较好", "周五下午两点", (7, 14), True),
        ("Asia/Taipei", "牙醫", "牙醫那個挪到週五下午兩點", "週五下午兩點", (7, 14), False),
    ],
)  # fmt: skip
async def test_a_new_time_given_as_which_event_is_offered_as_the_move(  # type: ignore[no-untyped-def]
    database, make_user, tz: str, title: str, text: str, event_when: str, moved_to: tuple[int, int], asks: bool
) -> None:
    # after a move verb the time is where the event goes (written); else the model's doubt: yes/no first
    k = await make_kit(database, make_user, timezone=tz)
    await k.seed(title, datetime(2025, 3, 13, 10, tzinfo=k.tz))  # next Thursday: nothing is at event_when
    model = k.script(call("update_event", {"event": title, "event_when": event_when}))
    r = await k.assistant.reply(k.user_id, text)
    if asks:
        assert model.call_count == 1 and r.writes == () and r.pending is not None, r.text
        r = await k.assistant.reply(k.user_id, "yes" if text.isascii() else "好")
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    [event] = await k.events()
    assert event.start == datetime(2025, 3, moved_to[0], moved_to[1], tzinfo=k.tz)


async def test_a_repetition_left_out_of_a_create_comes_from_its_clause(kit: Kit) -> None:
    model = kit.script(
        call("create_event", {"title": "Swim every weekday at 7am for 45 min", "when": "tomorrow at 7am",
                              "duration": "45 minutes"}),
    )  # fmt: skip
    r = await kit.assistant.reply(
        kit.user_id, "I swim every weekday at 7am for 45 min, starting tomorrow. Put it in my calendar?"
    )
    assert model.call_count == 1 and len(r.writes) == 1
    [event] = await kit.events()
    assert event.title == "Swim" and event.rrule is not None and "BYDAY=MO,TU,WE,TH,FR" in event.rrule
    assert event.start == datetime(2025, 3, 6, 7, tzinfo=NY)


async def test_a_repetition_in_another_clause_still_goes_back_to_the_model(kit: Kit) -> None:
    model = kit.script(
        call("create_event", {"title": "Physio", "when": "tomorrow at 8am"}),
        call("create_event", {"title": "Physio", "when": "tomorrow at 8am"}),  # its second answer stands
    )
    r = await kit.assistant.reply(kit.user_id, "I run every weekday at 8am; book the physio tomorrow at 8am")
    assert model.call_count == 2 and len(r.writes) == 1
    [event] = await kit.events()
    assert event.rrule is None


@pytest.mark.parametrize(
    ("text", "title", "company", "fuller"),
    [
        ("周四和老郑游泳", "游泳", ["老郑"], "老郑游泳"),
        ("lunch with Ana tomorrow at noon", "Lunch", ["Ana"], "Lunch with Ana"),
        ("周六跟小王去爬山", "爬山", ["小王"], "小王去爬山"),
        ("明天下午和妈妈一起去买菜", "买菜", ["妈妈"], "妈妈一起去买菜"),
        ("週日與阿明來釣魚", "釣魚", ["阿明"], "阿明來釣魚"),
        ("周五跟老陈吃饭", "吃饭", ["老陈"], "老陈吃饭"),
        ("coffee with Sam and Priya on Friday", "Coffee", ["Sam", "Priya"], "Coffee with Sam and Priya"),
        ("Tennis w/ Jo, Sat 9am", "Tennis", ["Jo"], None),  # "w/" is no word: not joined
        ("squash against Raj on Thursday", "Squash", ["Raj"], "Squash against Raj"),
        ("Priya 1:1 tomorrow at 10", "1:1", ["Priya"], "Priya 1:1"),
        ("明天开会", "开会", ["张三"], None),  # 张三 is not in the words
        ("Lunch with Anabel", "Lunch", ["Ana"], None),  # not exactly the name
        ("周二上午九点和张三开会", "和张三开会", ["张三"], None),  # the title already has it
        ("meet Tom tomorrow at 3 for lunch", "Lunch", ["Tom"], None),  # apart in the sentence
        ("lunch tomorrow, Ana is coming", "Lunch", ["Ana"], None),  # another clause
        ("明天下午三点开会，张三也来", "开会", ["张三"], None),
        # a title that is only a kind of event, worded otherwise than the user: their kind word stands
        ("下周一早上八点跟老周开会", "会议", ["老周"], "老周开会"),
        ("週四下午和阿芬開會", "会议", ["阿芬"], "阿芬開會"),
        ("后天上午跟刘经理通个电话", "通话", ["刘经理"], "刘经理通个电话"),
        ("set up a call with Marta on Thursday at 2", "Meeting", ["Marta"], "Call with Marta"),
        ("video chat with Kenji friday 9am", "Call", ["Kenji"], "Video chat with Kenji"),
        ("周五和小林开会，地点在三楼", "会议", ["小林"], "小林开会"),
        ("明天开会，小林也来", "会议", ["小林"], None),  # another clause
        ("下周一跟老周吃饭", "会议", ["老周"], None),  # the user named no kind of event
    ],
)
def test_who_or_where_split_out_of_the_title_goes_back_in(
    text: str, title: str, company: list[str], fuller: str | None
) -> None:
    assert title_with_company(text, title, company) == fuller


async def test_a_title_without_its_who_is_the_users_words(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    zh.script(call("create_event", {"title": "打球", "when": "周日下午2点", "attendees": ["老李"]}))
    r = await zh.assistant.reply(zh.user_id, "周日下午2点和老李打球")
    [event] = await zh.events()
    assert event.title == "老李打球" and event.attendees == ("老李",) and "老李打球" in r.text


@pytest.mark.parametrize(
    ("text", "when", "title"),
    [
        ("下周一早上八点跟老周开会", "下周一早上八点", "老周开会"),
        ("set up a call with Marta on Thursday at 2pm", "Thursday at 2pm", "Call with Marta"),
    ],
)
async def test_a_generic_title_takes_the_users_kind_word_and_who(
    database, make_user, text, when, title
) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(
        database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai"
    )
    who = "老周" if "老周" in text else "Marta"
    kit.script(
        call(
            "create_event",
            {"title": "会议" if who == "老周" else "Meeting", "when": when, "attendees": [who]},
        )
    )
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert event.title == title and event.attendees == (who,) and title in r.text


@pytest.mark.parametrize(
    ("text", "when", "day"),
    [
        ("Skip swimming tomorrow and book a physio at 6pm instead", "6pm", "tomorrow"),
        ("明天的网球取消，改成晚上八点去跑步", "晚上八点", "明天"),
        ("Lunch with Ana on Friday, dinner at 7", "at 7", "friday"),
        ("Skip swimming tomorrow and book a physio at 6pm today", "6pm", None),  # two days: no guess
        ("Yesterday was long, book a massage at 6pm", "6pm", None),  # a past day is context
        ("Yesterday was long, book a massage at 6pm", "from 6 to 7 in the evening", None),
        ("Book a massage at 6pm", "6pm", None),  # no day at all: today, as resolved
        ("Tomorrow is busy. Book a massage at 6pm", "6pm", None),  # another sentence
        ("Skip swimming tomorrow and book a physio at 6pm instead", "tomorrow 6pm", None),  # has its day
        ("Lunch with Ana on Friday, dinner at 7", "19:00", "friday"),  # the user's clock in the model's form
        ("Lunch with Ana on Friday, dinner at 7", "20:00", None),  # a clock the user never said
        ("周五和周六都有事，晚上七点吃饭", "晚上七点", None),
    ],
)
def test_a_clock_without_a_day_takes_the_one_day_of_its_sentence(
    text: str, when: str, day: str | None
) -> None:
    assert day_for_clock(text, when, now=NOW, tz=NY) == day


async def test_a_new_events_clock_lands_on_the_day_the_message_names(kit: Kit) -> None:
    await kit.seed("Swimming", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.script(
        call("delete_event", {"event": "swimming", "event_when": "tomorrow"}),
        call("create_event", {"title": "Physio", "when": "6pm"}),
    )
    r = await kit.assistant.reply(kit.user_id, "Skip swimming tomorrow and book a physio at 6pm instead")
    assert "Delete “Swimming” (Thursday, March 6, 6:00–7:00 PM)?" in r.text and "“Physio”" in r.text
    assert not r.writes  # one question for both (agent.turn.result: asked together)
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=1))
    assert len(r.writes) == 2
    [event] = await kit.events()
    assert event.title == "Physio" and event.start == datetime(2025, 3, 6, 18, tzinfo=NY)


@pytest.mark.parametrize(
    ("text", "when", "end", "another"),
    [
        (
            "把明天的例會挪到下午三點，另外加一個五點的瑜伽",
            "明天下午3点",
            "明天下午5点",
            True,
        ),  # the yoga's five
        ("Dinner with Ana at 7, then drinks at 9", "7pm", "9pm", True),
        ("明天下午三点到五点开会", "明天下午三点", "五点", False),  # a range: said together
        ("明天下午三点开会，五点结束", "明天下午三点", "五点", False),  # an end said as one
        ("Board prep today needs more time, make it run until 6", "today 2pm", "6pm", False),
        ("Meeting tomorrow at 3 for two hours", "tomorrow 3pm", "tomorrow 5pm", False),  # a length said
    ],
)
def test_an_end_from_another_clause_is_that_clauses_time(
    text: str, when: str, end: str, another: bool
) -> None:
    assert end_from_another_clause(text, when, end, now=NOW, tz=SH) is another


async def test_the_other_clauses_time_stays_unsaid_and_the_update_keeps_its_length(
    database, make_user
) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("例會", datetime(2025, 3, 6, 10, tzinfo=SH))  # tomorrow (now: Wed 22:00 here)
    model = zh.script(
        call("update_event", {"event": "例會", "when": "明天下午3点", "end": "明天下午5点"}),
        call("create_event", {"title": "瑜伽", "when": "明天五點"}),
    )
    r = await zh.assistant.reply(zh.user_id, "把明天的例會挪到下午三點，另外加一個五點的瑜伽")
    assert model.call_count == 2 and len(r.writes) == 2 and r.telemetry["unsaid_prompt"] is True
    meeting, gym = sorted(await zh.events(), key=lambda e: e.start)
    assert (meeting.start, meeting.end) == (
        datetime(2025, 3, 6, 15, tzinfo=SH),
        datetime(2025, 3, 6, 16, tzinfo=SH),
    )
    assert gym.title == "瑜伽" and gym.start.hour == 17
    assert {"dropped": "end", "reason": "another_clause"}.items() <= r.telemetry["dropped_fields"][0].items()
