"""A reference that names someone or something no event has ("the call with Priyanka on Friday") is not
found — never the one event that happens to be on that day or at that time. A reference that is only a
time, a pointer or a kind of event ("my 2pm", 四点那个, "the Friday one") still finds the event at that time
(``references._by_time``, ``title_match.names_someone``). Scripted model; now is Wednesday
2025-03-05 09:00 in New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, the only event that Friday at 14:00, message, the model's call, the name looked for)
ABSENT = [
    ("America/New_York", "Dentist", "scrap the call with Priyanka on Friday",
     ("delete_event", {"event": "call with Priyanka", "event_when": "Friday"}), "Priyanka"),
    ("America/New_York", "Dentist", "move my lunch with Oskar on Friday to 1pm",
     ("update_event", {"event": "lunch with Oskar", "event_when": "Friday", "when": "Friday 1pm"}), "Oskar"),
    ("Asia/Shanghai", "看牙医", "把周五跟李总的会删掉", ("delete_event", {"event": "跟李总的会", "event_when": "周五"}),
     "李总"),
    ("Asia/Taipei", "看牙醫", "週五和陳老師的課挪到下午三點",
     ("update_event", {"event": "和陳老師的課", "event_when": "週五", "when": "週五下午三點"}), "陳老師"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "title", "text", "made", "name"), ABSENT, ids=[r[2] for r in ABSENT])
async def test_a_named_event_that_is_not_there_is_not_found(
    database: Any, make_user: Any, tz: str, title: str, text: str, made: tuple[str, dict], name: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    kit.script(call(*made))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and name in r.text and title not in r.text, r.text  # (maybe "add it?": never the other)
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 7, 14, tzinfo=kit.tz)


# (zone, message, the model's delete by time only)
BY_TIME = [
    ("America/New_York", "cancel my Friday 2pm", {"event": "my Friday 2pm"}),
    ("America/New_York", "cancel my 2pm on Friday", {"event": "my 2pm", "event_when": "Friday 2pm"}),
    ("America/New_York", "drop the 2pm call on Friday", {"event": "the 2pm call", "event_when": "Friday"}),
    ("Asia/Shanghai", "周五下午两点那个取消", {"event": "下午两点那个", "event_when": "周五下午两点"}),
    ("Asia/Taipei", "週五兩點那個電話取消", {"event": "兩點那個電話", "event_when": "週五"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "delete"), BY_TIME, ids=[r[1] for r in BY_TIME])
async def test_a_reference_by_time_alone_still_finds_the_event(
    database: Any, make_user: Any, tz: str, text: str, delete: dict
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed("Acme sync", datetime(2025, 3, 7, 14, tzinfo=kit.tz))
    kit.script(call("delete_event", delete))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and r.pending.kind == "needs_confirmation" and "Acme sync" in r.text, r.text
