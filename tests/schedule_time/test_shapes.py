"""The shortcuts for common shapes (``schedule_time.shapes``) give exactly what the general path gives:
every table row and a set of texts of each listed shape, at several nows, zones and both preferences,
resolved once with the shortcuts and once with them switched off."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from schedule_time import resolve, resolver
from schedule_time.language import normalise, scan
from schedule_time.shapes import SHAPES, shape_of

from .table import NOWS
from .test_table import ROWS

TEXTS = [
    # one piece
    "christmas", "next christmas", "easter", "中秋节", "super tuesday", "mini-tuesday", "in 2 hours", "3 days ago",
    "in a year", "two weeks from now", "1.5 months later", "2小时后", "三天前", "next week", "this weekend",
    "last 3 days", "next quarter", "下个月", "the next two hours", "april 14, 2015", "5号", "12月5日", "feb 29", "2014年",
    "3pm", "15:00", "三点", "7", "8:30", "12", "friday", "next friday", "last friday", "下周五", "this friday",
    "tomorrow", "yesterday", "大后天", "tonight", "this evening", "下午", "凌晨", "now", "现在",
    # two pieces
    "christmas 2015", "2015 christmas", "2018年逾越節", "easter 1999", "last christmas", "next thanksgiving",
    "end of the year", "beginning of next month", "月底", "mid week", "tonight at 8", "8 in the evening",
    "晚上8点", "今晚八點", "明天下午三点", "this morning at 7", "tomorrow at 3pm", "明天三点", "today at 12",
    "yesterday at 5", "tonight at 1", "tonight at 12:30", "下午3点", "3:15 in the afternoon", "at 3 in the morning",
    "at 5 tomorrow afternoon", "at 730 in the evening", "12:15 in the afternoon",
]
SH, NY, LON = ZoneInfo("Asia/Shanghai"), ZoneInfo("America/New_York"), ZoneInfo("Europe/London")
CONTEXTS = [(NOWS[k], None) for k in ("sun", "tue", "month_end", "dec31", "leap", "ny_spring", "ny_fall", "lon_fall")] + [
    (datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2))), None),
    (datetime(2026, 3, 7, 23, 30, tzinfo=SH), NY),
    (datetime(2026, 10, 24, 23, 50, tzinfo=LON), LON),
]


def _both(text: str, now: datetime, tz, prefer: str) -> tuple[str, str]:
    fast = repr(resolve(text, now=now, tz=tz, prefer=prefer))  # type: ignore[arg-type]
    saved = resolver.SHAPES
    resolver.SHAPES = {}   # type: ignore[attr-defined]
    try:
        plain = repr(resolve(text, now=now, tz=tz, prefer=prefer))  # type: ignore[arg-type]
    finally:
        resolver.SHAPES = saved   # type: ignore[attr-defined]
    return fast, plain


def test_the_texts_cover_every_shape() -> None:
    used = set()
    for text in TEXTS:
        pieces = scan(normalise(text)).pieces
        key = type(pieces[0]) if len(pieces) == 1 else tuple(type(x) for x in pieces)
        if shape_of(pieces) is not None:
            used.add(key)
    assert used == set(SHAPES)


@pytest.mark.parametrize("text", TEXTS)
def test_shortcut_equals_general_path(text: str) -> None:
    for now, tz in CONTEXTS:
        for prefer in ("future", "past"):
            fast, plain = _both(text, now, tz, prefer)
            assert fast == plain, (text, now, tz, prefer)


def test_table_rows_agree() -> None:
    for row in ROWS:
        tz = ZoneInfo(row.tz) if row.tz else None
        fast, plain = _both(row.text, NOWS[row.now], tz, row.prefer)
        assert fast == plain, row
