"""An update with other changes and no new time, while the message gives the event one ("invite Ben too and
move it to 1" sent as the guest alone, its ``when`` the current minute and dropped): the guest was added and
the move silently lost. The time goes back to the model once, named, with the other changes
(``writes.no_change.a_time_left_beside``); its second call moves the event. Scripted model, real store; NOW
is Wednesday 5 March 2025 09:00 (New York); lunch is Friday at noon."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the model's first update values, its second ``when``, the field and its value)
ROWS = [
    ("invite Ben too and move it to 1", {"when": "09:00", "attendees": ["Ben"]}, "1pm", "attendees", ("Ben",)),
    ("add Sam and push it to 1", {"attendees": ["Sam"]}, "1pm", "attendees", ("Sam",)),
    ("change the place to Luigi's and move it to 1", {"location": "Luigi's"}, "1pm", "location", "Luigi's"),
    ("把小李也叫上，改到一点", {"attendees": ["小李"]}, "下午一点", "attendees", ("小李",)),
    ("地点换成星巴克，挪到一点", {"location": "星巴克"}, "下午一点", "location", "星巴克"),
    ("加上老王，时间改到一点", {"attendees": ["老王"]}, "下午一点", "attendees", ("老王",)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "first", "when", "field", "value"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_time_left_out_is_named_to_the_model(
    kit: Kit, text: str, first: dict[str, object], when: str, field: str, value: object
) -> None:
    title = "Lunch" if text.isascii() else "午饭"
    await kit.seed(title, datetime(2025, 3, 7, 12, tzinfo=NY))
    kit.script(
        call("update_event", {"event": title, **first}, request="update"),
        call("update_event", {"event": title, **first, "when": when}, request="update"),
        reply("ok"),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 7, 13, tzinfo=NY) and getattr(event, field) == value, r.text
