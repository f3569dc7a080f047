"""A correction right after a write, where the model's new start is not the user's words but means them: the
user's clock in the model's notation beside the day the receipt showed ("周四 15:00" for 是下午3点不是2点), or
the event's own clock copied while the user's one new clock is left ("14:00" for 应该是三点). Both are the
user's clock read against the event — a move, never a question and never a new end. A phrase the time
service reads as an end ("make it end at 4") is no start: the event keeps its start and gets that end. Now is Wednesday
2025-03-05 09:00 in America/New_York; the event is tomorrow 2-3pm."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

_CREATES = {
    "en": ("call with Leo tomorrow 2pm", {"title": "Call with Leo", "when": "tomorrow 2pm"}),
    "zh": ("明天下午2点和小陈开会", {"title": "和小陈开会", "when": "明天下午2点"}),
    "zh-hant": ("明天下午2點和小陳開會", {"title": "和小陳開會", "when": "明天下午2點"}),
}

# (language, correction, the model's update arguments besides the event, new start hour, minute)
NOTATION: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("zh", "改一下，是下午3点不是2点", {"when": "周四 15:00"}, 15, 0),
    ("zh", "不对，三点", {"when": "3月6日 15:00"}, 15, 0),
    ("zh-hant", "不對，應該是四點", {"when": "週四 16:00"}, 16, 0),
    ("en", "no wait, three o'clock", {"when": "Thursday 3:00 PM"}, 15, 0),
    ("en", "sorry — half past four, not two", {"when": "Thu, March 6 16:30"}, 16, 30),
]

COPIED_OWN_CLOCK: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("zh", "说错了，应该是三点", {"when": "14:00"}, 15, 0),
    ("zh-hant", "搞錯了，是四點", {"when": "14:00"}, 16, 0),
    ("en", "oops, I meant 3pm", {"when": "2:00 PM"}, 15, 0),
    ("en", "hmm, push it an hour later", {"when": "2pm"}, 15, 0),
    ("zh", "往后推半小时", {"when": "下午两点"}, 14, 30),
    ("en", "wrong time — 4:30", {"when": "2pm"}, 16, 30),
]


def _event_name(lang: str) -> str:
    return str(_CREATES[lang][1]["title"])


@pytest.mark.parametrize(
    ("lang", "text", "args", "hour", "minute"),
    NOTATION + COPIED_OWN_CLOCK,
    ids=[f"{r[0]}-{r[1]}" for r in NOTATION + COPIED_OWN_CLOCK],
)
async def test_the_users_clock_moves_the_event(
    kit: Kit, lang: str, text: str, args: dict[str, Any], hour: int, minute: int
) -> None:
    first, create = _CREATES[lang]
    update = call("update_event", {"event": _event_name(lang), **args})
    kit.script(call("create_event", create), update, update, reply("ok"))
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    start = datetime(2025, 3, 6, hour, minute, tzinfo=NY)
    assert (event.start, event.end - event.start) == (start, datetime(2025, 3, 6, 15, tzinfo=NY) - datetime(
        2025, 3, 6, 14, tzinfo=NY
    )), r.text
    assert r.pending is None and r.writes and r.writes[0].action == "updated", r.text


@pytest.mark.parametrize(
    ("lang", "text", "end", "minute"),
    [
        ("en", "make it end at 4", "4pm", 0),
        ("zh", "改成四点结束", "16:00", 0),
        ("en", "actually it finishes at 4:30", "4:30pm", 30),
        ("zh-hant", "改到四點半結束", "16:30", 30),
    ],
)
async def test_an_end_beside_the_copied_clock_is_no_move(
    kit: Kit, lang: str, text: str, end: str, minute: int
) -> None:
    first, create = _CREATES[lang]
    kit.script(
        call("create_event", create),
        call("update_event", {"event": _event_name(lang), "when": "2pm"}),
        call("update_event", {"event": _event_name(lang), "end": end}),
        reply("ok"),
    )
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 6, 14, tzinfo=NY), r.text
    assert event.end == datetime(2025, 3, 6, 16, minute, tzinfo=NY), r.text


@pytest.mark.parametrize(
    ("text", "title", "args"),
    [
        ("push lunch to 1pm, and cancel the 3pm call", "Call with Acme", {"event": "3pm call", "when": "3pm"}),
        ("午饭改到下午一点，三点的电话取消", "电话", {"event": "电话", "when": "15:00"}),
        ("午餐改到下午一點，三點的電話取消", "電話", {"event": "電話", "when": "下午3點"}),
    ],
)
async def test_another_clauses_clock_moves_nothing(kit: Kit, text: str, title: str, args: dict[str, str]) -> None:
    # the event is tomorrow at 3pm: the model's bare clock is its own, not its whole start
    seeded = await kit.seed(title, datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("update_event", args), call("update_event", args), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    (event,) = await kit.events()
    assert (event.start, event.end) == (seeded.start, seeded.end), r.text
