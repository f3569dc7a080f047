"""An update that changes nothing because the model took the user's new time for the reference ("the 8:30
tomorrow to 9" sent as the event at 8:30 moved to 8:30, or "make it 10" with the reference's own time as
``when``): the time after "to", or the bare hour, read against the event by the time service, is where the
event goes — moved at once when a move verb or "make it" stands before it (``reads_as_a_destination``), else
named to the model and, if its answer does not use it, offered as yes/no — never yes/no to delete it
(agent.writes.no_change.unused_time, agent.writes.path). Scripted model; now is Wednesday
2025-03-05 09:00, the event Thursday 6 March 8:30-9:30."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (zone, title, message, the model's update that changes nothing, the new start (hour, minute), the time named)
ROWS = [
    ("America/New_York", "Coffee with Ines", "can my 8:30 tomorrow go to 9 instead",
     {"event": "8:30 tomorrow", "when": "tomorrow 8:30"}, (9, 0), "9"),
    ("America/New_York", "Coffee with Ines", "shift tomorrow's 8:30 to 9:15",
     {"event": "coffee", "event_when": "tomorrow", "when": "tomorrow 8:30"}, (9, 15), "9:15"),
    ("America/New_York", "Coffee with Ines", "my coffee at 8:30 tomorrow, make it 10",
     {"event": "coffee", "event_when": "8:30 tomorrow", "when": "8:30 tomorrow"}, (10, 0), "10"),
    ("America/New_York", "Standup", "tomorrow 8:30 standup - bump it to 9 please",
     {"event": "standup", "event_when": "tomorrow 8:30", "when": "tomorrow 8:30"}, (9, 0), "9"),
    ("Asia/Shanghai", "咖啡", "明天八点半那个挪到九点",
     {"event": "明天八点半", "when": "明天八点半"}, (9, 0), "九点"),
    ("Asia/Shanghai", "咖啡", "明早八点半的咖啡改成十点",
     {"event": "咖啡", "event_when": "明早八点半", "when": "明天八点半"}, (10, 0), "十点"),
    ("Asia/Taipei", "晨會", "明天八點半那個晨會改到九點半",
     {"event": "晨會", "event_when": "明天八點半", "when": "明天八點半"}, (9, 30), "九點半"),
    ("America/New_York", "Coffee with Ines", "tomorrow's 8:30 coffee - 9 would suit me better",
     {"event": "coffee", "event_when": "tomorrow 8:30", "when": "tomorrow 8:30"}, (9, 0), "9"),
    ("Asia/Shanghai", "咖啡", "明天八点半的咖啡，九点更合适",
     {"event": "咖啡", "event_when": "明天八点半", "when": "明天八点半"}, (9, 0), "九点"),
]  # fmt: skip
IDS = [r[2] for r in ROWS]
MOVE_WORDS = [r for r in ROWS if r[2] not in (ROWS[0][2], ROWS[-2][2], ROWS[-1][2])]
"""A move verb (shift, bump, 挪到, 改成 …) or "make it" before the time: the time service reads it as where
the event goes (``schedule_time.reads_as_a_destination``), so the event is moved at once."""
NO_MOVE_WORD = [ROWS[0], ROWS[-2], ROWS[-1]]
EVENT_START = (8, 30)


async def _kit(database: Any, make_user: Any, tz: str, title: str):  # type: ignore[no-untyped-def]
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, *EVENT_START, tzinfo=kit.tz))
    return kit


def _yes(text: str) -> str:
    return "yes" if text.isascii() else "好"


async def _moved_to(kit: Any, text: str, at: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The turn moved the event at once, or asked yes/no to move it (never to delete it); a yes moves it,
    its hour's length kept."""
    r = await kit.assistant.reply(kit.user_id, text)
    assert "OK" not in r.text.split(), r.text
    if not r.writes:
        assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
        assert not any(w in r.text for w in ("Delete", "删除", "刪除")), r.text
        r = await kit.assistant.reply(kit.user_id, _yes(text))
    assert [w.action for w in r.writes] == ["updated"], r.text
    [moved] = await kit.events()
    assert moved.start == datetime(2025, 3, 6, *at, tzinfo=kit.tz), r.text
    assert moved.end - moved.start == timedelta(hours=1)


