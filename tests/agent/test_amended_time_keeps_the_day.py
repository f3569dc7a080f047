"""A reply to "What time on Saturday?" whose clock comes with other words ("we set off at 9, about four hours")
goes to the model as an amendment; a new time it reads there with no day of its own is on the day the
command already had — the reply changes the clock, never the day the user settled. Scripted model; EN and
ZH (simplified and traditional). Now is Wednesday 2025-03-05 09:00 (Friday the 7th, Saturday the 8th)."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit, make_kit

EN, ZH, TW = "America/New_York", "Asia/Shanghai", "Asia/Taipei"

# (zone, first message, the model's create, the reply, the model's amendment, (day, hour, minute), minutes long)
ROWS: list[tuple[str, str, dict[str, Any], str, dict[str, Any], tuple[int, int, int], int]] = [
    (EN, "hike on saturday morning", {"title": "Hike", "when": "saturday morning"},
     "we set off at 9, around 4 hours", {"when": "at 9", "duration": "4 hours"}, (8, 9, 0), 240),
    (EN, "dentist on friday afternoon", {"title": "Dentist", "when": "friday afternoon"},
     "2:15 at the clinic, about 45 minutes", {"when": "2:15", "location": "the clinic", "duration": "45 minutes"},
     (7, 14, 15), 45),
    (EN, "bike ride saturday", {"title": "Bike ride", "when": "saturday"},
     "heading out 7:30am, roughly two hours", {"when": "7:30am", "duration": "two hours"}, (8, 7, 30), 120),
    (ZH, "周六上午去钓鱼", {"title": "钓鱼", "when": "周六上午"},
     "八点出发，大概三个小时", {"when": "八点出发", "duration": "三个小时"}, (8, 8, 0), 180),
    (ZH, "周五下午和小陈喝咖啡", {"title": "和小陈喝咖啡", "when": "周五下午"},
     "三点碰头，一个小时左右", {"when": "三点碰头", "duration": "一个小时"}, (7, 15, 0), 60),
    (TW, "週六下午去打球", {"title": "打球", "when": "週六下午"},
     "四點集合，大概兩個小時", {"when": "四點集合", "duration": "兩個小時"}, (8, 16, 0), 120),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "first", "create", "answer", "amend", "at", "minutes"), ROWS,
                         ids=[r[3] for r in ROWS])  # fmt: skip
async def test_the_amended_clock_stays_on_the_settled_day(
    database: Any, make_user: Any, tz: str, first: str, create: dict[str, Any], answer: str,
    amend: dict[str, Any], at: tuple[int, int, int], minutes: int,
) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone=tz)
    event = await _answered(kit, first, create, answer, amend, at)
    assert (event.end - event.start).total_seconds() == minutes * 60


# (zone, first message, the model's create, the reply, the model's amendment, (day, hour, minute))
CHANGED: list[tuple[str, str, dict[str, Any], str, dict[str, Any], tuple[int, int, int]]] = [
    (EN, "hike on saturday morning", {"title": "Hike", "when": "saturday morning"},
     "9am, or rather 10 — Sam is coming", {"when": "10", "attendees": ["Sam"]}, (8, 10, 0)),
    (EN, "coffee with Priya friday", {"title": "Coffee with Priya", "when": "friday"},
     "at 9am — I mean 9:30am, in the lobby", {"when": "9:30am", "location": "the lobby"}, (7, 9, 30)),
    (EN, "dentist on friday afternoon", {"title": "Dentist", "when": "friday afternoon"},
     "at 2, or rather 2:30 — in room 4", {"when": "2:30", "location": "room 4"}, (7, 14, 30)),
    (TW, "週六上午去爬山", {"title": "爬山", "when": "週六上午"},
     "九點，還是十點好了，小王也來", {"when": "十點", "attendees": ["小王"]}, (8, 10, 0)),
    (ZH, "周五下午和小陈喝咖啡", {"title": "和小陈喝咖啡", "when": "周五下午"},
     "三点，不过改到三点半吧，在星巴克", {"when": "三点半", "location": "星巴克"}, (7, 15, 30)),
    (ZH, "周六上午去钓鱼", {"title": "钓鱼", "when": "周六上午"},
     "八点，还是改到七点半吧，叫上老张", {"when": "七点半", "attendees": ["老张"]}, (8, 7, 30)),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "first", "create", "answer", "amend", "at"), CHANGED, ids=[r[3] for r in CHANGED])
async def test_a_clock_changed_in_the_other_words_stays_on_the_day(
    database: Any, make_user: Any, tz: str, first: str, create: dict[str, Any], answer: str,
    amend: dict[str, Any], at: tuple[int, int, int],
) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone=tz)
    await _answered(kit, first, create, answer, amend, at)


async def _answered(
    kit: Kit, first: str, create: dict[str, Any], answer: str, amend: dict[str, Any], at: tuple[int, int, int]
) -> Any:
    """The one event written once ``answer`` (read by the model as ``amend``) answers the time question of
    ``first``, checked to start at ``at`` (day, hour, minute)."""
    kit.script(call("create_event", create))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and asked.pending.kind == "needs_value", asked.text
    kit.script(call("amend_pending", amend))
    done = await kit.assistant.reply(kit.user_id, answer)
    events = await kit.events()
    assert len(events) == 1, done.text
    local = events[0].start.astimezone(kit.tz)
    assert (local.day, local.hour, local.minute) == at, done.text
    return events[0]
