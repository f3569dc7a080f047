"""A change whose new start or end only an earlier message gives, while the newest message names a time no
argument uses: the event's own end copied is the new end at once; any other old time goes back to the model
once (it reached for the old time). Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import ToolResultMessage, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit

# (zone, first message, its create, correction, the model's stale update, its retry, expected start, end)
CORRECTIONS = [
    (SH, "后天下午两点到三点对账", {"title": "对账", "when": "后天下午两点", "end": "三点"},
     "不对，应该到四点结束", {"event": "对账", "when": "三点"}, {"event": "对账", "end": "四点"},
     datetime(2025, 3, 7, 14, tzinfo=SH), datetime(2025, 3, 7, 16, tzinfo=SH)),
    (SH, "明天上午十點到十一點開會", {"title": "開會", "when": "明天上午十點", "end": "十一點"},
     "說錯了，開到十二點", {"event": "開會", "when": "十一點"}, {"event": "開會", "end": "十二點"},
     datetime(2025, 3, 6, 10, tzinfo=SH), datetime(2025, 3, 6, 12, tzinfo=SH)),
    (NY, "design sync tomorrow 2 to 3pm", {"title": "Design sync", "when": "tomorrow 2pm", "end": "3pm"},
     "oops, it runs until 4", {"event": "Design sync", "when": "3pm"}, {"event": "Design sync", "end": "4pm"},
     datetime(2025, 3, 6, 14, tzinfo=NY), datetime(2025, 3, 6, 16, tzinfo=NY)),
    (NY, "planning on Friday 9-10am", {"title": "Planning", "when": "Friday 9am", "end": "10am"},
     "actually make it end at 11", {"event": "Planning", "when": "10am"}, {"event": "Planning", "end": "11am"},
     datetime(2025, 3, 7, 9, tzinfo=NY), datetime(2025, 3, 7, 11, tzinfo=NY)),
]  # fmt: skip


@pytest.mark.parametrize("row", CORRECTIONS, ids=[r[3] for r in CORRECTIONS])
async def test_an_old_end_for_a_new_one_is_the_new_end(database, make_user, row) -> None:  # type: ignore[no-untyped-def]
    """The stale value is the event's own end: the new phrase is the new end at once (agent.guards.ends),
    the retry is never needed."""
    zone, first, create, correction, stale, retry, start, end = row
    k = await make_kit(database, make_user, timezone=zone.key)
    model = k.script(call("create_event", create), call("update_event", stale), call("update_event", retry))
    await k.assistant.reply(k.user_id, first)
    r = await k.assistant.reply(k.user_id, correction)
    assert model.call_count == 2, r.text
    [event] = await k.events()
    assert (event.start, event.end) == (start, end), r.text


async def test_an_old_start_for_a_new_time_goes_back_once(database, make_user) -> None:  # type: ignore[no-untyped-def]
    """The stale value is the event's start, not its end: which end changes is the model's to say."""
    k = await make_kit(database, make_user, timezone=NY.key)
    model = k.script(
        call("create_event", {"title": "Planning", "when": "Friday 9am", "end": "10am"}),
        call("update_event", {"event": "Planning", "when": "9am"}),
        call("update_event", {"event": "Planning", "end": "11am"}),
    )
    await k.assistant.reply(k.user_id, "planning on Friday 9-10am")
    r = await k.assistant.reply(k.user_id, "actually make it end at 11")
    sent_back = [m.content for m in model.calls[-1].messages if isinstance(m, ToolResultMessage)][-1]
    assert "an_earlier_time" in sent_back and model.call_count == 3, r.text
    [event] = await k.events()
    assert (event.start, event.end) == (datetime(2025, 3, 7, 9, tzinfo=NY), datetime(2025, 3, 7, 11, tzinfo=NY))


async def test_a_time_of_this_message_is_used_at_once(database, make_user) -> None:  # type: ignore[no-untyped-def]
    k = await make_kit(database, make_user, timezone=SH.key)
    model = k.script(
        call("create_event", {"title": "对账", "when": "后天下午两点", "end": "三点"}),
        call("update_event", {"event": "对账", "end": "四点"}),
    )
    await k.assistant.reply(k.user_id, "后天下午两点到三点对账")
    await k.assistant.reply(k.user_id, "不对，应该到四点结束")
    assert model.call_count == 2
    [event] = await k.events()
    assert event.end == datetime(2025, 3, 7, 16, tzinfo=SH)


async def test_an_earlier_time_with_no_new_one_said_stands(kit) -> None:  # type: ignore[no-untyped-def]
    """ "Move it there" after naming the time in the message before: this message names no time to use."""
    await kit.seed("Review", datetime(2025, 3, 6, 10, tzinfo=NY))
    model = kit.script(
        reply("Friday at 3pm is free."), call("update_event", {"event": "Review", "when": "Friday 3pm"})
    )
    await kit.assistant.reply(kit.user_id, "is Friday 3pm free?")
    r = await kit.assistant.reply(kit.user_id, "ok, move the review there")
    assert model.call_count == 2 and r.writes, r.text
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 7, 15, tzinfo=NY)
