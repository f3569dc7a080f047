"""An update whose new start and event time the model both made up ("周三 2025-06-16 20:00" around the user's
"这周三 … 挪到晚上8点"): of the message's two times, the one after the move verb is where the event goes and
the other says which — each replaces its own argument (agent.guards.phrase_fallback.from_the_users_phrase), instead of
both going back to the model and then "What time?". And a count (这一次) is no time of the message.
Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, title, the model's made-up event_when and when, the moved start (day, hour))
ROWS = [
    ("周四的牙医挪到下午四点", "牙医", "周四 2025-03-05 09:00", "周四 2025-03-05 16:00", (6, 16)),
    ("這週五的網球改到晚上八點", "網球", "週五 2025-03-05 09:00", "週五 2025-03-05 20:00", (7, 20)),
    ("move thursday's dentist to 4pm", "Dentist", "Thursday 2025-03-05 09:00", "Thursday 2025-03-05 16:00", (6, 16)),
    ("friday's tennis -> move it to 8pm please", "Tennis", "Friday 2025-03-05 09:00", "Friday 2025-03-05 20:00",
     (7, 20)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "title", "event_when", "when", "start"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_destination_is_the_new_start_and_the_day_says_which(
    database: Any, make_user: Any, text: str, title: str, event_when: str, when: str, start: tuple[int, int]
) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai")
    day = 6 if start[0] == 6 else 7
    await kit.seed(title, datetime(2025, 3, day, 10, tzinfo=kit.tz))
    await kit.seed(title, datetime(2025, 3, day + 7, 10, tzinfo=kit.tz))  # the same title a week later
    kit.script(call("update_event", {"event": title, "event_when": event_when, "when": when}, request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["updated"], r.text
    moved = sorted(e.start.astimezone(kit.tz) for e in await kit.events())
    assert [(s.day, s.hour) for s in moved] == sorted([start, (day + 7, 10)]), r.text


async def test_this_once_is_no_time(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="Asia/Shanghai")
    await kit.seed("羽毛球", datetime(2025, 3, 7, 18, tzinfo=kit.tz), rrule="FREQ=WEEKLY;BYDAY=FR")
    update = {"event": "羽毛球", "event_when": "周五 2025-03-05 09:00", "when": "周五 2025-03-05 19:00"}
    kit.script(call("update_event", update, request="change"))
    r = await kit.assistant.reply(kit.user_id, "这周五的羽毛球挪到晚上七点，只改这一次")
    assert [w.action for w in r.writes] == ["updated"], r.text
    starts = sorted((e.start.astimezone(kit.tz), e.recurring) for e in await kit.events())
    assert (datetime(2025, 3, 7, 19, tzinfo=kit.tz), False) in starts, r.text
