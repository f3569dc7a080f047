"""A reference naming a person finds an event of someone spelled almost the same ("Jon" → "1:1 with Joan"):
another person, so the user is asked, never the event moved. Scripted model."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit


@pytest.mark.parametrize(
    ("title", "reference", "text"),
    [
        ("1:1 with Joan", "1:1 with Jon", "move my 1:1 with Jon to Friday"),
        ("Call with Kate", "call with Kat", "push the call with Kat to Friday"),
        ("Sync with Marco", "sync with Marko", "Marko's sync → Friday please"),
        ("Lunch with Anna", "lunch with Ana", "can you move lunch with Ana to friday"),
    ],
)
async def test_a_similar_name_is_asked_about(kit: Kit, title: str, reference: str, text: str) -> None:
    seeded = await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("update_event", {"event": reference, "when": "Friday"}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and len(r.options) == 1 and title in r.text, r.text
    [event] = await kit.events()
    assert event.start == seeded.start


@pytest.mark.parametrize(
    ("title", "reference"),
    [
        ("1:1 with Joan", "1:1 with Joan"),
        ("Contract review w/ Jorge Alvarez", "meeting with Jorge"),
        ("Standup", "standup"),
    ],
)
async def test_the_same_name_is_found(kit: Kit, title: str, reference: str) -> None:
    await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=NY))
    kit.script(call("update_event", {"event": reference, "when": "Friday"}))
    r = await kit.assistant.reply(kit.user_id, f"move {reference} to Friday")
    assert len(r.writes) == 1, r.text
