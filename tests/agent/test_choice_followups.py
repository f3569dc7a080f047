"""Answers to "which time?" that neither the choice gate nor the amendment split takes (the pick sits inside
a sentence of other words) go to the model; a model that copies back the option the assistant printed is quoting our own words, which the user
answered: the time is grounded and the event is written at the picked time. Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, make_kit


@pytest.mark.parametrize(
    ("tz", "first", "when", "answer", "hour"),
    [
        (
            "America/New_York",
            "call with Acme Friday at 7:30",
            "Friday at 7:30",
            "I'd go with the evening one since it's Tokyo",
            19,
        ),
        (
            "America/New_York",
            "call with Acme Friday at 7:30",
            "Friday at 7:30",
            "probably morning since Ana joins too",
            7,
        ),
        (
            "America/New_York",
            "call with Acme Friday at 7:30",
            "Friday at 7:30",
            "second one and make it 45 minutes",
            19,
        ),
        ("Asia/Shanghai", "周五七点半和Acme通话", "周五七点半", "就晚上那个吧顺便叫上小王", 19),
        ("Asia/Shanghai", "周五七点半和Acme通话", "周五七点半", "要早上的吧在会议室A", 7),
    ],
)
async def test_a_copied_option_label_is_grounded(
    database: Any, make_user: Any, tz: str, first: str, when: str, answer: str, hour: int
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    title = "Call with Acme" if tz == "America/New_York" else "和Acme通话"
    kit.script(call("create_event", {"title": title, "when": when}))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None and len(asked.options) == 2, asked.text
    picked = next(o for o in asked.options if o.start.hour == hour)
    kit.script(call("create_event", {"title": title, "when": picked.label}), reply("ok"))
    done = await kit.assistant.reply(kit.user_id, answer)
    [event] = await kit.events()
    zone = NY if tz == "America/New_York" else SH
    assert event.start.astimezone(zone) == picked.start.astimezone(zone), done.text
    assert (
        event.start.astimezone(zone).hour == hour
        and datetime(2025, 3, 7).date() == event.start.astimezone(zone).date()
    )


@pytest.mark.parametrize(
    ("tz", "first", "when", "then", "copied", "new_title"),
    [
        (
            "Asia/Taipei",
            "下週四下午三點 季度檢討",
            "下週四下午三點",
            "名稱換成「季度總結」",
            "3月13日（周四） 15:00–16:00",
            "季度總結",
        ),
        (
            "America/New_York",
            "project review next Wednesday 2pm",
            "next Wednesday 2pm",
            "rename it to Retro",
            "Wednesday, March 12, 2:00–3:00 PM",
            "Retro",
        ),
    ],
)
async def test_a_time_copied_from_the_receipt_is_grounded(
    database: Any, make_user: Any, tz: str, first: str, when: str, then: str, copied: str, new_title: str
) -> None:
    """A rename right after a create, with the model copying the receipt's time into ``when``: our own
    words, which the user read (the event keeps its time)."""
    kit = await make_kit(database, make_user, timezone=tz)
    kit.script(
        call(
            "create_event",
            {"title": first.split()[-1] if tz == "Asia/Taipei" else "Project review", "when": when},
        )
    )
    created = await kit.assistant.reply(kit.user_id, first)
    assert len(created.writes) == 1, created.text
    [before] = await kit.events()
    kit.script(call("update_event", {"event": before.title, "when": copied, "title": new_title}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, then)
    [after] = await kit.events()
    assert after.title == new_title and after.start == before.start, r.text
