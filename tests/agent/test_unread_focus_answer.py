"""A question about the event just written ("how long is it?") that the model answered without reading: code
reads the event in focus whose title the model's answer names, or whose time it states, not today's calendar — the listing of an
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

# (first message, the model's create, the question, an answer that states only the event's time, its title)
TIMED: list[tuple[str, dict[str, Any], str, str, str]] = [
    ("put the vet on the 21st at 4:30pm", {"title": "Vet", "when": "the 21st at 4:30pm"},
     "remind me, when was that?", "It's on March 21 at 4:30 PM.", "Vet"),
    ("add trivia night next tuesday 7pm", {"title": "Trivia night", "when": "next tuesday 7pm"},
     "sorry, what time did I say?", "7:00–8:00 PM.", "Trivia night"),
    ("book the car service friday 8am", {"title": "Car service", "when": "friday 8am"},
     "and when is it?", "Friday, March 7, 8:00 AM.", "Car service"),
    ("21号下午四点半带狗看兽医", {"title": "带狗看兽医", "when": "21号下午四点半"},
     "是几点的来着", "3月21日 16:30–17:30", "带狗看兽医"),
    ("下周二晚上七点问答之夜", {"title": "问答之夜", "when": "下周二晚上七点"},
     "我刚说的几点？", "晚上7点。", "问答之夜"),
    ("週五早上八點保養車子", {"title": "保養車子", "when": "週五早上八點"},
     "那是什麼時候", "3月7日（週五）08:00", "保養車子"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "create", "question", "answer", "shown"), [*ROWS, *TIMED], ids=[r[2] for r in [*ROWS, *TIMED]]
)
async def test_the_focus_event_the_answer_is_about_is_read(
    kit: Kit, first: str, create: dict[str, Any], question: str, answer: str, shown: str
) -> None:
    await kit.seed("Dentist", NOW.replace(hour=14), NOW.replace(hour=15))  # today: not the answer
    kit.script(call("create_event", create))
    done = await kit.assistant.reply(kit.user_id, first)
    assert done.writes and done.writes[0].persisted, done.text
    kit.script(reply(answer, request="calendar_question"))
    r = await kit.assistant.reply(kit.user_id, question)
    assert shown in r.text and "Dentist" not in r.text, r.text
