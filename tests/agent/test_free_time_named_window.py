"""Free time in a part of a day the user named is searched as named (evenings and weekends are not outside
"working hours" when the user asks about them), and a reply that names none of the events filling a window
with nothing free is replaced by code's answer."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, message, range, the event there (title, start hour, end hour, day), the free slots the answer lists)
WINDOWS = [
    (SH, "周五晚上有空吗", "周五晚上", ("聚餐", 19, 21, 7), ["18:00–19:00", "21:00–00:00"]),
    (SH, "周日上午有时间吗", "周日上午", ("游泳", 9, 10, 9), ["10:00–12:00"]),
    (NY, "am I free Saturday afternoon?", "Saturday afternoon", ("Soccer", 14, 15, 8), ["12:00–2:00 PM", "3:00–7:00 PM"]),
    (NY, "any time Friday evening?", "Friday evening", ("Dinner", 19, 21, 7), ["6:00–7:00 PM", "9:00 PM–12:00 AM"]),
]  # fmt: skip


@pytest.mark.parametrize("row", WINDOWS, ids=[r[1] for r in WINDOWS])
async def test_a_named_part_of_the_day_is_searched_as_named(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, message, window, (title, begin, end, day), slots = row
    k = await make_kit(database, make_user, timezone=zone.key)
    await k.seed(title, datetime(2025, 3, day, begin, tzinfo=zone), datetime(2025, 3, day, end, tzinfo=zone))
    k.script(call("find_free_time", {"range": window, "duration": "1 hour"}), reply(""))
    r = await k.assistant.reply(k.user_id, message)
    for slot in slots:
        assert slot in r.text, r.text


FULL = [
    (SH, "周五晚上都有哪些安排", "周五晚上", ("公司年会", 18, 24, 7), "好的，我明白了。"),
    (SH, "週六下午有什麼事", "週六下午", ("家庭聚會", 12, 19, 8), "好的，沒問題！"),
    (NY, "what about Friday evening?", "Friday evening", ("Gala", 18, 24, 7), "Sure, let me know what you need."),
    (NY, "anything Saturday afternoon?", "Saturday afternoon", ("Tournament", 12, 19, 8), "Got it!"),
]  # fmt: skip


@pytest.mark.parametrize("row", FULL, ids=[r[1] for r in FULL])
async def test_nothing_free_is_answered_by_what_fills_the_time(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    zone, message, window, (title, begin, end, day), prose = row
    k = await make_kit(database, make_user, timezone=zone.key)
    ends = (
        datetime(2025, 3, day + 1, 0, tzinfo=zone) if end == 24 else datetime(2025, 3, day, end, tzinfo=zone)
    )
    await k.seed(title, datetime(2025, 3, day, begin, tzinfo=zone), ends)
    k.script(call("find_free_time", {"range": window, "duration": "1 hour"}), reply(prose))
    r = await k.assistant.reply(k.user_id, message)
    assert title in r.text and prose not in r.text, r.text
