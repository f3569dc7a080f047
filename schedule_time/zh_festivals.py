"""Chinese holiday names and lunar dates -> pieces (split out of ``zh.py``; the rules stay there).

Holiday names come from the holiday module's ``HOLIDAY_PATTERN`` (only its Chinese branches); a lunar
date (农历八月十五) becomes a holiday-like ``LunarDay`` whose Gregorian day the holiday module's lunardate
helpers compute. Neither computes a date itself.
"""

from __future__ import annotations

import re

from . import pieces as p
from .holidays import lookup_holiday
from .language import Rule, rules_by_first_char
from .zh_numerals import cn_int


def b_holiday(m: re.Match[str]) -> list[p.Piece]:
    hol = lookup_holiday(m["hol"])
    return [] if hol is None else [p.HolidayRef(hol, m["hol"])]


def holiday_rules() -> list[Rule]:
    """The Chinese holiday names, tried before bare months and numerals ("五一", "八月十五").

    Only the branches of ``HOLIDAY_PATTERN`` that start with a non-ASCII character are taken: the
    English names already reach the scanner through ``en.py``, and a second copy of them would double
    the cost of compiling every rule bucket."""
    try:
        from .holidays import HOLIDAY_PATTERN
    except ImportError:
        return []
    from .first_chars import first_chars
    from .language import split_alternation
    chinese = []
    for branch in split_alternation(HOLIDAY_PATTERN.pattern):
        first = first_chars(branch)
        if first is not None and first and not any(ch.isascii() and ch.isalpha() for ch in first):
            chinese.append(branch)
    return rules_by_first_char("holiday", "|".join(chinese), b_holiday, "hol") if chinese else []


class LunarDay:
    """A Chinese lunar month/day (农历八月十五) as a holiday-like object: ``span(year)`` / ``spans(year)``
    give the Gregorian day(s) it falls on, from the holiday module's lunardate helpers."""

    def __init__(self, month: int, day: int) -> None:
        self.month, self.day = month, day

    def spans(self, year: int) -> tuple:
        """Every occurrence starting in Gregorian ``year`` (the holiday protocol ``anchors`` uses)."""
        from ._holiday_rules import days, lunar, occurrences
        from .holidays import HolidaySpan
        try:
            found = occurrences(days(lunar(self.month, self.day)), year)
        except (ValueError, OverflowError):
            return ()
        return tuple(HolidaySpan(*f) for f in found)  # type: ignore[arg-type]

    def span(self, year: int):
        found = self.spans(year)
        return found[0] if found else None


_LUNAR_MONTHS = {"正": 1, "冬": 11, "腊": 12, "臘": 12}


def b_lunar(m: re.Match[str]) -> p.Piece | list[p.Piece]:
    mo = m["mo"]
    month = _LUNAR_MONTHS.get(mo) or cn_int(mo)
    d = m["d"]
    day = cn_int(d[1:]) if d[0] == "初" else cn_int(d)
    if not (1 <= month <= 12 and 1 <= day <= 30):
        return []
    return p.HolidayRef(LunarDay(month, day), m.group())
