"""Time arguments must be the user's words (agent.time_grounding), ends read from the right base, an
unusable optional end is dropped, and the prompt carries the reply language. Scripted model only; every
scenario counts the model calls."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from agent.fuller_phrase import fuller_phrase
from agent.model import SystemMessage, ToolResultMessage, call, reply
from agent.time_grounding import (
    is_time_grounded,
    starts_as,
)
from agent.time_readings import users_phrase
from agent.timing import resolve_end
from agent.turn.prompt import INSTRUCTIONS, build_messages
from agent.user_gave import user_gave_end, user_gave_multi_day
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, Kit, make_kit

SH_NOW = datetime(2026, 11, 30, 11, 50, tzinfo=SH)  # Monday
WANG = "明天下午三点跟王五开会"
BAD = {
    "title": "项目例会",  # no word of the message: code may not stand the user's phrase in for its time
    "when": "2026-11-30 15:00",
    "location": "会议室",
    "attendees": ["王五"],
    "notes": "讨论项目",
}


def _tool_results(model) -> list[dict]:  # type: ignore[no-untyped-def]
    out = []
    for recorded in model.calls:
        out += [json.loads(m.content) for m in recorded.messages if isinstance(m, ToolResultMessage)]
    return out


# ------------------------------------------------------------------------------------- the rule itself


@pytest.mark.parametrize(
    ("value", "grounded"),
    [
        ("明天下午三点", True),  # quoted
        ("明天下午3点", True),  # the same time words
        ("明天15:00", True),  # resolves to what the user said
        ("tomorrow 3pm", True),
        ("2026-12-01 15:00", True),
        ("2026-11-30 15:00", False),  # today: the model computed a date, wrongly
        ("15:00", False),
        (
            "下午三点",
            True,
        ),  # the user's words (a move keeps the day; a create reads today: the resolver's job)
        ("后天下午三点", False),
    ],
)
def test_time_argument_grounding(value: str, grounded: bool) -> None:
    assert is_time_grounded(value, [WANG], now=SH_NOW, tz=SH) is grounded


def test_grounding_joins_the_users_phrases_and_readings() -> None:
    assert is_time_grounded("tomorrow 3pm", ["tomorrow, meet Bob at 3pm"], now=NOW, tz=NY)
    assert is_time_grounded("Friday 4pm", ["Move the haircut on Friday to 4"], now=NOW, tz=NY)
    assert not is_time_grounded("1pm", ["lunch at 11pm"], now=NOW, tz=NY)
    assert not is_time_grounded("tomorrow 4:30pm", ["Add a design review tomorrow at 3:30pm"], now=NOW, tz=NY)


@pytest.mark.parametrize(
    ("value", "source", "grounded"),
    [
        ("18:00", "Board prep needs more time, make it run until 6", True),  # "until 6": 6 am or 6 pm
        ("2025-03-05 18:00", "make it run until 6", True),
        ("6am", "make it run until 6", True),
        ("17:00", "make it run until 6", False),
        ("16:00", "push it to 4", True),
        ("15:00", "I have 3 kids", False),  # a bare number with no "to" before it is no time
        ("3pm", "see you to 3", True),
    ],
)
def test_a_bare_hour_after_until_or_to_reads_as_a_clock_hour(value: str, source: str, grounded: bool) -> None:
    assert is_time_grounded(value, [source], now=NOW, tz=NY) is grounded


@pytest.mark.parametrize(
    ("value", "source", "grounded"),
    [
        ("45 minutes", "Put a 45-minute design review on Thursday at 2:30pm", True),
        ("2 hours", "book a 2-hour workshop friday 10am", True),
        ("30 minutes", "a half-hour call with Sam tomorrow at 4", True),
        ("90 minutes", "grab a 90-min slot with the vendor on monday", True),
        ("1 hour", "an hour-long catch-up with Ines tomorrow", True),
        ("1 hour", "Put a 45-minute design review on Thursday at 2:30pm", False),
    ],
)
def test_a_hyphenated_length_before_a_noun_grounds_the_duration(value: str, source: str, grounded: bool) -> None:
    assert is_time_grounded(value, [source], now=NOW, tz=NY) is grounded


@pytest.mark.parametrize(
    ("value", "source", "grounded"),
    [
        # A count is no hour: the only time words the user gave are elsewhere (or none).
        ("Friday 7:00 AM", "book a table for 7 at the bistro on Friday", False),
        ("Mar 20 7 PM", "reserve for 7 people on March 20", False),
        ("2025-03-07 04:00", "get 4 tickets for friday", False),
        ("周五上午6点", "周五订6个人的位子", False),
        ("週五晚上8點", "週五幫我訂8個人的桌子", False),
        ("3 PM", "lunch with 3 colleagues", False),
        # A number inside a time phrase is an hour the user left open.
        ("Friday 7:00 PM", "dinner friday 7", True),
        ("12:00 PM", "lunch with 3 people at 12", True),
    ],
)
def test_a_number_outside_any_time_phrase_grounds_no_clock(value: str, source: str, grounded: bool) -> None:
    assert is_time_grounded(value, [source], now=NOW, tz=NY) is grounded


def test_user_gave_an_end_or_a_long_span() -> None:
    assert user_gave_end("meet Bob tomorrow 3 to 5pm", now=NOW, tz=NY)
    assert user_gave_end("lunch Friday at noon for 2 hours", now=NOW, tz=NY)
    assert not user_gave_end(WANG, now=SH_NOW, tz=SH)
    assert user_gave_multi_day("trip from Friday 9am to Sunday 5pm", now=NOW, tz=NY)
    assert not user_gave_multi_day("design review tomorrow 3:30 to 4:30pm", now=NOW, tz=NY)


# ------------------------------------------------------------------------------- 1: a computed date


async def test_computed_date_goes_back_to_the_model_and_hallucinated_fields_are_dropped(
    database, make_user
) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = kit.script(call("create_event", BAD), call("create_event", {**BAD, "when": "明天下午三点"}))
    r = await kit.assistant.reply(kit.user_id, WANG, now=SH_NOW)
    assert model.call_count == 2 and r.model_round_trips == 2
    (problem,) = _tool_results(model)[0]["problems"]
    assert problem["field"] == "when" and "明天下午三点" in problem["hint"]
    (event,) = await kit.events()
    assert (event.start, event.end) == (
        datetime(2026, 12, 1, 15, tzinfo=SH),
        datetime(2026, 12, 1, 16, tzinfo=SH),
    )
    assert event.location is None and event.notes is None and event.attendees == ("王五",)
    dropped = {d["dropped"] for d in r.telemetry["dropped_fields"]}
    assert {"location", "notes"} <= dropped


async def test_second_ungrounded_time_asks_the_user_and_the_slot_gate_finishes(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = kit.script(call("create_event", BAD), call("create_event", BAD))
    r = await kit.assistant.reply(kit.user_id, WANG, now=SH_NOW)
    assert model.call_count == 2 and r.writes == () and await kit.events() == []
    assert r.pending is not None and r.pending.kind == "needs_value" and r.pending.field == "when"
    assert r.text == "「项目例会」定在什么时间？"
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "明天下午三点", now=SH_NOW + timedelta(minutes=1))
    assert model.call_count == 0 and r.route == "gate_slot" and len(r.writes) == 1
    (event,) = await kit.events()
    assert event.start == datetime(2026, 12, 1, 15, tzinfo=SH) and event.location is None


async def test_prose_instead_of_a_corrected_call_asks_the_user_and_never_echoes_the_model(
    database, make_user
) -> None:  # type: ignore[no-untyped-def]
    # The embedded model answered the structured error with text that quoted it back to the user.
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    echo = "The `when` argument must be quoted, e.g. '明天下午三点'."
    model = kit.script(call("create_event", BAD), reply(echo))
    r = await kit.assistant.reply(kit.user_id, WANG, now=SH_NOW)
    assert model.call_count == 2 and r.writes == () and await kit.events() == []
    assert r.text == "「项目例会」定在什么时间？" and "argument" not in r.text
    assert r.pending is not None and r.pending.kind == "needs_value" and r.pending.field == "when"


@pytest.mark.parametrize(
    ("message", "when"),
    [
        ("Meet Zhang San tomorrow at 3pm", "3pm"),
        ("Tomorrow 3pm, coffee with Zhang San", "3pm"),
    ],
)
async def test_a_when_that_drops_the_users_day_takes_the_users_fuller_phrase(
    kit: Kit, message: str, when: str
) -> None:
    # The embedded model's most common slip: "3pm" for "tomorrow at 3pm" would land the event today.
    model = kit.script(call("create_event", {"title": "Meet Zhang San", "when": when}))
    r = await kit.assistant.reply(kit.user_id, message)
    assert model.call_count == 1 and len(r.writes) == 1
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 6, 15, tzinfo=NY)  # NOW is Wed 2025-03-05 in New York


async def test_a_zh_when_that_drops_the_day_takes_the_users_phrase(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = kit.script(call("create_event", {"title": "跟王五开会", "when": "下午三点"}))
    r = await kit.assistant.reply(kit.user_id, WANG, now=SH_NOW)
    assert model.call_count == 1 and len(r.writes) == 1
    (event,) = await kit.events()
    assert event.start == datetime(2026, 12, 1, 15, tzinfo=SH)


# The model kept the day and its part but dropped the clock: the user's phrase is the time they gave.
DROPPED_CLOCKS = [
    ("America/New_York", "a call with Nina at 3 tomorrow afternoon", "tomorrow afternoon", datetime(2025, 3, 6, 15)),
    ("America/New_York", "drinks tomorrow evening at 7 with Sam", "tomorrow evening", datetime(2025, 3, 6, 19)),
    ("America/New_York", "Friday morning 9:30 budget review", "Friday morning", datetime(2025, 3, 7, 9, 30)),
    ("Asia/Shanghai", "周五晚上8点跟小李吃饭", "周五晚上", datetime(2025, 3, 7, 20)),
    ("Asia/Shanghai", "明天下午三点开会", "明天下午", datetime(2025, 3, 6, 15)),
    ("Asia/Taipei", "週六上午十點看牙醫", "週六上午", datetime(2025, 3, 8, 10)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tz", "message", "when", "start"), DROPPED_CLOCKS, ids=[r[1] for r in DROPPED_CLOCKS]
)
async def test_a_when_that_drops_the_users_clock_takes_the_users_phrase(  # type: ignore[no-untyped-def]
    database, make_user, tz, message, when, start
) -> None:
    k = await make_kit(database, make_user, timezone=tz)
    title = "Plan" if tz == "America/New_York" else message[-3:]
    model = k.script(call("create_event", {"title": title, "when": when}))
    r = await k.assistant.reply(k.user_id, message)
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    (event,) = await k.events()
    assert event.start == start.replace(tzinfo=ZoneInfo(tz))


def test_a_clock_outside_the_value_is_not_its_fuller_phrase() -> None:
    assert fuller_phrase("tomorrow afternoon", "tomorrow afternoon, call at 9", now=NOW, tz=NY) is None
    assert fuller_phrase("Friday", "Friday, then 3pm Monday", now=NOW, tz=NY) is None


def test_fuller_phrase_needs_exactly_one_fuller_user_phrase() -> None:
    assert fuller_phrase("3pm", "Meet Zhang San tomorrow at 3pm", now=NOW, tz=NY) is not None
    assert fuller_phrase("tomorrow at 3pm", "Meet Zhang San tomorrow at 3pm", now=NOW, tz=NY) is None
    # Two fuller phrases (two days at 3pm): which one is meant is the model's call, not code's.
    assert fuller_phrase("3pm", "Move it from Friday 3pm to Monday 3pm", now=NOW, tz=NY) is None


async def test_ungrounded_read_range_reads_the_users_window(kit: Kit) -> None:
    # a read writes nothing: the message's own "tomorrow" is read at once (agent.tools.reads; with no time
    # in the message the error still goes back to the model: tests/agent/test_users_window.py)
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    model = kit.script(
        call("list_events", {"range": "2025-03-07"}),
        reply("Tomorrow you have Dentist at 3pm."),
    )
    r = await kit.assistant.reply(kit.user_id, "What do I have tomorrow?")
    assert model.call_count == 2 and r.text == "Tomorrow you have Dentist at 3pm."
    [first] = [json.loads(m.content) for m in model.calls[1].messages if isinstance(m, ToolResultMessage)]
    assert [e["title"] for e in first["events"]] == ["Dentist"]


# ---------------------------------------------------------------------------- 2: ends from the right base


def test_end_naming_its_day_reads_from_now_and_a_bare_end_from_the_start_day() -> None:
    start = datetime(2025, 3, 6, 15, 30, tzinfo=NY)  # tomorrow 3:30pm
    assert resolve_end("tomorrow 4:30pm", start=start, now=NOW, tz=NY) == datetime(
        2025, 3, 6, 16, 30, tzinfo=NY
    )
    assert resolve_end("4:30pm", start=start, now=NOW, tz=NY) == datetime(2025, 3, 6, 16, 30, tzinfo=NY)
    assert resolve_end("2 hours", start=start, now=NOW, tz=NY) == datetime(2025, 3, 6, 17, 30, tzinfo=NY)
    late = datetime(2025, 3, 6, 23, tzinfo=NY)
    assert resolve_end("1am", start=late, now=NOW, tz=NY) == datetime(2025, 3, 7, 1, tzinfo=NY)
    assert resolve_end("today 5pm", start=start, now=NOW, tz=NY) is None  # before the start


# A clock end before the start on its day ends on the next day only when that is within half a day of the
# start ("11pm to 1am"); "1pm" for a 4pm event is no end of the next afternoon (None: the user is asked).
CALL = datetime(2025, 3, 5, 16, tzinfo=NY)
NIGHT = datetime(2025, 3, 5, 22, tzinfo=NY)
CLOCK_END_ROLLS = [
    ("1pm", CALL, None),
    ("下午1点", CALL, None),
    ("下午一點", CALL, None),
    ("9am", CALL, None),
    ("1am", NIGHT, datetime(2025, 3, 6, 1, tzinfo=NY)),
    ("凌晨两点", NIGHT, datetime(2025, 3, 6, 2, tzinfo=NY)),
    ("9:30am", NIGHT, datetime(2025, 3, 6, 9, 30, tzinfo=NY)),  # 11.5 hours: a night shift
    ("10am", NIGHT, None),  # exactly half a day on
    ("5pm", CALL, datetime(2025, 3, 5, 17, tzinfo=NY)),
]


@pytest.mark.parametrize(
    ("text", "start", "end"), CLOCK_END_ROLLS, ids=[f"{r[0]}@{r[1]:%H}" for r in CLOCK_END_ROLLS]
)
def test_a_clock_end_rolls_to_the_next_day_within_half_a_day(
    text: str, start: datetime, end: datetime | None
) -> None:
    assert resolve_end(text, start=start, now=NOW, tz=NY) == end


# An end alone ("till 2", 到两点) is read from the start: the first such time after it; one with no day that
# lands half a day or more after the start is not guessed (None: the user is asked).
LUNCH = datetime(2025, 3, 7, 12, 15, tzinfo=NY)
END_ALONE = [
    ("till 2", datetime(2025, 3, 7, 14, tzinfo=NY)),
    ("until 6pm", datetime(2025, 3, 7, 18, tzinfo=NY)),
    ("till 11pm", datetime(2025, 3, 7, 23, tzinfo=NY)),
    ("到两点", datetime(2025, 3, 7, 14, tzinfo=NY)),
    ("到下午三點", datetime(2025, 3, 7, 15, tzinfo=NY)),
    ("直到晚上十点", datetime(2025, 3, 7, 22, tzinfo=NY)),
    ("till saturday noon", datetime(2025, 3, 8, 12, tzinfo=NY)),
    ("till 11", None),  # 11am the next day: not guessed
    ("until 12", None),
    ("until 10am", None),  # before the start on its day, the next day's is 22 hours on
]


@pytest.mark.parametrize(("text", "end"), END_ALONE, ids=[r[0] for r in END_ALONE])
def test_an_end_alone_is_read_from_the_start(text: str, end: datetime | None) -> None:
    assert resolve_end(text, start=LUNCH, now=NOW, tz=NY) == end


# A morning-or-evening end ("until 6", 六点) is the one reading within half a day after the start; a day it
# names is read from now, as said. Both readings or none within half a day: not guessed.
PREP = datetime(2025, 3, 6, 16, tzinfo=NY)  # tomorrow 4pm
END_EITHER = [
    ("until 6", datetime(2025, 3, 6, 18, tzinfo=NY)),
    ("at 6", datetime(2025, 3, 6, 18, tzinfo=NY)),
    ("六点", datetime(2025, 3, 6, 18, tzinfo=NY)),
    ("六點為止", datetime(2025, 3, 6, 18, tzinfo=NY)),
    ("until 7 tomorrow", datetime(2025, 3, 6, 19, tzinfo=NY)),
    ("明天七点", datetime(2025, 3, 6, 19, tzinfo=NY)),
    ("until 3", None),  # a bare 3 is 3pm (the time service's convention): the next day's, a day on: not guessed
    ("until 5", datetime(2025, 3, 6, 17, tzinfo=NY)),
]


@pytest.mark.parametrize(("text", "end"), END_EITHER, ids=[r[0] for r in END_EITHER])
def test_a_morning_or_evening_end_is_the_reading_after_the_start(text: str, end: datetime | None) -> None:
    assert resolve_end(text, start=PREP, now=NOW, tz=NY) == end


async def test_end_with_its_own_day_is_not_a_25_hour_event(kit: Kit) -> None:
    args = {"title": "Design review", "when": "tomorrow 3:30pm", "end": "tomorrow 4:30pm"}
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, "Add a design review tomorrow 3:30pm until tomorrow 4:30pm")
    assert model.call_count == 1 and len(r.writes) == 1
    (event,) = await kit.events()
    assert event.end - event.start == timedelta(hours=1)


async def test_invented_end_is_dropped_for_the_default_hour(kit: Kit) -> None:
    args = {"title": "Design review", "when": "tomorrow 3:30pm", "end": "tomorrow 4:30pm"}
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, "Add a design review tomorrow at 3:30pm")
    assert model.call_count == 1 and len(r.writes) == 1
    (event,) = await kit.events()
    assert (event.start, event.end) == (
        datetime(2025, 3, 6, 15, 30, tzinfo=NY),
        datetime(2025, 3, 6, 16, 30, tzinfo=NY),
    )
    assert {"dropped": "end", "reason": "ungrounded_time"}.items() <= r.telemetry["dropped_fields"][0].items()


async def test_end_over_24_hours_the_user_said_is_asked(kit: Kit) -> None:
    args = {"title": "Offsite", "when": "tomorrow 9am", "end": "Friday 5pm"}
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, "Offsite tomorrow 9am, ends Friday 5pm")
    assert model.call_count == 1 and r.writes == () and await kit.events() == []
    assert r.pending is not None and r.pending.field == "end"


async def test_multi_day_span_in_the_users_words_is_written(kit: Kit) -> None:
    args = {"title": "Offsite", "when": "Thursday 9am", "end": "Friday 5pm"}
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, "Offsite from Thursday 9am to Friday 5pm")
    assert model.call_count == 1 and len(r.writes) == 1
    (event,) = await kit.events()
    assert event.end - event.start == timedelta(hours=32)


# --------------------------------------------------------------------------- 3: an unusable optional end


async def test_unresolvable_end_on_a_plain_create_uses_the_default_hour(database, make_user) -> None:  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    args = {
        "title": "跟王五开会",
        "when": "明天下午三点",
        "end": "明天下午三点",
    }  # grounded, not after the start
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, WANG, now=SH_NOW)
    assert model.call_count == 1 and len(r.writes) == 1 and r.pending is None
    assert "结束" not in r.text
    (event,) = await kit.events()
    assert (event.start, event.end) == (
        datetime(2026, 12, 1, 15, tzinfo=SH),
        datetime(2026, 12, 1, 16, tzinfo=SH),
    )
    assert any(d["dropped"] == "end" for d in r.telemetry["dropped_fields"])


async def test_an_end_given_as_a_range_ends_at_its_end(kit: Kit) -> None:
    model = kit.script(call("create_event", {"title": "Sync", "when": "tomorrow 3pm", "end": "3 to 5pm"}))
    r = await kit.assistant.reply(kit.user_id, "Sync tomorrow 3 to 5pm")
    assert model.call_count == 1 and len(r.writes) == 1
    (event,) = await kit.events()
    assert event.end - event.start == timedelta(hours=2)


async def test_mangled_end_the_user_gave_is_asked(kit: Kit) -> None:
    args = {"title": "Sync", "when": "tomorrow 3pm", "end": "3pm"}  # the next day's 3pm: 24 hours
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, "Sync tomorrow 3 to 5pm")
    assert model.call_count == 1 and r.writes == ()
    assert r.pending is not None and r.pending.field == "end"


async def test_a_start_day_given_as_the_end_is_dropped_not_asked(kit: Kit) -> None:
    """Live model: "…every other Thursday at 2pm, starting April 3" → end "April 3" (the start's day)."""
    args = {"title": "1:1 with Priya", "when": "every other Thursday at 2pm", "end": "March 6"}
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(
        kit.user_id, "Book a 1:1 with Priya every other Thursday at 2pm, starting March 6"
    )
    assert model.call_count == 1 and len(r.writes) == 1 and r.pending is None
    (event,) = await kit.events()
    assert (event.start, event.end) == (
        datetime(2025, 3, 6, 14, tzinfo=NY),
        datetime(2025, 3, 6, 15, tzinfo=NY),
    )
    assert "INTERVAL=2" in (event.rrule or "")
    assert {"dropped": "end", "reason": "start_day"}.items() <= r.telemetry["dropped_fields"][0].items()


@pytest.mark.parametrize(
    ("message", "args", "first"),
    [
        (
            "Book a 1:1 with Priya every other Thursday at 2pm, starting March 13",
            {"title": "1:1 with Priya", "when": "every other Thursday at 2pm"},
            datetime(2025, 3, 13, 14, tzinfo=NY),
        ),
        (
            "Book a 1:1 with Priya every other Thursday at 2pm, starting March 13",
            {"title": "1:1 with Priya", "when": "every other Thursday at 2pm", "end": "March 13"},
            datetime(2025, 3, 13, 14, tzinfo=NY),
        ),
        (
            "每两周周四下午两点和李雷开会，3月20日起",
            {"title": "和李雷开会", "when": "每两周周四下午两点"},
            datetime(2025, 3, 20, 14, tzinfo=NY),
        ),
    ],
    ids=["start dropped by the model", "start passed as the end", "起 after the rule"],
)
async def test_a_series_starts_where_the_user_said(
    kit: Kit, message: str, args: dict[str, str], first: datetime
) -> None:
    kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, message)
    assert len(r.writes) == 1 and r.pending is None
    (event,) = await kit.events()
    assert (event.start, event.rrule) == (first, "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH")


