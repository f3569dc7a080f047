"""Chinese amounts of time -> pieces (split out of ``zh.py``; the rules stay there): 三天, 一个半小时,
一年半, 1年2个月 as durations, shifts from now (三天后) and counted periods (上两周, 未来三天)."""

from __future__ import annotations

import functools
import re

from dateutil.relativedelta import relativedelta

from . import pieces as p
from .zh_numerals import CN, YEAR, small_int
from .zh_words import GE, delta_of, unit_key

AMOUNT = rf"(?:\d+(?:\.\d+)?|[{CN}]{{1,4}}|[几幾][十百]?)"
COUNT = rf"(?:\d+(?![\d.])|[{CN}]{{1,4}}|[几幾][十百]?)"
"""A whole number of units (``small_int`` reads it): a count of periods, nights or repetitions has no decimals."""
# 三个多小时, 二十来分钟, 十多天: an approximate amount ("three-odd hours") is read as the amount itself.
_ABOUT = r"(?:多|来|來)"
HALF_AMOUNT = rf"(?:{AMOUNT}\s*{_ABOUT}?\s*{GE}?\s*(?:多\s*)?半?|半\s*{GE}?)"
# A first element needs a unambiguous unit: 三月 is March and 五日 the 5th, but 三个月 / 五日后 are not; 两月 /
# 俩月 / 仨月 are never a month's name (February is 二月), so they are months (一两月, "a month or two", is not).
_MONTHS = rf"(?:(?<=[个個半多]|(?<![{CN}\d])[两兩俩倆仨])月)"
U_STRICT = r"(?:秒钟|秒鐘|秒|分钟|分鐘|刻钟|刻鐘|小时|小時|钟头|鐘頭|(?:(?<=[个個])|(?<=[个個]半))(?:钟|鐘)|天|周|週|星期|礼拜|禮拜|" \
           rf"{_MONTHS}|年)"
U_LOOSE = r"(?:秒钟|秒鐘|秒|分钟|分鐘|分|刻钟|刻鐘|小时|小時|钟头|鐘頭|钟|鐘|天|日|周|週|星期|礼拜|禮拜|月|年)"
U_SHIFT = r"(?:秒钟|秒鐘|秒|分钟|分鐘|分|刻钟|刻鐘|小时|小時|钟头|鐘頭|(?:(?<=[个個])|(?<=[个個]半))(?:钟|鐘)|天|日|周|週|星期|礼拜|" \
          rf"禮拜|{_MONTHS}|年)"
# 半 after the unit adds half of it: 一年半, 一天半, 两个小时半 (not the 半 of a following 半个月).
HALF_AFTER = rf"(?:半(?!\s*{GE}?\s*{U_LOOSE}))"
_NOT_YEAR = rf"(?!{YEAR}\s*年)"   # 2027年以后 is after the year 2027, not 2027 years from now
DUR_LIST = rf"{_NOT_YEAR}{HALF_AMOUNT}\s*{U_STRICT}{HALF_AFTER}?(?:\s*[,、和又零]?\s*{HALF_AMOUNT}\s*{U_LOOSE}{HALF_AFTER}?)*"
SHIFT_LIST = rf"{_NOT_YEAR}{HALF_AMOUNT}\s*{U_SHIFT}{HALF_AFTER}?(?:\s*[,、和又零]?\s*{HALF_AMOUNT}\s*{U_LOOSE}{HALF_AFTER}?)*"
_ONE = re.compile(rf"(?:(?P<n>{AMOUNT})\s*{_ABOUT}?\s*{GE}?\s*(?:多\s*)?(?P<half>半)?|(?P<half0>半)\s*{GE}?)\s*(?P<u>{U_LOOSE})"
                  rf"(?P<half1>{HALF_AFTER})?")
_GRAIN_ORDER = ("second", "minute", "hour", "day", "week", "month", "year")


@functools.lru_cache(maxsize=1024)
def parse_amounts(text: str) -> tuple[relativedelta, str]:
    """"一个半小时" -> (1.5 hours, "minute"); "1年2个月" -> (14 months, "month"). Cached: pieces are
    never mutated, so the same delta may be shared."""
    total: relativedelta | None = None
    grains = []
    for m in _ONE.finditer(text):
        n = m["n"]
        amount = 0.0 if n is None else float(n) if n[0].isdigit() else float(small_int(n))
        if m["half"] or m["half0"] or m["half1"]:
            amount += 0.5
        delta, grain = delta_of(amount, m["u"])
        total = delta if total is None else total + delta   # (one amount: its shared delta, as 0 + delta)
        grains.append(grain)
    return total, min(grains, key=_GRAIN_ORDER.index)


def b_shift(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_amounts(m["dur"])
    back = m.groupdict().get("dir") in ("前", "以前", "之前")
    return p.Shift(p.negated(delta) if back else delta, grain)


def b_duration(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_amounts(m["dur"])
    return p.Duration(delta, grain)


_PERIOD_UNIT = {"秒": "second", "分": "minute", "时": "hour", "钟": "hour", "天": "day", "日": "day",
                "周": "week", "月": "month", "年": "year"}


def b_period_count(m: re.Match[str]) -> p.Piece:
    d = m["dir"]
    back = d[0] in "上前过過最近"
    return p.Period(_PERIOD_UNIT[unit_key(m["u"])], -1 if back else 1, small_int(m["n"]))
