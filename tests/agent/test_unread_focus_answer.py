"""A question about the event just written ("how long is it?") that the model answered without reading: code
reads the event in focus whose title the model's answer names, not today's calendar — the listing of an
unrelated day answered a question about that event (live probe). Scripted model; EN and ZH."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, Kit

# (first message, the model's create, the question, the model's unread answer, words the answer must hold)
ROWS: list[tuple[str, dict[str, Any], str, str, str]] = [
    ("add the school concert on the 20th at 6pm", {"title": "School concert", "when": "the 20th at 6pm"},
     "how long is it?", "The School concert lasts from 6:00 PM to 7:00 PM.", "School concert"),
    ("put the plumber visit on friday at 10am", {"title": "Plumber visit", "when": "friday at 10am"},
     "when does it end?", "Your plumber visit ends at 11 AM.", "Plumber visit"),
    ("book karaoke with the team next thursday 8pm", {"title": "Karaoke with the team", "when": "next thursday 8pm"},
     "what time was that again?", "Karaoke is at 8 PM.", "Karaoke"),
    ("20号晚上六点学校音乐会", {"title": "学校音乐会", "when": "20号晚上六点"},
     "多长时间？", "学校音乐会从18:00到19:00。", "学校音乐会"),
    ("周五上午十点修水管", {"title": "修水管", "when": "周五上午十点"},
     "几点结束？", "修水管11点结束。", "修水管"),
    ("下周四晚上八点和团队唱K", {"title": "和团队唱K", "when": "下周四晚上八点"},
     "那个是几点来着？", "和团队唱K在晚上八点。", "和团队唱K"),
]  # fmt: skip


@pytest.mark.parametrize(("first", "create", "question", "answer", "shown"), ROWS, ids=[r[2] for r in ROWS])
async def test_the_focus_event_named_by_the_answer_is_read(
    kit: Kit, first: str, create: dict[str, Any], question: str, answer: str, shown: str
) -> None:
    await kit.seed("Dentist", NOW.replace(hour=14), NOW.replace(hour=15))  # today: not the answer
    kit.script(call("create_event", create))
    done = await kit.assistant.reply(kit.user_id, first)
    assert done.writes and done.writes[0].persisted, done.text
    kit.script(reply(answer, request="calendar_question"))
    r = await kit.assistant.reply(kit.user_id, question)
    assert shown in r.text and "Dentist" not in r.text, r.text