async def test_a_start_day_as_the_end_is_asked_when_the_user_named_an_end(kit: Kit) -> None:
    args = {"title": "1:1 with Priya", "when": "Thursday 2pm", "end": "March 6"}
    model = kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, "1:1 with Priya Thursday March 6 from 2pm to 3:30pm")
    assert model.call_count == 1 and r.writes == () and await kit.events() == []
    assert r.pending is not None and r.pending.field == "end"


# -------------------------------------------------------------------------------- 4 and 5: the prompt


@pytest.mark.parametrize(
    ("text", "line"), [("What do I have tomorrow?", "Reply in English."), (WANG, "请用中文回答。")]
)
def test_dynamic_context_carries_the_reply_language(text: str, line: str) -> None:
    messages = build_messages(
        text, now=NOW, tz=NY, history=[("user", "明天有什么安排"), ("assistant", "没有安排。")]
    )
    assert messages[0] == SystemMessage(INSTRUCTIONS)  # the static prefix is untouched
    assert "Reply in" not in INSTRUCTIONS.split("\n", 1)[1]
    assert isinstance(messages[1], SystemMessage) and line in messages[1].content


async def test_the_model_sees_the_language_of_this_message(kit: Kit) -> None:
    model = kit.script(reply("你好！有什么可以帮你？"), reply("Nothing tomorrow."))
    await kit.assistant.reply(kit.user_id, "你好")
    await kit.assistant.reply(kit.user_id, "What do I have tomorrow?", now=NOW + timedelta(minutes=1))
    assert model.call_count == 2
    assert "Reply in English." in model.calls[1].messages[1].content


