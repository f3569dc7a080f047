"""A stored rule in words, for the receipt of a change of repetition (``render.repetition``): what the row
holds, never a wrong day — a part the text cannot say leaves the plain frequency."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.render.repetition import repetition_text

START = datetime(2025, 3, 10, 9)  # a Monday, March 10

ROWS: list[tuple[str, str, str]] = [
    ("FREQ=WEEKLY", "every week on Monday", "每周一"),
    ("FREQ=WEEKLY;BYDAY=TU", "every week on Tuesday", "每周二"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "every 2 weeks on Monday and Thursday", "每2周的周一、周四"),
    ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday", "每个工作日"),
    ("FREQ=DAILY", "every day", "每天"),
    ("FREQ=DAILY;INTERVAL=3", "every 3 days", "每3天"),
    ("FREQ=DAILY;BYDAY=SA,SU", "every Saturday and Sunday", "每周六、周日"),
    ("FREQ=MONTHLY", "every month on the 10th", "每月10号"),
    ("FREQ=MONTHLY;BYMONTHDAY=1", "every month on the 1st", "每月1号"),
    ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day", "每月最后一天"),
    ("FREQ=MONTHLY;BYDAY=1MO", "every month on the first Monday", "每月第1个周一"),
    ("FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Friday", "每月最后一个周五"),
    ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15", "every 2 months on the 15th", "每2个月的15号"),
    ("FREQ=YEARLY", "every year on March 10", "每年3月10日"),
    ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "every year on the fourth Thursday of November", "每年11月第4个周四"),
    ("FREQ=WEEKLY;UNTIL=20250601T000000Z", "every week on Monday", "每周一"),
    ("RRULE:FREQ=WEEKLY;COUNT=5", "every week on Monday", "每周一"),
    ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1", "every month", "每月"),  # a part it cannot say: no day named
    ("FREQ=HOURLY", "repeating", "重复"),
]


@pytest.mark.parametrize(("rule", "en", "zh"), ROWS, ids=[r[0] for r in ROWS])
def test_a_rule_in_words(rule: str, en: str, zh: str) -> None:
    assert repetition_text(rule, START, "en") == en
    assert repetition_text(rule, START, "zh") == zh
