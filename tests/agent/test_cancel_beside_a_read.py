"""A cancel beside a question about another day, sent as two updates: the first (the event's own time,
nothing to change) refused, the second with the question's day as ``event_when`` — which found the event by
its name alone (``writes.references``: another request's day) and asked "Delete …?". That day then counted as
done, so the question was never read, and the turn told the user the *cancel* was left undone while asking
about it. Now an ``event_when`` that the event found is not at accounts for nothing (``turn.unsaid``): the
question is left, the model gets its one more call for it, and what stays undone is named rightly.
Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, event, its time as said, the other day as said, the cancelled title, the question's clause)
ROWS = [
    ("drop friday night's book club, and what do I have on saturday?", "book club", "friday night", "saturday",
     "Book club", "what do I have on saturday"),
    ("cancel the book club on friday evening; also what's on my calendar saturday", "book club", "friday evening",
     "saturday", "Book club", "what's on my calendar saturday"),
    ("scrap book club this friday night and tell me what saturday looks like", "book club", "this friday night",
     "saturday", "Book club", "tell me what saturday looks like"),
    ("周五晚上的读书会取消吧，另外看看周六我有什么安排", "读书会", "周五晚上", "周六", "读书会", "看看周六我有什么安排"),
    ("把周五晚上读书会删了，顺便查一下周六的安排", "读书会", "周五晚上", "周六", "读书会", "查一下周六的安排"),
    ("週五晚上的讀書會不去了，週六我有什麼事？", "讀書會", "週五晚上", "週六", "讀書會", "週六我有什麼事"),
]  # fmt: skip


async def _seed(kit: Kit, title: str) -> None:
    await kit.seed(title, datetime(2025, 3, 7, 19, tzinfo=NY), datetime(2025, 3, 7, 21, tzinfo=NY))
    await kit.seed("Swim" if title.isascii() else "游泳", datetime(2025, 3, 8, 10, tzinfo=NY))
    await kit.seed("Dinner" if title.isascii() else "聚餐", datetime(2025, 3, 8, 18, tzinfo=NY))


def _updates(event: str, its_time: str, other_day: str) -> list:
    return [call("update_event", {"event": event, "event_when": its_time}, request="change"),
            call("update_event", {"event": event, "event_when": other_day}, request="change")]  # fmt: skip


@pytest.mark.parametrize(("text", "event", "its_time", "other_day", "title", "clause"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_question_is_read_beside_the_cancel(
    kit: Kit, text: str, event: str, its_time: str, other_day: str, title: str, clause: str
) -> None:
    await _seed(kit, title)
    kit.script(*_updates(event, its_time, other_day), call("list_events", {"range": other_day}, request="calendar_question"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and title in r.text, r.text  # the delete is asked, not done
    assert ("Swim" in r.text and "Dinner" in r.text) or ("游泳" in r.text and "聚餐" in r.text), r.text
    assert "haven't done" not in r.text and "还没有处理" not in r.text and "還沒有處理" not in r.text, r.text
    assert len(await kit.events()) == 3


@pytest.mark.parametrize(("text", "event", "its_time", "other_day", "title", "clause"), ROWS, ids=[r[0] for r in ROWS])
async def test_what_stays_undone_is_the_question_not_the_cancel(
    kit: Kit, text: str, event: str, its_time: str, other_day: str, title: str, clause: str
) -> None:
    await _seed(kit, title)
    kit.script(*_updates(event, its_time, other_day), reply("ok"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and title in r.text, r.text
    undone = next(line for line in r.text.splitlines() if "haven't done" in line or "处理" in line or "處理" in line)
    assert clause in undone and its_time not in undone, r.text