def test_read_tool_descriptions_say_which_question_is_which(kit: Kit) -> None:
    specs = {s.name: s.description for s in kit.assistant.registry.specs}
    assert "what do I have" in specs["list_events"] and "有什么安排" in specs["list_events"]
    assert "free" in specs["find_free_time"] and "什么时候有空" in specs["find_free_time"]
    assert len(specs["list_events"]) + len(specs["find_free_time"]) < 200


@pytest.mark.parametrize(
    "text",
    [
        "What do I have tomorrow?",
        "明天有什么安排",
        "明天我忙吗",
        "When am I free tomorrow?",
        "Am I available tomorrow afternoon?",
        "明天什么时候有空",
        "明天下午有时间吗",
    ],
)
async def test_find_free_time_answers_with_the_free_slots_and_the_events_of_the_range(
    kit: Kit, text: str
) -> None:
    """Which question it was is the model's to read, not a word list's: the one read carries both."""
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    range_words = ("明天下午" if "下午" in text else "明天") if "明天" in text else "tomorrow"
    model = kit.script(call("find_free_time", {"range": range_words, "duration": "1 hour"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, text)
    (result,) = _tool_results(model)
    assert result["ok"] and result["free"] and [e["title"] for e in result["events"]] == ["Dentist"]
    assert "note" not in result and "hint" not in result


async def test_a_request_to_add_sent_to_find_free_time_is_written_on_the_model_s_next_call(
    database, make_user
) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = zh.script(
        call("find_free_time", {"range": "周日全天", "duration": "1 hour"}),
        call("create_event", {"title": "家庭日", "when": "周日全天"}),
    )
    r = await zh.assistant.reply(zh.user_id, "这周日全天家庭日，帮我占上")
    assert model.call_count == 2 and len(r.writes) == 1, r.text
    (event,) = await zh.events()
    assert event.all_day and event.title == "家庭日"


def test_zone_is_a_zoneinfo() -> None:
    assert isinstance(SH, ZoneInfo)


async def test_a_repetition_the_model_left_out_comes_from_its_clause(kit: Kit) -> None:
    """Live eval: "I run every weekday at 8am for 30 min, starting tomorrow" → a single event; the
    repetition is in the clause that names the event, so code takes it (agent.writes.left_out)."""
    model = kit.script(
        call("create_event", {"title": "Run", "when": "tomorrow at 8am", "duration": "30 min"}),
    )  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, "I run every weekday at 8am for 30 min, starting tomorrow")
    assert model.call_count == 1 and len(r.writes) == 1
    (event,) = await kit.events()
    assert event.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" and event.start == datetime(
        2025, 3, 6, 8, tzinfo=NY
    )


