"""A repeating write is checked against the events at each of its coming occurrences (90 days, 30 of them at
most: ``writes.overlaps``), not only its first: a new series, a one-off made repeating, a series moved. The
question names the clash with its day, and a "yes" writes it. Before, only the first occurrence was checked,
so "piano every Thursday at 7pm" went in over next Thursday's dinner without a word, and a change of
repetition checked nothing. Scripted model; now is Wednesday 2025-03-05 09:00 in New York; "Dinner with
Ana" is on Thursday March 13, 7-9pm (the second Thursday)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, tool, arguments, the word of the question, the rule written after "yes")
ROWS = [
    ("add piano every thursday at 7pm", "create_event",
     {"title": "Piano", "when": "7pm", "recurrence": "every thursday"}, "Dinner with Ana", "BYDAY=TH"),
    ("每周四晚上七点上钢琴课", "create_event",
     {"title": "钢琴课", "when": "晚上七点", "recurrence": "每周四"}, "Dinner with Ana", "BYDAY=TH"),
    ("put in a daily walk at 7:30pm", "create_event",
     {"title": "Walk", "when": "7:30pm", "recurrence": "daily"}, "Dinner with Ana", "FREQ=DAILY"),
    ("make the book club weekly", "update_event", {"event": "book club", "recurrence": "weekly"},
     "Dinner with Ana", "FREQ=WEEKLY"),
    ("读书会改成每周一次", "update_event", {"event": "读书会", "recurrence": "每周"}, "Dinner with Ana", "FREQ=WEEKLY"),
    ("book club should repeat every thursday", "update_event",
     {"event": "book club", "recurrence": "every thursday"}, "Dinner with Ana", "BYDAY=TH"),
    ("move the standup to 7pm from now on", "update_event", {"event": "standup", "when": "7pm", "scope": "series"},
     "Dinner with Ana", "BYDAY=MO,TU,WE,TH,FR"),
    ("站会以后都改到晚上七点", "update_event", {"event": "站会", "when": "晚上七点", "scope": "series"},
     "Dinner with Ana", "BYDAY=MO,TU,WE,TH,FR"),
    ("from now on the standup is at 8pm", "update_event", {"event": "standup", "when": "8pm", "scope": "series"},
     "Dinner with Ana", "BYDAY=MO,TU,WE,TH,FR"),
]  # fmt: skip


async def _calendar(kit: Kit, zh: bool) -> None:
    book_club = (datetime(2025, 3, 6, 20, 30, tzinfo=NY), datetime(2025, 3, 6, 21, 0, tzinfo=NY))
    await kit.seed("读书会" if zh else "Book club", *book_club)  # (no clash with a 7pm or 8pm one that day)
    standup = (datetime(2025, 2, 3, 9, 30, tzinfo=NY), datetime(2025, 2, 3, 9, 45, tzinfo=NY))
    await kit.seed("站会" if zh else "Standup", *standup, rrule="FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    await kit.seed("Dinner with Ana", datetime(2025, 3, 13, 19, 0, tzinfo=NY), datetime(2025, 3, 13, 21, 0, tzinfo=NY))


@pytest.mark.parametrize(("text", "tool", "args", "named", "rule"), ROWS, ids=[r[0] for r in ROWS])
async def test_a_later_clash_is_asked_about(kit: Kit, text: str, tool: str, args: dict, named: str, rule: str) -> None:
    await _calendar(kit, zh=any("\u4e00" <= ch <= "\u9fff" for ch in text))
    before = {(e.title, e.start, e.rrule) for e in await kit.events()}
    model = kit.script(call(tool, args, request="add" if tool == "create_event" else "change"), reply("Done."))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and named in asked.text, asked.text
    assert "13" in asked.text, asked.text  # the clash's own day
    if tool == "create_event":  # a new series is shown from its first one, said to repeat
        assert ("repeating, from" in asked.text) or ("重复，" in asked.text), asked.text
    assert {(e.title, e.start, e.rrule) for e in await kit.events()} == before, asked.text
    calls = len(model.calls)
    done = await kit.assistant.reply(kit.user_id, "yes")
    assert len(model.calls) == calls, done.text
    assert any(e.rrule and rule in e.rrule and (e.title, e.start, e.rrule) not in before for e in await kit.events()), done.text


@pytest.mark.parametrize(
    ("text", "tool", "args"),
    [
        ("add piano every tuesday at 7pm", "create_event", {"title": "Piano", "when": "7pm", "recurrence": "every tuesday"}),
        ("move the standup to 10 from now on", "update_event", {"event": "standup", "when": "10", "scope": "series"}),
        ("每周二晚上七点上钢琴课", "create_event", {"title": "钢琴课", "when": "晚上七点", "recurrence": "每周二"}),
    ],
    ids=["new", "moved", "zh"],
)  # fmt: skip
async def test_no_clash_is_written_at_once(kit: Kit, text: str, tool: str, args: dict) -> None:
    await _calendar(kit, zh=any("\u4e00" <= ch <= "\u9fff" for ch in text))
    kit.script(call(tool, args, request="add" if tool == "create_event" else "change"), reply("Done."))
    answer = await kit.assistant.reply(kit.user_id, text)
    assert answer.pending is None and ("Created" in answer.text or "Updated" in answer.text or "已" in answer.text), answer.text


async def test_a_clash_past_the_horizon_is_not_asked(kit: Kit) -> None:
    await kit.seed("Conference dinner", datetime(2025, 9, 4, 19, 0, tzinfo=NY))  # a Thursday six months on
    kit.script(call("create_event", {"title": "Piano", "when": "7pm", "recurrence": "every thursday"}), reply("ok"))
    answer = await kit.assistant.reply(kit.user_id, "add piano every thursday at 7pm")
    assert answer.pending is None and "Created" in answer.text, answer.text
