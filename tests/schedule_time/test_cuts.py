"""``cuts_a_time_word``: a quote of the user's words that stops inside one of their time words and keeps
another kind of time (每周三 of 每周三次) is not their words; a part of the same kind, or a quote that begins
inside a word, is."""

from __future__ import annotations

import pytest

from schedule_time import cuts_a_time_word

ROWS = [
    ("每周三", "每周三次健身，晚上七点", True),  # every Wednesday, of three times a week
    ("每周", "每周三次健身", True),
    ("一周", "一周两次瑜伽", True),  # a week, of twice a week
    ("每週三", "每週三次去健身房", True),
    ("each week", "swim twice a week", False),  # not in the text at all
    ("twice a week", "gym twice a week at 7pm", False),  # the whole word
    ("每周三次", "每周三次健身", False),
    ("每周三", "每周三晚上七点健身", False),  # every Wednesday, said so
    ("每周一", "每周一到周五早上八点跑步", False),  # a series cut short: the same kind (a fuller phrase has it)
    ("Wednesday", "Wednesday, March 11, 4:00–5:00 PM", False),  # a day of a day and date
    ("周四上午十点", "加一个周四上午十点的牙医", False),  # begins inside 一个周 (the scanner's week): not counted
    ("3pm", "meet at 3pm tomorrow", False),
    ("tomorrow", "tomorrow at 3pm", False),
    # a part of a length that is another length, wherever it stands in it
    ("半小时", "改成一个半小时", True),
    ("半小時", "改為兩個半小時", True),
    ("an hour", "make it an hour and a half", True),
    ("30 minutes", "make it 1 hour 30 minutes", True),
    ("一个半小时", "改成一个半小时", False),
    ("half an hour", "make it half an hour", False),
    ("hour", "an hour", False),  # the same amount
]


@pytest.mark.parametrize(("value", "text", "cut"), ROWS, ids=[f"{r[0]}|{r[1]}" for r in ROWS])
def test_cuts_a_time_word(value: str, text: str, cut: bool) -> None:
    assert cuts_a_time_word(value, text) is cut