async def test_a_repetition_of_something_else_is_kept_out_on_the_second_answer(kit: Kit) -> None:
    model = kit.script(
        call("create_event", {"title": "Physio", "when": "tomorrow at 8am"}),
        call("create_event", {"title": "Physio", "when": "tomorrow at 8am"}),
    )
    r = await kit.assistant.reply(kit.user_id, "I run every weekday, so book the physio tomorrow at 8am")
    assert model.call_count == 2 and len(r.writes) == 1
    (event,) = await kit.events()
    assert event.rrule is None


# ------------------------------------------------- 3: an event's time the user never gave, the user's phrase


def test_users_phrase_replaces_a_value_that_only_reads_the_same() -> None:
    assert users_phrase("2026-12-01 15:00", [WANG], now=SH_NOW, tz=SH) == "明天下午三点"
    assert users_phrase("明天下午3点", [WANG], now=SH_NOW, tz=SH) is None  # the user's own time words
    assert users_phrase("2026-11-30 15:00", [WANG], now=SH_NOW, tz=SH) is None  # reads differently
    assert users_phrase("Friday 2026-12-04 15:00", ["周五下午三点开会"], now=SH_NOW, tz=SH) == "周五下午三点"
    moved = (
        "部门例会以后都挪到下午三点吧"  # "到下午三点" reads as "until 15:00"; the time given is "下午三点"
    )
    assert users_phrase(" Monday 2026-11-30 15:00", [moved], now=SH_NOW, tz=SH) == "下午三点"


