"""``reads_as_a_destination``: a time phrase that a move verb of its language stands before ("move … to 4",
"push it to 9", 改到四点, 挪到, 改成四点) is where a move goes — the event's new start; "extend … to 5",
延长到五点, "until 5" and a time with no move verb before it are not (README "Relative to an event").
Also ``reads_as_a_start`` (a start word at a clock) and ``holds_a_time_or_a_move``."""

from __future__ import annotations

import pytest

from schedule_time import holds_a_time_or_a_move, reads_as_a_destination, reads_as_a_start

ROWS = [
    ("move Thursday's vet to 4", "to 4", True),
    ("shift the dentist on friday to 4", "friday to 4", True),
    ("push it to 9", "to 9", True),
    ("can we bump standup to 9:30", "to 9:30", True),
    ("reschedule the call with Omar to friday 3pm", "to friday 3pm", True),
    ("the review got moved to 4?", "to 4", True),
    ("move it from 2 to 4", "2 to 4", True),
    ("把周五的牙医改到四点", "到四点", True),
    ("周五的牙医改成四点", "四点", True),
    ("把例会挪到下午三点", "到下午三点", True),
    ("週五的牙醫改到下午四點", "到下午四點", True),
    ("会议推迟到周五", "到周五", True),
    ("跟老王的饭局改下周三", "下周三", True),
    ("把读书会挪周五吧", "周五", True),
    ("例會調明天", "明天", True),
    ("週會改下禮拜一", "下禮拜一", True),
    ("会议推迟两天", "两天", False),
    ("改天再说，周五见", "周五", False),
    ("周三的会改一下，周五也行", "周五", False),
    ("extend the meeting to 5", "to 5", False),
    ("make it run until 6", "until 6", False),
    ("let it go on till noon", "till noon", False),
    ("the dentist on friday, 4pm works better", "4pm", False),
    ("把会延长到五点", "到五点", False),
    ("开到十一点", "到十一点", False),
    ("改到六点为止", "到六点为止", False),
    ("move lunch, and the call runs to 4", "to 4", False),
    ("push it to 9", "to 10", False),
]


@pytest.mark.parametrize(("text", "phrase", "destination"), ROWS, ids=[f"{r[0]}|{r[1]}" for r in ROWS])
def test_a_move_verb_before_the_time_makes_it_the_destination(text: str, phrase: str, destination: bool) -> None:
    assert reads_as_a_destination(text, phrase) is destination


CUTS = [
    ("会挪到周五", True),
    ("那个会改到", True),
    ("挪到周五吧", True),
    ("會挪到週五", True),
    ("推迟到", True),
    ("move it", True),
    ("dinner friday", True),
    ("游泳", False),
    ("看电影", False),
    ("讀書會", False),
    ("yoga class", False),
    ("合同评审", False),
]


@pytest.mark.parametrize(("text", "holds"), CUTS, ids=[r[0] for r in CUTS])
def test_a_time_or_a_move_in_a_piece_of_a_message(text: str, holds: bool) -> None:
    assert holds_a_time_or_a_move(text) is holds


STARTS = [
    ("starting at 7pm", True),
    ("friday starting 9:30am", True),
    ("晚上七点开始", True),
    ("周五晚上七点起", True),
    ("下午兩點開始", True),
    ("after 7pm", False),
    ("晚上七点以后", False),
    ("starting tomorrow", False),
    ("明天开始", False),
    ("7pm", False),
]


@pytest.mark.parametrize(("phrase", "start"), STARTS, ids=[r[0] for r in STARTS])
def test_a_start_word_at_a_clock_is_a_start(phrase: str, start: bool) -> None:
    assert reads_as_a_start(phrase) is start