@pytest.mark.parametrize(("tz", "title", "text", "update", "at", "said"), ROWS, ids=IDS)
async def test_the_time_after_the_reference_is_offered(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict, at: tuple[int, int], said: str
) -> None:
    kit = await _kit(database, make_user, tz, title)
    model = kit.script(call("update_event", update), reply("OK", request="change"))
    await _moved_to(kit, text, at)
    for sent in model.calls[1:]:  # (sent back at most once, naming the time)
        assert said in str(sent.messages[-1]), sent.messages[-1]


@pytest.mark.parametrize(("tz", "title", "text", "update", "at", "said"), ROWS, ids=IDS)
async def test_the_model_told_the_time_moves_there(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict, at: tuple[int, int], said: str
) -> None:
    kit = await _kit(database, make_user, tz, title)
    reference = {k: v for k, v in update.items() if k != "when"}
    kit.script(call("update_event", update), call("update_event", {**reference, "when": said}))
    await _moved_to(kit, text, at)


@pytest.mark.parametrize(("tz", "title", "text", "update", "at", "said"), MOVE_WORDS, ids=[r[2] for r in MOVE_WORDS])
async def test_a_move_word_before_the_time_moves_at_once(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict, at: tuple[int, int], said: str
) -> None:
    kit = await _kit(database, make_user, tz, title)
    model = kit.script(call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and [w.action for w in r.writes] == ["updated"], r.text
    assert "haven't done" not in r.text and "还没有处理" not in r.text, r.text
    [moved] = await kit.events()
    assert moved.start == datetime(2025, 3, 6, *at, tzinfo=kit.tz), r.text


@pytest.mark.parametrize(("tz", "title", "text", "update", "at", "said"), NO_MOVE_WORD, ids=[r[2] for r in NO_MOVE_WORD])
async def test_a_no_keeps_the_event(
    database: Any, make_user: Any, tz: str, title: str, text: str, update: dict, at: tuple[int, int], said: str
) -> None:
    kit = await _kit(database, make_user, tz, title)
    kit.script(call("update_event", update), reply("OK", request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and not r.writes, r.text
    await kit.assistant.reply(kit.user_id, "no" if text.isascii() else "不用")
    [kept] = await kit.events()
    assert kept.start == datetime(2025, 3, 6, *EVENT_START, tzinfo=kit.tz)


@pytest.mark.parametrize(
    ("tz", "text", "update"),
    [
        ("America/New_York", "cancel my 8:30 tomorrow", {"event": "8:30 tomorrow", "when": "8:30am tomorrow"}),
        ("Asia/Shanghai", "明天八点半那个取消吧", {"event": "明天八点半", "when": "明天上午八点半"}),
        ("America/New_York", "drop tomorrow's 8:30 coffee", {"event": "coffee", "event_when": "tomorrow 8:30",
                                                            "when": "tomorrow 8:30"}),
    ],
)  # fmt: skip
async def test_no_other_time_still_asks_about_removal(
    database: Any, make_user: Any, tz: str, text: str, update: dict
) -> None:
    """Without a time of its own beyond the reference, the update that changes nothing is told so (a
    removal is delete_event) — no a.m.-or-p.m. question about the reference's own time — and the model's
    delete then asks yes/no, naming the event."""
    kit = await _kit(database, make_user, tz, "Coffee with Ines" if text.isascii() else "咖啡")
    reference = {k: v for k, v in update.items() if k != "when"}
    model = kit.script(call("update_event", update), call("delete_event", reference))
    r = await kit.assistant.reply(kit.user_id, text)
    for sent in model.calls[1:]:
        assert "changes nothing" in str(sent.messages[-1]), sent.messages[-1]
    assert r.pending is not None and r.pending.kind == "needs_confirmation" and not r.writes, r.text
    assert any(w in r.text for w in ("Delete", "删除")), r.text
    assert len(await kit.events()) == 1
