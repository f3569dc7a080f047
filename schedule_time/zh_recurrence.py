"""Chinese recurrences -> pieces (split out of ``zh.py``; the rules stay there): 每周一, 每隔一周,
每周一三五, 每周一到周五, 每季度, 工作日."""

from __future__ import annotations

import re

from . import pieces as p
from .zh_numerals import small_int
from .zh_words import PODS, WEEKDAY_CHAR, WEEKDAYS

_FREQ = {"天": "DAILY", "日": "DAILY", "周": "WEEKLY", "週": "WEEKLY", "星期": "WEEKLY", "礼拜": "WEEKLY",
         "禮拜": "WEEKLY", "月": "MONTHLY", "年": "YEARLY", "小时": "HOURLY", "小時": "HOURLY",
         "钟头": "HOURLY", "鐘頭": "HOURLY", "分钟": "MINUTELY", "分鐘": "MINUTELY"}


def b_every(m: re.Match[str]) -> list[p.Piece]:
    n = small_int(m["n"]) if m["n"] else 1
    interval = n + 1 if m["other"] else n
    u = m["u"]
    if u in ("工作日", "平日"):
        unit = p.RecurUnit("WEEKLY", (0, 1, 2, 3, 4), interval)
    elif u in ("周末", "週末"):
        unit = p.RecurUnit("WEEKLY", (5, 6), interval)
    elif u in ("季度", "季"):   # 每季度: every three months
        unit = p.RecurUnit("MONTHLY", (), 3 * interval)
    else:
        unit = p.RecurUnit(_FREQ[u], (), interval)
    out: list[p.Piece] = [unit]
    if m["pod"]:   # 每天早上, 每个周末上午, 每个工作日下午
        out.append(PODS[m["pod"]])
    return out


def b_times_per(m: re.Match[str]) -> p.Piece:
    """每周三次, 一个月两次, 每天两次: how many times a period (``pieces.TimesPer``); once is the series itself."""
    count, freq = small_int(m["n"]), _FREQ[m["u"]]
    return p.RecurUnit(freq) if count == 1 else p.TimesPer(count, freq)


_WD_CHARS = re.compile(WEEKDAY_CHAR)


def b_every_weekday(m: re.Match[str]) -> list[p.Piece]:
    interval = 2 if m["other"] else 1
    a = WEEKDAYS[m["wd"]]
    if m["more"]:   # 每周一、三和五
        days = (a, *(WEEKDAYS[c] for c in _WD_CHARS.findall(m["more"])))
        return [p.RecurUnit("WEEKLY", tuple(sorted(set(days))), interval)]
    if m["wd2"]:
        b = WEEKDAYS[m["wd2"]]
        days = tuple(range(a, b + 1)) if a <= b else (*range(a, 7), *range(0, b + 1))
        return [p.RecurUnit("WEEKLY", days, interval)]
    return [p.Every(interval), p.WeekdayRef(a)]
