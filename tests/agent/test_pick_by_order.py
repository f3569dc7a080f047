"""Of two options, "the later one" / 后面那个 / "the earlier one" / 前面那个 picks by order — a bounded field
(an option pick), read only when there are exactly two: a word of time ("later", 晚的) by their starts, a
word of place ("the latter", 后面那个) by the list. Before, such a reply went to the model. Own phrasings."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent.matchers import pick_option
from agent.model import call
from agent.outcomes import Option
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, make_kit

_EARLY = datetime(2025, 3, 6, 15, tzinfo=NY)
_LATE = datetime(2025, 3, 13, 15, tzinfo=NY)


def _option(start: datetime) -> Option:
    return Option(label=start.isoformat(), start=start, end=start + timedelta(hours=1))


@pytest.mark.parametrize(
    ("reply", "in_time_order", "listed_late_first"),
    [("the later one", 1, 0), ("later", 1, 0), ("the earlier one", 0, 1), ("earlier one please", 0, 1),
     ("the latter", 1, 1), ("the former", 0, 0), ("晚的那个", 1, 0), ("早一点的", 0, 1), ("後面那個", 1, 1),
     ("前面那个", 0, 0), ("我选后一个", 1, 1), ("靠前的那个", 0, 0), ("晚上那个", None, None),
     ("later today", None, None), ("the later one at 5", None, None)],
)  # fmt: skip
def test_two_options_by_order(reply: str, in_time_order: int | None, listed_late_first: int | None) -> None:
    ordered = (_option(_EARLY), _option(_LATE))
    assert pick_option(reply, ordered, now=NOW, tz=NY) == in_time_order
    assert pick_option(reply, ordered[::-1], now=NOW, tz=NY) == listed_late_first


def test_three_options_are_no_pair() -> None:
    three = tuple(_option(_EARLY + timedelta(days=d)) for d in (0, 1, 2))
    assert pick_option("the later one", three, now=NOW, tz=NY) is None
    assert pick_option("后面那个", three, now=NOW, tz=NY) is None


# (timezone, title, message, the model's when, the reply picking the later event, its new hour)
ROWS = [
    ("America/New_York", "Dentist", "move the dentist to 9am", "9am", "the later one", 9),
    ("America/New_York", "Dentist", "move the dentist to 9am", "9am", "the latter please", 9),
    ("Asia/Shanghai", "牙医", "牙医改到上午九点", "上午九点", "后面那个", 9),
    ("Asia/Taipei", "牙醫", "牙醫改到上午十點", "上午十點", "晚的那個", 10),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[2]}|{r[4]}" for r in ROWS])
async def test_the_later_event_is_moved_without_the_model(database: Any, make_user: Any, row: Any) -> None:
    zone, title, text, when, pick, hour = row
    kit = await make_kit(database, make_user, timezone=zone)
    days = [datetime(2025, 3, 6, 15, tzinfo=kit.tz), datetime(2025, 3, 13, 15, tzinfo=kit.tz)]
    for start in days:
        await kit.seed(title, start)
    kit.script(call("update_event", {"event": title, "when": when}))
    asked = await kit.assistant.reply(kit.user_id, text)
    assert asked.pending is not None and len(asked.options) == 2, asked.text
    model = kit.script()
    done = await kit.assistant.reply(kit.user_id, pick)
    assert model.call_count == 0 and done.writes and done.writes[0].persisted, done.text
    starts = sorted(e.start.astimezone(kit.tz) for e in await kit.events())
    assert starts == [days[0], days[1].replace(hour=hour)], done.text
