"""A correction's new start copied from the receipt around the user's one word ("Friday, March 6, 1:00–2:00 PM"
for "make it friday" after a Thursday lunch): the receipt's date is the old one, so the user's word alone,
read against the event, is the change (``guards.times._the_users_part``). Scripted model; now is Wednesday
2025-03-05 09:00 New York."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, make_kit

# (create message, its create, the correction, the model's copied `when`, the new start)
ROWS = [
    ("lunch with Kai thursday 1pm", {"title": "Lunch with Kai", "when": "thursday 1pm"},
     "oh, friday instead", "Friday, March 6, 1:00–2:00 PM", datetime(2025, 3, 7, 13, tzinfo=NY)),
    ("lunch with Kai thursday 1pm", {"title": "Lunch with Kai", "when": "thursday 1pm"},
     "hmm no, saturday", "Saturday, March 6, 2025 1:00 PM", datetime(2025, 3, 8, 13, tzinfo=NY)),
    ("yoga thursday 6pm", {"title": "Yoga", "when": "thursday 6pm"},
     "wait, 7pm", "Thursday, March 6, 7pm", datetime(2025, 3, 6, 19, tzinfo=NY)),
    ("周四下午三点和老陈喝茶", {"title": "和老陈喝茶", "when": "周四下午三点"},
     "不对，是周五", "3月6日（周五） 15:00–16:00", datetime(2025, 3, 7, 15, tzinfo=NY)),
    ("週四下午三點和老陳喝茶", {"title": "和老陳喝茶", "when": "週四下午三點"},
     "搞錯了，改成週六", "3月6日 週六 15:00", datetime(2025, 3, 8, 15, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[2] for r in ROWS])
async def test_the_users_word_is_the_change_not_the_receipts_date(
    database: Any, make_user: Any, row: Any
) -> None:
    text, create, correction, copied, start = row
    kit = await make_kit(database, make_user)
    kit.script(call("create_event", create))
    made = await kit.assistant.reply(kit.user_id, text)
    assert made.writes and made.writes[0].persisted, made.text
    kit.script(call("update_event", {"event": create["title"], "when": copied}))
    r = await kit.assistant.reply(kit.user_id, correction)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert event.start == start, r.text


# After a listing of two events, "move it to <day>" with the model's `when` copied from the listing: the
# other event's day and clock ("Thursday, March 6, 6:30–7:30 PM" is the book club's). The user's day, read
# against the event, is the change: its own clock stays. (message, model's `when`, new start)
LISTED = [
    ("can you shift the haircut to thursday, same time", "Thursday, March 6, 6:30–7:30 PM",
     datetime(2025, 3, 6, 17, 30, tzinfo=NY)),
    ("push the haircut to thursday please", "Thursday, March 6, 6:30 PM", datetime(2025, 3, 6, 17, 30, tzinfo=NY)),
    ("haircut: make it thursday instead", "thursday, march 6, 6:30–7:30 pm", datetime(2025, 3, 6, 17, 30, tzinfo=NY)),
    ("理发挪到周四吧，时间不变", "3月6日（周四） 18:30–19:30", datetime(2025, 3, 6, 17, 30, tzinfo=NY)),
    ("理髮改到週四，同一個時間", "3月6日（週四） 18:30–19:30", datetime(2025, 3, 6, 17, 30, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize("row", LISTED, ids=[r[0] for r in LISTED])
async def test_a_listed_events_slot_copied_around_the_users_day_is_not_the_change(
    database: Any, make_user: Any, row: Any
) -> None:
    text, copied, start = row
    kit = await make_kit(database, make_user)
    title = "Haircut" if text.isascii() else "理发"
    await kit.seed(title, datetime(2025, 3, 5, 17, 30, tzinfo=NY), datetime(2025, 3, 5, 18, 15, tzinfo=NY))
    await kit.seed("Book club", datetime(2025, 3, 6, 18, 30, tzinfo=NY))
    kit.script(call("list_events", {"range": "this week"}), reply("Here it is."))
    shown = await kit.assistant.reply(kit.user_id, "what's on this week?" if text.isascii() else "这周有什么安排")
    assert "Book club" in shown.text, shown.text
    kit.script(call("update_event", {"event": title, "when": copied}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    moved = next(e for e in await kit.events() if e.title == title)
    assert (moved.start, moved.end - moved.start) == (start, datetime(2025, 3, 5, 18, 15) - datetime(2025, 3, 5, 17, 30))
