"""A change or a delete whose reference finds an event only by a near spelling or an abbreviation of a title
word ("offsite" against "call with Tokyo office") asks which event is meant instead of writing: a near word
may be another word. A word of the title as spelled (or its plural or possessive) writes at once. Scripted
model; EN and ZH messages (a Latin word in a Chinese message is looked up the same way)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

START, END = datetime(2025, 3, 6, 18, tzinfo=NY), datetime(2025, 3, 6, 19, tzinfo=NY)

# (the event's title, the message, the model's call)
NEAR: list[tuple[str, str, tuple[str, dict[str, Any]]]] = [
    ("Call with Tokyo office", "block out next friday for the offsite",
     ("update_event", {"event": "offsite", "when": "next friday"})),
    ("Revise budget", "push the review to friday",
     ("update_event", {"event": "review", "when": "friday"})),
    ("Melting point lab", "move the meeting to friday",
     ("update_event", {"event": "meeting", "when": "friday"})),
    ("Call with Tokyo office", "取消offsite",
     ("delete_event", {"event": "offsite"})),
    ("Revise budget", "把review挪到周五",
     ("update_event", {"event": "review", "when": "周五"})),
    ("Melting point lab", "meeting改到周五吧",
     ("update_event", {"event": "meeting", "when": "周五"})),
]  # fmt: skip


@pytest.mark.parametrize(("title", "text", "made"), NEAR, ids=[r[1] for r in NEAR])
async def test_a_near_spelling_alone_asks(kit: Kit, title: str, text: str, made: tuple[str, dict[str, Any]]) -> None:
    await kit.seed(title, START, END)
    kit.script(call(*made), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes, r.text
    assert r.pending is not None and title in r.text, r.text
    [event] = await kit.events()
    assert event.start == START


# (the event's title, the message, the model's call): a title word as spelled, plural or possessive
SPELLED: list[tuple[str, str, tuple[str, dict[str, Any]]]] = [
    ("Standup", "move the standups on thursday to 7pm", ("update_event", {"event": "standups", "when": "7pm"})),
    ("Ana's farewell", "push ana's farewell to 7pm", ("update_event", {"event": "Ana's farewell", "when": "7pm"})),
    ("Call with Tokyo office", "把Tokyo的电话改到晚上七点",
     ("update_event", {"event": "Tokyo电话", "when": "晚上七点"})),
]  # fmt: skip


@pytest.mark.parametrize(("title", "text", "made"), SPELLED, ids=[r[1] for r in SPELLED])
async def test_a_word_as_spelled_writes(kit: Kit, title: str, text: str, made: tuple[str, dict[str, Any]]) -> None:
    await kit.seed(title, START, END)
    kit.script(call(*made), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert event.start.astimezone(NY).hour == 19