async def test_an_event_time_the_user_never_gave_is_dropped_and_several_matches_asked(kit: Kit) -> None:
    for day in (6, 7):
        await kit.seed("Call with Ravi", datetime(2025, 3, day, 11, tzinfo=NY))
    before = await kit.events()
    model = kit.script(
        call("delete_event", {"event": "call with Ravi", "event_when": "Wednesday 2025-03-05 09:00"})
    )
    r = await kit.assistant.reply(kit.user_id, "Cancel my call with Ravi")
    assert model.call_count == 1 and r.writes == () and await kit.events() == before
    assert len(r.options) == 2 and r.pending is not None and r.pending.kind == "needs_choice"
    assert {d["dropped"] for d in r.telemetry["dropped_fields"]} == {"event_when"}
    model = kit.script()
    r = await kit.assistant.reply(kit.user_id, "number two")
    assert r.text == "Delete “Call with Ravi” (Friday, March 7, 11:00 AM–12:00 PM)?" and not r.writes
    r = await kit.assistant.reply(kit.user_id, "yes")
    assert model.call_count == 0 and len(r.writes) == 1
    (left,) = await kit.events()
    assert left.start == datetime(2025, 3, 6, 11, tzinfo=NY)


async def test_an_event_time_the_user_never_gave_is_dropped_for_the_one_match(kit: Kit) -> None:
    await kit.seed("Lunch with Marco", datetime(2025, 3, 10, 12, tzinfo=NY))
    kit.script(
        call("delete_event", {"event": "lunch with Marco", "event_when": "Wednesday 2025-03-05 09:00"})
    )
    r = await kit.assistant.reply(kit.user_id, "Marco has to cancel, so take our lunch off my calendar")
    assert r.pending is not None and r.pending.kind == "needs_confirmation"  # a delete asks first
    r = await kit.assistant.reply(kit.user_id, "yes")
    assert len(r.writes) == 1 and await kit.events() == []


