"""``reads_as_a_destination``: a time phrase that a move verb of its language stands before ("move … to 4",
"push it to 9", 改到四点, 挪到, 改成四点) is where a move goes — the event's new start; "extend … to 5",
延长到五点, "until 5" and a time with no move verb before it are not (README "Relative to an event")."""

from __future__ import annotations

import pytest

from schedule_time import reads_as_a_destination

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
