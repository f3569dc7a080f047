"""A change or cancel of a whole repeating series through chat applies from now on: the occurrences that
already happened stay exactly as they were, and the receipt says from which day on. Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, SH, Kit, make_kit

WEEKLY = "FREQ=WEEKLY;BYDAY=MO"


async def shown(kit: Kit, start: datetime, end: datetime) -> list[tuple[str, datetime, datetime]]:
    occurrences = await kit.db.events(kit.user_id).list_range(start, end)
    return [(o.title, o.start, o.end) for o in occurrences]


async def answered(kit: Kit, r: Any) -> Any:
    """The reply, after a yes if a destructive change asked for one first."""
    if r.pending is not None and not r.writes:
        kit.script()
        r = await kit.assistant.reply(kit.user_id, "yes" if kit.tz == NY else "是的")
    return r


@pytest.fixture
async def zh(database: Any, make_user: Any) -> Kit:
    return await make_kit(database, make_user, timezone="Asia/Shanghai")


# (language, message, tool arguments — the model reads "every" / 以后都 as scope "series" —, receipt, time
# the later ones are at)
MOVES = [
    (
        "en",
        "move the standup to 10 from now on",
        {"event": "standup", "when": "10am", "scope": "series"},
        "Updated “Standup” from Monday, March 10 on — 10:00–11:00 AM (repeating; earlier ones unchanged).",
        10,
    ),
    (
        "en",
        "move the standup to 10am",
        {"event": "standup", "when": "10am", "scope": "series"},
        "Updated “Standup” from Monday, March 10 on — 10:00–11:00 AM (repeating; earlier ones unchanged).",
        10,
    ),
    (
        "zh",
        "部门例会以后都挪到下午三点吧",
        {"event": "部门例会", "when": "下午三点", "scope": "series"},
        "已更新「部门例会」：从3月10日（周一）起 15:00–16:00（重复，之前的不变）",
        15,
    ),
    (
        "zh",
        "把所有的部门例会改到十点",
        {"event": "部门例会", "when": "十点", "scope": "series"},
        "已更新「部门例会」：从3月10日（周一）起 10:00–11:00（重复，之前的不变）",
        10,
    ),
]


@pytest.mark.parametrize(("lang", "text", "args", "receipt", "hour"), MOVES, ids=[m[1] for m in MOVES])
async def test_a_series_move_leaves_the_occurrences_that_happened(
    kit: Kit, zh: Kit, lang: str, text: str, args: dict[str, str], receipt: str, hour: int
) -> None:
    k, tz = (kit, NY) if lang == "en" else (zh, SH)
    title = "Standup" if lang == "en" else "部门例会"
    await k.seed(title, datetime(2025, 2, 3, 9, tzinfo=tz), rrule=WEEKLY)
    past = (datetime(2025, 1, 1, tzinfo=tz), datetime(2025, 3, 10, tzinfo=tz))
    before = await shown(k, *past)
    model = k.script(call("update_event", args), reply("Done."))
    r = await k.assistant.reply(k.user_id, text)
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    assert [x.text for x in r.receipts] == [receipt]
    assert await shown(k, *past) == before and len(before) == 5  # 3 Feb … 3 March, as they were
    later = await shown(k, datetime(2025, 3, 10, tzinfo=tz), datetime(2025, 3, 25, tzinfo=tz))
    assert [o[1] for o in later] == [datetime(2025, 3, d, hour, tzinfo=tz) for d in (10, 17, 24)]
    assert {o[0] for o in later} == {title}


# (language, message, tool arguments, receipt)
CANCELS = [
    (
        "en",
        "cancel my weekly standup from now on",
        {"event": "standup", "scope": "series"},
        "Deleted “Standup” from Monday, March 10 on (earlier ones kept).",
    ),
    (
        "en",
        "delete every standup",
        {"event": "standup", "scope": "series"},
        "Deleted “Standup” from Monday, March 10 on (earlier ones kept).",
    ),
    (
        "zh",
        "部门例会以后都取消吧",
        {"event": "部门例会", "scope": "series"},
        "已删除「部门例会」3月10日（周一）及以后的日程（之前的保留）",
    ),
]


@pytest.mark.parametrize(("lang", "text", "args", "receipt"), CANCELS, ids=[c[1] for c in CANCELS])
async def test_cancelling_a_series_keeps_its_history(
    kit: Kit, zh: Kit, lang: str, text: str, args: dict[str, str], receipt: str
) -> None:
    k, tz = (kit, NY) if lang == "en" else (zh, SH)
    title = "Standup" if lang == "en" else "部门例会"
    await k.seed(title, datetime(2025, 2, 3, 9, tzinfo=tz), rrule=WEEKLY)
    past = (datetime(2025, 1, 1, tzinfo=tz), datetime(2025, 3, 10, tzinfo=tz))
    before = await shown(k, *past)
    k.script(call("delete_event", args), reply("Done."))
    r = await answered(k, await k.assistant.reply(k.user_id, text))
    assert len(r.writes) == 1 and [x.text for x in r.receipts] == [receipt], r.text
    assert await shown(k, *past) == before
    assert await shown(k, datetime(2025, 3, 10, tzinfo=tz), datetime(2026, 1, 1, tzinfo=tz)) == []


async def test_a_series_not_started_yet_changes_whole(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 10, 9, tzinfo=NY), rrule=WEEKLY)
    kit.script(call("update_event", {"event": "standup", "when": "10am", "scope": "series"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move every standup to 10am")
    assert [x.text for x in r.receipts] == [
        "Moved “Standup” from 9:00 AM to 10:00 AM, Monday, March 10 (repeating)."
    ]
    (event,) = await kit.events()
    assert (event.start, event.rrule, event.version) == (datetime(2025, 3, 10, 10, tzinfo=NY), WEEKLY, 2)


async def test_a_series_not_started_yet_is_deleted_whole(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 3, 10, 9, tzinfo=NY), rrule=WEEKLY)
    kit.script(call("delete_event", {"event": "standup", "scope": "series"}), reply("Done."))
    r = await answered(kit, await kit.assistant.reply(kit.user_id, "delete every standup"))
    assert len(r.writes) == 1 and await kit.events() == []


@pytest.mark.parametrize(
    ("tool", "args"),
    [("delete_event", {"event": "standup", "scope": "series"}),
     ("update_event", {"event": "standup", "title": "Sync", "scope": "series"})],
)  # fmt: skip
async def test_a_series_that_is_over_is_not_touched(kit: Kit, tool: str, args: dict[str, str]) -> None:
    await kit.seed("Standup", datetime(2025, 2, 3, 9, tzinfo=NY), rrule=WEEKLY + ";COUNT=2")
    before = await kit.events()
    kit.script(call(tool, args), reply("Done."))
    r = await answered(kit, await kit.assistant.reply(kit.user_id, "change every standup"))
    assert r.writes == () and await kit.events() == before
    assert r.text == "“Standup” has no occurrences left from now on, so I haven't changed anything."


async def test_a_rename_from_now_on_and_its_undo(kit: Kit) -> None:
    await kit.seed("Standup", datetime(2025, 2, 3, 9, tzinfo=NY), rrule=WEEKLY)
    before = await kit.events()
    kit.script(call("update_event", {"event": "standup", "title": "Daily sync"}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "rename the standup to Daily sync")
    assert [x.text for x in r.receipts] == [
        "Updated “Daily sync” from Monday, March 10 on — 9:00–10:00 AM (repeating; earlier ones unchanged)."
    ]
    assert {e.title for e in await kit.events()} == {"Standup", "Daily sync"}
    kit.script(call("undo_last_change", {}), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "undo that")
    assert r.text.startswith("Undo your last change") and not r.writes  # a model-chosen undo asks first
    r = await kit.assistant.reply(kit.user_id, "yes")
    assert len(r.writes) == 1 and r.receipts[0].text.startswith(
        "Undid your last change: changed back “Standup”"
    )
    (event,) = await kit.events()
    assert event.content() == before[0].content()


async def test_from_the_occurrence_the_user_named_on(kit: Kit) -> None:
    """ "from next week on": the model names next week's occurrence and the series scope."""
    await kit.seed(
        "Journal",
        datetime(2025, 3, 1, 21, tzinfo=NY),
        datetime(2025, 3, 1, 21, 30, tzinfo=NY),
        rrule="FREQ=DAILY",
    )
    args = {"event": "journal", "event_when": "next week", "when": "8:30pm", "scope": "series"}
    kit.script(call("update_event", args), reply("Done."))
    r = await kit.assistant.reply(kit.user_id, "move the journal to 8:30pm from next week on")
    assert len(r.writes) == 1, r.text
    assert r.receipts[0].text.startswith("Updated “Journal” from Monday, March 10 on — 8:30–9:00 PM")
    starts = [
        o[1] for o in await shown(kit, datetime(2025, 3, 7, tzinfo=NY), datetime(2025, 3, 12, tzinfo=NY))
    ]
    assert starts == [
        datetime(2025, 3, 7, 21, tzinfo=NY),
        datetime(2025, 3, 8, 21, tzinfo=NY),
        datetime(2025, 3, 9, 21, tzinfo=NY),  # this week's stay
        datetime(2025, 3, 10, 20, 30, tzinfo=NY),
        datetime(2025, 3, 11, 20, 30, tzinfo=NY),
    ]


async def test_a_day_change_of_a_one_day_weekly_series_is_that_rule_on_the_new_day(kit: Kit) -> None:
    # (before: refused as "a new rule"; the rule names one day, so the new one is a fact, not a guess)
    await kit.seed("Standup", datetime(2025, 2, 3, 9, tzinfo=NY), rrule=WEEKLY)
    kit.script(call("update_event", {"event": "standup", "when": "Tuesday 11am", "scope": "series"}))
    r = await kit.assistant.reply(kit.user_id, "move every standup to Tuesday 11am")
    past, moved = sorted(await kit.events(), key=lambda e: e.start)
    assert "UNTIL=" in (past.rrule or "") and past.start == datetime(2025, 2, 3, 9, tzinfo=NY), r.text
    assert moved.rrule == "FREQ=WEEKLY;BYDAY=TU" and moved.start == datetime(2025, 3, 11, 11, tzinfo=NY), r.text
