"""A reference whose name finds its event while the model's ``event_when`` is another request's day ("cancel
friday's book club, and what's on monday?" sent with event_when "monday"): the name alone finds it
(``writes.references.resolve_reference``). Before, no book club on Monday sent the lookup to the events that
start then, and the turn asked which of Monday's (unrelated) events the user meant. Scripted model; now is
Wednesday 2025-03-05 09:00 in New York; the book club is Friday at 7pm, two other events are on Monday."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

ROWS = [
    ("cancel friday's book club, and what do I have next monday?", "book club", "next monday"),
    ("drop the book club on friday; also, anything on monday?", "book club", "monday"),
    ("book club friday is off. what does my monday look like", "the book club", "monday"),
    ("周五的读书会取消，另外看看下周一有什么安排", "读书会", "下周一"),
    ("把周五读书会删了，顺便问下周一忙不忙", "周五读书会", "下周一"),
    ("周五读书会不去了；下周一有啥事？", "读书会", "下周一"),
]


async def _asked(kit: Kit, text: str, tool: str, event: str, day: str) -> tuple[str, object]:
    title = "Book club" if text.isascii() else "读书会"
    await kit.seed(title, datetime(2025, 3, 7, 19, tzinfo=NY))
    await kit.seed("Dentist" if text.isascii() else "牙医", datetime(2025, 3, 10, 10, tzinfo=NY))
    await kit.seed("Yoga" if text.isascii() else "瑜伽", datetime(2025, 3, 10, 18, tzinfo=NY))
    args = {"event": event, "event_when": day}
    kit.script(call(tool, args), call(tool, args), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and asked.writes == (), asked.text
    assert "Dentist" not in asked.text and "牙医" not in asked.text, asked.text
    return title, asked


@pytest.mark.parametrize(("text", "event", "day"), ROWS, ids=[r[0] for r in ROWS])
async def test_an_update_never_offers_the_other_days_events(kit: Kit, text: str, event: str, day: str) -> None:
    """(The update changes nothing: the question is code's yes/no about the book club — to delete it, or
    to move it to the message's other time, which a "no" leaves as it is.)"""
    title, asked = await _asked(kit, text, "update_event", event, day)
    assert title in asked.text, asked.text  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "event", "day"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_name_finds_the_event_not_the_other_requests_day(kit: Kit, text: str, event: str, day: str) -> None:
    title, asked = await _asked(kit, text, "delete_event", event, day)
    asked_text = asked.text  # type: ignore[attr-defined]
    assert title in asked_text and ("March 7" in asked_text or "3月7日" in asked_text), asked_text
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert done.writes and done.writes[0].persisted, done.text
    assert sorted(e.title for e in await kit.events()) == sorted(
        ["Dentist", "Yoga"] if text.isascii() else ["牙医", "瑜伽"]
    )
