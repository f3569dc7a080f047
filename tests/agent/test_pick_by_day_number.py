"""A choice answered with a day of the month (7号, 7号的, 7號那天 is not a time reply, 6日的): the option on that
day. ``7号`` once read only as option number 7 — out of range of two options, so the answer went to the
model. A number in range whose day is another option's ("2号" with options on the 2nd and the 5th) reads
two ways and picks nothing; both readings agreeing, or only one possible, pick it."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.matchers import pick_option
from agent.outcomes import Option
from tests.agent.fixtures import NOW, NY


def _options(*days: int | tuple[int, int]) -> list[Option]:
    starts = [datetime(2025, *(d if isinstance(d, tuple) else (3, d)), 10, tzinfo=NY) for d in days]
    return [Option(label=s.isoformat(), start=s, end=s + timedelta(hours=1)) for s in starts]


# (reply, the options' days (of March, or (month, day)), the pick); now is Wednesday 5 March 2025
ROWS = [
    ("7号", (6, 7), 1),
    ("7号的", (6, 7), 1),
    ("6号的", (6, 7), 0),
    ("7號", (6, 7), 1),
    ("选7号", (6, 7), 1),
    ("2号", (6, 7), 1),       # no option on the 2nd: option 2
    ("1号", (6, 7), 0),
    ("2号", (11, (4, 2)), 1),  # option 2 is on the 2nd (of April): both readings agree
    ("1号", (6, (4, 1)), None),  # the 1st is option 2's day, "1" option 1: no pick
    ("9号", (6, 7), None),    # neither an option nor an option's day
    ("第1个", (6, (4, 1)), 0),  # 第…个 is a position only
    ("1", (6, (4, 1)), 0),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "days", "picked"), ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS])
def test_a_day_of_the_month_picks_its_option(reply: str, days: tuple, picked: int | None) -> None:
    assert pick_option(reply, _options(*days), now=NOW, tz=NY) == picked
