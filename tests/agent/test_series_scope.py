"""A change to a repeating event: one occurrence or the whole series, never the series unasked.
Scripted model; the scope answer is merged by code."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from agent.outcomes import Command
from agent.writes.series_scope import scope_of
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

WEEKLY = "FREQ=WEEKLY;BYDAY=MO"


@pytest.mark.parametrize(
    ("args", "scope", "why"),
    [
        ({}, None, "the model says neither: no word of the message decides"),
        ({"scope": "series"}, "series", "the model's reading"),
        ({"scope": "one"}, "one", "the model's reading"),
        ({"event_when": "tomorrow"}, "one", "an occurrence named"),
        ({"event_when": "明天"}, "one", "an occurrence named"),
        ({"event_when": "this Wednesday 9am"}, "one", "an occurrence named by day and time"),
        ({"event_when": "下週三"}, "one", "traditional: an occurrence named"),
        ({"event_when": "每周"}, None, "event_when is the repetition, not an occurrence"),
        ({"event_when": "every Monday"}, None, "event_when is the repetition, not an occurrence"),
        ({"event_when": "每週一"}, None, "traditional: the repetition"),
        ({"event_when": "每週的項目週會"}, None, "no time the time service reads"),
        ({"event_when": "every Monday", "scope": "series"}, "series", "the model's reading"),
    ],
)
def test_scope_of(args: dict[str, str], scope: str | None, why: str) -> None:
    command = Command(tool="update_event", args={"event": "standup", "when": "10", **args}, call_index=0)
    assert scope_of(command, now=datetime(2025, 3, 5, 9, tzinfo=NY), tz=NY) == scope, why


async def test_moving_a_series_unasked_is_asked_not_written(kit: Kit) -> None:
    """The model says neither one nor all: code asks the user (a move is written at once, so the model is
    not asked to guess), and nothing is written."""
    await kit.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), rrule=WEEKLY)
    before = await kit.events()
    model = kit.script(call("update_event", {"event": "standup", "when": "10"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move the standup to 10")
    assert model.call_count == 1 and r.writes == () and await kit.events() == before
    assert [o.tag for o in r.options] == ["one", "series"]
    assert r.text.startswith("“Standup” repeats.") and "Monday, March 10" in r.options[0].label


# the model's reading: the words are never read by code (EN, ZH simplified, traditional)
READ_AS_SERIES = [
    ("en", "from now on the standup is at 10", "10am"),
    ("en", "all the standups should be at 10 now", "10"),
    ("en", "shift the standup to 10 going forward", "10am"),
    ("zh", "以后站会都放到上午十点", "上午十点"),
    ("zh", "站会统统改成十点开始", "十点"),
    ("zh", "往後站會一律改到十點", "十點"),
]


@pytest.mark.parametrize(("lang", "text", "when"), READ_AS_SERIES, ids=[r[1] for r in READ_AS_SERIES])
async def test_the_scope_the_model_gives_is_written(
    kit: Kit, database: object, make_user: object, lang: str, text: str, when: str
) -> None:
    k = kit if lang == "en" else await make_kit(database, make_user, timezone="Asia/Shanghai")
    tz = NY if lang == "en" else SH
    await k.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=tz), rrule=WEEKLY)
    args = {"event": "standup", "when": when}
    model = k.script(call("update_event", {**args, "scope": "series"}), reply("ok"))
    r = await k.assistant.reply(k.user_id, text)
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    past, moved = sorted(await k.events(), key=lambda e: e.start)
    assert past.start == datetime(2025, 3, 3, 9, tzinfo=tz)  # the Monday that happened stays
    assert (moved.start, moved.rrule) == (datetime(2025, 3, 10, 10, tzinfo=tz), WEEKLY)


OCCURRENCES = [
    ("en", "the standup on the 10th is at 10 instead", "the 10th", "10"),
    ("en", "move Monday's standup to 10", "Monday", "10"),
    ("zh", "下周一的站会改到十点", "下周一", "十点"),
    ("zh", "下週一那次站會挪到十點", "下週一", "十點"),
]


@pytest.mark.parametrize(("lang", "text", "event_when", "when"), OCCURRENCES, ids=[o[1] for o in OCCURRENCES])
async def test_an_occurrence_the_model_names_needs_no_question(
    kit: Kit, database: object, make_user: object, lang: str, text: str, event_when: str, when: str
) -> None:
    k, tz, title = (kit, NY, "Standup") if lang == "en" else (await _zh(database, make_user), SH, "站会")
    await k.seed(title, datetime(2025, 3, 3, 9, tzinfo=tz), rrule=WEEKLY)
    args = {"event": title, "event_when": event_when, "when": when}
    model = k.script(call("update_event", args), reply("ok"))
    r = await k.assistant.reply(k.user_id, text)
    assert len(r.writes) == 1 and model.call_count <= 2, r.text
    series, moved = sorted(await k.events(), key=lambda e: e.rrule is None)
    assert series.rrule == WEEKLY and series.exdates == (datetime(2025, 3, 10, 9, tzinfo=tz),)
    assert (moved.start, moved.rrule) == (datetime(2025, 3, 10, 10, tzinfo=tz), None)


async def _zh(database: object, make_user: object) -> Kit:
    return await make_kit(database, make_user, timezone="Asia/Shanghai")


DELETES = [
    ("en", "I'm done with the standup, drop it", {"event": "standup"}, "yes"),
    ("en", "no more standups for me - take them off", {"event": "standup"}, "yes"),
    ("en", "the weekly standup is over, remove it", {"event": "standup", "event_when": "weekly"}, "yes"),
    ("zh", "站会不开了，删了吧", {"event": "站会"}, "好"),
    ("zh", "每周的站会都不用开了，删掉", {"event": "站会", "event_when": "每周"}, "好的"),
    ("zh", "站會取消掉", {"event": "站會"}, "是的"),
]


@pytest.mark.parametrize(("lang", "text", "args", "yes"), DELETES, ids=[d[1] for d in DELETES])
async def test_a_delete_of_a_series_unsaid_asks_the_model_then_confirms(
    kit: Kit, database: object, make_user: object, lang: str, text: str, args: dict[str, str], yes: str
) -> None:
    """The model names no occurrence (or names the repetition itself, "每周"): it is asked once which; its
    "series" is then put to the user as yes/no naming the series, never written unasked."""
    k, tz = (kit, NY) if lang == "en" else (await _zh(database, make_user), SH)
    title = "Standup" if lang == "en" else args["event"]
    await k.seed(title, datetime(2025, 3, 3, 9, tzinfo=tz), rrule=WEEKLY)
    before = await k.events()
    model = k.script(call("delete_event", args), call("delete_event", {**args, "scope": "series"}))
    r = await k.assistant.reply(k.user_id, text)
    assert model.call_count == 2 and r.writes == () and await k.events() == before
    assert r.pending is not None, r.text  # a delete always asks first, naming the whole series
    assert r.text in (
        "Delete every “Standup” from Monday, March 10 on? (Earlier ones are kept.)",
        f"删除「{title}」3月10日（周一）及以后的所有日程吗？（之前的保留）",
        f"刪除「{title}」3月10日（週一）及以後的所有日程嗎？（之前的保留）",
    ), r.text
    k.script()
    r = await k.assistant.reply(k.user_id, yes)
    assert len(r.writes) == 1, r.text
    (past,) = await k.events()
    assert past.rrule and past.rrule.startswith(WEEKLY + ";UNTIL=")  # from the next Monday on; the past kept
    assert past.start == datetime(2025, 3, 3, 9, tzinfo=tz)


@pytest.mark.parametrize("answer", ["2", "all of them", "the whole series", "every"])
async def test_the_series_answer_moves_every_occurrence_from_the_next_on(kit: Kit, answer: str) -> None:
    await kit.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), rrule=WEEKLY)
    kit.script(call("update_event", {"event": "standup", "when": "10"}), reply("Done."))
    await kit.assistant.reply(kit.user_id, "move the standup to 10")
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 0 and len(r.writes) == 1
    # the series began in the past: it changes from its next occurrence on, said from the stored row
    assert (
        r.receipts[0].text
        == "Updated “Standup” from Monday, March 10 on — 10:00–11:00 AM (repeating; earlier ones unchanged)."
    )
    past, moved = sorted(await kit.events(), key=lambda e: e.start)
    assert (past.start, past.end, past.rrule) == (  # the past Monday stays as it was
        datetime(2025, 3, 3, 9, tzinfo=NY),
        datetime(2025, 3, 3, 10, tzinfo=NY),
        WEEKLY + ";UNTIL=20250310T125959Z",
    )
    assert (moved.start, moved.end, moved.rrule) == (
        datetime(2025, 3, 10, 10, tzinfo=NY),
        datetime(2025, 3, 10, 11, tzinfo=NY),
        WEEKLY,
    )


async def test_a_series_move_to_another_day_of_a_rule_of_several_days_is_refused(kit: Kit) -> None:
    # which of Monday and Wednesday goes to Tuesday is not a fact code has (one day moves: ``repetition``)
    await kit.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), rrule="FREQ=WEEKLY;BYDAY=MO,WE")
    before = await kit.events()
    kit.script(call("update_event", {"event": "standup", "when": "Tuesday 11am", "scope": "series"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every standup to Tuesday 11am")
    assert r.writes == () and await kit.events() == before
    assert "new rule" in r.text and "haven't changed" in r.text


async def test_a_daily_series_moves_by_the_clock_change_only(kit: Kit) -> None:
    await kit.seed("Journal", datetime(2025, 3, 1, 21, tzinfo=NY), rrule="FREQ=DAILY")
    kit.script(call("update_event", {"event": "journal", "when": "8:30pm", "scope": "series"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move the journal to 8:30pm every day")
    assert len(r.writes) == 1
    past, moved = sorted(await kit.events(), key=lambda e: e.start)
    assert past.start == datetime(2025, 3, 1, 21, tzinfo=NY)  # 1–4 March stay at 9pm
    assert (moved.start, moved.end) == (  # tonight's has not started: from it on
        datetime(2025, 3, 5, 20, 30, tzinfo=NY),
        datetime(2025, 3, 5, 21, 30, tzinfo=NY),
    )


async def test_renaming_a_series_needs_no_scope_question(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), rrule=WEEKLY)
    kit.script(call("update_event", {"event": "standup", "title": "Daily sync"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "rename the standup to Daily sync")
    assert len(r.writes) == 1
    past, renamed = sorted(await kit.events(), key=lambda e: e.start)
    assert (past.title, past.start) == ("Standup", datetime(2025, 3, 3, 9, tzinfo=NY))
    assert (renamed.title, renamed.start, renamed.rrule) == (
        "Daily sync",
        datetime(2025, 3, 10, 9, tzinfo=NY),
        WEEKLY,
    )


@pytest.mark.parametrize("answer", ["1", "just this one", "only this", "这一次"])
async def test_the_one_answer_moves_only_that_occurrence(kit: Kit, answer: str) -> None:
    await kit.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), rrule=WEEKLY)
    kit.script(call("update_event", {"event": "standup", "when": "10"}), reply("Done."))
    await kit.assistant.reply(kit.user_id, "move the standup to 10")
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 0 and len(r.writes) == 1
    english = "Moved one occurrence of “Standup” from 9:00 AM to 10:00 AM, Monday, March 10."
    chinese = "已将「Standup」的一次从09:00改到10:00：3月10日（周一）"
    assert r.receipts[0].text == (english if answer.isascii() else chinese)
    series, moved = sorted(await kit.events(), key=lambda e: e.rrule is None)
    assert (series.start, series.rrule, series.exdates) == (
        datetime(2025, 3, 3, 9, tzinfo=NY),
        WEEKLY,
        (datetime(2025, 3, 10, 9, tzinfo=NY),),
    )
    assert (moved.title, moved.start, moved.end, moved.rrule) == (
        "Standup",
        datetime(2025, 3, 10, 10, tzinfo=NY),
        datetime(2025, 3, 10, 11, tzinfo=NY),
        None,
    )


async def test_a_named_occurrence_is_moved_without_a_question_and_undone_whole(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), rrule=WEEKLY)
    before = await kit.events()
    args = {"event": "standup", "event_when": "Monday", "when": "Monday 10am"}
    model = kit.script(call("update_event", args), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move Monday's standup to 10am")
    assert model.call_count == 1 and len(r.writes) == 1 and len(await kit.events()) == 2
    kit.script(call("undo_last_change", {}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "undo that")
    assert r.text.startswith("Undo your last change") and not r.writes  # a model-chosen undo asks first
    r = await kit.assistant.reply(kit.user_id, "yes")
    assert len(r.writes) == 1 and await kit.events() == [
        e for e in await kit.events() if e.id == before[0].id
    ]
    (series,) = await kit.events()
    assert series.exdates == () and series.start == before[0].start


async def test_a_series_move_carries_a_skipped_occurrence_along(kit: Kit) -> None:
    await kit.seed(
        "Standup",
        datetime(2025, 3, 3, 9, tzinfo=NY),
        rrule=WEEKLY,
        exdates=(datetime(2025, 3, 17, 9, tzinfo=NY),),
    )
    kit.script(call("update_event", {"event": "standup", "when": "10", "scope": "series"}), reply("Done."))
    await kit.assistant.reply(kit.user_id, "move the standup to 10")
    _, series = sorted(await kit.events(), key=lambda e: e.start)
    assert series.exdates == (datetime(2025, 3, 17, 10, tzinfo=NY),)


@pytest.mark.parametrize("answer", ["the whole series", "all of them", "整个系列"])
async def test_which_day_answered_with_the_whole_series_deletes_the_series_from_now_on(
    kit: Kit, answer: str
) -> None:
    await kit.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), rrule=WEEKLY)
    kit.script(call("delete_event", {"event": "standup"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "delete the standup")
    assert r.pending is not None and r.pending.field == "event_when" and len(await kit.events()) == 1
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, answer)
    assert model.call_count == 0
    if r.pending is not None:  # a destructive change may ask for a yes first
        r = await kit.assistant.reply(kit.user_id, "yes")
    assert len(r.writes) == 1
    (past,) = await kit.events()  # Monday 3 March has happened: it stays
    assert past.rrule == WEEKLY + ";UNTIL=20250310T125959Z"


async def test_a_new_time_on_a_named_day_moves_that_days_occurrence(kit: Kit) -> None:
    """Live eval: tomorrow's standup pushed to 11am → update_event(when="tomorrow 11am"), no event_when."""
    await kit.seed(
        "Standup",
        datetime(2025, 3, 3, 9, 30, tzinfo=NY),
        datetime(2025, 3, 3, 9, 45, tzinfo=NY),
        rrule="FREQ=DAILY",
    )
    model = kit.script(call("update_event", {"event": "standup", "when": "tomorrow 11am"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "Shift tomorrow's standup to 11am")
    assert model.call_count == 1 and len(r.writes) == 1 and r.pending is None
    series, moved = sorted(await kit.events(), key=lambda e: e.rrule is None)
    assert series.exdates == (datetime(2025, 3, 6, 9, 30, tzinfo=NY),)
    assert (moved.start, moved.end) == (
        datetime(2025, 3, 6, 11, tzinfo=NY),
        datetime(2025, 3, 6, 11, 15, tzinfo=NY),
    )


async def test_a_clock_time_alone_still_asks(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 3, 9, 30, tzinfo=NY), rrule="FREQ=DAILY")
    kit.script(call("update_event", {"event": "standup", "when": "11am"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move the standup to 11am")
    assert r.writes == () and [o.tag for o in r.options] == ["one", "series"]
