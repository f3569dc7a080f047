"""A rename whose reference is the new title (the model copied the new name into ``event``): no event has
that name yet, so the event is the one the rest of the user's message names. Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

EN, ZH, TW = "America/New_York", "Asia/Shanghai", "Asia/Taipei"


@pytest.mark.parametrize(
    ("tz", "old", "text", "new", "extra"),
    [
        (ZH, "面试", "明天的面试标题换成「终面-李娜」", "终面-李娜", {"when": "明天"}),
        (ZH, "周会", "把周会的名字改成「项目例会」", "项目例会", {}),
        (TW, "牙醫", "牙醫那個改名叫「洗牙」", "洗牙", {}),
        (EN, "Interview", "rename tomorrow's interview to “Second round – Zhang Wei”", "Second round – Zhang Wei", {}),
        (EN, "Standup", "call the standup 'Daily sync' from now on", "Daily sync", {}),
        (EN, "Dentist", "change the dentist's title to Teeth cleaning", "Teeth cleaning", {}),
    ],
)  # fmt: skip
async def test_the_event_is_what_the_rest_of_the_message_names(
    database: Any, make_user: Any, tz: str, old: str, text: str, new: str, extra: dict[str, str]
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    seeded = await kit.seed(old, datetime(2025, 3, 6, 10, tzinfo=kit.tz))
    await kit.seed("Lunch" if tz == EN else "午饭", datetime(2025, 3, 6, 12, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": new, "title": new, **extra}), reply("Done."))
    done = await kit.assistant.reply(kit.user_id, text)
    events = {e.id: e for e in await kit.events()}
    assert events[seeded.id].title == new, done.text
    assert events[seeded.id].start == seeded.start
    assert len(done.writes) == 1


async def test_a_new_title_naming_nothing_else_is_still_not_found(database: Any, make_user: Any) -> None:
    kit = await make_kit(database, make_user, timezone=EN)
    await kit.seed("Dentist", datetime(2025, 3, 6, 10, tzinfo=kit.tz))
    kit.script(call("update_event", {"event": "Budget review", "title": "Budget review"}), reply("Done."))
    done = await kit.assistant.reply(kit.user_id, "Budget review")
    assert done.writes == () and [e.title for e in await kit.events()] == ["Dentist"], done.text
