"""An update that changes an event's notes says so in its receipt, from the stored row, as a change of place
or people does ("Notes: bring insurance card.", 备注改为…（原为…）). Before, the receipt showed only the
time, and the user could not see that the notes were written. Scripted model; now is Wednesday 2025-03-05
09:00 in New York."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from agent.render.receipts import _short
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

_LONG = "park on level 3, take the east elevator, check in at the desk on the left and ask for Dr. Moreno's office"

# (message, title, notes before, the model's notes, what the receipt says)
ROWS = [
    ("add a note to the dentist: bring insurance card", "Dentist", None, "bring insurance card",
     "Notes: bring insurance card."),
    ("put gate code 4412 in the notes for dinner", "Dinner", None, "gate code 4412", "Notes: gate code 4412."),
    ("dentist notes: bring the new insurance card instead", "Dentist", "bring insurance card",
     "bring the new insurance card", "Notes: bring the new insurance card (was bring insurance card)."),
    ("牙医备注改成带医保卡", "牙医", "带身份证", "带医保卡", "备注改为带医保卡（原为带身份证）"),
    ("給晚飯加個備註：記得帶酒", "晚飯", None, "記得帶酒", "備註改為記得帶酒"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "title", "before", "notes", "said"), ROWS, ids=[r[0][:40] for r in ROWS])
async def test_the_receipt_says_the_new_notes(
    kit: Kit, text: str, title: str, before: str | None, notes: str, said: str
) -> None:
    await kit.seed(title, datetime(2025, 3, 6, 15, tzinfo=NY), notes=before)
    kit.script(call("update_event", {"event": title, "notes": notes}, request="change"), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.writes and r.writes[0].persisted, r.text
    assert said in r.text, r.text
    [event] = await kit.events()
    assert event.notes == notes


def test_a_long_note_is_quoted_short() -> None:
    quoted = _short(_LONG)
    assert quoted is not None and len(quoted) == 80 and quoted.endswith("…") and _LONG.startswith(quoted[:-1])
    assert _short("two\nlines") == "two lines" and _short(None) is None and _short("") is None
