"""Words sent with a calendar file: one model call with the file's events numbered and one tool
(``keep_events``); code builds the new preview from the numbers picked, and "yes" imports only those."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agent.attachments import Attachment
from agent.attachments.facts import entries_of
from agent.attachments.narrowing import narrow
from agent.model import ModelUnavailableError, UserMessage, call, reply
from agent.turn.telemetry import TurnTelemetry
from storage import Database, EventDraft
from storage.ics_plan import PlannedItem
from tests.agent.fixtures import make_kit
from tests.agent.model.fake_endpoint import FakeEndpoint, completion, native_call
from tests.fixtures import ics_file

LONDON = ZoneInfo("Europe/London")
NY = ZoneInfo("America/New_York")
TERM_NOW = datetime(2025, 9, 20, 9, 0, tzinfo=LONDON)
NOW = datetime(2025, 3, 5, 9, 0, tzinfo=NY)


def timetable() -> Attachment:
    return Attachment("university_timetable.ics", ics_file("university_timetable.ics"), "text/calendar")


async def test_the_model_picks_numbers_and_code_previews_them(database: Database, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="Europe/London")
    model = kit.script(call("keep_events", {"numbers": [1, 5]}))
    r = await kit.assistant.reply(kit.user_id, "just the algorithms lectures and the midterm please",
                                  attachment=timetable(), now=TERM_NOW)  # fmt: skip
    assert model.call_count == 1 and r.model_round_trips == 1 and r.route == "attachment"
    (sent,) = model.calls
    assert [t.name for t in sent.tools] == ["keep_events"] and sent.tool_choice == "required"
    listing = next(m.content for m in sent.messages if isinstance(m, UserMessage))
    assert "1. COMP2011 Algorithms - Lecture — every week on Monday and Wednesday" in listing
    assert "5. COMP2011 Midterm exam — Wednesday, October 22, 6:00–8:00 PM" in listing
    assert listing.endswith("The user's message: just the algorithms lectures and the midterm please")
    lines = r.text.splitlines()
    assert lines[:3] == [
        "Of the 5 events in “university_timetable.ics”, you asked for 2:",
        "“university_timetable.ics” has 2 events to add: 1 repeating, 1 single.",
        "Dates: Monday, September 29 – Wednesday, December 10.",
    ]
    assert lines[3].startswith("1. COMP2011 Algorithms - Lecture") and lines[4].startswith(
        "2. COMP2011 Midterm"
    )
    r = await kit.assistant.reply(kit.user_id, "yes", now=TERM_NOW + timedelta(minutes=1))
    assert model.call_count == 1 and len(r.writes) == 2
    assert sorted(e.title for e in await kit.events()) == [
        "COMP2011 Algorithms - Lecture",
        "COMP2011 Midterm exam",
    ]


async def test_a_series_is_kept_with_the_changes_to_its_occurrences(
    database: Database, make_user: Any
) -> None:
    kit = await make_kit(database, make_user)
    kit.script(call("keep_events", {"numbers": [1]}))
    google = Attachment("google_export.ics", ics_file("google_export.ics"), None)
    r = await kit.assistant.reply(kit.user_id, "只要读书会", attachment=google, now=NOW)
    assert r.text.splitlines()[0] == "「google_export.ics」里的3个日程中，按你说的保留1个："
    assert "（含1次改动、1次取消）" in r.text
    r = await kit.assistant.reply(kit.user_id, "好", now=NOW + timedelta(minutes=1))
    assert [w.action for w in r.writes] == ["created", "updated", "deleted"]
    assert sorted(e.title for e in await kit.events()) == ["Book club", "Book club (Friday this week)"]


async def test_all_keeps_the_whole_file(database: Database, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="Europe/London")
    kit.script(call("keep_events", {"all": True}))
    r = await kit.assistant.reply(
        kit.user_id, "here's my timetable for the term", attachment=timetable(), now=TERM_NOW
    )
    assert r.text.startswith("“university_timetable.ics” has 5 events to add")


@pytest.mark.parametrize("numbers", [[], [9, 0, -1]])
async def test_nothing_picked_is_said_and_nothing_is_pending(
    database: Database, make_user: Any, numbers: list[int]
) -> None:
    kit = await make_kit(database, make_user, timezone="Europe/London")
    kit.script(call("keep_events", {"numbers": numbers}))
    r = await kit.assistant.reply(kit.user_id, "only the seminars", attachment=timetable(), now=TERM_NOW)
    assert r.text == (
        "None of the events in “university_timetable.ics” fit what you asked for.\nYour calendar is unchanged."
    )
    assert r.pending is None and await kit.events() == []


async def test_numbers_off_the_list_are_dropped(database: Database, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="Europe/London")
    kit.script(call("keep_events", {"numbers": [3, 42, 3]}))
    r = await kit.assistant.reply(kit.user_id, "linear algebra only", attachment=timetable(), now=TERM_NOW)
    assert r.text.splitlines()[0] == "Of the 5 events in “university_timetable.ics”, you asked for 1:"
    assert r.text.splitlines()[3].startswith("1. MATH2203 Linear Algebra - Lecture")


@pytest.mark.parametrize(
    "step",
    [
        call("keep_events", {"numbers": "two"}),
        call("keep_events", {"numbers": [1], "note": "x"}),
        reply("Looks like a timetable!"),
        ModelUnavailableError("the endpoint is down"),
    ],
)
async def test_no_usable_pick_previews_the_whole_file(database: Database, make_user: Any, step: Any) -> None:
    kit = await make_kit(database, make_user, timezone="Europe/London")
    kit.script(step)
    r = await kit.assistant.reply(kit.user_id, "the tutorials", attachment=timetable(), now=TERM_NOW)
    assert r.text.startswith("“university_timetable.ics” has 5 events to add") and r.writes == ()
    assert r.pending is not None and await kit.events() == []
    (record,) = await kit.records("turn")
    assert record.payload["route"] == "attachment" and record.payload["model_round_trips"] == 1


@pytest.mark.parametrize("mode", ["json", "native"])
async def test_the_real_client_sends_one_tool_and_must_call_it(mode: str) -> None:
    """The narrowing call through ``OpenAIModel`` (a fake endpoint): only ``keep_events`` offered, a tool
    call required (the constrained schema has no reply branch), and the pick decoded."""
    answer = (
        completion(json.dumps({"request": "add", "tool": "keep_events", "arguments": {"numbers": [2]}}))
        if mode == "json"
        else completion(
            None, tool_calls=[native_call("keep_events", '{"numbers": [2]}')], finish="tool_calls"
        )
    )
    endpoint = FakeEndpoint(answer)
    items = [
        PlannedItem(
            "event",
            f"u{n}",
            title,
            f"ics:{n}",
            EventDraft(
                title, NOW + timedelta(days=n), NOW + timedelta(days=n, hours=1), timezone="America/New_York"
            ),
        )
        for n, title in ((1, "Gym"), (2, "Dentist"))
    ]
    entries = entries_of(items, NY)
    telemetry = TurnTelemetry(turn_id="t", lang="en")
    picked = await narrow(endpoint.model(tool_mode=mode), entries, items, "just the dentist", name="a.ics",
                          now=NOW, zone=NY, telemetry=telemetry)  # fmt: skip
    assert picked == (2,) and telemetry.model_round_trips == 1
    sent = endpoint.requests[0]
    if mode == "json":
        schema = sent["response_format"]["json_schema"]["schema"]
        branches = schema.get("anyOf", [schema])
        assert [b["properties"]["tool"]["const"] for b in branches] == ["keep_events"]
    else:
        assert [t["function"]["name"] for t in sent["tools"]] == ["keep_events"]
        assert sent["tool_choice"] == "required"


def _four_events() -> Attachment:
    """Two events in March 2025, two in April (now: Wednesday 2025-03-05, New York)."""
    rows = [("a", "Checkup", "20250320T090000"), ("b", "Wedding", "20250412T110000"),
            ("c", "Birthday dinner", "20250426T183000"), ("d", "Dentist", "20250328T150000")]  # fmt: skip
    body = "".join(
        f"BEGIN:VEVENT\r\nUID:{uid}@test\r\nDTSTAMP:20250301T000000Z\r\nSUMMARY:{title}\r\n"
        f"DTSTART;TZID=America/New_York:{start}\r\nDURATION:PT1H\r\nEND:VEVENT\r\n"
        for uid, title, start in rows
    )
    text = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n{body}END:VCALENDAR\r\n"
    return Attachment("family.ics", text.encode(), "text/calendar")


@pytest.mark.parametrize(
    "text",
    [
        "only next month's please",
        "just the ones in April",
        "下个月的那几个就行",
        "只导入4月的",
        "下個月的就好",
    ],
)
@pytest.mark.parametrize("pick", [{"all": True}, {"numbers": [2, 5, 7]}, {"numbers": [1, 9]}])
async def test_a_time_the_message_names_narrows_a_pick_of_everything(
    database: Database, make_user: Any, text: str, pick: dict
) -> None:
    """The model kept every event though the message names one time, or picked numbers the list does not
    have: the file's dates decide which are in it (the time service reads the time), and the preview shows
    only those."""
    kit = await make_kit(database, make_user)
    kit.script(call("keep_events", pick))
    r = await kit.assistant.reply(kit.user_id, text, attachment=_four_events(), now=NOW)
    assert "Wedding" in r.text and "Birthday dinner" in r.text, r.text
    assert "Checkup" not in r.text and "Dentist" not in r.text, r.text
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=1))
    assert sorted(e.title for e in await kit.events()) == ["Birthday dinner", "Wedding"]


@pytest.mark.parametrize("text", ["add these for this spring", "all of them please", "把这些都加上"])
async def test_a_time_holding_every_event_keeps_them_all(
    database: Database, make_user: Any, text: str
) -> None:
    kit = await make_kit(database, make_user)
    kit.script(call("keep_events", {"all": True}))
    r = await kit.assistant.reply(kit.user_id, text, attachment=_four_events(), now=NOW)
    assert all(t in r.text for t in ("Checkup", "Wedding", "Birthday dinner", "Dentist")), r.text
