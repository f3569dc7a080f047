"""Chinese numerals -> int: 三, 十五, 二十五, 廿五, 两, 一百二十, 二零一五 (digit by digit), 15.

Both positional (十/百/千) and digit-string (二〇一五, 一九九九) spellings occur in dates, so the
parser accepts either; Arabic digits pass straight through. NFKC has already made full-width digits
ASCII before any rule sees the text.
"""

from __future__ import annotations

DIGITS = {"零": 0, "〇": 0, "○": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
          "六": 6, "七": 7, "八": 8, "九": 9, "俩": 2, "倆": 2, "仨": 3}
"""(俩 / 仨: colloquial "two" / "three", as amounts: 俩小时, 仨月后.)"""
UNITS = {"十": 10, "百": 100, "千": 1000}
TENS = {"廿": 20, "卅": 30}

CN = "零〇○一二两兩俩倆仨三四五六七八九十百千廿卅"
CN_DIGIT = "零〇○一二三四五六七八九"

NUM = rf"(?:\d+|[{CN}]+)"
"""Any amount: Arabic digits or a run of Chinese numerals."""
HOUR = rf"(?:\d{{1,2}}|[{CN}]{{1,3}})"
"""A clock hour (0-24 is checked by the core: 25点 is refused there, not here)."""
DAY = r"(?:\d{1,2}|[一二三四五六七八九十廿卅]{1,3})"
"""A day of the month, 1-31."""
MONTH = r"(?:[01]?\d|十[一二三四五六七八九]?|[一二三四五六七八九])"
"""A month, 1-12 (the longer spellings first)."""
YEAR = rf"(?:\d{{4}}|[{CN_DIGIT}]{{4}})"
"""A four-digit year, in Arabic digits or Chinese digit by digit (二零一五)."""
SMALL = rf"(?:\d{{1,3}}|[{CN}]{{1,4}}|[几幾]|[几幾]?[十百])"


def cn_int(text: str) -> int:
    """The value of an Arabic or Chinese numeral string; ValueError when it is not one."""
    if text.isdigit():
        return int(text)
    if not any(ch in UNITS or ch in TENS for ch in text):
        if not all(ch in DIGITS for ch in text):
            raise ValueError(f"not a numeral: {text!r}")
        value = 0
        for ch in text:   # 二零一五 -> 2015
            value = value * 10 + DIGITS[ch]
        return value
    total, current = 0, 0
    for ch in text:
        if ch in DIGITS:
            current = DIGITS[ch]
        elif ch in TENS:
            total += TENS[ch]
            current = 0
        elif ch in UNITS:
            total += (current or 1) * UNITS[ch]
            current = 0
        else:
            raise ValueError(f"not a numeral: {text!r}")
    return total + current


def small_int(text: str) -> int:
    """An amount in a duration; 几 ("a few") counts as 3, 几十 as 30."""
    if text in ("几", "幾"):
        return 3
    return cn_int(text.replace("几", "三").replace("幾", "三"))
