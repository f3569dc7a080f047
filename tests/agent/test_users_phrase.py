"""An ungrounded start made from the user's words is replaced by them: with exactly one of the message's
time phrases unaccounted for (and it reads as a time or a move), that phrase is what the model mangled — a
move sent as a computed time, "a week later" sent as "next week". A change whose new start has no phrase
left keeps its start. Scripted model."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

EN, ZH, TW = "America/New_York", "Asia/Shanghai", "Asia/Taipei"


@pytest.mark.parametrize(
    ("tz", "title", "text", "args", "shift"),
    [
        (EN, "Haircut", "push the haircut a week later", {"event": "haircut", "when": "next week"},
         timedelta(days=7)),
        (EN, "Standup", "move standup 30 min earlier", {"event": "standup", "when": "9:30am"},
         timedelta(minutes=-30)),
        (EN, "Review", "can you shove the review back by two hours", {"event": "review", "when": "Thursday 12pm"},
         timedelta(hours=2)),
        (ZH, "评审会", "评审会延后一小时", {"event": "评审会", "when": "3月6日11:00"}, timedelta(hours=1)),
        (ZH, "牙医", "把牙医往后挪两天", {"event": "牙医", "when": "3月8日"}, timedelta(days=2)),
        (TW, "週會", "週會提前半小時", {"event": "週會", "when": "9:30"}, timedelta(minutes=-30)),
    ],
)  # fmt: skip
async def test_a_move_sent_as_another_time_is_the_users_move(
    database: Any, make_user: Any, tz: str, title: str, text: str, args: dict[str, str], shift: timedelta
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    seeded = await kit.seed(title, datetime(2025, 3, 6, 10, tzinfo=kit.tz))
    kit.script(call("update_event", args), reply("Done."))
    done = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert event.start - seeded.start == shift, done.text
    assert event.end - event.start == seeded.end - seeded.start


@pytest.mark.parametrize(
    ("tz", "title", "text", "args", "end_hour"),
    [
        (EN, "Board prep", "Board prep needs more time, make it run until 6",
         {"event": "Board prep", "when": "10:00 AM", "end": "6pm"}, 18),
        (EN, "Planning", "let planning go till 4:30pm", {"event": "planning", "when": "10am", "end": "4:30pm"}, 16),
        (ZH, "评审会", "评审会延长到下午六点", {"event": "评审会", "when": "上午10点", "end": "下午六点"}, 18),
        # a dash between the clauses is no time phrase the start could have come from
        (EN, "Board prep", "Board prep needs more time — make it run until 6",
         {"event": "Board prep", "when": "2:00 PM", "end": "6:00 PM"}, 18),
        (EN, "Planning", "planning – let it go till 5pm", {"event": "planning", "when": "2pm", "end": "5pm"}, 17),
        (ZH, "评审会", "评审会——延长到下午六点", {"event": "评审会", "when": "下午2点", "end": "下午六点"}, 18),
        (TW, "週會", "週會—延長到下午五點", {"event": "週會", "when": "14:00", "end": "下午五點"}, 17),
    ],
)  # fmt: skip
async def test_a_change_with_no_new_start_keeps_its_start(
    database: Any, make_user: Any, tz: str, title: str, text: str, args: dict[str, str], end_hour: int
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    seeded = await kit.seed(title, datetime(2025, 3, 6, 14, tzinfo=kit.tz))
    kit.script(call("update_event", args), reply("Done."))
    done = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert event.start == seeded.start, done.text
    assert event.end.astimezone(kit.tz).hour == end_hour, done.text


@pytest.mark.parametrize(
    ("tz", "text", "args"),
    [
        (TW, "後天七點半要開會", {"title": "開會", "when": "2025-03-07 17:30"}),
        (ZH, "后天七点半开会", {"title": "开会", "when": "3月7日 17:30"}),
        (EN, "sync with Leo the day after tomorrow at 7:30", {"title": "Sync with Leo", "when": "2025-03-07 17:30"}),
    ],
)  # fmt: skip
async def test_a_new_event_at_a_time_the_user_did_not_say_uses_their_phrase(
    database: Any, make_user: Any, tz: str, text: str, args: dict[str, str]
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", args), reply("Done."))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert await kit.events() == []
    assert len(asked.options) == 2, asked.text  # 7:30 in the morning or the evening: the user's to say
    assert {o.start.astimezone(kit.tz).hour for o in asked.options} == {7, 19}
