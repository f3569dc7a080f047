"""Yes/no questions only, from one message (a swap: delete one event, add another; two deletes): asked as one
question that names every write, and one yes does them all, one no none (agent.turn.result.TurnResult
._asked_together). A choice or a missing value still goes one question at a time. Scripted model; now is
Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import ModelResponse, ToolCall, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the event on the calendar tomorrow 19:00-20:00, the model's delete and create, yes)
SWAPS = [
    ("America/New_York", "cancel tomorrow's tennis, yoga at 7pm instead", "Tennis",
     ("delete_event", {"event": "tennis", "event_when": "tomorrow"}),
     ("create_event", {"title": "Yoga", "when": "tomorrow 7pm"}), "yes"),
    ("Asia/Shanghai", "明天的网球不打了，晚上七点改成练瑜伽", "网球",
     ("delete_event", {"event": "网球", "event_when": "明天"}),
     ("create_event", {"title": "练瑜伽", "when": "明天晚上七点"}), "好"),
    ("Asia/Taipei", "明天的網球取消，換成晚上七點練瑜伽", "網球",
     ("delete_event", {"event": "網球", "event_when": "明天"}),
     ("create_event", {"title": "練瑜伽", "when": "明天晚上七點"}), "好的"),
]  # fmt: skip


async def _asked(database: Any, make_user: Any, row: tuple):  # type: ignore[no-untyped-def]
    zone, text, old, delete, create, _ = row
    kit = await make_kit(database, make_user, timezone=zone)
    await kit.seed(old, datetime(2025, 3, 6, 19, tzinfo=kit.tz))
    both = ModelResponse(tool_calls=(ToolCall("c1", *delete), ToolCall("c2", *create)), request="change")
    model = kit.script(both, reply("unused"))
    r = await kit.assistant.reply(kit.user_id, text)
    return kit, model, r


@pytest.mark.parametrize("row", SWAPS, ids=[r[1] for r in SWAPS])
async def test_a_swap_is_one_question_and_one_yes(database: Any, make_user: Any, row: tuple) -> None:
    kit, model, r = await _asked(database, make_user, row)
    old, new, yes = row[2], row[4][1]["title"], row[5]
    assert r.writes == () and r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert old in r.text and new in r.text, r.text  # the question names both writes
    done = await kit.assistant.reply(kit.user_id, yes)
    assert sorted(w.action for w in done.writes) == ["created", "deleted"] and done.pending is None, done.text
    assert [e.title for e in await kit.events()] == [new] and model.call_count == 1, done.text


@pytest.mark.parametrize("row", SWAPS[:2], ids=[r[1] for r in SWAPS[:2]])
async def test_one_no_does_none(database: Any, make_user: Any, row: tuple) -> None:
    kit, _, _ = await _asked(database, make_user, row)
    await kit.assistant.reply(kit.user_id, "no" if row[5] == "yes" else "不要")
    assert [e.title for e in await kit.events()] == [row[2]]


async def test_two_deletes_are_one_question(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Gym", datetime(2025, 3, 6, 7, tzinfo=kit.tz))
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=kit.tz))
    both = ModelResponse(tool_calls=(ToolCall("c1", "delete_event", {"event": "gym", "event_when": "tomorrow"}),
                                     ToolCall("c2", "delete_event", {"event": "dentist", "event_when": "tomorrow"})),
                         request="change")  # fmt: skip
    kit.script(both)
    r = await kit.assistant.reply(kit.user_id, "drop both the gym and the dentist tomorrow")
    assert "Gym" in r.text and "Dentist" in r.text and r.writes == (), r.text
    done = await kit.assistant.reply(kit.user_id, "yes")
    assert [w.action for w in done.writes] == ["deleted", "deleted"] and await kit.events() == [], done.text


async def test_the_same_write_sent_twice_is_asked_once(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user)
    await kit.seed("Gym", datetime(2025, 3, 6, 7, tzinfo=kit.tz))
    delete = ToolCall("c1", "delete_event", {"event": "gym", "event_when": "tomorrow"})
    kit.script(ModelResponse(tool_calls=(delete, ToolCall("c2", delete.name, dict(delete.arguments))), request="change"))
    r = await kit.assistant.reply(kit.user_id, "drop the gym tomorrow")
    assert r.text.count("Delete “Gym”") == 1 and "All 2" not in r.text, r.text
    done = await kit.assistant.reply(kit.user_id, "yes")
    assert [w.action for w in done.writes] == ["deleted"] and await kit.events() == [], done.text


def test_what_a_question_says_first_stands_before_the_list() -> None:
    from agent.render.phrases import ask_together

    text = ask_together(["Delete “Gym” (Thursday)?", "I couldn't find “Swim”.\nAdd “Swim” (Thursday, 7:00 PM)?"], "en")
    assert text == (
        "I couldn't find “Swim”.\nAll 2 of these? (yes/no)\n- Delete “Gym” (Thursday)?\n- Add “Swim” (Thursday, 7:00 PM)?"
    )
