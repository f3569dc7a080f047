"""A move whose one new time the model sent as the event's end (``end`` = 4pm, ``when`` the event's own
day or start): a move verb before the time ("shift … to 4", 改到四点) moves the event there; words that name
an end ("until 4", a range, 延长到四点) write the end as before; otherwise the user picks — the event moved
to 4 or kept and ending at 4 — and the pick is written with no model call (agent.writes.end_or_move). Scripted model; now is Wednesday 2025-03-05 09:00, the
event Friday 7 March 14:00-15:00."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, title, message, the model's update with the new time as its end): no move verb before the time,
# no end said — the user picks
TO_A_TIME = [
    ("America/New_York", "Dentist", "can friday's dentist go to 4 instead",
     {"event": "dentist", "event_when": "Friday", "when": "Friday 2pm", "end": "Friday 4pm"}),
    ("America/New_York", "Vet", "friday vet: put it at 4 please", {"event": "vet", "event_when": "friday",
                                                                 "end": "4pm"}),
    ("America/New_York", "Dentist", "the dentist on friday, 4pm works better", {"event": "dentist", "when": "Friday",
                                                                               "end": "Friday 4pm"}),
    ("Asia/Shanghai", "牙医", "周五看牙能不能下午四点", {"event": "牙医", "event_when": "周五", "end": "下午四点"}),
    ("Asia/Taipei", "牙醫", "週五的牙醫下午四點可以嗎", {"event": "牙醫", "when": "週五", "end": "週五下午四點"}),
]  # fmt: skip

# a move verb before the time ("move … to 4", 改到, 挪到, 改成): the event moves there, its length kept
MOVED = [
    ("America/New_York", "Dentist", "shift the dentist on friday to 4",
     {"event": "dentist", "when": "Friday", "end": "Friday 4pm"}),
    ("America/New_York", "Vet", "push the vet friday to 4pm", {"event": "vet", "end": "4pm"}),
    ("America/New_York", "Dentist", "reschedule friday's dentist to 4 please",
     {"event": "dentist", "event_when": "Friday", "when": "Friday 2pm", "end": "Friday 4pm"}),
    ("Asia/Shanghai", "牙医", "周五的牙医改成四点", {"event": "牙医", "when": "周五", "end": "周五下午四点"}),
    ("Asia/Shanghai", "牙医", "把周五的牙医挪到下午四点", {"event": "牙医", "event_when": "周五", "end": "下午四点"}),
    ("Asia/Taipei", "牙醫", "週五的牙醫改到下午四點", {"event": "牙醫", "when": "週五", "end": "週五下午四點"}),
]  # fmt: skip

# the words name an end: written as the model sent it, no question
AN_END = [
    ("America/New_York", "Dentist", "make friday's dentist run until 4", {"event": "dentist", "end": "4pm"}),
    ("America/New_York", "Dentist", "the dentist on friday is 2 to 4 now",
     {"event": "dentist", "when": "Friday 2pm", "end": "Friday 4pm"}),
    ("America/New_York", "Dentist", "friday's dentist will go on till 4", {"event": "dentist", "end": "4pm"}),
    ("Asia/Shanghai", "牙医", "把周五的牙医延长到四点", {"event": "牙医", "when": "周五", "end": "周五下午四点"}),
]  # fmt: skip

FRIDAY = (2025, 3, 7)


async def _kit(database: Any, make_user: Any, tz: str, title: str):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(*FRIDAY, 14, tzinfo=kit.tz))
    return kit


@pytest.mark.parametrize("pick", [1, 2], ids=["moved", "ends there"])
@pytest.mark.parametrize(("tz", "title", "text", "update"), TO_A_TIME, ids=[r[2] for r in TO_A_TIME])
async def test_one_time_as_the_end_asks_move_or_end(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict, pick: int
) -> None:
    kit = await _kit(database, make_user, tz, title)
    model = kit.script(call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    assert not r.writes and r.pending is not None and r.pending.kind == "needs_choice", r.text
    assert [o.start.astimezone(kit.tz).hour for o in r.options] == [16, 14], r.text
    assert title in r.text and ("4:00" in r.text or "16:00" in r.text), r.text
    [kept] = await kit.events()
    assert kept.start == datetime(*FRIDAY, 14, tzinfo=kit.tz)
    done = await kit.assistant.reply(kit.user_id, str(pick))
    assert model.call_count == 1 and [w.action for w in done.writes] == ["updated"], done.text
    [written] = await kit.events()
    wanted = (16, 17) if pick == 1 else (14, 16)
    assert (written.start, written.end) == tuple(datetime(*FRIDAY, h, tzinfo=kit.tz) for h in wanted)


@pytest.mark.parametrize(("tz", "title", "text", "update"), MOVED, ids=[r[2] for r in MOVED])
async def test_a_move_verb_before_the_time_moves_the_event(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict
) -> None:
    kit = await _kit(database, make_user, tz, title)
    model = kit.script(call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"], r.text
    [written] = await kit.events()
    assert (written.start, written.end) == (datetime(*FRIDAY, 16, tzinfo=kit.tz), datetime(*FRIDAY, 17, tzinfo=kit.tz))


@pytest.mark.parametrize(("tz", "title", "text", "update"), AN_END, ids=[r[2] for r in AN_END])
async def test_words_that_name_an_end_write_it(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict
) -> None:
    kit = await _kit(database, make_user, tz, title)
    kit.script(call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    assert [w.action for w in r.writes] == ["updated"], r.text
    [written] = await kit.events()
    assert written.start == datetime(*FRIDAY, 14, tzinfo=kit.tz)
    assert written.end - written.start == timedelta(hours=2)
