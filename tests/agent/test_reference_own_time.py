"""A reference that names its own time ("Sunday's book club", 周日那个读书会) finds the event by that time:
an ``event_when`` outside it — the prompt's current minute, copied and grounded by the user's "now"/现在 —
is dropped (agent.guards.times), so the update lands on the event the user named. Scripted model."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

SUNDAY = datetime(2025, 3, 9, 18, tzinfo=NY)  # NOW is Wednesday 5 March, 09:00
THURSDAY = datetime(2025, 3, 13, 18, tzinfo=NY)
NOW_COPIED = "2025-03-05 09:00"

# (message, the model's reference, the new location)
CASES = [
    ("Sunday's book club is at Fiona's place now", "Sunday's book club", "Fiona's place"),
    ("the book club on Sunday is now at the cafe", "book club on Sunday", "the cafe"),
    ("heads up, Sunday book club now meets in room 4", "Sunday book club", "room 4"),
    ("周日的读书会现在改在小王家", "周日的读书会", "小王家"),
    ("週日那個讀書會現在在咖啡館", "週日那個讀書會", "咖啡館"),
    ("读书会（周日那次）现在在图书馆三楼", "周日的读书会", "图书馆三楼"),
]


@pytest.mark.parametrize(("text", "reference", "place"), CASES, ids=[c[1] for c in CASES])
async def test_the_references_own_day_wins_over_a_copied_now(
    kit: Kit, text: str, reference: str, place: str
) -> None:
    title = "读书会" if any("\u4e00" <= ch <= "\u9fff" for ch in reference) else "Book club"
    await kit.seed(title, SUNDAY, location="Library")
    await kit.seed(title, THURSDAY, location="Library")
    kit.script(call("update_event", {"event": reference, "event_when": NOW_COPIED, "location": place}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    by_start = {e.start: e.location for e in await kit.events()}
    assert by_start == {SUNDAY: place, THURSDAY: "Library"}


async def test_a_time_inside_the_references_day_is_kept(kit: Kit) -> None:
    # the reference's day and event_when agree (Sunday, 6pm): the time narrows to that one event
    await kit.seed("Book club", SUNDAY, location="Library")
    await kit.seed("Book club", SUNDAY.replace(hour=10), location="Cafe")
    kit.script(
        call("update_event", {"event": "Sunday's book club", "event_when": "Sunday 6pm", "location": "Fiona's"}),
        reply("ok"),
    )
    r = await kit.assistant.reply(kit.user_id, "Sunday's book club at 6pm is at Fiona's")
    assert r.writes and r.writes[0].persisted, r.text
    by_start = {e.start: e.location for e in await kit.events()}
    assert by_start == {SUNDAY: "Fiona's", SUNDAY.replace(hour=10): "Cafe"}


async def test_a_made_up_event_time_outside_the_references_day_is_dropped(kit: Kit) -> None:
    # event_when no words of the user give (a date the model computed wrongly) is dropped, not sent back
    await kit.seed("Book club", SUNDAY, location="Library")
    await kit.seed("Book club", THURSDAY, location="Library")
    model = kit.script(
        call("update_event", {"event": "Sunday's book club", "event_when": "2025-03-08", "location": "the cafe"}),
        reply("ok"),
    )
    r = await kit.assistant.reply(kit.user_id, "Sunday's book club moves to the cafe")
    assert r.writes and r.writes[0].persisted and model.call_count <= 2, r.text
    by_start = {e.start: e.location for e in await kit.events()}
    assert by_start == {SUNDAY: "the cafe", THURSDAY: "Library"}
