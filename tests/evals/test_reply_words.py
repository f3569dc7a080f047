"""A scenario's reply words match in either Chinese script: code replies to a user who writes traditional
in traditional (``agent.language.reply_in_users_script``), and 沒有找到 is the word 没有找到."""

from __future__ import annotations

import pytest

from evals.results import TurnResult
from evals.runner import _check_turn
from evals.scenarios import Expect, Turn

CASES = [
    ("你的日曆裡沒有找到「牙醫」。", ["没有找到", "牙医"], [], []),
    ("你的日历里没有找到「牙医」。", ["沒有找到"], [], []),
    ("已刪除「健身」。", [], ["删除"], ["reply contains '删除'"]),
    ("Deleted “Gym”.", ["gym"], ["moved"], []),
    ("已添加「開會」。", ["取消"], [], ["reply lacks '取消'"]),
]


@pytest.mark.parametrize(("reply", "contains", "not_contains", "failures"), CASES, ids=[c[0] for c in CASES])
def test_reply_words_in_either_script(reply: str, contains: list, not_contains: list, failures: list) -> None:
    expect = Expect(decision="none", reply_contains=contains, reply_not_contains=not_contains)
    record = TurnResult(index=0, user="x", expected="none", decision="none", reply=reply)
    _check_turn(record, Turn(user="x", expect=expect, script=[{"text": "ok"}]))
    assert record.failures == failures
