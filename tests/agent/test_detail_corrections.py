"""Corrections of a place, a name or the people of the event just written (scripted model, real store): the
new value is the message's own words, so the change is asked for even when the message has no pointer and
no title word (``guards.asked``); the receipt says what changed from what, from the stored row
(``render.receipts``). A value the message does not say is still nothing asked. Now is Wednesday
2025-03-05 09:00 in America/New_York."""

from __future__ import annotations

from typing import Any

import pytest

from agent.language import simplified
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

# (first message, its create, the correction, the model's update, the stored field and value, receipt words)
DETAIL_CORRECTIONS: list[tuple[str, dict[str, Any], str, dict[str, Any], str, Any, str]] = [
    ("brunch saturday 11am at Cafe Luna", {"title": "Brunch", "when": "saturday 11am", "location": "Cafe Luna"},
     "Wrong venue. Blue Bottle on Main St.", {"event": "brunch", "location": "Blue Bottle on Main St"},
     "location", "Blue Bottle on Main St", "Place: Blue Bottle on Main St (was Cafe Luna)."),
    ("book club thursday 7pm at the library", {"title": "Book club", "when": "thursday 7pm", "location": "library"},
     "not the library, the community hall", {"event": "Book club", "location": "community hall"},
     "location", "community hall", "Place: community hall (was library)."),
    ("call with Anya friday at 10am", {"title": "Call", "when": "friday at 10am", "attendees": ["Anya"]},
     "Tanya, sorry, typo", {"event": "call", "attendees": ["Tanya"]},
     "attendees", ("Tanya",), "Title was “Call with Anya”; attendees: Tanya (was Anya)."),
    ("周五下午两点在国贸见投资人", {"title": "见投资人", "when": "周五下午两点", "location": "国贸"},
     "地方记错了，改在望京SOHO", {"event": "见投资人", "location": "望京SOHO"},
     "location", "望京SOHO", "地点改为望京SOHO（原为国贸）"),
    ("明天上午十点在三楼开周会", {"title": "周会", "when": "明天上午十点", "location": "三楼"},
     "不在三楼，在五楼大会议室", {"event": "周会", "location": "五楼大会议室"},
     "location", "五楼大会议室", "地点改为五楼大会议室（原为三楼）"),
    ("週四晚上七點在信義店聚餐", {"title": "聚餐", "when": "週四晚上七點", "location": "信義店"},
     "地點改成誠品書店", {"event": "聚餐", "location": "誠品書店"},
     "location", "誠品書店", "地点改为诚品书店（原为信义店）"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "create", "correction", "update", "field", "value", "said"),
    DETAIL_CORRECTIONS,
    ids=[r[2] for r in DETAIL_CORRECTIONS],
)
async def test_a_corrected_detail_is_written_and_the_receipt_says_from_what(
    kit: Kit, first: str, create: dict, correction: str, update: dict, field: str, value: Any, said: str
) -> None:
    model = kit.script(call("create_event", create), call("update_event", update), reply("Done."))
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, correction)
    assert model.call_count == 2 and r.writes and r.writes[0].action == "updated", r.text
    (event,) = await kit.events()
    assert getattr(event, field) == value
    assert said in simplified(r.text), r.text


@pytest.mark.parametrize(
    ("text", "update"),
    [
        ("thanks!", {"event": "brunch", "location": "Blue Bottle"}),
        ("好的谢谢", {"event": "早午餐", "location": "蓝瓶咖啡"}),
        ("sounds good", {"event": "brunch", "attendees": ["Tanya"]}),
    ],
)
async def test_a_detail_the_message_does_not_say_is_nothing_asked(kit: Kit, text: str, update: dict) -> None:
    model = kit.script(
        call("create_event", {"title": "Brunch", "when": "saturday 11am"}), call("update_event", update), reply("OK")
    )
    await kit.assistant.reply(kit.user_id, "brunch saturday 11am")
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes == () and model.call_count == 3, r.text
    (event,) = await kit.events()
    assert event.location is None and event.attendees == ()


# (correction, the model's update: the event's own start copied from the receipt beside a new detail, and the
# change; the new (start hour, start minute, end hour), the detail stored)
COPIED_START_BESIDE_A_DETAIL = [
    ("oh it's at Zuni, not Nopa, and keep it till 3",
     {"event": "Team lunch", "when": "Friday, March 7, 12:15–1:15 PM", "end": "Friday, March 7, 3:00 PM",
      "location": "Zuni"}, (12, 15, 15), ("location", "Zuni")),
    ("book it at Zuni instead, and make it till 2:30",
     {"event": "Team lunch", "when": "Friday, March 7, 12:15 PM", "end": "2:30 PM", "location": "Zuni"},
     (12, 15, 14), ("location", "Zuni")),
    ("rename it Team offsite, at 4pm instead",
     {"event": "Team lunch", "when": "Friday, March 7, 12:15–1:15 PM", "title": "Team offsite"},
     (16, 0, 17), ("title", "Team offsite")),
    ("地点改成瑞幸，一直到三点",
     {"event": "Team lunch", "when": "3月7日（周五） 12:15–13:15", "end": "3月7日（周五） 15:00", "location": "瑞幸"},
     (12, 15, 15), ("location", "瑞幸")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("correction", "update", "times", "detail"),
    COPIED_START_BESIDE_A_DETAIL,
    ids=[r[0] for r in COPIED_START_BESIDE_A_DETAIL],
)
async def test_a_copied_start_beside_a_new_detail_moves_nothing_but_the_users_time(
    kit: Kit, correction: str, update: dict, times: tuple[int, int, int], detail: tuple[str, str]
) -> None:
    model = kit.script(
        call("create_event", {"title": "Team lunch", "when": "friday 12:15", "location": "Nopa"}),
        call("update_event", update),
        reply("Done."),
    )
    await kit.assistant.reply(kit.user_id, "team lunch friday 12:15 at Nopa")
    r = await kit.assistant.reply(kit.user_id, correction)
    assert model.call_count == 2 and r.writes and r.writes[0].persisted, r.text
    (event,) = await kit.events()
    start, end = event.start.astimezone(kit.tz), event.end.astimezone(kit.tz)
    assert (start.day, start.hour, start.minute, end.hour) == (7, *times), r.text
    assert getattr(event, detail[0]) == detail[1]
