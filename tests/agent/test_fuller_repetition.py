"""A repetition the model cut short — part of the user's longer one, with fewer days ("every tuesday" of
"every tuesday and thursday") — is the user's phrase (agent.guards.wording): a day cut off is a day the event
would never be on. Scripted model; EN and ZH."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, message, title, when, the model's recurrence, the weekdays the event must repeat on)
ROWS = [
    ("America/New_York", "tennis every tuesday and thursday at 7pm", "Tennis", "tuesday at 7pm", "every tuesday",
     {"TU", "TH"}),
    ("America/New_York", "yoga mondays and fridays at 6am", "Yoga", "6am", "mondays", {"MO", "FR"}),
    ("America/New_York", "pilates on mondays, wednesdays and fridays at 6am", "Pilates", "6am", "mondays",
     {"MO", "WE", "FR"}),
    ("America/New_York", "standup every mon-fri at 9:30am", "Standup", "monday 9:30am", "every mon", None),
    ("Asia/Shanghai", "每周一和周三晚上六点游泳", "游泳", "周一晚上六点", "每周一", {"MO", "WE"}),
    ("Asia/Taipei", "每週二和週四晚上八點打羽球", "打羽球", "晚上八點", "每週二", {"TU", "TH"}),
    ("Asia/Shanghai", "每周一到周五早上八点跑步", "跑步", "早上八点", "每周一", {"MO", "TU", "WE", "TH", "FR"}),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "text", "title", "when", "given", "days"), ROWS, ids=[r[1] for r in ROWS])
async def test_a_repetition_cut_short_is_the_users_whole_phrase(
    database: Any, make_user: Any, tz: str, text: str, title: str, when: str, given: str, days: set[str] | None
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(call("create_event", {"title": title, "when": when, "recurrence": given}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    rule = dict(part.split("=") for part in (event.rrule or "").split(";") if "=" in part)
    expected = days or {"MO", "TU", "WE", "TH", "FR"}
    assert set(rule.get("BYDAY", "").split(",")) == expected, event.rrule


async def test_a_repetition_of_another_request_is_left_alone(database: Any, make_user: Any) -> None:
    # the user's other repeating phrase is not a longer form of the model's
    kit = await make_kit(database, make_user)
    kit.script(call("create_event", {"title": "Tennis", "when": "tuesday 7pm", "recurrence": "every tuesday"}))
    await kit.assistant.reply(kit.user_id, "tennis every tuesday at 7pm; I also swim every friday")
    [event] = await kit.events()
    assert (event.rrule or "").endswith("BYDAY=TU"), event.rrule
