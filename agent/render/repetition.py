"""How a stored rule repeats, in words ("every 2 weeks on Monday and Thursday", 每月第一个周一): the
receipt of a change of repetition says what the store now holds, read from the row's RRULE.

Only the parts a rule made by kairos or an import commonly has are named (FREQ, INTERVAL, BYDAY with an
ordinal, BYMONTHDAY, BYMONTH); any other part makes the text the plain frequency ("every month"), never a
wrong day. The end of a series (UNTIL, COUNT) is the receipt's own "until" (``receipts``).
"""

from __future__ import annotations

from datetime import datetime

from agent.language import Lang
from schedule_time.recurrence import BYDAY

__all__ = ["repetition_text", "rule_parts"]

_DAYS = BYDAY
_EN_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_ZH_DAYS = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")
_EN_UNIT = {"DAILY": "day", "WEEKLY": "week", "MONTHLY": "month", "YEARLY": "year"}
_ZH_UNIT = {"DAILY": "天", "WEEKLY": "周", "MONTHLY": "月", "YEARLY": "年"}
_EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December")  # fmt: skip
_NAMED = frozenset({"FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "UNTIL", "COUNT", "WKST"})


def repetition_text(rule: str, start: datetime, lang: Lang) -> str:
    """``rule`` (an RRULE value) of a series whose first start is ``start`` (local), in words."""
    parts = rule_parts(rule)
    freq = parts.get("FREQ", "")
    if freq not in _EN_UNIT:
        return "重复" if lang == "zh" else "repeating"
    interval = int(parts.get("INTERVAL", "1")) if parts.get("INTERVAL", "1").isdigit() else 1
    plain = not (parts.keys() <= _NAMED)  # a part this text cannot say: the frequency alone
    weekdays = sorted(d for _, d in _days(parts)) == [0, 1, 2, 3, 4]
    if not plain and interval == 1 and freq in ("DAILY", "WEEKLY") and weekdays:
        return "每个工作日" if lang == "zh" else "every weekday"
    if lang == "zh":
        return _zh(freq, interval, parts, start, plain)
    if not plain and interval == 1 and freq == "DAILY" and _days(parts):
        return "every " + _and([_EN_DAYS[d] for _, d in _days(parts)])
    unit = _EN_UNIT[freq]
    every = f"every {interval} {unit}s" if interval > 1 else f"every {unit}"
    return every if plain else every + _en_when(freq, parts, start)


def rule_parts(rule: str | None) -> dict[str, str]:
    """An RRULE value's parts by name ("FREQ" → "WEEKLY"), upper-cased; an ``RRULE:`` prefix is allowed."""
    body = (rule or "").upper().removeprefix("RRULE:")
    return dict(p.split("=", 1) for p in body.split(";") if "=" in p)


def _days(parts: dict[str, str]) -> list[tuple[int | None, int]]:
    out = []
    for item in filter(None, parts.get("BYDAY", "").split(",")):
        code, number = item[-2:], item[:-2]
        if code in _DAYS and (not number or number.lstrip("+-").isdigit()):
            out.append((int(number) if number else None, _DAYS.index(code)))
    return out


def _ordinal_en(n: int) -> str:
    if n == -1:
        return "last"
    names = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
    return names.get(n, f"{n}th")


def _th(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _en_when(freq: str, parts: dict[str, str], start: datetime) -> str:
    days = _days(parts)
    if freq == "DAILY":
        return f" on {_and([_EN_DAYS[d] for _, d in days])}" if days else ""  # (every 2 days on …)
    if freq == "WEEKLY":
        return f" on {_and([_EN_DAYS[d] for _, d in days] or [_EN_DAYS[start.weekday()]])}"
    if freq == "MONTHLY":
        if days:
            return " on the " + _and([f"{_ordinal_en(n)} {_EN_DAYS[d]}" if n else _EN_DAYS[d] for n, d in days])
        monthdays = [int(d) for d in parts.get("BYMONTHDAY", "").split(",") if d.lstrip("-").isdigit()]
        named = [("last day" if d == -1 else _th(d)) for d in monthdays] or [_th(start.day)]
        return " on the " + _and(named)
    month = int(parts["BYMONTH"]) if parts.get("BYMONTH", "").isdigit() else start.month
    if days and days[0][0]:
        n, d = days[0]
        return f" on the {_ordinal_en(n)} {_EN_DAYS[d]} of {_EN_MONTHS[month - 1]}"
    return f" on {_EN_MONTHS[month - 1]} {start.day}"


def _zh(freq: str, interval: int, parts: dict[str, str], start: datetime, plain: bool) -> str:
    unit = "个月" if freq == "MONTHLY" and interval > 1 else _ZH_UNIT[freq]
    every = f"每{interval}{unit}" if interval > 1 else f"每{unit}"
    if plain:
        return every
    days = _days(parts)
    when = ""
    if freq in ("DAILY", "WEEKLY") and (days or freq == "WEEKLY"):
        names = "、".join([_ZH_DAYS[d] for _, d in days] or [_ZH_DAYS[start.weekday()]])
        return f"每{names}" if interval == 1 else f"{every}的{names}"
    if freq == "MONTHLY":
        if days:
            when = "、".join(f"{'最后一个' if n == -1 else f'第{n}个' if n else ''}{_ZH_DAYS[d]}" for n, d in days)
        else:
            monthdays = [int(d) for d in parts.get("BYMONTHDAY", "").split(",") if d.lstrip("-").isdigit()]
            when = "、".join(("最后一天" if d == -1 else f"{d}号") for d in monthdays) or f"{start.day}号"
    elif freq == "YEARLY":
        month = int(parts["BYMONTH"]) if parts.get("BYMONTH", "").isdigit() else start.month
        if days and days[0][0]:
            n, d = days[0]
            when = f"{month}月{'最后一个' if n == -1 else f'第{n}个'}{_ZH_DAYS[d]}"
        else:
            when = f"{month}月{start.day}日"
    return every + ("的" if interval > 1 and when else "") + when
