"""Code's texts about a file never read as a claim of a write that did not happen: a preview (nothing
written yet), a skipped item's reason, a refusal. The exit check's grammar (``agent.checks.claims``) is the judge,
as the eval's after-check is."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agent.attachments import Attachment
from agent.attachments.preview import rule_text, unsupported_text
from agent.attachments.reasons import reason_text
from agent.checks.claims import detect_claims
from storage.ics import export_ics
from storage.ics_drafts import OUT_OF_RANGE
from storage.ics_import import (
    _ALREADY_CHANGED,
    _NO_OCCURRENCE_TO_CANCEL,
    _NO_SERIES_TO_CANCEL,
    _THIS_AND_FUTURE,
    _TWO_IDS,
)
from storage.ics_plan import ALREADY_IMPORTED
from storage.ics_reimport import ALREADY_IN_CALENDAR
from tests.agent.fixtures import make_kit
from tests.fixtures import ics_file

NY = ZoneInfo("America/New_York")
NOW = datetime(2025, 3, 5, 9, 0, tzinfo=NY)
FILES = ("university_timetable.ics", "outlook_invitation.ics", "google_export.ics", "one_broken_event.ics")

REASONS = [
    ALREADY_IMPORTED, ALREADY_IN_CALENDAR, _ALREADY_CHANGED, _NO_OCCURRENCE_TO_CANCEL, _NO_SERIES_TO_CANCEL,
    _THIS_AND_FUTURE, _TWO_IDS, OUT_OF_RANGE, "the event has no start (DTSTART)",
    "the event has no end (DTEND or DURATION)", "its DTEND value is not valid iCalendar",
    "extra occurrences (RDATE) are not supported", "end must be after start", "title must not be empty",
    'this occurrence of "Standup" is removed in your calendar, unlike in this file: not changed (updating '
    "events from a file is not supported)",
]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("reason", REASONS)
def test_no_reason_reads_as_a_claim(reason: str, lang: str) -> None:
    said = reason_text(reason, lang)  # type: ignore[arg-type]
    assert detect_claims(f"- “Gym”: {said}") == frozenset(), said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_chinese_reasons_are_chinese(lang: str) -> None:
    assert reason_text("its DTSTART value is not valid iCalendar", "zh") == "DTSTART 的值不是有效的 iCalendar"
    assert reason_text(OUT_OF_RANGE, "zh") == "日期不在 1900 到 2200 年之间"
    assert reason_text("something new", lang) == "something new"  # unknown: as the store wrote it


@pytest.mark.parametrize("kind", ["image", "pdf", "document", "text", "unknown", "broken", "too_big"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_refusals_claim_nothing(kind: str, lang: str) -> None:
    text = unsupported_text(kind, lang)  # type: ignore[arg-type]
    assert detect_claims(text) == frozenset() and ("没有保存" in text or "Nothing was saved" in text)


RULES = [
    ("FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20251210T235959Z", "every week on Monday and Wednesday", "每周一、周三"),
    ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "every week on Monday, Wednesday and Friday", "每周一、周三、周五"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "every 2 weeks on Tuesday", "每2周的周二"),
    ("FREQ=WEEKLY", "every week", "每周"),
    ("FREQ=DAILY", "every day", "每天"),
    ("FREQ=DAILY;INTERVAL=3;COUNT=5", "every 3 days", "每3天"),
    ("FREQ=MONTHLY;BYMONTHDAY=15", "every month", "每月"),
    ("FREQ=YEARLY", "every year", "每年"),
    ("FREQ=MONTHLY;BYDAY=1MO;BYSETPOS=1", "repeating", "重复"),
]


@pytest.mark.parametrize(("rule", "en", "zh"), RULES)
def test_rule_text(rule: str, en: str, zh: str) -> None:
    assert (rule_text(rule, "en"), rule_text(rule, "zh")) == (en, zh)


def test_rows_are_distinct() -> None:
    assert len({r[0] for r in RULES}) == len(RULES) and date(2025, 1, 1)


async def test_no_preview_reads_as_a_claim(database: Any, make_user: Any) -> None:
    """Every file's preview, in both languages, and one that changes and cancels occurrences of a series the
    calendar already has (its own export with two overrides)."""
    kit = await make_kit(database, make_user)
    made = await kit.seed("Standup", datetime(2025, 3, 3, 9, tzinfo=NY), rrule="FREQ=DAILY;COUNT=5")
    overrides = "".join(
        f"BEGIN:VEVENT\r\nUID:{made.id}@kairos\r\nRECURRENCE-ID;TZID=America/New_York:2025030{day}T090000\r\n"
        f"DTSTART;TZID=America/New_York:2025030{day}T100000\r\nDTEND;TZID=America/New_York:2025030{day}T103000"
        f"\r\nSUMMARY:Standup\r\n{status}END:VEVENT\r\n"
        for day, status in ((5, ""), (6, "STATUS:CANCELLED\r\n"))
    )
    own = (
        (await export_ics(database.events(kit.user_id)))
        .decode()
        .replace("END:VCALENDAR", overrides + "END:VCALENDAR")
    )
    files = [(name, ics_file(name)) for name in FILES] + [("own.ics", own.encode())]
    for lang, words in (("en", ""), ("zh", "")):
        for name, data in files:
            named = "BEGIN:VCALENDAR\nX-WR-CALNAME:课表".encode()  # a file in Chinese: answered in Chinese
            sample = data if lang == "en" else data.replace(b"BEGIN:VCALENDAR", named, 1)
            r = await kit.assistant.reply(
                kit.user_id, words, attachment=Attachment(name, sample, None), now=NOW
            )
            assert r.pending is not None and r.lang == lang and detect_claims(r.text) == frozenset(), r.text
            if name == "own.ics":
                assert "moves one occurrence" in r.text or "挪" in r.text or "改为" in r.text