async def test_a_mangled_event_time_the_user_did_give_is_their_phrase(kit: Kit) -> None:
    # the one time phrase no grounded argument accounts for ("Friday") is what the model mangled: code uses
    # it (agent.guards.times), no retry
    await kit.seed("Call with Ravi", datetime(2025, 3, 7, 11, tzinfo=NY))
    await kit.seed("Call with Ravi", datetime(2025, 3, 10, 11, tzinfo=NY))
    model = kit.script(
        call("update_event", {"event": "call with Ravi", "event_when": "2025-03-10", "when": "Monday 3pm"}),
    )
    r = await kit.assistant.reply(kit.user_id, "move Friday's call with Ravi to Monday 3pm")
    assert model.call_count == 1 and len(r.writes) == 1
    assert sorted(e.start for e in await kit.events()) == [
        datetime(2025, 3, 10, 11, tzinfo=NY),
        datetime(2025, 3, 10, 15, tzinfo=NY),
    ]


async def test_a_series_move_with_an_invented_occurrence_time_moves_the_series(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("部门例会", datetime(2025, 2, 3, 9, tzinfo=SH), rrule="FREQ=WEEKLY;BYDAY=MO")
    args = {"event": "部门例会", "event_when": " Wednesday 2025-03-05 22:00", "when": "下午三点"}
    model = zh.script(call("update_event", {**args, "scope": "series"}))  # the invented time is not "one"
    r = await zh.assistant.reply(zh.user_id, "部门例会以后都挪到下午三点吧")
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    past, moved = sorted(await zh.events(), key=lambda e: e.start)  # from the next Monday on
    assert past.start == datetime(2025, 2, 3, 9, tzinfo=SH)
    assert (moved.start, moved.rrule) == (datetime(2025, 3, 10, 15, tzinfo=SH), "FREQ=WEEKLY;BYDAY=MO")


async def test_an_update_without_the_new_time_the_user_gave_goes_back_naming_it(database, make_user) -> None:  # type: ignore[no-untyped-def]
    zh = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await zh.seed("和李老师喝咖啡", datetime(2025, 3, 12, 15, tzinfo=SH))  # next Wednesday
    model = zh.script(
        call("update_event", {"event": "和李老师喝咖啡", "event_when": "周三下午三点"}),
        call(
            "update_event", {"event": "和李老师喝咖啡", "event_when": "周三下午三点", "when": "周五下午三点"}
        ),
    )
    # no verb of moving before the time (agent.writes.left_out would take it from "改到…"): back to the model
    r = await zh.assistant.reply(zh.user_id, "和李老师喝咖啡那个，周五下午三点可以吗？她周三临时有事")
    assert model.call_count == 2 and len(r.writes) == 1, r.text
    hint = _tool_results(model)[0]["problems"][0]["hint"]
    assert "'周五下午三点'" in hint
    (event,) = await zh.events()
    assert event.start == datetime(2025, 3, 7, 15, tzinfo=SH)


async def test_an_update_with_nothing_to_change_goes_back_and_the_model_asks(kit: Kit) -> None:
    # no value to change and no other time: back to the model once (agent.writes.no_change), which asks
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    model = kit.script(
        call("update_event", {"event": "dentist", "event_when": "tomorrow"}),
        reply("What would you like to change about the dentist appointment?"),
    )
    r = await kit.assistant.reply(kit.user_id, "change tomorrow's dentist")
    assert model.call_count == 2 and r.writes == ()
    assert "changes_nothing" in _tool_results(model)[0]["problems"][0]["problem"]
    assert r.text == "What would you like to change about the dentist appointment?"


async def test_an_update_start_that_is_the_prompts_now_is_dropped(kit: Kit) -> None:
    await kit.seed("Weekly meeting", datetime(2025, 3, 5, 14, tzinfo=NY), datetime(2025, 3, 5, 16, tzinfo=NY))
    args = {"event": "weekly meeting", "when": "Wednesday 2025-03-05 09:00", "duration": "one hour"}
    model = kit.script(call("update_event", args))
    r = await kit.assistant.reply(kit.user_id, "shorten today's weekly meeting to one hour")
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    (event,) = await kit.events()
    assert (event.start, event.end) == (
        datetime(2025, 3, 5, 14, tzinfo=NY),
        datetime(2025, 3, 5, 15, tzinfo=NY),
    )
    assert {d["dropped"] for d in r.telemetry["dropped_fields"]} == {"when"}


async def test_find_free_time_for_a_question_about_an_event_with_no_time_searches_by_name(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 11, 9, tzinfo=NY))
    await kit.seed("Dinner with Jo", datetime(2025, 3, 7, 19, tzinfo=NY))
    model = kit.script(
        call("find_free_time", {"range": "next Monday", "duration": "1 hour"}),
        reply("Your next dentist appointment is Tuesday, March 11 at 9am."),
    )
    r = await kit.assistant.reply(kit.user_id, "When's my next dentist visit?")
    (result,) = _tool_results(model)
    assert result["ok"] and [e["title"] for e in result["events"]][:1] == ["Dentist"]
    assert "named like the user's words" in result["note"] and "11" in r.text


