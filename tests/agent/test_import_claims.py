"""Import claims in a reply ("I've imported your timetable", "已导入课表") are write claims like any other:
an import is a create, so a reply that claims one with no persisted write fails the exit check."""

from __future__ import annotations

import pytest

from agent.checks.claims import detect_claims
from agent.checks.exit_check import check_reply, promises_write

CLAIMS = [
    # (reply, reason)
    ("I've imported your timetable.", "perfect"),
    ("I imported 12 events from the file.", "simple past"),
    ("Imported 5 events from term.ics.", "fragment"),
    ("All of them have been imported into your calendar.", "passive"),
    ("The invitation was imported.", "passive, past"),
    ("已导入12个日程。", "已 + verb"),
    ("我已经帮你把课表导入了", "把 … 导入了"),
    ("课表已经导入到你的日历里了", "导入到"),
    ("已經導入課表", "traditional script"),
]
NOT_CLAIMS = [
    ("I can import it if you confirm.", "a condition"),
    ("Do you want me to import these?", "a question"),
    ("Nothing was imported.", "negated"),
    ("要导入这些日程吗？", "a question"),
    ("我没有导入任何日程。", "negated"),
    ("这个文件可以导入吗", "a question"),
]
PROMISES = [
    ("I'll import them now.", "a promise, not a claim"),
    ("我现在就帮你导入。", "a promise, not a claim"),
]


@pytest.mark.parametrize(("text", "reason"), CLAIMS)
def test_an_import_claim_is_a_create_claim(text: str, reason: str) -> None:
    assert detect_claims(text) == {"create"}, reason
    verdict = check_reply(text, ())
    assert not verdict.ok and verdict.outcome == "unverified_write_claim", reason
    assert check_reply(text, ("create",)).ok, reason


@pytest.mark.parametrize(("text", "reason"), NOT_CLAIMS + PROMISES)
def test_no_claim(text: str, reason: str) -> None:
    assert detect_claims(text) == frozenset(), reason
    assert check_reply(text, ()).ok, reason


@pytest.mark.parametrize(("text", "reason"), PROMISES)
def test_an_import_promise_is_told_apart(text: str, reason: str) -> None:
    assert promises_write(text), reason
