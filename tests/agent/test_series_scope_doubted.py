"""The model's ``scope`` "series" beside an ``event_when`` that names one occurrence ("move this Monday's standup
to 10" sent with scope "series"), with no "from X on" in the words: the arguments disagree, so the turn asks
"just this one, or every …?" and the numbered answer writes it without the model
(``writes.series_scope.series_doubted``). Before, every standup from that Monday on moved on the model's word.
Scripted model; now is Wednesday 2025-03-05 09:00 in New York; the standup is every Monday 9:30–10:30."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's update, the occurrence named, its new start)
ROWS = [
    ("move this Monday's standup to 10", {"event": "standup", "event_when": "this monday", "when": "10"},
     datetime(2025, 3, 10, 9, 30, tzinfo=NY), datetime(2025, 3, 10, 10, tzinfo=NY)),
    ("move the standup on the 17th to 10", {"event": "standup", "event_when": "the 17th", "when": "10am"},
     datetime(2025, 3, 17, 9, 30, tzinfo=NY), datetime(2025, 3, 17, 10, tzinfo=NY)),
    ("shift next Monday's standup to 11am", {"event": "standup", "event_when": "next monday", "when": "11am"},
     datetime(2025, 3, 10, 9, 30, tzinfo=NY), datetime(2025, 3, 10, 11, tzinfo=NY)),
    ("下周一的站会改到十点", {"event": "站会", "event_when": "下周一", "when": "十点"},
     datetime(2025, 3, 10, 9, 30, tzinfo=NY), datetime(2025, 3, 10, 10, tzinfo=NY)),
    ("17号的站会挪到上午十点", {"event": "站会", "event_when": "17号", "when": "上午十点"},
     datetime(2025, 3, 17, 9, 30, tzinfo=NY), datetime(2025, 3, 17, 10, tzinfo=NY)),
    ("3月17日那次站会改到十点半", {"event": "站会", "event_when": "3月17日", "when": "十点半"},
     datetime(2025, 3, 17, 9, 30, tzinfo=NY), datetime(2025, 3, 17, 10, 30, tzinfo=NY)),
]  # fmt: skip

SERIES_START = datetime(2025, 3, 3, 9, 30, tzinfo=NY)


async def _asked(kit: Kit, text: str, update: dict[str, Any]) -> Any:
    await kit.seed("Standup" if text.isascii() else "站会", SERIES_START, rrule="FREQ=WEEKLY;BYDAY=MO")
    model = kit.script(call("update_event", {**update, "scope": "series"}, request="change"), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.writes == () and asked.pending is not None, asked.text
    assert "just this one" in asked.text.casefold() or "只改这一次" in asked.text, asked.text
    return model


@pytest.mark.parametrize(("text", "update", "named", "moved"), ROWS, ids=[r[0] for r in ROWS])
async def test_just_this_one_moves_the_occurrence_named(
    kit: Kit, text: str, update: dict[str, Any], named: datetime, moved: datetime
) -> None:
    model = await _asked(kit, text, update)
    done = await kit.assistant.reply(kit.user_id, "1")
    assert model.call_count == 1 and done.writes and done.writes[0].persisted, done.text
    series = [e for e in await kit.events() if e.rrule]
    assert [(e.start, e.rrule) for e in series] == [(SERIES_START, "FREQ=WEEKLY;BYDAY=MO")], done.text
    on_the_day = await kit.db.events(kit.user_id).list_range(named.replace(hour=0), named.replace(hour=23))
    assert [o.start for o in on_the_day] == [moved], done.text


@pytest.mark.parametrize(("text", "update", "named", "moved"), ROWS, ids=[r[0] for r in ROWS])
async def test_every_one_moves_the_series_from_the_occurrence_named(
    kit: Kit, text: str, update: dict[str, Any], named: datetime, moved: datetime
) -> None:
    await _asked(kit, text, update)
    done = await kit.assistant.reply(kit.user_id, "2")
    assert done.writes and done.writes[0].persisted, done.text
    starts = sorted(e.start for e in await kit.events() if e.rrule)
    assert starts[-1] == moved, done.text