# A bare hour beside a day ("sat 8", 周六8点): the model's "8 AM" picked a reading and dropped the day. The
# user's phrase stands for it, and its two readings are asked about: never today at 8am.
BARE_HOURS = [
    ("America/New_York", "book a chat with Lena sat 8", "8 AM", "Chat with Lena"),
    ("America/New_York", "pencil in a sync w/ Raj sat 8", "08:00", "Sync with Raj"),
    ("Asia/Shanghai", "周六8点和小王打电话", "8:00", "和小王打电话"),
    ("Asia/Taipei", "週六8點跟小王通電話", "8:00", "跟小王通電話"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "message", "when", "title"), BARE_HOURS, ids=[r[1] for r in BARE_HOURS])
async def test_a_bare_hour_beside_a_day_keeps_the_day_and_asks_the_half(  # type: ignore[no-untyped-def]
    database, make_user, tz, message, when, title
) -> None:
    k = await make_kit(database, make_user, timezone=tz)
    k.script(call("create_event", {"title": title, "when": when}))
    r = await k.assistant.reply(k.user_id, message)
    assert r.writes == () and r.pending is not None and r.pending.kind == "needs_choice", r.text
    assert all(line.startswith(("1.", "2.")) for line in r.text.splitlines()[1:]), r.text
    assert ("Saturday, March 8" in r.text) or ("3月8日" in r.text), r.text


