"""An update with no new value while the message holds a time no argument used ("shift tomorrow's 8:30 to 9:15"
sent as only the event): the time is named to the model once; if its answer does not use it — prose, or
the same update again — the user gets yes/no to move the event there, and "yes" moves it with no model
call (``writes.path._nothing_to_change``). Never written on the model's silence. Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.language import simplified
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the model's update with no value, the seeded title at 8:30 on 6 March 2025, new hour)
ROWS = [
    ("America/New_York", "tomorrow's physio — make it 11am", {"event": "physio", "event_when": "tomorrow"}, "Physio", 11),
    ("America/New_York", "tomorrow's call with Tobias — 9am works better for me",
     {"event": "call with Tobias", "event_when": "tomorrow"}, "Call with Tobias", 9),
    ("America/New_York", "about tomorrow's standup: everyone prefers 10am",
     {"event": "standup", "event_when": "tomorrow"}, "Standup", 10),
    ("Asia/Shanghai", "明天的复健，十一点比较好", {"event": "复健", "event_when": "明天"}, "复健", 11),
    ("Asia/Shanghai", "明天那个电话，九点吧", {"event": "电话", "event_when": "明天"}, "电话", 9),
    ("Asia/Taipei", "明天的站會，上午十點大家比較方便", {"event": "站會", "event_when": "明天"}, "站會", 10),
    # with a verb of moving: the same path (no verb list fills the time in; the model's reading, then yes/no)
    ("America/New_York", "push tomorrow's physio to 11am", {"event": "physio", "event_when": "tomorrow"}, "Physio", 11),
    ("Asia/Shanghai", "把明天的复健改到十一点", {"event": "复健", "event_when": "明天"}, "复健", 11),
    ("Asia/Taipei", "明天的站會挪到上午十點", {"event": "站會", "event_when": "明天"}, "站會", 10),
]  # fmt: skip


@pytest.mark.parametrize("second", ["prose", "same_again"])
@pytest.mark.parametrize(("tz", "text", "update", "title", "hour"), ROWS, ids=[r[1] for r in ROWS])
async def test_a_time_left_out_twice_is_offered_as_a_move(
    database: Any, make_user: Any, tz: str, text: str, update: dict, title: str, hour: int, second: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, 8, 30, tzinfo=kit.tz))
    answer = reply("Sure, I can help with that.") if second == "prose" else call("update_event", update)
    model = kit.script(call("update_event", update), answer)
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 2 and r.writes == (), r.text
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 6, 8, 30, tzinfo=kit.tz)  # nothing moved before the yes
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert title in r.text and f"{hour}:00" in r.text and "delete" not in r.text.casefold(), r.text
    assert "删除" not in simplified(r.text)
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert model.call_count == 2 and [w.action for w in done.writes] == ["updated"], done.text
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 6, hour, tzinfo=kit.tz), done.text


async def test_the_model_using_the_named_time_moves_at_once(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone="America/New_York")
    await kit.seed("Standup", datetime(2025, 3, 6, 8, 30, tzinfo=kit.tz))
    model = kit.script(
        call("update_event", {"event": "standup", "event_when": "tomorrow"}),
        call("update_event", {"event": "standup", "event_when": "tomorrow", "when": "10am"}),
    )
    r = await kit.assistant.reply(kit.user_id, "about tomorrow's standup: everyone prefers 10am")
    assert model.call_count == 2 and [w.action for w in r.writes] == ["updated"], r.text
    assert "'10am'" in model.calls[1].messages[-1].content  # the time left out, named
