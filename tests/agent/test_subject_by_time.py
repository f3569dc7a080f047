"""A reference that says what the event is ("the run at 7pm") and matches no title, but whose time is an
event's: that event is asked about by name ("Do you mean “Yoga” …?"), never changed on the time alone — in
English as in Chinese (``title_match.names_a_subject``). Before, an English one took the event at its time
as the target and wrote to it. A reference by time only ("my 7pm", "the 7 o'clock call", 七点那个) still
finds it. Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

ASKED = [
    ("move the run at 7pm to 8pm", "the run at 7pm", "8pm"),
    ("push the dentist at 7pm to 8", "dentist at 7pm", "8pm"),
    ("the piano lesson at 7pm should be at 8pm", "piano lesson at 7pm", "8pm"),
    ("七点的跑步改到八点", "七点的跑步", "八点"),
    ("晚上七點的鋼琴課挪到八點", "晚上七點的鋼琴課", "八點"),
]
FOUND = [
    ("move my 7pm to 8pm", "my 7pm", "8pm"),
    ("the 7 o'clock call should be at 8pm", "the 7 o'clock call", "8pm"),
    ("whatever I've got at 7pm, make it 8pm", "whatever I've got at 7pm", "8pm"),
    ("晚上七点那个改到八点", "晚上七点那个", "八点"),
    ("whatever's at 7pm tonight - make it 8pm", "whatever's at 7pm tonight", "8pm"),  # the model's whole clause,
    ("push my 7pm back to 8pm", "push my 7pm back", "8pm"),  # its command and direction words included
]


async def _moved(kit: Kit, text: str, reference: str, when: str) -> tuple[str, list[int]]:
    title = "Yoga" if text.isascii() else "瑜伽"
    await kit.seed(title, datetime(2025, 3, 5, 19, tzinfo=NY))
    kit.script(call("update_event", {"event": reference, "when": when}, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    return r.text, [e.start.hour for e in await kit.events()]


@pytest.mark.parametrize(("text", "reference", "when"), ASKED, ids=[r[0] for r in ASKED])
async def test_a_subject_that_matches_no_title_is_asked_about(kit: Kit, text: str, reference: str, when: str) -> None:
    said, hours = await _moved(kit, text, reference, when)
    assert hours == [19], said
    assert "Yoga" in said or "瑜伽" in said, said


@pytest.mark.parametrize(("text", "reference", "when"), FOUND, ids=[r[0] for r in FOUND])
async def test_a_reference_by_time_alone_finds_the_event(kit: Kit, text: str, reference: str, when: str) -> None:
    said, hours = await _moved(kit, text, reference, when)
    assert hours == [20], said