async def test_a_computed_date_beside_a_title_of_the_users_is_their_phrase(database, make_user) -> None:  # type: ignore[no-untyped-def]
    # the title names the user's 王五 (会议 only adds the kind): the one time phrase of the message stands in
    # for the computed date at once, no second model call (test_kind_added_title)
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    model = kit.script(call("create_event", {**BAD, "title": "王五会议"}))
    r = await kit.assistant.reply(kit.user_id, WANG, now=SH_NOW)
    assert model.call_count == 1 and r.writes, r.text
    (event,) = await kit.events()
    assert event.start == datetime(2026, 12, 1, 15, tzinfo=SH)


@pytest.mark.parametrize(
    ("value", "phrase", "same"),
    [
        ("Wednesday, March 5, 4:00–4:30 PM", "at 4", True),  # an event's whole time, as a tool result names it
        ("March 5, 4:00-4:30 PM", "4pm", True),
        ("3月5日（周三） 16:00–16:30", "下午4点", True),
        ("3月5日 16:00-16:30", "4点", True),
        ("Wednesday, March 5, 4:30–5:00 PM", "at 4", False),  # another start
        ("Thursday, March 6, 4:00–4:30 PM", "at 4", False),  # another day
        ("March 5", "at 4", False),  # no clock: a day is no start at the user's clock
    ],
)
def test_a_value_that_starts_where_the_users_clock_reads(value: str, phrase: str, same: bool) -> None:
    assert starts_as(value, phrase, now=NOW, tz=NY) is same
