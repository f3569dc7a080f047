"""An update whose values were all dropped (not the user's), for a message whose new time is a shift of the
event ("two days later", 提前二十分钟): the model is told that shift, never "the user asked nothing to change";
if it answers in words, the user gets yes/no to move the event by it (or code moves it, where the shift
stands beside the event's name and its time: ``guards.users_times.the_users_shift``) (agent.writes.no_change.unused_time,
agent.writes.path). Scripted model; now is Wednesday 2025-03-05 09:00, the event Thursday 6 March."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, the model's update with nothing of the user's, the event (title, hour), the shift said)
ROWS = [
    ("America/New_York", "push yoga back two days",
     {"event": "yoga", "event_when": "2025-03-06 17:30", "notes": "two days"}, ("Yoga", 18), timedelta(days=2)),
    ("America/New_York", "the interview tomorrow afternoon, 20 minutes earlier please",
     {"event": "interview", "event_when": "2025-03-06 11:30", "attendees": ["candidate"]}, ("Interview", 14),
     timedelta(minutes=-20)),
    ("America/New_York", "can we do the piano lesson a day later",
     {"event": "piano lesson", "event_when": "2025-03-06 16:00", "notes": "rescheduled"}, ("Piano lesson", 17),
     timedelta(days=1)),
    ("Asia/Shanghai", "瑜伽往后推两天", {"event": "瑜伽", "event_when": "2025-03-06 17:30", "attendees": ["我"]},
     ("瑜伽", 18), timedelta(days=2)),
    ("Asia/Shanghai", "明天下午的面试提前二十分钟",
     {"event": "面试", "event_when": "2025-03-06 11:30", "attendees": ["面试者"]}, ("面试", 14),
     timedelta(minutes=-20)),
    ("Asia/Taipei", "讀書會延後一天", {"event": "讀書會", "event_when": "2025-03-06 18:00", "notes": "延後"},
     ("讀書會", 19), timedelta(days=1)),
    ("Asia/Shanghai", "明天下午那个面试，麻烦提前二十分钟",
     {"event": "面试", "event_when": "2025-03-06 11:30", "attendees": ["面试者"]}, ("面试", 14),
     timedelta(minutes=-20)),
]  # fmt: skip
IDS = [r[1] for r in ROWS]


async def _kit(database: Any, make_user: Any, tz: str, event: tuple[str, int]):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(event[0], datetime(2025, 3, 6, event[1], tzinfo=kit.tz))
    return kit


async def _moved_by(kit: Any, text: str, event: tuple[str, int], shift: timedelta) -> None:  # type: ignore[no-untyped-def]
    """The turn moved the event by the shift at once, or asked yes/no to; a yes moves it."""
    r = await kit.assistant.reply(kit.user_id, text)
    assert "OK" not in r.text.split(), r.text
    if not r.writes:
        assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
        r = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert [w.action for w in r.writes] == ["updated"], r.text
    [moved] = await kit.events()
    assert moved.start == datetime(2025, 3, 6, event[1], tzinfo=kit.tz) + shift, r.text
    assert moved.end - moved.start == timedelta(hours=1)


@pytest.mark.parametrize(("tz", "text", "update", "event", "shift"), ROWS, ids=IDS)
async def test_words_after_the_update_keep_the_shift(
    database: Any, make_user: Any, tz: str, text: str, update: dict, event: tuple[str, int], shift: timedelta
) -> None:
    kit = await _kit(database, make_user, tz, event)
    model = kit.script(call("update_event", update), reply("OK", request="change"))
    await _moved_by(kit, text, event, shift)
    for sent in model.calls[1:]:
        assert "asked nothing to change" not in str(sent.messages[-1]), sent.messages[-1]


@pytest.mark.parametrize(("tz", "text", "update", "event", "shift"), ROWS, ids=IDS)
async def test_the_model_told_the_shift_moves_by_it(
    database: Any, make_user: Any, tz: str, text: str, update: dict, event: tuple[str, int], shift: timedelta
) -> None:
    kit = await _kit(database, make_user, tz, event)
    said = dict(zip(IDS, ["back two days", "20 minutes earlier", "a day later", "往后推两天", "提前二十分钟", "延後一天",
                          "提前二十分钟"], strict=True))[text]  # fmt: skip
    kit.script(call("update_event", update), call("update_event", {"event": update["event"], "when": said}))
    await _moved_by(kit, text, event, shift)


@pytest.mark.parametrize(
    ("tz", "text", "update", "event", "shift"), ROWS[1:2] + ROWS[6:7], ids=IDS[1:2] + IDS[6:7]
)
async def test_a_no_keeps_the_event(
    database: Any, make_user: Any, tz: str, text: str, update: dict, event: tuple[str, int], shift: timedelta
) -> None:
    kit = await _kit(database, make_user, tz, event)
    kit.script(call("update_event", update), reply("OK", request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and not r.writes, r.text
    await kit.assistant.reply(kit.user_id, "no" if text.isascii() else "不用")
    [kept] = await kit.events()
    assert kept.start == datetime(2025, 3, 6, event[1], tzinfo=kit.tz)
