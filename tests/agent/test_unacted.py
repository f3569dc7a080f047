"""A write request the model read but answered in prose (``agent.turn.unacted``): sent back once with its
own reading, so a correction right after a write is made, and nothing else is."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import SystemMessage, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, Kit, make_kit

CORRECTIONS = [
    ("America/New_York", "brunch with Mark tomorrow at 11am", "Brunch with Mark", "no wait, Marcus, not Mark",
     "Brunch with Marcus"),
    ("America/New_York", "dinner with Mark tomorrow at 7pm", "Dinner with Mark", "sorry, make that Marcus",
     "Dinner with Marcus"),
    ("America/New_York", "coffee with Dana tomorrow at 9am", "Coffee with Dana", "oops, it's Diana",
     "Coffee with Diana"),
    ("Asia/Shanghai", "明天中午12点和小王吃饭", "和小王吃饭", "不对，是小汪", "和小汪吃饭"),
    ("Asia/Taipei", "明天中午12點跟小王吃飯", "跟小王吃飯", "說錯了，是小汪", "跟小汪吃飯"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "first", "title", "correction", "renamed"), CORRECTIONS)
async def test_a_correction_answered_in_prose_is_sent_back_and_made(
    database: Any, make_user: Any, tz: str, first: str, title: str, correction: str, renamed: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    when = first[: first.index("点" if "点" in first else "點") + 1] if "明天" in first else first.split(" with ")[1].split(" ", 1)[1]
    kit.script(call("create_event", {"title": title, "when": when}, request="add"))
    await kit.assistant.reply(kit.user_id, first)
    model = kit.script(
        reply("I can't help with that.", request="change"),
        call("update_event", {"event": title, "title": renamed}, request="change"),
    )
    r = await kit.assistant.reply(kit.user_id, correction, now=NOW + timedelta(minutes=1))
    assert model.call_count == 2 and len(r.writes) == 1, r.text
    notes = [m.content for m in model.calls[1].messages if isinstance(m, SystemMessage)]
    assert any("called no tool" in n for n in notes)
    assert [e.title for e in await kit.events()] == [renamed]
    assert "called no tool" not in r.text and "can't help" not in r.text, r.text


@pytest.mark.parametrize("kind", ["chat", "mixed", "cannot_do", None])
async def test_prose_read_as_no_write_request_is_the_answer(kit: Kit, kind: str | None) -> None:
    model = kit.script(reply("Hello! How can I help?", request=kind))
    r = await kit.assistant.reply(kit.user_id, "hi there")
    assert model.call_count == 1 and r.text == "Hello! How can I help?" and r.writes == ()


@pytest.mark.parametrize(
    ("text", "kind", "answer"),
    [("move it", "change", "Which event do you mean?"), ("add one", "add", "Which event do you mean?"),
     ("改一下", "change", "你指的是哪个日程？")],
)  # fmt: skip
async def test_the_note_is_sent_once_and_prose_again_is_the_answer(
    kit: Kit, text: str, kind: str, answer: str
) -> None:
    model = kit.script(reply("Which event?", request=kind), reply(answer, request=kind))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 2 and r.text == answer and r.writes == ()


async def test_no_send_back_after_a_read_this_turn(kit: Kit) -> None:
    """Prose after a tool ran this turn answers from what the tool returned: it is not sent back."""
    await kit.seed("Gym", datetime(2025, 3, 7, 18, tzinfo=kit.tz))
    model = kit.script(
        call("list_events", {"range": "Friday"}, request="change"),
        reply("You have Gym on Friday at 6 PM. Which one should I move?", request="change"),
    )
    r = await kit.assistant.reply(kit.user_id, "move my friday thing")
    assert model.call_count == 2 and r.writes == (), r.text
