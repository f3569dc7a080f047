"""A change of how an event repeats (``writes.repetition``): a one-off made to repeat, a series given a new
rule from its next occurrence on, the same rule again (nothing written), a repetition stopped (asked
first), and a repetition the model added to a plain move (dropped). Before, "make it weekly" sent as
``when="every week"`` moved the event to today and stored no rule. Now is Wednesday 2025-03-05 09:00 in
America/New_York; DST began Sunday 2025-03-09."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

WEEKLY_MONDAY = "FREQ=WEEKLY;BYDAY=MO"
SERIES_START = datetime(2025, 3, 3, 9, tzinfo=NY)  # a Monday; the next one not started is the 10th
ONE_OFF = datetime(2025, 3, 10, 9, tzinfo=NY)  # a Monday


def _title(text: str) -> str:
    return "Standup" if text.isascii() else "站会"


# (message, the model's update, the rule stored, the first start)
ONE_OFF_ROWS: list[tuple[str, dict[str, Any], str, datetime]] = [
    ("make the standup weekly", {"event": "standup", "when": "every week"}, "FREQ=WEEKLY", ONE_OFF),
    ("the standup should happen every week from now on", {"event": "standup", "recurrence": "weekly"},
     "FREQ=WEEKLY", ONE_OFF),
    ("standup is daily now", {"event": "standup", "recurrence": "daily"}, "FREQ=DAILY", ONE_OFF),
    ("make the standup repeat every tuesday", {"event": "standup", "recurrence": "every tuesday"},
     "FREQ=WEEKLY;BYDAY=TU", datetime(2025, 3, 11, 9, tzinfo=NY)),
    ("have the standup every week at 10am", {"event": "standup", "when": "every week at 10am"},
     "FREQ=WEEKLY", datetime(2025, 3, 10, 10, tzinfo=NY)),
    ("站会改成每周一次", {"event": "站会", "when": "每周"}, "FREQ=WEEKLY", ONE_OFF),
    ("站会以后每天都开", {"event": "站会", "recurrence": "每天"}, "FREQ=DAILY", ONE_OFF),
    ("站会改成每周二上午十点", {"event": "站会", "when": "每周二上午十点"}, "FREQ=WEEKLY;BYDAY=TU",
     datetime(2025, 3, 11, 10, tzinfo=NY)),
    ("站會改成每兩週一次", {"event": "站會", "recurrence": "每兩週"}, "FREQ=WEEKLY;INTERVAL=2", ONE_OFF),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "rule", "first"), ONE_OFF_ROWS, ids=[r[0] for r in ONE_OFF_ROWS])
async def test_a_one_off_made_to_repeat(
    kit: Kit, text: str, update: dict[str, Any], rule: str, first: datetime
) -> None:
    title = "站會" if "站會" in text else _title(text)
    await kit.seed(title, ONE_OFF)
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert event.rrule == rule and event.start == first and event.duration == timedelta(hours=1), r.text
    assert r.writes and r.writes[0].persisted
    assert ("was one-time" in r.text) if text.isascii() else ("原为不重复" in r.text or "原為不重複" in r.text), r.text


# (message, the model's update, the new series' rule, its first start)
SERIES_ROWS: list[tuple[str, dict[str, Any], str, datetime]] = [
    ("make the standup every other week from now on", {"event": "standup", "recurrence": "every other week"},
     "FREQ=WEEKLY;INTERVAL=2", datetime(2025, 3, 10, 9, tzinfo=NY)),
    ("standup on mondays and thursdays from now on", {"event": "standup", "when": "every monday and thursday"},
     "FREQ=WEEKLY;BYDAY=MO,TH", datetime(2025, 3, 10, 9, tzinfo=NY)),
    ("move the standup from mondays to tuesdays", {"event": "standup", "when": "tuesdays", "scope": "series"},
     "FREQ=WEEKLY;BYDAY=TU", datetime(2025, 3, 11, 9, tzinfo=NY)),
    ("站会从每周一改到每周二", {"event": "站会", "when": "每周二"}, "FREQ=WEEKLY;BYDAY=TU",
     datetime(2025, 3, 11, 9, tzinfo=NY)),
    ("站会以后每天开", {"event": "站会", "recurrence": "每天", "scope": "one"}, "FREQ=DAILY",
     datetime(2025, 3, 10, 9, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "rule", "first"), SERIES_ROWS, ids=[r[0] for r in SERIES_ROWS])
async def test_a_series_gets_a_new_rule_from_its_next_occurrence(
    kit: Kit, text: str, update: dict[str, Any], rule: str, first: datetime
) -> None:
    await kit.seed(_title(text), SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    earlier, later = sorted(await kit.events(), key=lambda e: e.start)
    assert earlier.start == SERIES_START and "UNTIL=" in (earlier.rrule or ""), r.text  # the past stays
    assert later.rrule == rule and later.start == first, r.text
    assert "earlier ones unchanged" in r.text if text.isascii() else "之前的不变" in r.text


SAME_ROWS: list[tuple[str, dict[str, Any]]] = [
    ("make the standup weekly", {"event": "standup", "recurrence": "weekly"}),
    ("the standup is every monday", {"event": "standup", "when": "every monday"}),
    ("站会每周一开", {"event": "站会", "when": "每周一"}),
    ("站会是每周一次", {"event": "站会", "recurrence": "每周"}),
]


@pytest.mark.parametrize(("text", "update"), SAME_ROWS, ids=[r[0] for r in SAME_ROWS])
async def test_the_same_rule_again_writes_nothing(kit: Kit, text: str, update: dict[str, Any]) -> None:
    seeded = await kit.seed(_title(text), SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert not r.writes and event.version == seeded.version and event.rrule == WEEKLY_MONDAY, r.text
    assert "already" in r.text if text.isascii() else "本来就是" in r.text


STOP_ROWS: list[tuple[str, str, str]] = [
    ("stop repeating the standup", "never", "yes"),
    ("the standup is a one-time thing after this", "once", "yes"),
    ("站会以后不再重复了", "不重复", "好"),
    ("站會不要再重複了", "不重複", "好的"),
]


@pytest.mark.parametrize(("text", "value", "yes"), STOP_ROWS, ids=[r[0] for r in STOP_ROWS])
async def test_stopping_a_repetition_is_asked_then_keeps_the_next_one(
    kit: Kit, text: str, value: str, yes: str
) -> None:
    title = "站會" if "站會" in text else _title(text)
    await kit.seed(title, SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", {"event": title, "recurrence": value}), reply("Done."))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert not asked.writes and len(await kit.events()) == 1, asked.text
    assert "March 10" in asked.text if text.isascii() else "3月10日" in asked.text
    kit.script(reply("unused"))
    done = await kit.assistant.reply(kit.user_id, yes)
    assert kit.model.call_count == 0 and done.writes, done.text
    earlier, left = sorted(await kit.events(), key=lambda e: e.start)
    assert "UNTIL=" in (earlier.rrule or "") and left.rrule is None and left.start == datetime(2025, 3, 10, 9, tzinfo=NY)
    assert "no longer repeats" in done.text if text.isascii() else ("不再重复" in done.text or "不再重複" in done.text)


@pytest.mark.parametrize("no", ["no", "不用了"])
async def test_a_stop_answered_no_changes_nothing(kit: Kit, no: str) -> None:
    seeded = await kit.seed("Standup", SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", {"event": "standup", "recurrence": "never"}), reply("Done."))
    await kit.assistant.reply(kit.user_id, "stop repeating the standup")
    kit.script(reply("OK, I left it as it is."))
    r = await kit.assistant.reply(kit.user_id, no)
    (event,) = await kit.events()
    assert not r.writes and event.version == seeded.version and event.rrule == WEEKLY_MONDAY


@pytest.mark.parametrize("text", ["stop repeating the standup", "站会不再重复"])
async def test_stopping_what_does_not_repeat_says_so(kit: Kit, text: str) -> None:
    seeded = await kit.seed(_title(text), ONE_OFF)
    kit.script(call("update_event", {"event": _title(text), "recurrence": "never"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert not r.writes and event.version == seeded.version, r.text
    assert "doesn't repeat" in r.text if text.isascii() else "本来就不重复" in r.text


# a plain move the model sent with a repetition the user never said: the move, no new rule
MOVE_ROWS: list[tuple[str, dict[str, Any], datetime]] = [
    ("move the standup to 10", {"event": "standup", "when": "10am", "recurrence": "weekly"},
     datetime(2025, 3, 10, 10, tzinfo=NY)),
    ("push the standup an hour later", {"event": "standup", "when": "an hour later", "recurrence": "every monday"},
     datetime(2025, 3, 10, 10, tzinfo=NY)),
    ("站会改到十点", {"event": "站会", "when": "十点", "recurrence": "每周"}, datetime(2025, 3, 10, 10, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "start"), MOVE_ROWS, ids=[r[0] for r in MOVE_ROWS])
async def test_a_repetition_the_user_never_said_is_dropped(
    kit: Kit, text: str, update: dict[str, Any], start: datetime
) -> None:
    await kit.seed(_title(text), ONE_OFF)
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert event.rrule is None and event.start == start, r.text


async def test_a_rule_crossing_daylight_saving_keeps_the_wall_clock(kit: Kit) -> None:
    """A Saturday 9:00 (EST) made "every Monday": the first Monday is after the change to EDT, at 9:00."""
    await kit.seed("Standup", datetime(2025, 3, 8, 9, tzinfo=NY))
    kit.script(call("update_event", {"event": "standup", "recurrence": "every monday"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "make the standup every monday instead")
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 10, 9, tzinfo=NY) and event.rrule == WEEKLY_MONDAY, r.text


async def test_a_new_rule_is_undone_whole(kit: Kit) -> None:
    seeded = await kit.seed("Standup", SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", {"event": "standup", "recurrence": "every other week"}), reply("Done."))
    await kit.assistant.reply(kit.user_id, "make the standup every other week from now on")
    kit.script(call("undo_last_change", {}), reply("Undone."))
    asked = await kit.assistant.reply(kit.user_id, "undo that")  # a model-initiated undo is asked first
    assert not asked.writes, asked.text
    kit.script(reply("unused"))
    r = await kit.assistant.reply(kit.user_id, "yes")
    (event,) = await kit.events()
    assert r.writes and event.rrule == WEEKLY_MONDAY and event.start == seeded.start, r.text


# the repetition inside words the model copied around it ("每週四上" of 改到每週四上): the one phrase the time
# service reads as repeating, on a one-off and on a series
INSIDE_ROWS: list[tuple[str, dict[str, Any], str | None, str, datetime]] = [
    ("站会以后每周都有吧", {"event": "站会", "when": "每周都有"}, None, "FREQ=WEEKLY", ONE_OFF),
    ("站會改成每週固定開", {"event": "站會", "when": "每週固定開"}, None, "FREQ=WEEKLY", ONE_OFF),
    ("can you make the standup a weekly thing", {"event": "standup", "recurrence": "a weekly thing"}, None,
     "FREQ=WEEKLY", ONE_OFF),
    ("站會之後改到每週四開", {"event": "站會", "when": "每週四開"}, WEEKLY_MONDAY, "FREQ=WEEKLY;BYDAY=TH",
     datetime(2025, 3, 13, 9, tzinfo=NY)),
    ("standup on thursdays going forward", {"event": "standup", "when": "thursdays going forward"}, WEEKLY_MONDAY,
     "FREQ=WEEKLY;BYDAY=TH", datetime(2025, 3, 13, 9, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "seeded", "rule", "first"), INSIDE_ROWS, ids=[r[0] for r in INSIDE_ROWS])
async def test_the_repetition_inside_copied_words(
    kit: Kit, text: str, update: dict[str, Any], seeded: str | None, rule: str, first: datetime
) -> None:
    await kit.seed(str(update["event"]).title(), SERIES_START if seeded else ONE_OFF, rrule=seeded)
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    latest = max(await kit.events(), key=lambda e: e.start)
    assert latest.rrule == rule and latest.start == first, r.text


# a weekly series on one day moved whole to another day: that rule on the new day, from the next one on
DAY_ROWS: list[tuple[str, dict[str, Any], datetime]] = [
    ("switch the standup to thursdays from now on", {"event": "standup", "when": "thursday", "scope": "series"},
     datetime(2025, 3, 13, 9, tzinfo=NY)),
    ("all the standups move to Friday at 10", {"event": "standup", "when": "Friday 10am", "scope": "series"},
     datetime(2025, 3, 14, 10, tzinfo=NY)),
    ("站会以后都改到周三", {"event": "站会", "when": "周三", "scope": "series"}, datetime(2025, 3, 12, 9, tzinfo=NY)),
    ("站會以後全部改到週五下午三點", {"event": "站會", "when": "週五下午三點", "scope": "series"},
     datetime(2025, 3, 14, 15, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "first"), DAY_ROWS, ids=[r[0] for r in DAY_ROWS])
async def test_a_one_day_series_moved_to_another_day(
    kit: Kit, text: str, update: dict[str, Any], first: datetime
) -> None:
    await kit.seed(str(update["event"]).title(), SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    earlier, later = sorted(await kit.events(), key=lambda e: e.start)
    assert "UNTIL=" in (earlier.rrule or "") and earlier.start == SERIES_START, r.text
    days = {0: "MO", 1: "TU", 2: "WE", 3: "TH", 4: "FR"}
    assert later.rrule == f"FREQ=WEEKLY;BYDAY={days[first.weekday()]}" and later.start == first, r.text
    assert later.duration == timedelta(hours=1), r.text


# a repetition the words deny ("不用每周", "no longer weekly") as the model's recurrence: the repetition stops,
# asked first
DENIED_ROWS: list[tuple[str, str]] = [
    ("站会以后不用每周重复了", "不用每周重复"),
    ("站會不再每週了", "不再每週"),
    ("the standup is no longer weekly", "no longer weekly"),
    ("standup: not every week anymore", "not every week anymore"),
]


@pytest.mark.parametrize(("text", "value"), DENIED_ROWS, ids=[r[0] for r in DENIED_ROWS])
async def test_a_denied_repetition_stops_it_after_a_yes(kit: Kit, text: str, value: str) -> None:
    title = "Standup" if text.isascii() else "站会"
    await kit.seed(title, SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", {"event": title, "recurrence": value}), reply("Done."))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert not asked.writes and len(await kit.events()) == 1, asked.text
    kit.script(reply("unused"))
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    earlier, left = sorted(await kit.events(), key=lambda e: e.start)
    assert "UNTIL=" in (earlier.rrule or ""), done.text
    assert done.writes and left.rrule is None and left.start == datetime(2025, 3, 10, 9, tzinfo=NY), done.text


# the prompt's "Now:" the model copied beside a new rule (swapped into the new time): never the new clock;
# the swap is the model's guess, so it is asked, naming the rule and the real time
COPIED_NOW_ROWS: list[tuple[str, dict[str, Any]]] = [
    ("From now on the standup is every Thursday instead",
     {"event": "standup", "event_when": "Wednesday 2025-03-05 09:00", "recurrence": "every Thursday"}),
    ("going forward the standup is on thursdays", {"event": "standup", "when": "now", "recurrence": "thursdays"}),
    ("站会以后改成每周四", {"event": "站会", "when": "现在", "recurrence": "每周四"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update"), COPIED_NOW_ROWS, ids=[r[0] for r in COPIED_NOW_ROWS])
async def test_a_copied_now_is_no_new_clock(kit: Kit, text: str, update: dict[str, Any]) -> None:
    await kit.seed(_title(text), datetime(2025, 3, 3, 17, tzinfo=NY), rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    if not r.writes:  # asked: the question names the real time, and yes writes it
        assert "5:00" in r.text or "17:00" in r.text, r.text
        kit.script(reply("unused"))
        r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    latest = max(await kit.events(), key=lambda e: e.start)
    assert latest.rrule == "FREQ=WEEKLY;BYDAY=TH" and latest.start == datetime(2025, 3, 13, 17, tzinfo=NY), r.text


# an update with no value at all, on a message that denies the event's repetition: the stop, asked first
NO_VALUE_ROWS: list[tuple[str, dict[str, Any]]] = [
    ("站会以后不用每周重复了，留下一次就行", {"event": "站会", "event_when": "每周", "scope": "one"}),
    ("站會不再每週開了", {"event": "站會"}),
    ("the standup is no longer weekly", {"event": "standup", "scope": "series"}),
    ("standup - not every week anymore please", {"event": "standup"}),
]


@pytest.mark.parametrize(("text", "update"), NO_VALUE_ROWS, ids=[r[0] for r in NO_VALUE_ROWS])
async def test_a_denied_repetition_with_no_value_offers_the_stop(kit: Kit, text: str, update: dict[str, Any]) -> None:
    title = str(update["event"]).title()
    await kit.seed(title, SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("update_event", update), reply("Done."))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert not asked.writes and len(await kit.events()) == 1, asked.text
    assert "Stop" in asked.text if text.isascii() else ("不再重复" in asked.text or "不再重複" in asked.text), asked.text
    kit.script(reply("unused"))
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    earlier, left = sorted(await kit.events(), key=lambda e: e.start)
    assert "UNTIL=" in (earlier.rrule or ""), done.text
    assert done.writes and left.rrule is None and left.start == datetime(2025, 3, 10, 9, tzinfo=NY), done.text


# a create whose only time is how often, titled as one upcoming one-off: that event's repetition, asked
CREATE_ROWS: list[tuple[str, dict[str, Any], str]] = [
    ("standup should repeat every week", {"title": "Standup", "when": "every week"}, "yes"),
    ("make it a daily standup", {"title": "standup", "when": "daily"}, "yes"),
    ("站会以后每周都开", {"title": "站会", "when": "每周"}, "好"),
    ("站會改成每天", {"title": "站會", "when": "每天"}, "好的"),
]


@pytest.mark.parametrize(("text", "create", "yes"), CREATE_ROWS, ids=[r[0] for r in CREATE_ROWS])
async def test_a_repetition_sent_as_a_create_asks_to_repeat_the_event(
    kit: Kit, text: str, create: dict[str, Any], yes: str
) -> None:
    title = str(create["title"]).title() if text.isascii() else str(create["title"])
    await kit.seed(title, ONE_OFF)
    kit.script(call("create_event", create), reply("Done."))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert not asked.writes and len(await kit.events()) == 1, asked.text
    assert title in asked.text and ("repeat" in asked.text or "重复" in asked.text or "重複" in asked.text), asked.text
    kit.script(reply("unused"))
    done = await kit.assistant.reply(kit.user_id, yes)
    (event,) = await kit.events()
    assert done.writes and event.rrule and event.start == ONE_OFF, done.text


async def test_a_repeating_create_beside_a_series_of_that_name_is_left_alone(kit: Kit) -> None:
    # a series already repeats: the create's own question stands ("what time?"), no change of the series
    await kit.seed("Standup", SERIES_START, rrule=WEEKLY_MONDAY)
    kit.script(call("create_event", {"title": "Standup", "when": "every week"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "standup every week")
    assert not r.writes and "repeat" not in r.text, r.text


# "now" as the event's current time (the prompt's minute, or "from now on") finds no event: it is dropped,
# never swapped in as the new time ("Change “Book club” to Wednesday 9:00?")
NOW_ROWS: list[tuple[str, dict[str, Any], datetime | None]] = [
    ("book club should be weekly from now on", {"event": "book club", "event_when": "now", "scope": "series"}, None),
    ("from now on book club is at 8pm", {"event": "book club", "event_when": "now", "when": "8pm"},
     datetime(2025, 3, 6, 20, tzinfo=NY)),
    ("读书会从现在起改到晚上八点", {"event": "读书会", "event_when": "现在", "when": "晚上八点"},
     datetime(2025, 3, 6, 20, tzinfo=NY)),
    ("book club moves to 8pm, from now on", {"event": "book club", "event_when": "Wednesday 2025-03-05 09:00",
     "when": "8pm"}, datetime(2025, 3, 6, 20, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "start"), NOW_ROWS, ids=[r[0] for r in NOW_ROWS])
async def test_now_is_no_time_of_the_event(kit: Kit, text: str, update: dict[str, Any], start: datetime | None) -> None:
    title = "Book club" if text.isascii() else "读书会"
    await kit.seed(title, datetime(2025, 3, 6, 19, tzinfo=NY), datetime(2025, 3, 6, 20, 30, tzinfo=NY))
    kit.script(call("update_event", update), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    if start is None:  # the repetition left out: offered, naming it and the event's own time
        assert not r.writes and "repeat every week" in r.text and "7:00" in r.text, r.text
    else:
        assert "March 5" not in r.text and "3月5日" not in r.text, r.text
        if not r.writes:
            kit.script(reply("unused"))
            r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
            (event,) = await kit.events()
        assert event.start == start, r.text


# A one-off, and the model's change beside a stop the user never said (its placeholder "never"): the change
# is written and no rule; before, "doesn't repeat, nothing changed" lost the change.
# (message, the model's update, what the event has after it)
STOP_BESIDE_ROWS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("push the standup to 10", {"event": "standup", "when": "10", "recurrence": "never"},
     {"start": datetime(2025, 3, 10, 10, tzinfo=NY)}),
    ("rename the standup to Daily sync", {"event": "standup", "title": "Daily sync", "recurrence": "once"},
     {"title": "Daily sync"}),
    ("the standup is in room 4 now", {"event": "standup", "location": "room 4", "recurrence": "never"},
     {"location": "room 4"}),
    ("把站会改到十点", {"event": "站会", "when": "十点", "recurrence": "不重复"},
     {"start": datetime(2025, 3, 10, 10, tzinfo=NY)}),
    ("站会地点改成3楼", {"event": "站会", "location": "3楼", "recurrence": "never"}, {"location": "3楼"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "update", "after"), STOP_BESIDE_ROWS, ids=[r[0] for r in STOP_BESIDE_ROWS])
async def test_a_stop_beside_a_change_of_a_one_off_keeps_the_change(
    kit: Kit, text: str, update: dict[str, Any], after: dict[str, Any]
) -> None:
    await kit.seed(_title(text), ONE_OFF)
    kit.script(call("update_event", update, request="change"), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert r.writes and r.writes[0].persisted and event.rrule is None, r.text
    assert all(getattr(event, name) == value for name, value in after.items()), (r.text, event)
