"""A new series starts on its first own day: ``first_of_rule`` moves a start on a day the rule does not name
to the rule's first start at or after it, at the same clock (RFC 5545 would list the stray start as an
occurrence). A start the rule gives stays as it is."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from storage.recurrence import expand, first_of_rule

NY = ZoneInfo("America/New_York")
SUNDAY = datetime(2025, 3, 9, 6, tzinfo=NY)  # Sunday 9 March 2025, 6am (the day of the spring-forward change)

ROWS = [
    ("FREQ=WEEKLY;BYDAY=TU,TH", SUNDAY, datetime(2025, 3, 11, 6, tzinfo=NY), "the next Tuesday"),
    ("FREQ=WEEKLY;BYDAY=SU", SUNDAY, SUNDAY, "a start the rule gives"),
    ("FREQ=WEEKLY", SUNDAY, SUNDAY, "no days named: the start's own weekday"),
    ("FREQ=DAILY", SUNDAY, SUNDAY, "every day"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", SUNDAY, datetime(2025, 3, 10, 6, tzinfo=NY),
     "every other Monday: the next Monday, the grid from there"),
    ("FREQ=MONTHLY;BYMONTHDAY=15", SUNDAY, datetime(2025, 3, 15, 6, tzinfo=NY), "a day of the month"),
    ("FREQ=MONTHLY;BYDAY=-1FR", SUNDAY, datetime(2025, 3, 28, 6, tzinfo=NY), "the last Friday"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", SUNDAY, datetime(2028, 2, 29, 6, tzinfo=NY), "a leap day, years on"),
    ("FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20250401T000000Z", SUNDAY, datetime(2025, 3, 11, 6, tzinfo=NY), "with an end"),
    ("FREQ=WEEKLY;BYDAY=SU", datetime(2025, 3, 8, 2, 30, tzinfo=NY), datetime(2025, 3, 9, 3, 30, tzinfo=NY),
     "a clock in the spring-forward gap: the instant after it"),
    ("FREQ=WEEKLY;BYDAY=XX", SUNDAY, SUNDAY, "a rule that cannot be read: the start as it is"),
]  # fmt: skip


@pytest.mark.parametrize(("rule", "start", "first", "why"), ROWS, ids=[r[3] for r in ROWS])
def test_first_of_rule(rule: str, start: datetime, first: datetime, why: str) -> None:
    assert first_of_rule(rule, start) == first, why


def test_the_moved_start_is_the_series_first_occurrence() -> None:
    rule = "FREQ=WEEKLY;BYDAY=TU,TH"
    first = first_of_rule(rule, SUNDAY)
    found = expand(
        start=first, end=first.replace(hour=7), all_day=False, rule=rule, exdates=(),
        range_start=SUNDAY, range_end=datetime(2025, 3, 19, tzinfo=NY),
    )  # fmt: skip
    assert [s.day for s, _ in found] == [11, 13, 18]
