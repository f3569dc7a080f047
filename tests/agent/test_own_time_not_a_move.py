"""An update's new start that is the event's own end, which the message never gave: the model read the range
of the receipt ("12:30–1:30 PM" → "1:30 PM") as a time to move to while the user asked for a length or a
guest. The event stays where it is and gets what was asked; a time of the message ("push it back an hour",
"move it to 1:30") still moves it. Scripted model, real store; NOW is Wednesday 5 March 2025 09:00 (New
York), the event is made the turn before (its receipt is what the model copies)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (first message, its title and time, the next message, the model's update values, end hour, attendees)
NOT_A_MOVE = [
    ("lunch with Priya tomorrow at 12:30", "Lunch with Priya", "tomorrow at 12:30", "make it an hour and a half",
     {"when": "Thursday, March 6, 1:30 PM", "duration": "1.5 hours"}, 14, ()),
    ("lunch with Priya tomorrow at 12:30", "Lunch with Priya", "tomorrow at 12:30", "make it 90 minutes long",
     {"when": "Thursday, March 6, 1:30 PM", "duration": "90 minutes"}, 14, ()),
    ("lunch with Priya tomorrow at 12:30", "Lunch with Priya", "tomorrow at 12:30", "it should last two hours",
     {"when": "1:30 PM", "duration": "two hours"}, 14.5, ()),
    ("lunch with Priya tomorrow at 12:30", "Lunch with Priya", "tomorrow at 12:30", "add Sam to it",
     {"when": "Thursday, March 6, 1:30 PM", "attendees": ["Sam"]}, 13.5, ("Sam",)),
    ("lunch with Priya tomorrow 12:30 to 1:30", "Lunch with Priya", "tomorrow 12:30 to 1:30",
     "actually give it two hours", {"when": "1:30", "duration": "two hours"}, 14.5, ()),
    ("明天中午十二点半和小王吃饭", "和小王吃饭", "明天中午十二点半", "改成一个半小时",
     {"when": "3月6日（周四） 13:30", "duration": "一个半小时"}, 14, ()),
    ("明天中午十二点半和小王吃饭", "和小王吃饭", "明天中午十二点半", "时长改为两小时",
     {"when": "13:30", "duration": "两小时"}, 14.5, ()),
    ("明天中午十二点半和小王吃饭", "和小王吃饭", "明天中午十二点半", "把小李也叫上",
     {"when": "3月6日（周四） 13:30", "attendees": ["小李"]}, 13.5, ("小李",)),
]  # fmt: skip


@pytest.mark.parametrize(("first", "title", "when", "text", "args", "end", "people"), NOT_A_MOVE,
                         ids=[r[3] for r in NOT_A_MOVE])  # fmt: skip
async def test_the_events_own_end_is_no_new_start(
    kit: Kit, first: str, title: str, when: str, text: str, args: dict[str, object], end: float,
    people: tuple[str, ...],
) -> None:  # fmt: skip
    kit.script(
        call("create_event", {"title": title, "when": when}),
        call("update_event", {"event": title, **args}, request="update"),
        reply("ok"),
    )
    await kit.assistant.reply(kit.user_id, first, conversation_id="c")
    r = await kit.assistant.reply(kit.user_id, text, conversation_id="c")
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 6, 12, 30, tzinfo=NY), r.text
    assert event.end == datetime(2025, 3, 6, int(end), int(end % 1 * 60), tzinfo=NY), r.text
    assert event.attendees == people
    assert "from" not in r.text and "改到" not in r.text, r.text  # no "Moved … from …"
    payload = (await kit.records("turn"))[-1].payload
    assert payload["writes_persisted"], payload


# (message, the model's update values): the message's own time or shift moves it to 1:30
A_MOVE = [
    ("push it back an hour", {"when": "1:30 PM"}),
    ("move it an hour later", {"when": "Thursday, March 6, 1:30 PM"}),
    ("move it to 1:30", {"when": "1:30 PM"}),
    ("推迟一小时", {"when": "13:30"}),
    ("改到一点半", {"when": "13:30"}),
]


@pytest.mark.parametrize(("text", "args"), A_MOVE, ids=[r[0] for r in A_MOVE])
async def test_a_time_of_the_message_still_moves_it(kit: Kit, text: str, args: dict[str, object]) -> None:
    kit.script(
        call("create_event", {"title": "Lunch", "when": "tomorrow at 12:30"}),
        call("update_event", {"event": "Lunch", **args}, request="update"),
        reply("ok"),
    )
    await kit.assistant.reply(kit.user_id, "lunch tomorrow at 12:30", conversation_id="c")
    r = await kit.assistant.reply(kit.user_id, text, conversation_id="c")
    [event] = await kit.events()
    assert (event.start, event.end) == (
        datetime(2025, 3, 6, 13, 30, tzinfo=NY),
        datetime(2025, 3, 6, 14, 30, tzinfo=NY),
    ), r.text
