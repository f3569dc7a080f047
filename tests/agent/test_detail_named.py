"""A change that leaves as it is a place or a person the message names goes back to the model once, naming
it (``agent.writes.detail_named``). Scripted model: its second answer is what a model may do — pass the new
value, or call again unchanged."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

FRIDAY = datetime(2025, 3, 7, 12, tzinfo=NY)

# (language, seeded detail, message, first call's arguments, the field, the new value)
CORRECTIONS = [
    ("en", {"location": "the Atrium"}, "oh, planning is in the Fjord room, not the Atrium - and till 2pm",
     {"event": "planning", "end": "2pm"}, "location", "the Fjord room"),
    ("en", {"attendees": ("Sam",)}, "make the planning with Priya rather than Sam",
     {"event": "planning"}, "attendees", ["Priya"]),
    ("en", {"location": "Nando’s"}, "Sorry, planning at Wagamama instead of Nando's please",
     {"event": "planning"}, "location", "Wagamama"),
    ("zh", {"location": "三楼会议室"}, "规划会不在三楼会议室了，换到五楼会议室", {"event": "规划会"}, "location", "五楼会议室"),
    ("zh", {"attendees": ("小陈",)}, "規劃會不是跟小陳，是跟小林開", {"event": "規劃會"}, "attendees", ["小林"]),
    ("zh", {"location": "星巴克"}, "星巴克人太多了，规划会改去瑞幸吧，开到两点", {"event": "规划会", "end": "两点"}, "location", "瑞幸"),
]  # fmt: skip


async def _kit(lang: str, kit: Kit, database: Any, make_user: Any) -> tuple[Kit, str]:
    if lang == "en":
        return kit, "Planning"
    return await make_kit(database, make_user, timezone="Asia/Shanghai"), "规划会"


@pytest.mark.parametrize(
    ("lang", "detail", "text", "args", "field", "value"), CORRECTIONS, ids=[c[2] for c in CORRECTIONS]
)
async def test_a_named_detail_left_as_it_is_goes_back_once(
    kit: Kit, database: Any, make_user: Any, lang: str, detail: dict[str, Any], text: str,
    args: dict[str, str], field: str, value: Any,
) -> None:  # fmt: skip
    k, title = await _kit(lang, kit, database, make_user)
    tz = NY if lang == "en" else SH
    await k.seed(title, FRIDAY.replace(tzinfo=tz), **detail)
    model = k.script(call("update_event", args), call("update_event", {**args, field: value}), reply("ok"))
    r = await k.assistant.reply(k.user_id, text)
    assert model.call_count >= 2 and len(r.writes) == 1, r.text
    hint = model.calls[1].messages[-1].content
    assert "left_as_it_is" in hint and field in hint
    [event] = await k.events()
    got = event.location if field == "location" else list(event.attendees)
    assert got == value


async def test_called_again_unchanged_the_change_goes_through(kit: Kit) -> None:
    await kit.seed("Planning", FRIDAY, location="the Atrium")
    args = {"event": "planning", "end": "2pm"}
    model = kit.script(call("update_event", args), call("update_event", args), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "planning stays in the Atrium, just run it until 2pm")
    assert model.call_count >= 2 and len(r.writes) == 1, r.text
    [event] = await kit.events()
    assert (event.location, event.end) == ("the Atrium", datetime(2025, 3, 7, 14, tzinfo=NY))


@pytest.mark.parametrize(
    ("title", "detail", "text", "args"),
    [
        ("Lunch with Mark", {"attendees": ("Mark",)}, "move lunch with Mark to 1pm", {"event": "lunch", "when": "1pm"}),
        ("Planning", {"location": "the Atrium"}, "move the planning in the Atrium to 1pm",
         {"event": "planning in the Atrium", "when": "1pm"}),
        ("Planning", {"location": "the Atrium"}, "move planning to 1pm", {"event": "planning", "when": "1pm"}),
        ("和老李打球", {"attendees": ("老李",)}, "和老李打球改到下午一点", {"event": "和老李打球", "when": "下午一点"}),
    ],
)  # fmt: skip
async def test_a_detail_that_says_which_event_is_no_question(
    kit: Kit, title: str, detail: dict[str, Any], text: str, args: dict[str, str]
) -> None:
    await kit.seed(title, FRIDAY, **detail)
    model = kit.script(call("update_event", args), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and len(r.writes) == 1, r.text
