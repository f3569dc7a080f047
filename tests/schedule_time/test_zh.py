"""Chinese beyond the table: slot replies and the numeral parser.

What Chinese needs from the core goes here as strict xfails (input, expected answer, what the core does
now), so a core change that fixes one turns it into a failure; the eight of the first round are met and
are rows in ``rows_zh.py`` now.
"""

from __future__ import annotations

import pytest

from schedule_time import is_slot_reply
from schedule_time.zh_numerals import cn_int

SLOT_REPLIES = [
    ("周日下午2点", True, "the issue's example: a day, a part of day and a clock time"),
    ("就明天吧", True, "就 and 吧 are fillers"),
    ("明天吧", True, "吧 is a filler"),
    ("那就周五下午三点", True, "那就 is a filler"),
    ("下周一上午十点", True, "next Monday morning at ten"),
    ("明天下午三点到五点", True, "a range"),
    ("一个半小时", True, "a duration"),
    ("每周一上午九点", True, "a recurrence"),
    ("每周一上午九点到十点", True, "a range inside a recurrence"),
    ("明天（周三）", True, "a weekday confirming the relative day"),
    ("好的 明天", True, "好的 is a filler"),
    ("就明年吧", True, "a year with fillers"),
    ("7点半", True, "an ambiguous time is still only a time"),
    ("國慶節晚上", True, "traditional holiday + part of day"),
    ("每周一三五上午", True, "weekdays listed without a separator"),
    ("下午3-4点", True, "a hyphen range of hours"),
    ("下周的今天", True, "this day next week"),
    ("本周之内", True, "within this week"),
    ("上半年", True, "the first half of the year"),
    ("每周一次", True, "一次 after a recurrence is no leftover"),
    ("一次", False, "一次 alone is not a time"),
    ("周日下午2点和张三吃饭", False, "和张三吃饭 is not a time"),
    ("天", False, "a lone 天"),
    ("", False, "empty"),
    ("明天开会", False, "开会 is not a time"),
    ("帮我约张三", False, "no time at all"),
    ("123", False, "a bare number"),
    ("三", False, "a bare Chinese number"),
    ("晚一点", False, "晚一点 means 'a bit later'"),
]


@pytest.mark.parametrize(("text", "expected", "reason"), SLOT_REPLIES, ids=[t for t, _, _ in SLOT_REPLIES])
def test_slot_reply(text: str, expected: bool, reason: str) -> None:
    assert is_slot_reply(text) is expected, reason


@pytest.mark.parametrize(("text", "value"), [
    ("三", 3), ("十", 10), ("十五", 15), ("二十", 20), ("二十五", 25), ("廿五", 25), ("卅", 30),
    ("两", 2), ("兩", 2), ("一百二十", 120), ("一百零五", 105), ("二零一五", 2015), ("二〇二六", 2026),
    ("零五", 5), ("15", 15),
])
def test_cn_int(text: str, value: int) -> None:
    assert cn_int(text) == value


def test_cn_int_refuses_other_text() -> None:
    with pytest.raises(ValueError):
        cn_int("天")
