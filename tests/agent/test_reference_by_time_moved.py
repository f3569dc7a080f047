"""An event named by its time and moved in one breath ("the 2pm one to 5", 下午两点那个挪到五点): the phrase
that reads as where it goes is no time of the event (``references._windows``; the time service cuts "the
2pm one" from "to 5"), a day said apart from the clock is the event's day, and a reference by a time the
calendar has nothing at is "not found" — never an offer to add an event titled "The" or 那个挪到五点.
Scripted model; now is Wednesday 2025-03-05 09:00; own phrasings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from schedule_time import time_phrases
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit


@pytest.mark.parametrize(
    ("text", "phrases"),
    [("the 2pm one to 5", ["2pm one", "to 5"]), ("push the 10 o'clock one to noon", ["10 o'clock one", "to noon"]),
     ("the friday one to monday", ["the friday one", "to monday"]), ("friday one to 3", ["friday one to 3"]),
     ("from one to 3", ["from one to 3"]), ("3 to 5pm", ["3 to 5pm"])],
)  # fmt: skip
def test_the_pronoun_of_an_event_is_cut_from_where_it_goes(text: str, phrases: list[str]) -> None:
    assert time_phrases(text) == phrases


# (timezone, message, the model's update, the title moved, its new start hour)
MOVED = [
    ("Asia/Shanghai", "明天下午两点那个挪到五点", {"event": "下午两点那个挪到五点", "when": "下午两点", "end": "五点"}, "客户电话", 17),
    ("Asia/Shanghai", "明天下午两点那个挪到五点", {"event": "下午两点那个挪到五点", "when": "五点"}, "客户电话", 17),
    ("Asia/Shanghai", "明天上午十点那个改到十一点", {"event": "明天上午十点那个改到十一点", "when": "十一点"}, "周会", 11),
    ("Asia/Taipei", "明天下午兩點那個挪到五點", {"event": "下午兩點那個挪到五點", "when": "五點"}, "客户电话", 17),
    ("America/New_York", "tomorrow, move the 2pm one to 5", {"event": "tomorrow, move the 2pm one to 5", "when": "2pm",
     "end": "5"}, "Client call", 17),
    ("America/New_York", "tomorrow, move the 2pm one to 5", {"event": "the 2pm one", "when": "5"}, "Client call", 17),
    ("America/New_York", "tomorrow: push the 10 o'clock one to noon", {"event": "the 10 o'clock one", "when": "noon"},
     "Standup", 12),
]  # fmt: skip


async def _seeded(database: Any, make_user: Any, zone: str, english: bool) -> Any:
    kit = await make_kit(database, make_user, timezone=zone)
    await kit.seed("Client call" if english else "客户电话", datetime(2025, 3, 6, 14, tzinfo=kit.tz))
    await kit.seed("Standup" if english else "周会", datetime(2025, 3, 6, 10, tzinfo=kit.tz))
    return kit


@pytest.mark.parametrize("row", MOVED, ids=[f"{r[1]}|{r[2]['event']}" for r in MOVED])
async def test_the_event_at_that_time_is_moved(database: Any, make_user: Any, row: Any) -> None:
    zone, text, update, title, hour = row
    kit = await _seeded(database, make_user, zone, text.isascii())
    kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    moved = {e.title: e.start.astimezone(kit.tz) for e in await kit.events()}
    assert moved[title].hour == hour and moved[title].day == 6, moved
    assert len(moved) == 2


# (timezone, message, the model's update): no event starts at the reference's time
NOTHING_THEN = [
    ("America/New_York", "tomorrow, move the 3pm one to 5", {"event": "the 3pm one", "when": "5"}),
    ("America/New_York", "shift the 7am one to 8", {"event": "the 7am one", "when": "8"}),
    ("Asia/Shanghai", "明天下午三点那个挪到五点", {"event": "下午三点那个挪到五点", "when": "五点"}),
    ("Asia/Shanghai", "明天早上七点那个改到八点", {"event": "早上七点那个", "when": "八点"}),
]  # fmt: skip


@pytest.mark.parametrize("row", NOTHING_THEN, ids=[r[1] for r in NOTHING_THEN])
async def test_nothing_at_that_time_is_not_found_and_nothing_offered(database: Any, make_user: Any, row: Any) -> None:
    zone, text, update = row
    kit = await _seeded(database, make_user, zone, text.isascii())
    kit.script(call("update_event", update), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and r.pending is None, r.text
    assert "couldn't find" in r.text or "没有找到" in r.text, r.text
    starts = sorted(e.start.astimezone(kit.tz).hour for e in await kit.events())
    assert starts == [10, 14]
