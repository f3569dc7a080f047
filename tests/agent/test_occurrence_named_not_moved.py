"""One occurrence of a series "moved" to a day it already has ("skip gym on tuesday", 下周二的健身不去了 sent
as an update of Gym with ``when`` Tuesday): the next occurrence was moved onto Tuesday's (two gyms at 7:00),
or Tuesday's was stored again as a detached copy of itself with "Updated one occurrence …". The time names
the occurrence: nothing is written, the model is told the update changes nothing, and its next call (a
removal, confirmed) removes that one. The model's words for a scope ("occurrence", 这次) are read as the values they are.
Scripted model, real store; NOW is Wednesday 5 March 2025 09:00 (New York); Gym is every Tuesday and
Thursday at 7:00 from 4 March."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from agent.tools.args import UpdateEventArgs
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the series' title, the model's update values, the occurrence's day in March)
NAMED = [
    ("skip gym on tuesday", "Gym", {"when": "tuesday"}, 11),
    ("no gym next tuesday", "Gym", {"when": "next tuesday", "scope": "one"}, 11),
    ("I'm not going to the gym on Tuesday", "Gym", {"when": "Tuesday", "scope": "occurrence"}, 11),
    ("gym's off this thursday", "Gym", {"when": "this thursday"}, 6),
    ("下周二的健身不去了", "健身", {"when": "下周二", "scope": "one"}, 11),
    ("周二不去健身了", "健身", {"when": "周二"}, 11),
    ("这周四的健身取消", "健身", {"when": "这周四", "scope": "这次"}, 6),
]


@pytest.mark.parametrize(("text", "title", "args", "day"), NAMED, ids=[r[0] for r in NAMED])
async def test_a_time_the_series_already_has_names_the_occurrence(
    kit: Kit, text: str, title: str, args: dict[str, str], day: int
) -> None:
    await kit.seed(title, datetime(2025, 3, 4, 7, tzinfo=NY), rrule="FREQ=WEEKLY;BYDAY=TU,TH")
    kit.script(
        call("update_event", {"event": title, **args}, request="update"),
        call("delete_event", {"event": title, "event_when": args["when"], "scope": "one"}, request="delete"),
        reply("ok"),
    )
    r = await kit.assistant.reply(kit.user_id, text)
    tools = (await kit.records("turn"))[-1].payload["tools"]
    assert tools[0]["status"] == "rejected" and tools[0]["code"] == "nothing_to_change", tools
    if r.pending:  # a removal after a refused write is asked first
        r = await kit.assistant.reply(kit.user_id, "yes")
    [series] = await kit.events()  # no detached copy, nothing moved
    assert series.rrule == "FREQ=WEEKLY;BYDAY=TU,TH" and series.start == datetime(2025, 3, 4, 7, tzinfo=NY)
    assert [x.date() for x in series.exdates] == [datetime(2025, 3, day).date()], r.text


# (the model's scope, as read): a bounded field's synonyms; any other word is no scope (asked when it matters)
SCOPES = [
    ("one", "one"), ("occurrence", "one"), ("This occurrence", "one"), ("single", "one"), ("just this one", "one"),
    ("这次", "one"), ("单次", "one"), ("series", "series"), ("all", "series"), ("whole series", "series"),
    ("all_occurrences", "series"), ("整个系列", "series"), ("全部", "series"), ("following", None),
    ("future", None), ("以后", None),
]  # fmt: skip


@pytest.mark.parametrize(("given", "read"), SCOPES)
def test_the_models_scope_words(given: str, read: str | None) -> None:
    assert UpdateEventArgs(event="Gym", scope=given).scope == read  # type: ignore[arg-type]
