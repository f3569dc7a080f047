"""A change or cancel of a repeating series "from X on" ("from next week on", "starting next Monday",
从下周开始, 下周起, 从12月起): the whole series from its first occurrence at or after the start of X; the
occurrences before it stay. X is a day, weekday, week or month, never a time of day. The reading
(``starts_from``), then scripted-model turns."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from agent.outcomes import Command
from agent.writes.series_scope import FromX, scope_of, starts_from
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, Kit, make_kit
from tests.agent.test_series_from_now import answered, shown

THURSDAYS = "FREQ=WEEKLY;BYDAY=TH"
MONDAYS = "FREQ=WEEKLY;BYDAY=MO"

# (message, the day X starts on (in New York; None: no "from X on" reading), why). Now: Wed 5 March 2025.
READINGS = [
    ("From next week on, move the standup to 10", date(2025, 3, 10), "from X on, X a week"),
    ("move the standup to 10 from next week onwards", date(2025, 3, 10), "from X onwards, at the end"),
    ("move the journal to 8:30pm from next week forward", date(2025, 3, 10), "from X forward"),
    ("starting next Monday, cancel my weekly yoga", date(2025, 3, 10), "starting X, X a weekday"),
    ("starting from March 17, move the standup to 10", date(2025, 3, 17), "starting from X, a date"),
    ("Starting Monday March 17 the standup is at 10", date(2025, 3, 17), "starting X: the time words only"),
    ("beginning next week the standup is at 10", date(2025, 3, 10), "beginning X"),
    ("as of next month, standup at 10", date(2025, 4, 1), "as of X, X a month"),
    ("effective December 1, cancel yoga", date(2025, 12, 1), "effective X"),
    ("next Monday onwards the standup is at 10", date(2025, 3, 10), "X onwards"),
    ("from the 17th on the standup is at 10", date(2025, 3, 17), "from X on, a day of the month"),
    ("move yoga from 6pm to 7pm starting next week", date(2025, 3, 10), "a clock range is not X"),
    ("from this week on move the standup to 10", date(2025, 3, 3), "a past X reads as it is"),
    ("从下周开始周会改到周二下午", date(2025, 3, 10), "从X开始 (周会 is a title, not part of X)"),
    ("下周起例会都改到三点", date(2025, 3, 10), "X起"),
    ("从12月起每周的瑜伽取消", date(2025, 12, 1), "从X起, X a month; 每周 is the series"),
    ("自下月起例会取消", date(2025, 4, 1), "自X起"),
    ("下周一以后都改到十点", date(2025, 3, 10), "X以后都"),
    ("下周之后都改到十点", date(2025, 3, 10), "X之后都"),
    ("从周一开始站会改到十点", date(2025, 3, 10), "从X开始, X a weekday"),
    ("3月17日起站会改到十点", date(2025, 3, 17), "X起, X a date"),
    ("从下周一起站会改到十点", date(2025, 3, 10), "从X起 where X ends in 一"),
    ("下周开始，例会改到三点", date(2025, 3, 10), "X开始 before a comma"),
    ("从本月起例会取消", date(2025, 3, 1), "a past X (this month)"),
    ("after next week move the standup to 10", None, "after X leaves X out: not this reading"),
    ("move next Monday's standup to 10", None, "names one occurrence"),
    ("move tomorrow's standup to 10", None, "names one occurrence"),
    ("move the standup to 10 from now on", None, "from now on: a time of day, the words say it"),
    ("from 3pm on I'm free", None, "X a time of day"),
    ("starting at 3pm", None, "a start time"),
    ("starting tomorrow at 3pm", None, "X with a time of day is a start time"),
    ("从明天下午三点开始开会", None, "a start time (a create), not a scope"),
    ("从三点开始", None, "a start time"),
    ("move it from Monday to Tuesday", None, "a move, not a start"),
    ("from the office on Monday", None, "X not time words"),
    ("明天一起吃饭", None, "一起 is together"),
    ("我们一起开会", None, "一起 is together"),
    ("明天起床后开会", None, "起床 is getting up"),
    ("下周开始的会取消", None, "the meeting that starts next week: no comma, no 都"),
    ("部门例会以后都挪到下午三点吧", None, "以后都 alone is from now on"),
    ("starting next week and from December on", None, "two different starts: none"),
]


@pytest.mark.parametrize(("text", "day", "why"), READINGS, ids=[r[0] for r in READINGS])
def test_starts_from(text: str, day: date | None, why: str) -> None:
    reading = starts_from(text, now=NOW, tz=NY)
    start = reading.start if reading is not None else None
    assert (start.astimezone(NY).date() if start is not None else None) == day, why
    if start is not None:
        assert start.tzinfo is not None and start == datetime.combine(day, start.timetz()), why
        assert start.astimezone(NY).time().hour == 0, why  # the start of X, not a time in it
        assert reading is not None and reading.words and reading.words in text, why


@pytest.mark.parametrize(
    ("args", "since", "scope", "why"),
    [
        (
            {"event_when": "next week"},
            FromX(NOW, "next week"),
            "series",
            "beats the occurrence event_when names",
        ),
        ({"scope": "one"}, FromX(NOW, "next week"), "series", "the user's words beat the model's scope"),
        ({"event_when": "next week"}, None, "one", "without the reading event_when names one"),
    ],
)
def test_scope_of_a_from_reading(args: dict[str, str], since: FromX | None, scope: str, why: str) -> None:
    command = Command(tool="update_event", args={"event": "standup", "when": "10", **args}, call_index=0)
    assert scope_of(command, now=NOW, tz=NY, since=since) == scope, why


def test_an_answer_already_chosen_stands() -> None:
    command = Command(tool="update_event", args={"event": "standup"}, call_index=0, target={"scope": "one"})
    assert scope_of(command, now=NOW, tz=NY, since=FromX(NOW, "next week")) == "one"


@pytest.fixture
async def zh(database: Any, make_user: Any) -> Kit:
    return await make_kit(database, make_user, timezone="Asia/Shanghai")


def at(tz: Any, month: int, day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, month, day, hour, minute, tzinfo=tz)


# (language, message, tool arguments, receipt, first day moved (March), new hour)
MOVES = [
    (
        "en",
        "From next week on, move the standup to 10",
        {"event": "standup", "event_when": "next week", "when": "10am"},
        "Updated “Standup” from Thursday, March 13 on — 10:00–11:00 AM (repeating; earlier ones unchanged).",
        13,
        10,
    ),
    (
        "en",
        "starting March 17, move the standup to 10",
        {"event": "standup", "when": "10am"},  # the model left the start out
        "Updated “Standup” from Thursday, March 20 on — 10:00–11:00 AM (repeating; earlier ones unchanged).",
        20,
        10,
    ),
    (
        "en",
        "move the standup to 10 from next Monday on",
        {"event": "standup", "event_when": "next Monday", "when": "10am", "scope": "one"},
        "Updated “Standup” from Thursday, March 13 on — 10:00–11:00 AM (repeating; earlier ones unchanged).",
        13,
        10,
    ),
    (
        "zh",
        "下周起例会都改到下午三点",
        {"event": "例会", "event_when": "下周", "when": "下午三点"},
        "已更新「例会」：从3月13日（周四）起 15:00–16:00（重复，之前的不变）",
        13,
        15,
    ),
    (
        "zh",
        "从下周开始周会改到下午两点",
        {"event": "周会", "when": "下午两点"},
        "已更新「周会」：从3月13日（周四）起 14:00–15:00（重复，之前的不变）",
        13,
        14,
    ),
]


@pytest.mark.parametrize(
    ("lang", "text", "args", "receipt", "first", "hour"), MOVES, ids=[m[1] for m in MOVES]
)
async def test_a_move_from_a_named_week_or_day_on(
    kit: Kit, zh: Kit, lang: str, text: str, args: dict[str, str], receipt: str, first: int, hour: int
) -> None:
    k, tz = (kit, NY) if lang == "en" else (zh, SH)
    title = "Standup" if lang == "en" else args["event"]
    await k.seed(title, at(tz, 2, 6, 9), rrule=THURSDAYS)
    kept = (at(tz, 1, 1, 0), at(tz, 3, first, 0))
    before = await shown(k, *kept)
    model = k.script(call("update_event", args), reply("Done."))
    r = await answered(k, await k.assistant.reply(k.user_id, text))
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    assert [x.text for x in r.receipts] == [receipt]
    assert await shown(k, *kept) == before  # this week's (6 March) and those up to X, as they were
    assert at(tz, 3, 6, 9) in [o[1] for o in before]
    later = await shown(k, at(tz, 3, first, 0), at(tz, 3, first, 0) + timedelta(days=15))
    assert [o[1] for o in later] == [at(tz, 3, first, hour) + timedelta(days=d) for d in (0, 7, 14)]


# (language, message, tool arguments, receipt, first day cancelled)
CANCELS = [
    (
        "en",
        "starting next Monday, cancel my weekly yoga",
        {"event": "yoga", "event_when": "next Monday"},  # no yoga that Monday: the series by its name
        "Deleted “Yoga” from Thursday, March 13 on (earlier ones kept).",
        date(2025, 3, 13),
    ),
    (
        "en",
        "cancel yoga from December on",
        {"event": "yoga", "event_when": "December", "scope": "series"},
        "Deleted “Yoga” from Thursday, December 4 on (earlier ones kept).",
        date(2025, 12, 4),
    ),
    (
        "zh",
        "从12月起每周的瑜伽取消",
        {"event": "瑜伽", "event_when": "12月"},
        "已删除「瑜伽」12月4日（周四）及以后的日程（之前的保留）",
        date(2025, 12, 4),
    ),
    (
        "zh",
        "从下周开始瑜伽取消",
        {"event": "瑜伽"},
        "已删除「瑜伽」3月13日（周四）及以后的日程（之前的保留）",
        date(2025, 3, 13),
    ),
]


@pytest.mark.parametrize(("lang", "text", "args", "receipt", "first"), CANCELS, ids=[c[1] for c in CANCELS])
async def test_a_cancel_from_a_named_week_or_month_on(
    kit: Kit, zh: Kit, lang: str, text: str, args: dict[str, str], receipt: str, first: date
) -> None:
    k, tz = (kit, NY) if lang == "en" else (zh, SH)
    title = "Yoga" if lang == "en" else "瑜伽"
    await k.seed(title, at(tz, 2, 6, 18), rrule=THURSDAYS)
    cut = datetime(first.year, first.month, first.day, tzinfo=tz)
    before = await shown(k, at(tz, 1, 1, 0), cut)
    k.script(call("delete_event", args), reply("Done."))
    r = await answered(k, await k.assistant.reply(k.user_id, text))
    assert len(r.writes) == 1 and [x.text for x in r.receipts] == [receipt], r.text
    assert await shown(k, at(tz, 1, 1, 0), cut) == before and at(tz, 3, 6, 18) in [o[1] for o in before]
    assert await shown(k, cut, datetime(2026, 3, 1, tzinfo=tz)) == []


@pytest.mark.parametrize(
    ("text", "when", "moved"),
    [
        ("move tomorrow's standup to 10", "tomorrow", date(2025, 3, 6)),
        ("move next Thursday's standup to 10", "next Thursday", date(2025, 3, 13)),
    ],
)
async def test_a_named_occurrence_stays_one(kit: Kit, text: str, when: str, moved: date) -> None:
    await kit.seed("Standup", at(NY, 2, 6, 9), rrule=THURSDAYS)
    kit.script(call("update_event", {"event": "standup", "event_when": when, "when": "10am"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 1 and r.receipts[0].text.startswith("Moved one occurrence of “Standup”"), r.text
    starts = [o[1] for o in await shown(kit, at(NY, 3, 1, 0), at(NY, 3, 28, 0))]
    assert starts == [at(NY, 3, d, 10 if d == moved.day else 9) for d in (6, 13, 20, 27)]


async def test_a_past_x_is_from_now_on(kit: Kit) -> None:
    """ "from this week on" began on Monday the 3rd: that Monday happened, so from the next one on."""
    await kit.seed("Standup", at(NY, 2, 3, 9), rrule=MONDAYS)
    before = await shown(kit, at(NY, 1, 1, 0), at(NY, 3, 10, 0))
    args = {"event": "standup", "event_when": "this week", "when": "10am"}
    kit.script(call("update_event", args), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "from this week on, move the standup to 10")
    assert [x.text for x in r.receipts] == [
        "Updated “Standup” from Monday, March 10 on — 10:00–11:00 AM (repeating; earlier ones unchanged)."
    ], r.text
    assert await shown(kit, at(NY, 1, 1, 0), at(NY, 3, 10, 0)) == before  # 3 March stays at 9
    later = await shown(kit, at(NY, 3, 10, 0), at(NY, 3, 18, 0))
    assert [o[1] for o in later] == [at(NY, 3, 10, 10), at(NY, 3, 17, 10)]


async def test_a_move_from_next_week_on_and_its_undo(kit: Kit) -> None:
    await kit.seed("Standup", at(NY, 2, 6, 9), rrule=THURSDAYS)
    before = await kit.events()
    args = {"event": "standup", "event_when": "next week", "when": "10am"}
    kit.script(call("update_event", args), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "From next week on, move the standup to 10")
    assert len(r.writes) == 1 and len(await kit.events()) == 2
    kit.script(call("undo_last_change", {}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "undo that")
    assert r.text.startswith("Undo your last change") and not r.writes  # a model-chosen undo asks first
    r = await kit.assistant.reply(kit.user_id, "yes")
    assert len(r.writes) == 1 and r.receipts[0].text.startswith("Undid your last change"), r.text
    (event,) = await kit.events()
    assert event.content() == before[0].content()


async def test_a_cancel_from_december_on_and_its_undo(zh: Kit) -> None:
    await zh.seed("瑜伽", at(SH, 2, 6, 18), rrule=THURSDAYS)
    before = await zh.events()
    zh.script(call("delete_event", {"event": "瑜伽", "event_when": "12月"}), reply("好的。"))
    r = await answered(zh, await zh.assistant.reply(zh.user_id, "从12月起每周的瑜伽取消"))
    assert len(r.writes) == 1
    zh.script(call("undo_last_change", {}), reply("好的。"))
    r = await zh.assistant.reply(zh.user_id, "撤销")
    assert len(r.writes) == 1, r.text
    (event,) = await zh.events()
    assert event.content() == before[0].content()


async def test_a_series_over_before_x_is_not_touched(kit: Kit) -> None:
    await kit.seed("Yoga", at(NY, 2, 6, 18), rrule=THURSDAYS + ";COUNT=8")  # the last on 27 March
    before = await kit.events()
    kit.script(call("delete_event", {"event": "yoga", "event_when": "December"}), reply("Done."))
    r = await answered(kit, await kit.assistant.reply(kit.user_id, "cancel yoga from December on"))
    assert r.writes == () and await kit.events() == before
    assert r.text == "“Yoga” has no occurrences from Monday, December 1 on, so I haven't changed anything."


async def test_a_one_off_event_is_a_plain_update(kit: Kit) -> None:
    await kit.seed("Dentist", at(NY, 3, 10, 15))
    kit.script(call("update_event", {"event": "dentist", "when": "4pm"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "from Monday on, move the dentist to 4pm")
    assert len(r.writes) == 1, r.text
    (event,) = await kit.events()
    assert (event.start, event.rrule) == (at(NY, 3, 10, 16), None)
    assert r.receipts[0].text == "Moved “Dentist” from 3:00 PM to 4:00 PM, Monday, March 10."


async def test_the_reading_survives_choosing_the_event(kit: Kit) -> None:
    await kit.seed("Team standup", at(NY, 2, 6, 9), rrule=THURSDAYS)
    await kit.seed("Design standup", at(NY, 2, 6, 11), rrule=THURSDAYS)
    kit.script(call("update_event", {"event": "standup", "when": "10am"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "from next week on, move the standup to 10")
    assert r.writes == () and len(r.options) == 2, r.text
    number = 1 + [o.title for o in r.options].index("Team standup")
    model = kit.script()
    r = await answered(kit, await kit.assistant.reply(kit.user_id, str(number)))
    assert model.call_count == 0 and len(r.writes) == 1, r.text
    assert r.receipts[0].text.startswith("Updated “Team standup” from Thursday, March 13 on — 10:00")
    team = [o[1] for o in await shown(kit, at(NY, 3, 1, 0), at(NY, 3, 21, 0)) if o[0] == "Team standup"]
    assert team == [at(NY, 3, 6, 9), at(NY, 3, 13, 10), at(NY, 3, 20, 10)]
